#include "commands.hpp"

#include <unistd.h>

#include <cstdlib>
#include <functional>
#include <iostream>
#include <sstream>

#include "families.hpp"
#include "files.hpp"
#include "generate.hpp"
#include "judge.hpp"
#include "render/html.hpp"
#include "version.hpp"
#include "yaml_input.hpp"

namespace puzzlegen::cli {

void print(std::ostream& out, Format format, const Json& document, const std::string& text) {
  switch (format) {
    case Format::json:
      out << document.dump(2) << "\n";
      break;
    case Format::yaml:
      out << to_yaml(document);
      break;
    case Format::text:
      out << text;
      break;
  }
}

namespace {

Json option_info_json(const OptionInfo& info) {
  Json j = {{"name", info.name}, {"type", describe_type(info)}, {"help", info.help}};
  if (!info.default_value.empty()) j["default"] = info.default_value;
  return j;
}

std::string option_info_text(const std::vector<OptionInfo>& infos) {
  std::ostringstream out;
  for (const auto& info : infos) {
    out << "  " << info.name << ": " << describe_type(info);
    if (!info.default_value.empty()) out << " (default " << info.default_value << ")";
    out << "\n      " << info.help << "\n";
  }
  if (infos.empty()) out << "  (none)\n";
  return out.str();
}

// " (modulo none)" after a heading, or nothing for a family with a single convention.
std::string convention_suffix(const OptionValues& options) {
  const std::string text = convention_text(options);
  return text.empty() ? "" : " (" + text + ")";
}

std::string counts_text(const std::vector<std::pair<std::string, Count>>& counts) {
  std::ostringstream out;
  std::size_t width = 0;
  for (const auto& entry : counts) width = std::max(width, entry.first.size());
  for (const auto& [kind, count] : counts) {
    out << "  " << kind << ":" << std::string(width - kind.size() + 1, ' ') << count.text();
    if (count.stopped != StopReason::none) out << " (stopped: " << to_string(count.stopped) << ")";
    out << "\n";
  }
  return out.str();
}

Json counts_json(const std::vector<std::pair<std::string, Count>>& counts) {
  Json out = Json::object();
  for (const auto& [kind, count] : counts) out[kind] = count_json(count);
  return out;
}

OptionValues solution_options_from(const Family& family, const OptionOverrides& overrides) {
  OptionValues values = read_options(YAML::Node(), family.solution_options(), "solutions", "");
  for (const auto& [name, text] : overrides) {
    const auto& infos = family.solution_options();
    const auto it = std::find_if(infos.begin(), infos.end(),
                                 [&, &name = name](const OptionInfo& i) { return i.name == name; });
    if (it == infos.end())
      throw InputError({"command line", 0, 0}, "--" + name,
                       "family " + family.name() + " has no solution option '" + name + "'");
    values.set(name, parse_option_text(*it, text, {"command line", 0, 0}, "--" + name));
  }
  return values;
}

bool any_stopped(const std::vector<std::pair<std::string, Count>>& counts) {
  for (const auto& entry : counts)
    if (entry.second.stopped != StopReason::none) return true;
  return false;
}

// The witness of an optimum counted in every convention of its family, so a figure from a
// paper in another convention can be compared directly.
struct WitnessCounts {
  std::vector<OptionValues> conventions;
  std::vector<std::vector<std::pair<std::string, Count>>> counts;
};

WitnessCounts witness_counts(const Spec& spec, const Instance& witness) {
  WitnessCounts out;
  const Limits limits = Limits::within(std::chrono::seconds(60), 0, spec.generate.threads);
  for (const auto& convention : every_convention(*spec.family)) {
    out.conventions.push_back(convention);
    out.counts.push_back(count_all_kinds(*spec.family, witness, convention, 0, limits));
  }
  return out;
}

Json summary_json(const Spec& spec, const RunSummary& s,
                  const std::optional<WitnessCounts>& witness) {
  Json j;
  j["instances"] = s.instances;
  j["instances-in-classes"] =
      s.instances_in_classes ? natural_json(*s.instances_in_classes) : Json(nullptr);
  j["proven"] = s.proven;
  j["exhausted"] = s.exhausted;
  if (spec.objective) {
    j["objective"] = spec.objective->text();
    j["best"] = s.best ? natural_json(*s.best) : Json(nullptr);
    // Ties are counted only when the spec asks (`ties: all`), and only a whole search finds
    // them all.
    const bool ties_known = s.exhausted && spec.objective->count_ties;
    j["optimal-instances"] = ties_known ? Json(s.optimal_instances) : Json(nullptr);
    j["optimal-instances-in-classes"] = ties_known && s.optimal_instances_in_classes
                                            ? natural_json(*s.optimal_instances_in_classes)
                                            : Json(nullptr);
  }
  if (witness && s.witness) {
    Json table = Json::array();
    for (std::size_t i = 0; i < witness->conventions.size(); ++i)
      table.push_back({{"convention", options_json(witness->conventions[i])},
                       {"counts", counts_json(witness->counts[i])}});
    j["witness"] = {{"instance", s.witness->to_json()}, {"counts-by-convention", table}};
  }
  j["explored"] = s.explored;
  j["strategy"] = s.strategy;
  if (spec.given) j["given-failed"] = s.given_failed;
  j["stopped"] = to_string(s.stopped);
  j["seed"] = spec.generate.seed;
  j["convention"] = options_json(spec.solution_options);
  j["spec-sha256"] = spec.sha256;
  return {{"summary", j}};
}

std::string summary_text(const Spec& spec, const RunSummary& s,
                         const std::optional<WitnessCounts>& witness) {
  std::ostringstream out;
  out << "summary: " << s.instances << " instance" << (s.instances == 1 ? "" : "s");
  if (s.instances_in_classes && s.instances > 0 && !spec.objective)
    out << " up to symmetry, " << *s.instances_in_classes << " counted one by one";
  out << " (" << s.strategy << ", seed " << spec.generate.seed << ", " << s.explored
      << " candidates judged)\n";
  if (spec.objective) {
    out << "  objective: " << spec.objective->text() << " = "
        << (s.best ? to_string(*s.best) : std::string("none found")) << "\n";
    if (s.best && !spec.objective->count_ties)
      out << "  instances reaching it: not counted (objective: {..., ties: all} counts them)\n";
    if (s.best && s.exhausted && spec.objective->count_ties)
      out << "  instances reaching it: " << s.optimal_instances
          << " (distinct up to the family's instance symmetries"
          << (s.optimal_instances_in_classes
                  ? "; " + to_string(*s.optimal_instances_in_classes) + " counted one by one"
                  : std::string())
          << ")\n";
  }
  if (witness && s.witness) {
    out << "  the last instance above, counted in every convention:\n";
    for (std::size_t i = 0; i < witness->conventions.size(); ++i) {
      out << "    "
          << (witness->conventions.size() == 1 ? "counts"
                                               : convention_text(witness->conventions[i]))
          << ":";
      for (const auto& [kind, count] : witness->counts[i])
        out << "  " << kind << " " << count.text();
      out << "\n";
    }
  }
  for (const auto& reason : s.given_failed) out << "  the given instance fails: " << reason << "\n";
  const auto bound = spec.objective_bound();
  if (s.proven && !s.exhausted && bound)  // an optimum meeting its bound
    out << "  proven: no instance can do better than " << to_string(*bound)
        << " (the spec's bounds and the family's facts), so this is optimal\n";
  else if (s.proven)
    out << "  proven: the whole instance space was searched"
        << (spec.objective ? ", so this is optimal" : "") << "\n";
  else if (s.stopped != StopReason::none)
    out << "  not proven: stopped by " << to_string(s.stopped) << "\n";
  else if (spec.objective)
    out << "  not proven: the instance space was not exhausted\n";
  else
    out << "  the instance space was not exhausted (each instance above meets the spec; "
           "more may exist)\n";
  return out.str();
}

}  // namespace

namespace {
std::string& given_root() {
  static std::string folder;
  return folder;
}
}  // namespace

void set_given_root(std::string folder) {
  given_root() = std::move(folder);
}

Spec read_spec(const std::string& spec_file) {
  return load_spec(spec_file, families(), given_root());
}

Spec load_spec_with(const std::string& spec_file, const RunOverrides& overrides) {
  Spec spec = read_spec(spec_file);
  const SourceLocation cmd{"command line", 0, 0};
  if (overrides.instances) {
    if (*overrides.instances == "all")
      spec.generate.instances.reset();
    else {
      const auto info = OptionInfo::integer("instances", "", "", 1, INT64_MAX);
      spec.generate.instances =
          std::get<std::int64_t>(parse_option_text(info, *overrides.instances, cmd, "--instances"));
    }
  }
  if (overrides.seed) spec.generate.seed = *overrides.seed;
  if (overrides.strategy) spec.generate.strategy = *overrides.strategy;
  if (overrides.time_limit)
    spec.generate.time_limit = parse_duration(*overrides.time_limit, cmd, "--time-limit");
  if (overrides.node_limit) spec.generate.node_limit = *overrides.node_limit;
  if (overrides.threads) spec.generate.threads = *overrides.threads;
  if (overrides.subproblems) spec.generate.subproblems = *overrides.subproblems;
  if (overrides.difficulty) {
    if (const auto why = spec.ungraded()) throw InputError(cmd, "--difficulty", *why);
    const auto level = difficulty_level(*overrides.difficulty);  // checked by the parser
    if (!level)
      throw InputError(cmd, "--difficulty", "expected " + join(difficulty_levels(), ", "));
    const auto value = static_cast<std::uint64_t>(*level);
    spec.measure_bounds[kDifficulty] = Bounds{value, value};
  }
  return spec;
}

int list_families(Format format, std::ostream& out) {
  Json families = Json::array();
  std::ostringstream text;
  for (const auto& family : cli::families().families()) {
    const std::string& origin = cli::families().origin(*family);
    families.push_back(
        {{"name", family->name()}, {"summary", family->summary()}, {"origin", origin}});
    text << family->name() << "\n  " << family->summary()
         << "\n  from: " << (origin == "built in" ? origin : "plugin " + origin) << "\n";
  }
  print(out, format, {{"families", families}}, text.str());
  return ok;
}

int describe_family(const std::string& name, Format format, std::ostream& out) {
  const Family& family = families().get(name, {"command line", 0, 0}, "family");
  Json j;
  j["name"] = family.name();
  j["summary"] = family.summary();
  for (const auto& [key, infos] : {std::pair{"parameters", family.parameters()},
                                   std::pair{"instance", family.instance_constraints()},
                                   std::pair{"solution-options", family.solution_options()}}) {
    j[key] = Json::array();
    for (const auto& info : infos) j[key].push_back(option_info_json(info));
  }
  j["kinds"] = Json::array();
  std::ostringstream kinds;
  for (const auto& kind : family.kinds()) {
    j["kinds"].push_back({{"name", kind.name}, {"help", kind.help}});
    kinds << "  " << kind.name << "\n      " << kind.help << "\n";
  }
  j["measures"] = Json::array();
  std::ostringstream measures;
  for (const auto& measure : family.measures()) {
    j["measures"].push_back({{"name", measure.name}, {"help", measure.help}});
    measures << "  " << measure.name << "\n      " << measure.help << "\n";
  }
  // What `objective:` accepts: a sum of kinds' counts, or one measure.
  const std::vector<std::string> kind_names = family.kind_names();
  j["objectives"] = Json::array();
  for (const char* direction : {"minimize", "maximize"}) {
    j["objectives"].push_back(std::string(direction) + ": KIND + KIND ...");
    for (const auto& measure : family.measures())
      j["objectives"].push_back(std::string(direction) + ": " + measure.name);
  }
  j["origin"] = cli::families().origin(family);
  std::ostringstream text;
  text << family.name() << ": " << family.summary() << "\n\nparameters:\n"
       << option_info_text(family.parameters()) << "\ninstance constraints (spec `instance:`):\n"
       << option_info_text(family.instance_constraints())
       << "\nsolution options (spec `solutions:`):\n"
       << option_info_text(family.solution_options())
       << "\nsolution kinds (bounds in spec `solutions:`, e.g. KIND: {exactly: 1}):\n"
       << kinds.str();
  if (!family.measures().empty())
    text << "\nmeasures (bound them under `instance:`, or optimise them with `objective:`):\n"
         << measures.str();
  text << "\nobjectives (spec `objective:`; generate searches for the optimum and says when it is "
          "proven):\n"
       << "  {minimize: KIND} or {maximize: KIND}, or a sum: {minimize: " << kind_names.front()
       << (kind_names.size() > 1 ? " + " + kind_names[1] : std::string()) << "}\n";
  for (const auto& measure : family.measures())
    text << "  {minimize: " << measure.name << "} or {maximize: " << measure.name << "}\n";
  print(out, format, j, text.str());
  return ok;
}

int solve(const std::string& file, const OptionOverrides& overrides,
          const std::vector<std::string>& kinds, std::uint64_t cap, const std::string& time_limit,
          unsigned threads, bool grade, Format format, std::ostream& out) {
  const Limits limits = Limits::within(
      parse_duration(time_limit, {"command line", 0, 0}, "--time-limit"), 0, threads);
  const LoadedInstance loaded = load_instance(file, families());
  const Family& family = *loaded.family;
  const OptionValues options = solution_options_from(family, overrides);
  for (const auto& kind : kinds) family.check_kind(kind, {"command line", 0, 0}, "--kind");
  std::vector<std::pair<std::string, Count>> counts;
  for (const auto& kind : family.kind_names())
    if (kinds.empty() || std::find(kinds.begin(), kinds.end(), kind) != kinds.end())
      counts.emplace_back(kind, family.count(*loaded.instance, kind, options, cap, limits));

  Json j;
  j["puzzle"] = family.name();
  j["file"] = file;
  j["convention"] = options_json(options);
  j["counts"] = counts_json(counts);
  j["solutions"] = Json::object();
  std::ostringstream text;
  text << loaded.instance->render_text() << "\nsolutions" << convention_suffix(options) << ":\n"
       << counts_text(counts);
  const Json facts = family.solve_facts(*loaded.instance, limits);
  for (const auto& [key, value] : facts.items()) {
    j[key] = value;
    text << key << ":";
    for (const auto& item : value.is_array() ? value : Json::array({value}))
      text << " " << (item.is_string() ? item.get<std::string>() : item.dump());
    text << "\n";
  }
  // How hard each counted kind is to solve, where the family grades it (difficulty.hpp).
  for (const auto& [kind, count] : counts) {
    if (!grade || (count.exact && count.value == 0)) continue;
    const auto graded = family.grade_of(*loaded.instance, kind, limits);
    if (!graded) continue;
    j["difficulty"][kind] = {{"level", graded->name()},
                             {"value", graded->level},
                             {"exact", graded->stopped == StopReason::none},
                             {"probing-rounds", graded->rounds},
                             {"probes", graded->probes},
                             {"search-nodes", natural_json(graded->search_nodes.value)},
                             {"search-nodes-exact", graded->search_nodes.exact}};
    text << "difficulty of " << kind << ": " << graded->text() << "\n";
  }
  for (const auto& [kind, count] : counts) {
    if (count.value == 0) continue;
    if (const auto solution = family.first_solution(*loaded.instance, kind, limits)) {
      j["solutions"][kind] = solution->to_json();
      text << "\none " << solution->render_text();
    }
  }
  print(out, format, j, text.str());
  return any_stopped(counts) ? limit_reached : ok;
}

int check(const std::string& file, const std::string& spec_file, Format format, std::ostream& out) {
  const Spec spec = read_spec(spec_file);
  const LoadedInstance loaded = load_instance(file, families());
  if (loaded.family != spec.family)
    throw InputError({file, 0, 0}, "puzzle",
                     "the instance is a " + loaded.family->name() + " puzzle but the spec is for " +
                         spec.family->name());
  const Limits limits = Limits::within(spec.generate.time_limit, 0, spec.generate.threads);
  Evaluation e;
  e.failed = spec.parameter_mismatches(*loaded.instance);
  if (e.failed.empty())
    e = judge(spec, *loaded.instance, limits);
  else
    e.instance_ok = false;
  Json j;
  j["pass"] = e.accepted();
  j["counts"] = counts_json(e.counts);
  j["convention"] = options_json(spec.solution_options);
  j["failed"] = e.failed;
  j["undecided"] = e.undecided;
  std::ostringstream text;
  text << (e.accepted()  ? "PASS"
           : e.undecided ? "UNDECIDED"
                         : "FAIL")
       << ": " << file << " against " << spec_file << "\ncounts"
       << convention_suffix(spec.solution_options) << ":\n"
       << counts_text(e.counts);
  for (const auto& reason : e.failed) text << "  failed: " << reason << "\n";
  print(out, format, j, text.str());
  if (e.accepted()) return ok;
  return e.undecided && e.failed.empty() ? limit_reached : not_found;
}

int validate(const std::string& spec_file, Format format, std::ostream& out) {
  const Spec spec = read_spec(spec_file);
  Json j;
  j["valid"] = true;
  j["puzzle"] = spec.family->name();
  j["spec-sha256"] = spec.sha256;
  j["convention"] = options_json(spec.solution_options);
  Json bounds = Json::object();
  std::ostringstream text;
  text << spec_file << ": valid " << spec.family->name() << " spec\n  counting: "
       << (convention_text(spec.solution_options).empty() ? "the family's one convention"
                                                          : convention_text(spec.solution_options))
       << "\n";
  for (const auto& [kind, b] : spec.bounds) {
    bounds[kind] = b.text();
    text << "  " << kind << ": " << b.text() << "\n";
  }
  j["bounds"] = bounds;
  if (spec.objective) {
    j["objective"] = spec.objective->text();
    text << "  objective: " << spec.objective->text() << "\n";
    // The bound a run may stop at, from the bounds and the family's facts (Spec::objective_bound).
    const auto bound = spec.objective_bound();
    j["objective-bound"] = bound ? natural_json(*bound) : Json(nullptr);
    if (bound)
      text << "  objective bound: " << *bound << " (nothing can do better"
           << (spec.objective->count_ties ? ")" : "; an instance reaching it ends the run, proven)")
           << "\n";
  }
  j["strategy"] = resolve_strategy(spec);
  text << "  strategy: " << resolve_strategy(spec) << "\n";
  // The rest of the spec as understood, defaults filled in, so a typo'd value or a default
  // the writer did not expect shows.
  // {a: 1, b: [x, y]}: the YAML flow style a spec would use.
  const std::function<std::string(const Json&)> inline_json = [&](const Json& value) {
    std::string s;
    if (value.is_object()) {
      for (const auto& [key, item] : value.items())
        s += (s.empty() ? "" : ", ") + key + ": " + inline_json(item);
      return "{" + s + "}";
    }
    if (value.is_array()) {
      for (const auto& item : value) s += (s.empty() ? "" : ", ") + inline_json(item);
      return "[" + s + "]";
    }
    return value.is_string() ? value.get<std::string>() : value.dump();
  };
  j["parameters"] = options_json(spec.parameters);
  j["instance"] = options_json(spec.instance);
  text << "  parameters: " << inline_json(j["parameters"]) << "\n";
  if (!spec.instance.all().empty()) text << "  instance: " << inline_json(j["instance"]) << "\n";
  Json measures = Json::object();
  for (const auto& [name, b] : spec.measure_bounds) {
    measures[name] = b.text();
    text << "  " << name << ": " << b.text() << "\n";
  }
  j["measure-bounds"] = measures;
  const GenerateOptions& g = spec.generate;
  j["generate"] = {{"instances", g.instances ? Json(*g.instances) : Json("all")},
                   {"seed", g.seed},
                   {"time-limit-seconds", g.time_limit.count()},
                   {"node-limit", g.node_limit},
                   {"threads", g.threads},
                   {"subproblems", g.subproblems},
                   {"joint-model", g.joint_model},
                   {"symmetry-breaking", g.symmetry_breaking}};
  text << "  generate: " << inline_json(j["generate"]) << "\n";
  if (spec.given) text << "  given: " << spec.given->to_json().value("puzzle", "") << " instance\n";
  // Valid but unmeetable: said on standard error, and in the JSON, without failing.
  const std::vector<std::string> warnings = spec.warnings();
  j["warnings"] = warnings;
  print(out, format, j, text.str());
  for (const auto& warning : warnings)
    std::cerr << "puzzlegen: " << spec_file << ": warning: " << warning << "\n";
  return ok;
}

namespace {

// One number of --shard, read like every other whole number (framework/options).
long long shard_number(const std::string& text, const std::string& field) {
  const auto info = OptionInfo::integer(field, "", "", INT32_MIN, INT32_MAX);
  return std::get<std::int64_t>(parse_option_text(info, text, {"command line", 0, 0}, field));
}

long long slurm_variable(const char* name) {
  const char* value = std::getenv(name);
  if (!value || !*value)
    throw InputError({"command line", 0, 0}, "--shard",
                     std::string("slurm: ") + name + " is not set (run it as a job array task)");
  return shard_number(value, std::string("--shard (") + name + ")");
}

Split parse_shard(const std::string& text) {
  if (text.empty()) return {};
  long long k = 0, n = 0;
  if (text == "slurm") {
    n = slurm_variable("SLURM_ARRAY_TASK_COUNT");
    // Arrays may be numbered from 0 or 1 (or anything): K counts from the array's first task.
    k = slurm_variable("SLURM_ARRAY_TASK_ID") - slurm_variable("SLURM_ARRAY_TASK_MIN") + 1;
  } else if (text.rfind("slurm/", 0) == 0) {
    // N given: K is the task's own number, so that a partial array (--array=7,19, to rerun
    // two shards) still maps each task to its shard.
    n = shard_number(text.substr(6), "--shard");
    k = slurm_variable("SLURM_ARRAY_TASK_ID");
  } else {
    const auto slash = text.find('/');
    if (slash == std::string::npos)
      throw InputError({"command line", 0, 0}, "--shard",
                       "expected K/N (as in 3/16), slurm or slurm/N; got '" + text + "'");
    k = shard_number(text.substr(0, slash), "--shard");
    n = shard_number(text.substr(slash + 1), "--shard");
  }
  if (n < 1 || n > 100000 || k < 1 || k > n)
    throw InputError({"command line", 0, 0}, "--shard",
                     "expected 1 <= K <= N <= 100000; got shard " + std::to_string(k) + " of " +
                         std::to_string(n));
  return {static_cast<unsigned>(k), static_cast<unsigned>(n)};
}

// Progress on standard error: one line rewritten in place on a terminal, a line per report
// otherwise (only when asked for).
class ProgressLine {
 public:
  explicit ProgressLine(bool terminal) : terminal_(terminal) {}
  ~ProgressLine() {
    if (written_ && terminal_) std::cerr << "\n";
  }
  void operator()(const RunSummary& s) {
    const double elapsed = std::chrono::duration<double>(Clock::now() - started_).count();
    std::ostringstream line;
    line << "[" << static_cast<long long>(elapsed) << "s] ";
    if (s.subproblems_mine > 1) {
      line << "subproblems " << s.subproblems_done << "/" << s.subproblems_mine << ", ";
    }
    line << s.nodes_so_far << " nodes, " << s.explored << " judged, " << s.instances << " found";
    if (s.best) line << ", best " << *s.best;
    if (s.subproblems_done > 0 && s.subproblems_done < s.subproblems_mine) {
      const double left = elapsed * static_cast<double>(s.subproblems_mine - s.subproblems_done) /
                          static_cast<double>(s.subproblems_done);
      line << ", about " << static_cast<long long>(left) << "s left";
    }
    written_ = true;
    if (terminal_)
      std::cerr << "\r" << line.str() << "\x1b[K" << std::flush;
    else
      std::cerr << line.str() << std::endl;
  }

