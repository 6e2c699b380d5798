#include "collect.hpp"

#include <chrono>
#include <set>
#include <vector>

#include "strategies.hpp"

namespace puzzlegen {

Collection collect_distinct(const Spec& spec, std::size_t count,
                            const std::function<void(const InstancePtr&, const Evaluation&,
                                                     std::optional<std::uint64_t>)>& take) {
  const std::string strategy = resolve_strategy(spec);
  Collection out;
  out.own_seeds = !spec.objective && (strategy == "search" || draws_instances(strategy));
  if (out.own_seeds) {
    const bool limited = spec.generate.time_limit.count() > 0;  // 0: no limit
    const auto deadline =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(spec.generate.time_limit);
    Spec one = spec;
    one.generate.instances = 1;
    std::set<std::vector<int>> seen;
    const std::size_t attempts = 10 * count;
    for (std::size_t attempt = 0; out.found < count; ++attempt) {
      if (attempt == attempts) {
        out.shortfall = "seeds " + std::to_string(spec.generate.seed) + " to " +
                        std::to_string(spec.generate.seed + attempts - 1) +
                        " gave no more distinct puzzles: the spec may admit only a few";
        break;
      }
      one.generate.seed = spec.generate.seed + attempt;
      if (limited) {
        one.generate.time_limit = deadline - Clock::now();
        if (one.generate.time_limit.count() <= 0) {
          out.shortfall = "the time limit ran out: try a longer --time-limit";
          break;
        }
      }
      InstancePtr found;
      Evaluation evaluation;
      const RunSummary s = generate(one, [&](const InstancePtr& instance, const Evaluation& e,
                                             std::size_t, const std::string&) {
        found = instance;
        evaluation = e;
      });
      if (!found) {
        out.proven_short = s.proven;
        out.shortfall = s.proven ? "no instance meets the spec (proven)"
                                 : "the search stopped (" + to_string(s.stopped) +
                                       "): try a longer --time-limit";
        break;
      }
      if (!seen.insert(found->canonical_key()).second) continue;
      ++out.found;
      take(found, evaluation, one.generate.seed);
    }
    return out;
  }
  Spec all = spec;
  all.generate.instances = count;
  const RunSummary s = generate(
      all, [&](const InstancePtr& instance, const Evaluation& e, std::size_t, const std::string&) {
        ++out.found;
        take(instance, e, std::nullopt);
      });
  if (out.found < count) {
    out.proven_short = s.proven;
    out.shortfall =
        s.proven ? "the spec admits no more (proven)"
                 : "the search stopped (" + to_string(s.stopped) + "): try a longer --time-limit";
  }
  return out;
}

}  // namespace puzzlegen
