#include "rerun.hpp"

#include <mutex>

#include "classes.hpp"
#include "generate.hpp"

namespace puzzlegen {

namespace {

// One search of the whole space: `again` (strategy, symmetry breaking set) until `deadline`.
Rerun search_until(Spec again, std::string how, std::optional<Clock::time_point> deadline) {
  Rerun out;
  out.how = std::move(how);
  if (deadline) {
    const auto left = std::chrono::duration<double>(*deadline - Clock::now());
    if (left.count() <= 0) {
      out.why_not = "no time left (--time-limit)";
      return out;
    }
    again.generate.time_limit = left;
  }
  std::mutex mutex;
  const auto started = Clock::now();
  const RunSummary summary = generate(again, [&](const InstancePtr& instance, const Evaluation& e,
                                                 std::size_t, const std::string&) {
    std::lock_guard lock(mutex);
    out.found.emplace(instance->canonical_key(), e.objective);
  });
  out.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  if (again.objective) {
    // Only the instances that improved were emitted; the ties of the best are the summary's.
    out.found.clear();
    for (const auto& key : summary.optimal_keys) out.found.emplace(key, summary.best);
  }
  out.finished = summary.exhausted && summary.proven;
  if (!out.finished)
    out.why_not = "stopped by " + to_string(summary.stopped) + " after " +
                  std::to_string(summary.explored) + " candidates (--time-limit)";
  return out;
}

}  // namespace

std::optional<Rerun> search_again(const Spec& spec, const std::string& strategy,
                                  const Limits& limits, unsigned threads) {
  if (spec.given) return std::nullopt;
  Spec again = spec;
  again.generate.instances = std::nullopt;
  again.generate.threads = std::max(1u, std::min(threads, GenerateOptions::max_threads));
  again.generate.node_limit = 0;
  again.generate.joint_model = false;
  // Every tie is kept, so that the search runs to the end of the space (no early stop at a
  // bound, which is the claim being checked).
  if (again.objective) again.objective->count_ties = true;

  // The ways to search again, most independent of the first run first. Each is tried plainly
  // before it is tried with the spec's bounds pruning: no bound compiled into the space and no
  // best value posted, so that a wrong encoding of a bound or a wrong propagator for one shows.
  struct Way {
    Spec spec;
    std::string how;
  };
  std::vector<Way> ways;
  const auto both = [&](Spec way, const std::string& how) {
    Spec plain = way;
    plain.generate.prune_by_bounds = false;
    ways.push_back({std::move(plain), how + ", plainly (no bound of the spec pruning the space)"});
    ways.push_back({std::move(way), how + ", the spec's bounds pruning the space"});
  };
  const bool walked = strategy == "classes";
  if (!walked && spec.family->classes() &&
      spec.family->classes()->growth(spec.parameters, spec.instance, InstanceSearch{})) {
    again.generate.strategy = "classes";
    both(again, "a walk of the classes (canonical augmentation) instead of the tree search");
  } else {
    again.generate.strategy = "exhaustive";
    again.generate.symmetry_breaking = false;
    both(again, std::string("an exhaustive search without the family's symmetry breaking") +
                    (walked ? " instead of the class walk" : ""));
    // A walk's result, where a space is too large to search whole (Eight Blocks' rarely is
    // small enough): the tree search with the family's symmetry breaking, whose lex-leader
    // constraints are another argument than the walk's canonical augmentation, so that a wrong
    // one of either still shows as a different answer.
    if (walked) {
      again.generate.symmetry_breaking = true;
      ways.push_back({again,
                      "the exhaustive tree search with the family's symmetry breaking "
                      "(lex-leader constraints, another argument than the walk's canonical "
                      "augmentation) instead of the class walk"});
    }
  }
  // Each way but the last has half the time left; the first to end answers.
  std::string tried;
  double seconds = 0;
  for (std::size_t w = 0; w < ways.size(); ++w) {
    const bool last = w + 1 == ways.size();
    std::optional<Clock::time_point> deadline = limits.deadline;
    if (deadline && !last) deadline = Clock::now() + (*deadline - Clock::now()) / 2;
    Rerun rerun = search_until(ways[w].spec, ways[w].how, deadline);
    seconds += rerun.seconds;
    if (rerun.finished || last) {
      rerun.seconds = seconds;
      if (!tried.empty()) rerun.how += " (" + tried + ")";
      return rerun;
    }
    tried += (tried.empty() ? "" : "; ") + ways[w].how + " having " + rerun.why_not;
  }
  return std::nullopt;  // not reached: the last way answers
}

}  // namespace puzzlegen