 private:
  bool terminal_;
  bool written_ = false;
  Clock::time_point started_ = Clock::now();
};

}  // namespace

std::string version() {
  return PUZZLEGEN_VERSION;
}

int generate(const std::string& spec_file, const GenerateRequest& request, Format format,
             std::ostream& out) {
  if (!request.output.empty()) check_output_file(request.output, "-o");
  const Spec spec = load_spec_with(spec_file, request.run);
  const Split split = parse_shard(request.shard);
  const bool sharded = !request.shard.empty();
  // A shard's output is read back by merge: JSON Lines, whatever --format says.
  if (sharded) format = Format::json;
  if (sharded && resolve_strategy(spec) != "exhaustive" && resolve_strategy(spec) != "search")
    throw InputError({"command line", 0, 0}, "--shard",
                     "the " + resolve_strategy(spec) +
                         " strategy has no subproblems to share out; shards need exhaustive or "
                         "search");
  std::ostringstream buffer;  // with -o, the file is written whole at the end
  std::ostream& sink = request.output.empty() ? out : buffer;
  const auto started = Clock::now();
  // The workers format records in parallel; emission only writes them, in order.
  auto prepare = [&](const InstancePtr& instance, const Evaluation& e, std::size_t subproblem) {
    Json record = instance_record(spec, *instance, e.class_size, e.counts, 0);
    if (sharded) {
      record["subproblem"] = subproblem;
      record["key"] = instance->canonical_key();
    }
    switch (format) {
      case Format::json:
        return record.dump() + "\n";
      case Format::yaml:
        return "---\n" + to_yaml(record);
      case Format::text:
        break;
    }
    std::string text = instance->render_text();
    if (const auto& size = e.class_size)
      text += "class: " + to_string(*size) + " instance" + (*size == 1 ? "" : "s") +
              " equal to this one up to the family's symmetries\n";
    return text + "counts" + convention_suffix(spec.solution_options) + ":\n" +
           counts_text(e.counts) + "\n";
  };
  // Records reach the reader as they are found, but a run that finds thousands a second
  // writes them in batches (a flush per record was a system call per record).
  auto last_flush = Clock::now();
  auto emit = [&](const InstancePtr&, const Evaluation&, std::size_t, const std::string& text) {
    sink << text;
    if (const auto now = Clock::now(); now - last_flush > std::chrono::milliseconds(100)) {
      sink.flush();
      last_flush = now;
    }
  };
  const bool terminal = isatty(STDERR_FILENO) != 0;
  ProgressLine line(terminal);
  ProgressFn progress = nullptr;
  if (!request.quiet && (terminal || request.progress))
    progress = [&](const RunSummary& s) { line(s); };
  const RunSummary s = generate(spec, emit, progress, split, prepare);
  std::optional<WitnessCounts> witness;
  if (spec.objective && s.witness && !interrupt_flag().load())
    witness = witness_counts(spec, *s.witness);
  Json summary = summary_json(spec, s, witness);
  if (sharded) {
    Json& m = summary["summary"];
    m["version"] = version();
    m["shard"] = {{"index", split.shard}, {"of", split.shards}};
    m["subproblems"] = {
        {"total", s.subproblems}, {"mine", s.subproblems_mine}, {"done", s.subproblems_done}};
    // Complete: nothing is left to search in this shard (a proven minimum of 0 ends it too).
    m["complete"] = s.exhausted || s.proven;
    m["instances-wanted"] = spec.generate.instances ? Json(*spec.generate.instances) : Json("all");
    m["nodes"] = s.nodes;
    m["balance"] = {{"slowest-subproblem-seconds", s.slowest_subproblem},
                    {"mean-subproblem-seconds", s.mean_subproblem}};
    m["seconds"] = std::chrono::duration<double>(Clock::now() - started).count();
    if (spec.objective) {
      m["minimize"] = spec.objective->minimize;
      if (spec.objective->count_ties) {
        m["optimal-keys"] = s.optimal_keys;
        Json sizes = Json::array();
        for (const auto& size : s.optimal_class_sizes)
          sizes.push_back(size ? natural_json(*size) : Json(nullptr));
        m["optimal-class-sizes"] = sizes;
      }
    }
  }
  switch (format) {
    case Format::json:
      sink << summary.dump() << "\n";
      break;
    case Format::yaml:
      sink << "---\n" << to_yaml(summary);
      break;
    case Format::text:
      sink << summary_text(spec, s, witness);
      break;
  }
  if (!request.output.empty()) write_file_atomically(request.output, buffer.str());
  if (sharded) return s.exhausted || s.proven ? ok : limit_reached;
  if (spec.objective) return s.proven && s.best ? ok : s.proven ? not_found : limit_reached;
  const bool enough = spec.generate.instances && s.instances >= *spec.generate.instances;
  if (enough || (s.exhausted && s.instances > 0)) return ok;
  return s.proven ? not_found : limit_reached;
}

}  // namespace puzzlegen::cli
