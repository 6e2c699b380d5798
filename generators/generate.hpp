// Generators: search an instance space for instances that meet a spec. They know families
// only through the Family interface.
//
//   exhaustive  DFS over the family's instance space (lexicographic value order), symmetry
//               broken by the family and duplicates removed by canonical keys; exhausting the
//               space proves optima and non-existence.
//   search      the same space with a seeded random value order: finds varied instances
//               early; also complete, so it proves too when it runs out.
//   random      seeded uniform sampling of the family's instances, filtered; never proves.
//   classes     one instance per class, grown step by step as the family declares
//               (Classes::growth, framework/classes.hpp): the cost follows the number of
//               classes, not of instances, and nothing is remembered across classes.
//   minimal     minimal unique puzzles from clued solutions (families with clues); never proves.
//   local       local search: seeded walkers moving clues (or the family's own moves) towards
//               the spec's bounds (local.hpp); the walkers are the subproblems; never proves.
//   given       the spec names one instance (`given: FILE`): judge just that one.
//
// The tree strategies split the space into subproblems (subproblems.hpp). Threads pull them
// from a queue and judge what they find; instances are emitted in subproblem order, so the
// output does not depend on the number of threads. A shard searches only its own share of the
// subproblems (`puzzlegen merge` combines shards).
//
// With an objective the run is branch-and-bound: only strictly better instances are emitted,
// the best value so far (shared by the threads) caps the nested counts, and a measure's bound
// is posted on every subproblem searched after it improved. Which improving instances are
// printed on the way may depend on timing; the optimum, the number of instances reaching it
// and whether it is proven do not.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "judge.hpp"
#include "results.hpp"

namespace puzzlegen {

// Which part of the run this process does: shard `shard` of `shards` (1-based).
struct Split {
  unsigned shard = 1;
  unsigned shards = 1;
};

// Called for each emitted instance, in order and one call at a time. The instance stays valid
// after the call (callers may keep it). `subproblem`: the index of the subproblem it was found
// in (0 for strategies without subproblems); `prepared`: what PrepareFn returned for it.
using EmitFn = std::function<void(const InstancePtr&, const Evaluation&, std::size_t subproblem,
                                  const std::string& prepared)>;
// Optional: called by the worker that accepted an instance, concurrently with other workers,
// to do the costly part of printing it (formatting a record) outside the ordered emission.
using PrepareFn =
    std::function<std::string(const InstancePtr&, const Evaluation&, std::size_t subproblem)>;
using ProgressFn = std::function<void(const RunSummary&)>;

// Which strategy "auto" means for this spec.
std::string resolve_strategy(const Spec& spec);

// `progress` is called about once a second, never concurrently.
RunSummary generate(const Spec& spec, const EmitFn& emit, const ProgressFn& progress = nullptr,
                    const Split& split = {}, const PrepareFn& prepare = nullptr);

}  // namespace puzzlegen
