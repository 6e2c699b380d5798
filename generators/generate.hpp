// Generators: search an instance space for instances that meet a spec. They know families
// only through the Family interface.
//
//   exhaustive  DFS over the family's instance space (lexicographic value order), symmetry
//               broken by the family and duplicates removed by canonical keys; exhausting the
//               space proves optima and non-existence.
//   search      the same space with a seeded random value order: finds varied instances
//               early; also complete, so it proves too when it runs out.
//   random      seeded uniform sampling of the family's instances, filtered; never proves.
//   given       the spec names one instance (`given: FILE`): judge just that one.
//
// With an objective the run is branch-and-bound: only strictly better instances are emitted,
// and the best value so far caps the nested counts.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "judge.hpp"

namespace puzzlegen {

struct RunSummary {
  std::string strategy;
  std::uint64_t instances = 0;  // emitted
  std::uint64_t explored = 0;   // candidate instances judged
  bool exhausted = false;       // the whole instance space was searched
  bool proven = false;          // exhausted, and no count was cut short by a limit
  std::optional<std::uint64_t> best;
  // With an objective: how many instances (distinct up to symmetry) reach `best`; complete
  // only when the space was exhausted.
  std::uint64_t optimal_instances = 0;
  std::shared_ptr<const Instance> witness;  // the last emitted instance (the best, if any)
  // Strategy "given": why the instance was rejected, with the counts that decided it.
  std::vector<std::string> given_failed;
  StopReason stopped = StopReason::none;
};

// The instance stays valid after the call (callers may keep it).
using EmitFn = std::function<void(const InstancePtr&, const Evaluation&)>;
using ProgressFn = std::function<void(const RunSummary&)>;

// Which strategy "auto" means for this spec.
std::string resolve_strategy(const Spec& spec);

RunSummary generate(const Spec& spec, const EmitFn& emit, const ProgressFn& progress = nullptr);

}  // namespace puzzlegen
