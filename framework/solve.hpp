// Gecode search wrappers shared by every family and generator: first solution, counting with
// a cap (the result says whether it is exact or only "at least"), enumeration, and the limits
// that always apply (a deadline, a node limit, Ctrl-C).
#pragma once

#include <gecode/search.hh>

#include "natural.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace puzzlegen {

using Clock = std::chrono::steady_clock;

// `cancelled`: the run stopped this search because it no longer needs it (another worker
// already has what the run asked for); never a reason printed as the run's own.
enum class StopReason { none, time_limit, node_limit, interrupted, cancelled };
std::string to_string(StopReason reason);

struct Limits {
  std::optional<Clock::time_point> deadline;  // absolute, so nested searches share one budget
  std::uint64_t node_limit = 0;               // per search call; 0 = none
  unsigned threads = 1;
  // Set by the run that owns this search when it no longer needs it; nullptr = never.
  const std::atomic<bool>* cancelled = nullptr;
  // A difficulty level (difficulty.hpp) a grade need not look past: grading stops once the
  // level is known to be above it and says "at least" the level found. 0: grade fully.
  int level_ceiling = 0;

  static Limits within(std::chrono::duration<double> time_limit, std::uint64_t nodes = 0,
                       unsigned threads = 1);
  bool expired() const { return stop_reason() != StopReason::none; }
  // Why a search under these limits must stop now (the node limit aside), or none.
  StopReason stop_reason() const;
};

// Set by SIGINT, SIGTERM and SIGHUP (see install_interrupt_handler); every search polls it.
std::atomic<bool>& interrupt_flag();
void install_interrupt_handler();

// A Gecode stop object enforcing Limits and the interrupt flag; remembers why it stopped.
class LimitStop : public Gecode::Search::Stop {
 public:
  explicit LimitStop(const Limits& limits) : limits_(limits) {}
  bool stop(const Gecode::Search::Statistics& s, const Gecode::Search::Options& o) override;
  StopReason reason() const { return reason_; }

 private:
  Limits limits_;
  StopReason reason_ = StopReason::none;
};

// A solution count: exact, or a lower bound when the cap or a limit cut the search short.
struct Count {
  Natural value = 0;
  bool exact = true;
  StopReason stopped = StopReason::none;  // set when a limit (not the cap) ended counting

  std::string text() const;  // "8" or "at least 8"
};

// Solutions of a puzzle made of some of a full puzzle's clues besides the full puzzle's own
// (Clues::other_solutions), each told by the clues it agrees with.
struct OtherSolutions {
  bool decided = true;  // false: a limit cut the search short, and nothing else is known
  // agrees[c]: the solution gives clue c of the full puzzle its value. None: the full puzzle's
  // solution is the puzzle's only one.
  std::vector<std::vector<bool>> found;
};

struct SearchStats {
  std::uint64_t nodes = 0;
  std::uint64_t failures = 0;
  StopReason stopped = StopReason::none;
  bool exhausted() const { return stopped == StopReason::none; }
};

Gecode::Search::Options search_options(LimitStop& stop, unsigned threads);

namespace detail {
// The search behind both enumerate()s: on `root` itself when `owned` (the engine deletes it),
// else on a clone of it.
template <class S>
SearchStats enumerate(S* root, bool owned, const Limits& limits,
                      const std::function<bool(S&)>& visit, unsigned commit_distance = 0) {
  LimitStop stop(limits);
  // Parallel engines leak unconsumed solutions in Gecode 6.2 (upstream issue 156), so a search
  // that may end early runs sequentially.
  Gecode::Search::Options options = search_options(stop, 1);
  options.clone = !owned;
  if (commit_distance != 0) options.c_d = commit_distance;
  Gecode::DFS<S> engine(root, options);
  SearchStats stats;
  bool declined = false;
  while (std::unique_ptr<S> solution{engine.next()}) {
    if (!visit(*solution)) {
      declined = true;
      break;
    }
  }
  stats.nodes = engine.statistics().node;
  stats.failures = engine.statistics().fail;
  if (!declined && engine.stopped()) stats.stopped = stop.reason();
  return stats;
}
}  // namespace detail

