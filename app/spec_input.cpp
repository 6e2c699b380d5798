// Specs as the commands read them: with a given root and the command line's
// overrides of their `generate:` section.
#include <tuple>

#include "commands.hpp"
#include "families.hpp"

namespace puzzlegen::cli {

Spec read_spec(const std::string& spec_file, const std::string& given_root) {
  return load_spec(spec_file, families(), given_root);
}

Spec load_spec_with(const std::string& spec_file, const SpecOverrides& overrides,
                    const std::string& given_root) {
  Spec spec = read_spec(spec_file, given_root);
  const SourceLocation cmd{"command line", 0, 0};
  if (overrides.instances) {
    if (*overrides.instances == "all")
      spec.generate.instances.reset();
    else
      spec.generate.instances = parse_integer(*overrides.instances, cmd, "--instances", 1, kNoMost,
                                              "a number of instances");
  }
  if (overrides.seed) spec.generate.seed = *overrides.seed;
  if (overrides.strategy) spec.generate.strategy = *overrides.strategy;
  if (overrides.time_limit)
    spec.generate.time_limit = parse_duration(*overrides.time_limit, cmd, "--time-limit");
  if (overrides.node_limit) spec.generate.node_limit = *overrides.node_limit;
  if (overrides.threads) spec.generate.threads = *overrides.threads;
  if (overrides.subproblems) spec.generate.subproblems = *overrides.subproblems;
  if (overrides.walkers) spec.generate.walkers = *overrides.walkers;
  if (overrides.steps) spec.generate.steps = *overrides.steps;
  if (overrides.restart_after) spec.generate.restart_after = *overrides.restart_after;
  for (auto [flag, given, target] :
       {std::tuple{"--joint-model", &overrides.joint_model, &spec.generate.joint_model},
        std::tuple{"--symmetry-breaking", &overrides.symmetry_breaking,
                   &spec.generate.symmetry_breaking}})
    if (*given)
      *target = std::get<bool>(
          parse_option_text(OptionInfo::boolean(flag + 2, "", false), **given, cmd, flag));
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

}  // namespace puzzlegen::cli
