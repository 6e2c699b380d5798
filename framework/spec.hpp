// A spec: what the generated instances and their solution sets must be like. Loaded from YAML
// and validated against the family's declared options, so a Spec that exists is well-formed.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "registry.hpp"

namespace puzzlegen {

struct Objective {
  bool minimize = true;
  std::vector<std::string> kinds;      // the objective is the sum of these kinds' counts ...
  std::optional<std::string> measure;  // ... or this measure of the instance (then no kinds)
  // `ties: all`: find every instance that reaches the optimum (the search then exhausts the
  // space); `ties: one` (the default): one optimal instance is enough, so only strict
  // improvements are judged and the run stops once the best value meets Spec::objective_bound.
  bool count_ties = false;
  std::string text() const;
};

struct GenerateOptions {
  static constexpr unsigned max_threads = 256;
  static constexpr std::size_t max_subproblems = 1000000;
  std::optional<std::uint64_t> instances = 1;  // nullopt = all
  std::string strategy = "auto";               // one of kStrategies (strategies.hpp)
  std::uint64_t seed = 1;
  std::chrono::duration<double> time_limit{60.0};  // 0 = none
  std::uint64_t node_limit = 0;
  unsigned threads = 1;
  // The instance space is split into at least this many subproblems (fewer only when the
  // space is smaller); the split, and so the answer, never depends on threads or shards.
  std::size_t subproblems = 256;
  bool joint_model = false;       // post the required kinds on the instance space (InstanceSearch)
  bool symmetry_breaking = true;  // the family's instance symmetry breaking
  // The spec's bounds (kinds and measures) and the best value so far posted on the instance
  // space or a growth, so that they prune. Off (only `verify` turns it off, to search a space
  // plainly), every candidate is judged by its counts and measures alone.
  bool prune_by_bounds = true;
  // Local search (strategy `local`): walkers, each a seeded walk of its own; the steps each
  // takes (0 = no budget: the time limit and `instances` end the run); the steps without a
  // better score after which a walker starts again from a fresh clued solution.
  static constexpr std::size_t max_walkers = 4096;
  std::size_t walkers = 4;
  std::uint64_t steps = 0;
  std::uint64_t restart_after = 1000;
};

struct Spec {
  std::string file;
  std::string sha256;  // of the spec file's bytes
  const Family* family = nullptr;
  std::string description;  // free text, printed on worksheets' answer keys
  OptionValues parameters;
  OptionValues instance;                         // constraints on the instance itself
  OptionValues solution_options;                 // count-as, modulo, ...
  std::map<std::string, Bounds> bounds;          // per kind (given, or implied by solution options)
  std::map<std::string, Bounds> measure_bounds;  // `instance: {size: {min: 8}}`
  std::optional<Objective> objective;
  GenerateOptions generate;
  // `given: FILE`: the spec asks about this one instance (path relative to the spec file).
  std::shared_ptr<const Instance> given;

  // The kind a printed puzzle asks the solver for, and the one its difficulty grades: the first
  // kind (in the family's order) the spec requires, else the first it constrains, else the first.
  std::string posed_kind() const;
  // Why this spec's puzzles have no difficulty (the family does not grade the posed kind).
  std::optional<std::string> ungraded() const;
  // The best value the objective could take, from the spec's bounds and the family's facts
  // (count_multiple): minimising `all-different` with `{min: 1}` where every count is a
  // multiple of 2 cannot go below 2. An instance reaching it is optimal without searching
  // further. nullopt without an objective, or maximising something unbounded.
  std::optional<Natural> objective_bound() const;
  // Kinds the spec says anything about (bounds or objective), in the family's order.
  std::vector<std::string> constrained_kinds() const;
  // Where the instance's parameters (Family::parameters_of) differ from the spec's: "n is 4,
  // the spec asks for 5". Colour names and other lists of names are compared by their number;
  // structured parameters as the family writes them.
  std::vector<std::string> parameter_mismatches(const Instance& instance) const;
  // Why the spec can never be met, from facts the family states (validate warns): instance
  // constraints no instance meets, bounds no count in this convention reaches.
  std::vector<std::string> warnings() const;
};

// A file of this name marks a folder as a tree of specs and the instance files they name (a
// project, the shipped specs/ and instances/): specs anywhere below it may name files anywhere
// below it.
inline constexpr const char* kSpecTreeMarker = ".puzzlegen-tree";

// `given_root`: the folder a spec's `given:` file must lie in (no absolute paths, no `..` or
// symbolic links out of it). Empty: the spec's tree, the nearest folder at or above the spec's
// own holding a kSpecTreeMarker file, else the spec's own folder. It never depends on the
// working directory (a spec read from standard input lies there), so a spec gives the same
// answer from anywhere, and a spec received from someone cannot make puzzlegen read, and print
// parts of, a file outside its tree.
Spec load_spec(const std::string& path, const Registry& registry,
               const std::string& given_root = "");
Spec parse_spec(const std::string& text, const std::string& file, const Registry& registry,
                const std::string& given_root = "");

std::string sha256_hex(const std::string& bytes);

}  // namespace puzzlegen
