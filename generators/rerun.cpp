#include "rerun.hpp"

#include <mutex>

#include "classes.hpp"
#include "generate.hpp"

namespace puzzlegen {

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
  Rerun out;
  const bool walked = strategy == "classes";
  if (!walked && spec.family->growth(spec.parameters, spec.instance)) {
    again.generate.strategy = "classes";
    out.how = "a walk of the classes (canonical augmentation) instead of the tree search";
  } else {
    again.generate.strategy = "exhaustive";
    again.generate.symmetry_breaking = false;
    out.how = std::string("an exhaustive search without the family's symmetry breaking") +
              (walked ? " instead of the class walk" : "");
  }
  if (limits.deadline) {
    const auto left = std::chrono::duration<double>(*limits.deadline - Clock::now());
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

}  // namespace puzzlegen
