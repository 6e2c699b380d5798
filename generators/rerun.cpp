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
  // Every tie is kept, so that the search runs to the end of the space (no early stop at a
  // bound, which is the claim being checked).
  if (again.objective) again.objective->count_ties = true;
  const bool walked = strategy == "classes";
  if (!walked && spec.family->growth(spec.parameters, spec.instance)) {
    again.generate.strategy = "classes";
    return search_until(again,
                        "a walk of the classes (canonical augmentation) instead of the tree search",
                        limits.deadline);
  }
  again.generate.strategy = "exhaustive";
  again.generate.symmetry_breaking = false;
  const std::string unbroken = "exhaustive search without the family's symmetry breaking";
  const std::string plain = "an " + unbroken + (walked ? " instead of the class walk" : "");
  if (!walked) return search_until(again, plain, limits.deadline);
  // A walk's result: without symmetry breaking where that ends in half the time left (a space
  // searched whole, Eight Blocks' rarely is); else the tree search with the family's
  // symmetry breaking, whose lex-leader constraints are another argument than the walk's
  // canonical augmentation, so that a wrong one of either still shows as a different answer.
  std::optional<Clock::time_point> half = limits.deadline;
  if (limits.deadline) half = Clock::now() + (*limits.deadline - Clock::now()) / 2;
  Rerun first = search_until(again, plain, half);
  if (first.finished) return first;
  again.generate.symmetry_breaking = true;
  Rerun second = search_until(
      again,
      "the exhaustive tree search with the family's symmetry breaking (lex-leader constraints, "
      "another argument than the walk's canonical augmentation) instead of the class walk, the " +
          unbroken + " having " + first.why_not,
      limits.deadline);
  second.seconds += first.seconds;
  return second;
}

}  // namespace puzzlegen
