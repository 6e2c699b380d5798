// `solve` and `check`: one instance counted, alone or against a spec.
#include <algorithm>
#include <sstream>

#include "commands.hpp"
#include "families.hpp"
#include "instance_file.hpp"
#include "judge.hpp"
#include "report.hpp"

namespace puzzlegen::cli {

namespace {

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

}  // namespace

int solve(const std::string& file, const OptionOverrides& overrides,
          const std::vector<std::string>& kinds, std::uint64_t cap, const std::string& time_limit,
          unsigned threads, bool grade, std::size_t explain, Format format, std::ostream& out) {
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
    if (!graded->reasoning.empty()) {
      j["difficulty"][kind]["reasoning"] = graded->reasoning;
      j["difficulty"][kind]["hardest-uses"] = graded->hardest_uses;
    }
    text << "difficulty of " << kind << ": " << graded->text() << "\n";
  }
  // The first steps of a solution in words, where the family reasons the way a person does.
  for (const auto& [kind, count] : counts) {
    if (explain == 0 || count.value == 0 || !family.grading()) continue;
    const auto steps = family.grading()
                           ->explain(*loaded.instance, kind, explain, render::kPageWidth, limits)
                           .steps;
    if (steps.empty()) continue;
    text << "first steps of " << kind << ":\n";
    for (std::size_t k = 0; k < steps.size(); ++k) {
      text << "  " << k + 1 << ". " << steps[k].text << "\n";
      j["explanation"][kind].push_back(steps[k].text);
    }
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

int check(const std::string& file, const std::string& spec_file, const std::string& given_root,
          Format format, std::ostream& out) {
  const Spec spec = read_spec(spec_file, given_root);
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

}  // namespace puzzlegen::cli
