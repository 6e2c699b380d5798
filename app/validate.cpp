// `validate`: a spec read and checked, and printed as understood.
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>

#include "command.hpp"
#include "commands.hpp"
#include "generate.hpp"
#include "report.hpp"

namespace puzzlegen::cli {

int validate(const std::string& spec_file, const std::string& given_root, Format format,
             std::ostream& out) {
  const Spec spec = read_spec(spec_file, given_root);
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
  if (resolve_strategy(spec) == "local") {  // its own knobs, only where they are used
    j["generate"]["walkers"] = g.walkers;
    j["generate"]["steps"] = g.steps == 0 ? Json(nullptr) : Json(g.steps);
    j["generate"]["restart-after"] = g.restart_after;
  }
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

void add_validate_command(CLI::App& app, Commands& commands) {
  struct Options {
    std::string spec_file, format;
  };
  auto options = std::make_shared<Options>();
  auto* validate = app.add_subcommand("validate", "validate a spec and print what it asks for");
  validate->add_option("spec", options->spec_file, "spec file")->required();
  add_format(*validate, options->format, commands);
  commands.add(
      validate,
      [options](const Globals& globals) {
        return cli::validate(options->spec_file, globals.given_root, parse_format(options->format),
                             std::cout);
      },
      [options] { return options->spec_file; });
}

}  // namespace puzzlegen::cli
