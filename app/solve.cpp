// `solve` and `check`: one instance counted, alone or against a spec.
#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

#include "command.hpp"
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

namespace {

// One instance solved and printed; `many`: one of several files, printed as JSON Lines (json)
// or one YAML document each.
int solve_one(const std::string& file, const LoadedInstance& loaded, const OptionValues& options,
              const std::vector<std::string>& kinds, std::uint64_t cap, const Limits& limits,
              bool grade, std::size_t explain, Format format, bool many, std::ostream& out) {
  const Family& family = *loaded.family;
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
                             {"label", graded->label()},
                             {"rank", graded->rank()},
                             {"exact", graded->stopped == StopReason::none},
                             {"probing-rounds", graded->rounds},
                             {"probes", graded->probes},
                             {"search-nodes", natural_json(graded->search_nodes.value)},
                             {"search-nodes-exact", graded->search_nodes.exact}};
    if (!graded->reasoning.empty()) {
      j["difficulty"][kind]["reasoning"] = graded->reasoning;
      j["difficulty"][kind]["hardest-uses"] = graded->hardest_uses;
    }
    if (graded->what_ifs > 0 || graded->trial_and_error) {
      j["difficulty"][kind]["what-ifs"] = graded->what_ifs;
      j["difficulty"][kind]["longest-what-if"] = graded->longest_what_if;
      j["difficulty"][kind]["trial-and-error"] = graded->trial_and_error;
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
  if (!many)
    print(out, format, j, text.str());
  else if (format == Format::json)
    out << j.dump() << "\n";
  else if (format == Format::yaml)
    out << "---\n" << to_yaml(j);
  else
    out << "== " << file << "\n" << text.str() << "\n";
  return any_stopped(counts) ? limit_reached : ok;
}

}  // namespace

int solve(const std::vector<std::string>& files, const OptionOverrides& overrides,
          const std::vector<std::string>& kinds, std::uint64_t cap, const std::string& time_limit,
          unsigned threads, bool grade, std::size_t explain, Format format, std::ostream& out) {
  const auto duration = parse_duration(time_limit, {"command line", 0, 0}, "--time-limit");
  // Every file is read, and its options and kinds checked, before anything is printed: a bad
  // file is exit 2 with no partial output.
  std::vector<LoadedInstance> loaded;
  std::vector<OptionValues> options;
  for (const auto& file : files) {
    loaded.push_back(load_instance(file, families()));
    const Family& family = *loaded.back().family;
    options.push_back(solution_options_from(family, overrides));
    for (const auto& kind : kinds) family.check_kind(kind, {"command line", 0, 0}, "--kind");
  }
  int code = ok;
  for (std::size_t i = 0; i < files.size(); ++i) {
    // Each file has the whole time limit.
    const Limits limits = Limits::within(duration, 0, threads);
    if (solve_one(files[i], loaded[i], options[i], kinds, cap, limits, grade, explain, format,
                  files.size() > 1, out) != ok)
      code = limit_reached;
  }
  return code;
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

void add_solve_command(CLI::App& app, Commands& commands) {
  struct Options {
    std::vector<std::string> files;
    std::string time_limit = "60s", format;
    OptionOverrides overrides;
    std::vector<std::string> kinds;
    std::uint64_t cap = 0;
    unsigned threads = 1;
    bool no_difficulty = false;
    std::size_t explain = 0;
  };
  auto options = std::make_shared<Options>();
  auto* solve = app.add_subcommand("solve", "count an instance's solutions of every kind");
  solve
      ->add_option("files", options->files,
                   "instance files (YAML or JSON); several are solved in turn, each with the "
                   "whole time limit, printed as JSON Lines with --format json")
      ->required();
  // Every solution option any family declares becomes a flag; the family checks the value, and
  // completion offers the values of every family that has it.
  std::map<std::string, CLI::Option*> declared;
  for (const auto& family : families().families())
    for (const auto& info : family->solution_options()) {
      CLI::Option*& option = declared[info.name];
      if (!option)
        option = solve->add_option_function<std::string>(
            "--" + info.name,
            [options, name = info.name](const std::string& value) {
              options->overrides[name] = value;
            },
            "solution option (see `describe`): " + info.name);
      commands.suggest(option, info.choices);
    }
  solve->add_option("--kind", options->kinds, "count only these kinds (default: every kind)");
  solve
      ->add_option("--cap", options->cap,
                   "stop counting at this many (the count then says 'at least')")
      ->check(whole_number());
  solve->add_option("--time-limit", options->time_limit, "e.g. 30s, 10m")->default_val("60s");
  solve
      ->add_option("--threads", options->threads,
                   "search threads for uncapped counts, or auto: every core this process may use")
      ->transform(thread_count())
      ->default_val(1);
  solve->add_flag("--no-difficulty", options->no_difficulty,
                  "do not grade how hard each kind is to solve (the grade replays a solver, which "
                  "takes long on large instances)");
  solve
      ->add_option("--explain", options->explain,
                   "print the first N steps of a solution in words, for families that grade by a "
                   "ladder of techniques")
      ->check(CLI::Range(0, 1000));
  add_format(*solve, options->format, commands);
  commands.add(
      solve,
      [options](const Globals&) {
        const Options& o = *options;
        return cli::solve(o.files, o.overrides, o.kinds, o.cap, o.time_limit, o.threads,
                          !o.no_difficulty, o.explain, parse_format(o.format), std::cout);
      },
      [options] { return options->files.empty() ? std::string() : options->files.front(); });
}

void add_check_command(CLI::App& app, Commands& commands) {
  struct Options {
    std::string file, spec_file, format;
  };
  auto options = std::make_shared<Options>();
  auto* check = app.add_subcommand("check", "check an instance against a spec");
  check->add_option("file", options->file, "instance file")->required();
  check->add_option("--spec", options->spec_file, "spec file")->required();
  add_format(*check, options->format, commands);
  commands.add(
      check,
      [options](const Globals& globals) {
        return cli::check(options->file, options->spec_file, globals.given_root,
                          parse_format(options->format), std::cout);
      },
      [options] { return options->file; });
}

}  // namespace puzzlegen::cli
