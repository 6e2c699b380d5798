// Judging one instance against a spec: instance constraints, capped counts per kind, bounds,
// objective. Shared by every generator and by `puzzlegen check`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "spec.hpp"

namespace puzzlegen {

struct Evaluation {
  bool instance_ok = true;                            // the spec's instance constraints hold
  std::vector<std::pair<std::string, Count>> counts;  // constrained kinds, in family order
  std::vector<std::string> failed;                    // human-readable reasons it fails
  bool undecided = false;            // a limit cut a count short before the bounds were decided
  std::optional<Natural> objective;  // exact value, when the spec has an objective
  // For an accepted instance: how many instances its class stands for (Instance::class_size),
  // measured once with the judgement.
  std::optional<Natural> class_size;
  // The grade of the spec's posed kind, when the spec bounds its difficulty.
  std::optional<Grade> grade;
  // Its grade by propagation and probing, when the spec bounds `propagation-difficulty`.
  std::optional<Grade> propagation_grade;

  bool accepted() const { return instance_ok && failed.empty() && !undecided; }
};

// `objective_cap`: for a minimised objective, the best value so far; counting stops once the
// sum reaches it (the instance cannot improve). 0 = count exactly.
Evaluation judge(const Spec& spec, const Instance& instance, const Limits& limits,
                 const Natural& objective_cap = 0);

// A count that stopped at the cap its bounds needed, counted again to the end for reporting
// (a given instance's counts, an answer key); kept as it was if the recount is cut short.
Count recount_exactly(const Family& family, const Instance& instance, const std::string& kind,
                      const OptionValues& options, const Count& capped, const Limits& limits);

// Counts of every kind of the family (not only the constrained ones) for reporting.
std::vector<std::pair<std::string, Count>> count_all_kinds(const Family& family,
                                                           const Instance& instance,
                                                           const OptionValues& options,
                                                           std::uint64_t cap, const Limits& limits);

// Every counting convention of a family: the cartesian product of its solution options that
// are choices (count-as x modulo x ...), in declaration order.
std::vector<OptionValues> every_convention(const Family& family);

}  // namespace puzzlegen
