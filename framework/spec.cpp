#include "spec.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "files.hpp"
#include "instance_file.hpp"
#include "solve.hpp"
#include "strategies.hpp"

namespace puzzlegen {

namespace {

const std::vector<std::string> kTopLevelKeys = {"puzzle",     "description", "given",
                                                "parameters", "instance",    "solutions",
                                                "objective",  "generate"};

// Bounds on the difficulty level, by name or number (1-4): `hard`, {min: medium, max: 3}.
Bounds read_difficulty(const YAML::Node& node, const std::string& file, const std::string& field) {
  const auto level = [&](const YAML::Node& value, const std::string& where) -> std::uint64_t {
    const std::string text = value.IsScalar() ? value.Scalar() : "";
    if (const auto named = difficulty_level(text)) return static_cast<std::uint64_t>(*named);
    if (text.size() == 1 && text[0] >= '1' && text[0] <= '4')
      return static_cast<std::uint64_t>(text[0] - '0');
    throw InputError(
        location_of(value, file), where,
        "expected a difficulty level: " + join(difficulty_levels(), ", ") + " (or 1 to 4)");
  };
  return read_bounds(node, file, field, level, "LEVEL");
}

std::string trim(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t") - begin + 1);
}

Objective read_objective(const YAML::Node& node, const Family& family, const std::string& file) {
  expect_mapping(node, file, "objective", "{minimize: KIND + KIND ...} or {maximize: ...}");
  reject_unknown_keys(node, {"minimize", "maximize", "ties"}, "objective", file);
  if (static_cast<bool>(node["minimize"]) == static_cast<bool>(node["maximize"]))
    throw InputError(location_of(node, file), "objective",
                     "give exactly one of minimize, maximize");
  Objective objective;
  if (const YAML::Node ties = node["ties"]) {
    const std::string value = ties.IsScalar() ? ties.Scalar() : std::string();
    if (value != "all" && value != "one")
      throw InputError(location_of(ties, file), "objective.ties",
                       "expected all (count every instance reaching the optimum) or one");
    objective.count_ties = value == "all";
  }
  objective.minimize = static_cast<bool>(node["minimize"]);
  const std::string field = objective.minimize ? "objective.minimize" : "objective.maximize";
  const YAML::Node expression = node[objective.minimize ? "minimize" : "maximize"];
  std::stringstream terms(read_scalar(expression, file, field, "KIND or KIND + KIND"));
  const auto measures = family.measures();
  for (std::string term; std::getline(terms, term, '+');) {
    term = trim(term);
    const bool is_measure = std::any_of(measures.begin(), measures.end(),
                                        [&](const KindInfo& m) { return m.name == term; });
    if (is_measure || objective.measure) {
      if (!is_measure || !objective.kinds.empty() || objective.measure)
        throw InputError(location_of(expression, file), field,
                         "a measure of the instance ('" + (is_measure ? term : *objective.measure) +
                             "') is optimised on its own, not added to other terms");
      objective.measure = term;
      continue;
    }
    family.check_kind(term, location_of(expression, file), field);
    if (std::find(objective.kinds.begin(), objective.kinds.end(), term) != objective.kinds.end())
      throw InputError(location_of(expression, file), field, "kind '" + term + "' appears twice");
    objective.kinds.push_back(term);
  }
  return objective;
}

GenerateOptions read_generate(const YAML::Node& node, const std::string& file) {
  GenerateOptions options;
  if (!node) return options;
  expect_mapping(node, file, "generate");
  reject_unknown_keys(
      node,
      {"instances", "strategy", "seed", "time-limit", "node-limit", "threads", "subproblems",
       "joint-model", "symmetry-breaking", "walkers", "steps", "restart-after"},
      "generate", file);
  if (const auto n = node["instances"]) {
    if (n.IsScalar() && n.Scalar() == "all")
      options.instances.reset();
    else {
      options.instances = read_count(n, file, "generate.instances");
      if (*options.instances == 0)
        throw InputError(location_of(n, file), "generate.instances", "expected at least 1, or all");
    }
  }
  if (const auto s = node["strategy"]) {
    const auto info = OptionInfo::choice("strategy", "", "auto", kStrategies);
    options.strategy = std::get<std::string>(parse_option_text(
        info, s.IsScalar() ? s.Scalar() : "", location_of(s, file), "generate.strategy"));
  }
  if (const auto s = node["seed"]) options.seed = read_count(s, file, "generate.seed");
  if (const auto t = node["time-limit"])
    options.time_limit = read_duration(t, file, "generate.time-limit");
  if (const auto n = node["node-limit"])
    options.node_limit = read_count(n, file, "generate.node-limit");
  if (const auto t = node["threads"]) {
    if (t.IsScalar() && (t.Scalar() == "auto" || t.Scalar() == "0")) {
      options.threads = std::min(usable_cores(), GenerateOptions::max_threads);
    } else {
      try {
        options.threads = static_cast<unsigned>(
            read_integer(t, file, "generate.threads", 1, GenerateOptions::max_threads));
      } catch (const InputError&) {
        throw InputError(
            location_of(t, file), "generate.threads",
            "expected an integer from 1 to " + std::to_string(GenerateOptions::max_threads) +
                ", or auto, got " +
                (t.IsScalar() && !t.Scalar().empty() &&
                         t.Scalar().find_first_not_of("-0123456789") == std::string::npos
                     ? t.Scalar()
                     : shape_of(t)));
      }
    }
  }
  if (const auto p = node["subproblems"])
    options.subproblems = static_cast<std::size_t>(
        read_integer(p, file, "generate.subproblems", 1, GenerateOptions::max_subproblems));
  if (const auto w = node["walkers"])
    options.walkers = static_cast<std::size_t>(
        read_integer(w, file, "generate.walkers", 1, GenerateOptions::max_walkers));
  // Leave `steps` out for no budget of steps.
  if (const auto s = node["steps"])
    options.steps = static_cast<std::uint64_t>(
        read_integer(s, file, "generate.steps", 1, kNoMost, "a number of steps"));
  if (const auto r = node["restart-after"])
    options.restart_after = static_cast<std::uint64_t>(
        read_integer(r, file, "generate.restart-after", 1, kNoMost, "a number of steps"));
  for (auto [key, target] : {std::pair{"joint-model", &options.joint_model},
                             std::pair{"symmetry-breaking", &options.symmetry_breaking}}) {
    if (const auto flag = node[key]) {
      const auto info = OptionInfo::boolean(key, "", true);
      *target = std::get<bool>(parse_option_text(info, flag.IsScalar() ? flag.Scalar() : "",
                                                 location_of(flag, file),
                                                 std::string("generate.") + key));
    }
  }
  return options;
}

// The least and the greatest count of `kind` that `b` admits, given that every count in the
// convention is a multiple of `step` (the greatest is nullopt without a maximum).
Natural least_count(const Bounds& b, std::uint64_t step) {
  if (!b.min) return 0;
  const Natural min = *b.min;
  return (min + step - 1) / step * step;
}
std::optional<Natural> greatest_count(const Bounds& b, std::uint64_t step) {
  if (!b.max) return std::nullopt;
  return Natural(*b.max) / step * step;
}

}  // namespace

std::optional<Natural> Spec::objective_bound() const {
  if (!objective) return std::nullopt;
  if (objective->measure) {
    const auto it = measure_bounds.find(*objective->measure);
    const Bounds b = it == measure_bounds.end() ? Bounds{} : it->second;
    return objective->minimize ? least_count(b, 1) : greatest_count(b, 1);
  }
  Natural total = 0;
  for (const auto& kind : objective->kinds) {
    const auto it = bounds.find(kind);
    const Bounds b = it == bounds.end() ? Bounds{} : it->second;
    const std::uint64_t step =
        std::max<std::uint64_t>(1, family->count_multiple(kind, solution_options));
    if (objective->minimize) {
      total += least_count(b, step);
    } else {
      const auto greatest = greatest_count(b, step);
      if (!greatest) return std::nullopt;
      total += *greatest;
    }
  }
  return total;
}

std::vector<std::string> Spec::warnings() const {
  std::vector<std::string> out = family->impossible_instances(parameters, instance);
  for (const auto& [kind, b] : bounds) {
    const std::uint64_t step = family->count_multiple(kind, solution_options);
    if (step <= 1) continue;
    const Natural least = least_count(b, step);
    if (b.max && least > *b.max) {
      const std::string convention = convention_text(solution_options);
      out.push_back(kind + ": " + b.text() + " can never hold: every count " +
                    (convention.empty() ? std::string() : "(" + convention + ") ") +
                    "is a multiple of " + std::to_string(step));
    }
  }
  return out;
}

std::string Objective::text() const {
  std::string out = minimize ? "minimize " : "maximize ";
  for (std::size_t i = 0; i < kinds.size(); ++i) out += (i ? " + " : "") + kinds[i];
  return out + measure.value_or("") + (count_ties ? ", ties: all" : "");
}

std::optional<std::string> Spec::ungraded() const {
  const auto graded = family->graded_kinds();
  if (graded.empty()) return family->name() + " does not grade its puzzles' difficulty";
  if (std::find(graded.begin(), graded.end(), posed_kind()) != graded.end()) return std::nullopt;
  return family->name() + " grades only its " + join(graded, ", ") +
         " puzzles, and this spec asks for " + posed_kind() +
         ": require one of those kinds (min: 1) to grade it";
}

std::string Spec::posed_kind() const {
  for (const auto& kind : family->kind_names()) {
    const auto it = bounds.find(kind);
    if (it != bounds.end() && it->second.min && *it->second.min >= 1) return kind;
  }
  const auto constrained = constrained_kinds();
  return constrained.empty() ? family->kind_names().front() : constrained.front();
}

std::vector<std::string> Spec::constrained_kinds() const {
  std::vector<std::string> out;
  for (const auto& kind : family->kinds()) {
    const bool in_objective =
        objective && std::find(objective->kinds.begin(), objective->kinds.end(), kind.name) !=
                         objective->kinds.end();
    if (bounds.count(kind.name) || in_objective) out.push_back(kind.name);
  }
  return out;
}

std::string sha256_hex(const std::string& bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length, EVP_sha256(), nullptr);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < length; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

namespace {

// The file a spec's `given:` names, relative to the spec's folder and inside the spec's tree
// (see load_spec); an InputError at `given` otherwise. The tree depends on where the spec lies,
// never on the working directory, so a spec gives the same answer wherever it is run from.
std::filesystem::path resolve_given(const YAML::Node& given, const std::string& file,
                                    const std::string& given_root) {
  namespace fs = std::filesystem;
  const fs::path relative = given.Scalar();
  const auto refuse = [&](const std::string& why) {
    throw InputError(location_of(given, file), "given",
                     why +
                         "; a spec names an instance file by a path relative to its own "
                         "folder, inside its tree (the nearest folder above it holding a " +
                         std::string(kSpecTreeMarker) +
                         " file, else its own folder; --given-root names another)");
  };
  if (relative.is_absolute()) refuse("an absolute path");
  // weakly_canonical resolves `..` and every symbolic link, so what is left of the file's path
  // must start with the root's.
  const auto resolve = [&](const fs::path& p) {
    std::error_code error;
    fs::path out = fs::weakly_canonical(fs::absolute(p, error), error);
    if (error || out.empty()) refuse("cannot resolve " + p.string() + " (" + error.message() + ")");
    return out;
  };
  // A spec named without a folder ("spec.yaml"), or read from standard input, lies in the
  // working directory.
  const fs::path named_folder = fs::path(file).parent_path();
  const fs::path spec_folder =
      resolve(file == "<standard input>" || named_folder.empty() ? fs::path(".") : named_folder);
  const auto contains = [](const fs::path& folder, const fs::path& path) {
    return std::mismatch(folder.begin(), folder.end(), path.begin(), path.end()).first ==
           folder.end();
  };
  fs::path root = spec_folder;
  if (!given_root.empty()) {
    root = resolve(given_root);
  } else {
    for (fs::path folder = spec_folder;; folder = folder.parent_path()) {
      std::error_code error;
      if (fs::is_regular_file(folder / kSpecTreeMarker, error)) {
        root = folder;
        break;
      }
      if (folder == folder.root_path() || folder.parent_path() == folder) break;
    }
  }
  const fs::path path = resolve(spec_folder / relative);
  if (!contains(root, path)) refuse("the file lies outside " + root.string());
  return path;
}

}  // namespace

Spec parse_spec(const std::string& text, const std::string& file, const Registry& registry,
                const std::string& given_root) {
  const YAML::Node root = parse_yaml(text, file, "a spec");
  reject_unknown_keys(root, kTopLevelKeys, "", file);

  Spec spec;
  spec.file = file;
  spec.sha256 = sha256_hex(text);
  const YAML::Node puzzle = root["puzzle"];
  if (!puzzle) throw InputError(location_of(root, file), "puzzle", "missing; name the family");
  spec.family = &registry.get(read_scalar(puzzle, file, "puzzle", "a name"),
                              location_of(puzzle, file), "puzzle");
  if (const YAML::Node description = root["description"])
    spec.description = read_scalar(description, file, "description", "text");
  const Family& family = *spec.family;

  spec.parameters = read_options(root["parameters"], family.parameters(), "parameters", file);
  family.check_parameters(spec.parameters,
                          location_of(root["parameters"] ? root["parameters"] : root, file));
  // instance: the family's constraints plus bounds on its measures
  const YAML::Node instance = root["instance"];
  YAML::Node constraints_only(YAML::NodeType::Map);
  if (instance && instance.IsMap()) {
    std::vector<std::string> allowed;
    for (const auto& info : family.instance_constraints()) allowed.push_back(info.name);
    // The difficulty measures are known keys even where the family does not grade, so that
    // the refusal below says why.
    const auto measures = family.measures();
    for (const auto& measure : measures) allowed.push_back(measure.name);
    allowed.insert(allowed.end(), {kDifficulty, kSearchNodes, kPropagationDifficulty});
    reject_unknown_keys(instance, allowed, "instance", file);
    for (const auto& entry : instance) {
      const std::string key = entry.first.Scalar();
      if (key == kDifficulty || key == kPropagationDifficulty)
        spec.measure_bounds[key] = read_difficulty(entry.second, file, "instance." + key);
      else if (key == kSearchNodes || std::any_of(measures.begin(), measures.end(),
                                                  [&](const KindInfo& m) { return m.name == key; }))
        spec.measure_bounds[key] = read_bounds(entry.second, file, "instance." + key);
      else
        constraints_only[key] = entry.second;
    }
  }
  spec.instance = read_options(instance && !instance.IsMap() ? instance : constraints_only,
                               family.instance_constraints(), "instance", file);

  // solutions: the family's options plus one bounds entry per kind
  const YAML::Node solutions = root["solutions"];
  if (solutions && !solutions.IsNull()) expect_mapping(solutions, file, "solutions");
  std::vector<std::string> option_names;
  for (const auto& info : family.solution_options()) option_names.push_back(info.name);
  std::vector<std::string> allowed = option_names;
  for (const auto& kind : family.kind_names()) allowed.push_back(kind);
  YAML::Node options_only(YAML::NodeType::Map);
  if (solutions && solutions.IsMap()) {
    reject_unknown_keys(solutions, allowed, "solutions", file);
    for (const auto& entry : solutions) {
      const std::string key = entry.first.Scalar();
      if (std::find(option_names.begin(), option_names.end(), key) != option_names.end())
        options_only[key] = entry.second;
      else
        spec.bounds[key] = read_bounds(entry.second, file, "solutions." + key);
    }
  }
  spec.solution_options = read_options(options_only, family.solution_options(), "solutions", file);
  std::map<std::string, Bounds> implied;
  try {
    implied = family.implied_bounds(spec.solution_options);
  } catch (const InputError& e) {  // the family knows the field, the spec knows where it is
    if (!e.where().file.empty()) throw;
    throw InputError(location_of(solutions, file), e.field(), e.message());
  }
  for (const auto& [kind, bounds] : implied) {
    const auto [it, added] = spec.bounds.emplace(kind, bounds);
    if (!added && !(it->second == bounds))
      throw InputError(location_of(solutions, file), "solutions." + kind,
                       "bounded twice: " + it->second.text() + " here, " + bounds.text() +
                           " by the other options");
  }

  if (const YAML::Node objective = root["objective"])
    spec.objective = read_objective(objective, family, file);
  spec.generate = read_generate(root["generate"], file);
  // Difficulty is the grade of the kind a printed puzzle asks for.
  for (const auto& [name, bounds] : spec.measure_bounds)
    if (is_difficulty_measure(name))
      if (const auto why = spec.ungraded())
        throw InputError(location_of(instance[name], file), "instance." + name, *why);

  if (const YAML::Node given = root["given"]) {
    if (!given.IsScalar() || given.Scalar().empty())
      throw InputError(location_of(given, file), "given", "expected the path of an instance file");
    const std::filesystem::path path = resolve_given(given, file, given_root);
    LoadedInstance loaded;
    try {
      loaded = load_instance(path.string(), registry);
    } catch (const InputError& e) {
      if (e.where().file != path.string() || e.where().line != 0) throw;  // an error inside it
      throw InputError(location_of(given, file), "given",
                       "cannot read the instance file " + path.string());
    }
    if (loaded.family != spec.family)
      throw InputError(location_of(given, file), "given",
                       "the instance is a " + loaded.family->name() + " puzzle, the spec is for " +
                           spec.family->name());
    spec.given = std::move(loaded.instance);
  }
  return spec;
}

std::vector<std::string> Spec::parameter_mismatches(const Instance& instance) const {
  std::vector<std::string> out;
  const OptionValues has = family->parameters_of(instance);
  for (const auto& info : family->parameters()) {
    if (!has.has(info.name) || !parameters.has(info.name)) continue;
    std::string got, wanted;
    switch (info.type) {
      case OptionType::Integer:
      case OptionType::CountOrNames:  // how many; names are labels, not the puzzle
        if (has.integer(info.name) != parameters.integer(info.name)) {
          got = std::to_string(has.integer(info.name));
          wanted = std::to_string(parameters.integer(info.name));
        }
        break;
      case OptionType::Structured:
        if (has.structured(info.name) != parameters.structured(info.name)) {
          got = has.structured(info.name).dump();
          wanted = parameters.structured(info.name).dump();
        }
        break;
      default:
        if (has.all().at(info.name) != parameters.all().at(info.name)) {
          got = "different";
          wanted = "another value";
        }
    }
    if (!got.empty())
      out.push_back("parameters: " + info.name + " is " + got + ", the spec asks for " + wanted);
  }
  return out;
}

Spec load_spec(const std::string& path, const Registry& registry, const std::string& given_root) {
  return parse_spec(read_input_file(path, "a spec"), path == "-" ? "<standard input>" : path,
                    registry, given_root);
}

}  // namespace puzzlegen