// Visits solutions in DFS order until `visit` returns false, the space is exhausted or a limit
// stops the search. `visit` receives each solution space (owned by the caller of visit only
// for the duration of the call). Returns statistics; stopped == none and the visitor never
// declining means the space was exhausted.
template <class S>
SearchStats enumerate(S& root, const Limits& limits, const std::function<bool(S&)>& visit) {
  return detail::enumerate(&root, false, limits, visit);
}

// The same for a search expected to go straight down (a seeded draw, which starts again rather
// than backtrack far): the engine clones a space every `commit_distance` levels rather than
// Gecode's 8, since on a big model (a 30x30 Nonogram: 900 levels) the clones cost more than
// the rare recomputation.
template <class S>
SearchStats descend(S& root, const Limits& limits, const std::function<bool(S&)>& visit,
                    unsigned commit_distance) {
  return detail::enumerate(&root, false, limits, visit, commit_distance);
}

// The same on a root searched once: the engine takes it rather than a copy of it (a copy of a
// big space per search is measurable where searches are many and small).
template <class S>
SearchStats enumerate(std::unique_ptr<S> root, const Limits& limits,
                      const std::function<bool(S&)>& visit) {
  return detail::enumerate(root.release(), true, limits, visit);
}

// The cores this process may run on: its CPU affinity, and its cgroup's CPU quota when it has
// one (a container or a Slurm job step given fewer CPUs than the machine has). At least 1.
unsigned usable_cores();

// Counts solutions, each weighted by weight(solution) (1 for a plain count), stopping as soon
// as the total reaches `cap` (0 = no cap). With no cap, counting may use several threads: at
// most the usable cores (more only add hand-offs), and only after a search of
// `kAloneNodes` nodes on one thread did not finish (starting the threads costs more than a
// small search: the classical Instant Insanity puzzle took 0.6 s on 64 threads, 0.003 s on 1).
inline constexpr std::uint64_t kAloneNodes = 20000;
template <class S>
Count count_solutions(S& root, std::uint64_t cap, const Limits& limits,
                      const std::function<Natural(const S&)>& weight = nullptr) {
  const unsigned threads = std::min(limits.threads, usable_cores());
  if (cap == 0 && threads > 1 && (limits.node_limit == 0 || limits.node_limit > kAloneNodes)) {
    Limits alone = limits;
    alone.node_limit = kAloneNodes;
    alone.threads = 1;
    Count quick = count_solutions(root, cap, alone, weight);
    if (quick.exact || quick.stopped != StopReason::node_limit) return quick;
    Count result;
    LimitStop stop(limits);
    Gecode::DFS<S> engine(&root, search_options(stop, threads));
    while (std::unique_ptr<S> solution{engine.next()})
      result.value += weight ? weight(*solution) : 1;
    if (engine.stopped()) {
      result.exact = false;
      result.stopped = stop.reason();
    }
    return result;
  }
  Count result;
  bool capped = false;
  const SearchStats stats = enumerate<S>(root, limits, [&](S& solution) {
    result.value += weight ? weight(solution) : 1;
    capped = cap != 0 && result.value >= cap;
    return !capped;
  });
  if (capped || !stats.exhausted()) result.exact = false;
  result.stopped = stats.stopped;
  return result;
}

// The first solution, or nullptr; `stats` says whether the space was exhausted without one.
template <class S>
std::unique_ptr<S> first_solution(S& root, const Limits& limits, SearchStats* stats = nullptr) {
  std::unique_ptr<S> found;
  const SearchStats s = enumerate<S>(root, limits, [&](S& solution) {
    found.reset(static_cast<S*>(solution.clone()));
    return false;
  });
  if (stats) *stats = s;
  return found;
}

}  // namespace puzzlegen
