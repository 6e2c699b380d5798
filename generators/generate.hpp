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

namespace puzzlegen {

// Which part of the run this process does: shard `shard` of `shards` (1-based).
struct Split {
  unsigned shard = 1;
  unsigned shards = 1;
};

struct RunSummary {
  std::string strategy;
  std::uint64_t nodes = 0;           // instance-search nodes, the split included
  std::uint64_t nodes_so_far = 0;    // for progress reports, while the run goes on
  std::size_t subproblems = 0;       // in the whole decomposition
  std::size_t subproblems_mine = 0;  // this shard's share
  std::size_t subproblems_done = 0;  // of this shard's, searched to the end
  double slowest_subproblem = 0;     // seconds: with the mean, how well the load balances
  double mean_subproblem = 0;
  // With an objective of counts: the canonical keys of the instances reaching `best`, so that
  // shards' ties can be merged without counting one instance twice.
  std::vector<std::vector<int>> optimal_keys;
  std::vector<std::optional<Natural>> optimal_class_sizes;  // of each optimal key
  std::uint64_t instances = 0;                              // emitted
  // The instances the emitted classes stand for (the sum of their class sizes), and the same
  // for `optimal_instances`; nullopt where a class size is not known.
  std::optional<Natural> instances_in_classes = Natural(0);
  std::optional<Natural> optimal_instances_in_classes;
  std::uint64_t explored = 0;  // candidate instances judged
  bool exhausted = false;      // the whole instance space was searched
  bool proven = false;         // exhausted, and no count was cut short by a limit
  std::optional<Natural> best;
  // With an objective: how many instances (distinct up to symmetry) reach `best`; complete
  // only when the space was exhausted.
  std::uint64_t optimal_instances = 0;
  std::shared_ptr<const Instance> witness;  // the last emitted instance (the best, if any)
  // Strategy "given": why the instance was rejected, with the counts that decided it.
  std::vector<std::string> given_failed;
  StopReason stopped = StopReason::none;
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
