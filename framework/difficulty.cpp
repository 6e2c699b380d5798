#include "difficulty.hpp"

#include <algorithm>
#include <memory>
#include <utility>

namespace puzzlegen {

namespace {

bool decided(const GradedSpace& space) {
  const Gecode::IntVarArgs x = space.decisions();
  return std::all_of(x.begin(), x.end(), [](const Gecode::IntVar& v) { return v.assigned(); });
}

std::unique_ptr<GradedSpace> clone_of(GradedSpace& space) {
  return std::unique_ptr<GradedSpace>(static_cast<GradedSpace*>(space.clone()));
}

// One round of probing on `space` (at a fixpoint, not failed): the (decision, value) pairs
// whose trial fails by propagation alone. nullopt: a limit stopped the round.
std::optional<std::vector<std::pair<int, int>>> failed_trials(GradedSpace& space,
                                                              const Limits& limits,
                                                              std::uint64_t& probes) {
  // Probing is polynomial; only the limits that end the whole run apply to it.
  std::vector<std::pair<int, int>> out;
  const Gecode::IntVarArgs x = space.decisions();
  for (int i = 0; i < x.size(); ++i) {
    if (x[i].assigned()) continue;
    for (Gecode::IntVarValues v(x[i]); v(); ++v) {
      if (limits.expired()) return std::nullopt;
      ++probes;
      const auto trial = clone_of(space);
      Gecode::rel(*trial, trial->decisions()[i], Gecode::IRT_EQ, v.val());
      if (trial->status() == Gecode::SS_FAILED) out.emplace_back(i, v.val());
    }
  }
  return out;
}

}  // namespace

Grade grade(GradedSpace& root, const Limits& limits, std::uint64_t search_node_limit) {
  Grade g;
  if (root.status() == Gecode::SS_FAILED) {  // no solution, and propagation shows it
    g.level = Grade::easy;
    g.solvable = false;
    return g;
  }
  const auto space = clone_of(root);
  if (decided(*space)) {
    g.level = Grade::easy;
    return g;
  }
  while (true) {
    const auto failed = failed_trials(*space, limits, g.probes);
    if (!failed) {  // the level is at least what probing has not yet reached
      g.level = g.rounds == 0 ? Grade::medium : Grade::hard;
      g.stopped = limits.stop_reason();
      return g;
    }
    if (failed->empty()) break;  // probing stalls
    ++g.rounds;
    const Gecode::IntVarArgs x = space->decisions();
    for (const auto& [i, value] : *failed) Gecode::rel(*space, x[i], Gecode::IRT_NQ, value);
    if (space->status() == Gecode::SS_FAILED) {
      g.level = g.rounds == 1 ? Grade::medium : Grade::hard;
      g.solvable = false;
      return g;
    }
    if (decided(*space)) {
      g.level = g.rounds == 1 ? Grade::medium : Grade::hard;
      return g;
    }
  }
  g.level = Grade::extreme;
  Limits search = limits;
  search.node_limit = search_node_limit;
  SearchStats stats;
  const auto solution = first_solution<GradedSpace>(*space, search, &stats);
  g.search_nodes.value = stats.nodes;
  g.solvable = solution != nullptr || !stats.exhausted();
  if (!solution && !stats.exhausted()) {
    g.search_nodes.exact = false;
    g.search_nodes.stopped = stats.stopped;
  }
  return g;
}

const std::vector<std::string>& difficulty_levels() {
  static const std::vector<std::string> names{"easy", "medium", "hard", "extreme"};
  return names;
}

std::optional<int> difficulty_level(const std::string& name) {
  const auto& names = difficulty_levels();
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) return std::nullopt;
  return static_cast<int>(it - names.begin()) + 1;
}

std::string Grade::name() const {
  return difficulty_levels().at(static_cast<std::size_t>(level - 1));
}

std::string Grade::text() const {
  std::string how;
  if (!reasoning.empty())
    how = level != extreme ? reasoning : reasoning + "; search: " + search_nodes.text() + " nodes";
  else if (level == easy)
    how = "propagation alone";
  else if (level != extreme)
    how = "propagation and " +
          (rounds == 1 ? std::string("one round") : std::to_string(rounds) + " rounds") +
          " of probing";
  else
    how = "probing stalls; search: " + search_nodes.text() + " nodes";
  return name() + " (" + how + (solvable ? "" : ", no solution") +
         (stopped == StopReason::none ? "" : ", at least: cut short") + ")";
}

bool is_difficulty_measure(const std::string& name) {
  return name == kDifficulty || name == kSearchNodes || name == kPropagationDifficulty;
}

Count difficulty_measure(const Grade& grade, const std::string& name) {
  if (name == kSearchNodes) return grade.search_nodes;
  return Count{grade.level, grade.stopped == StopReason::none, grade.stopped};
}

}  // namespace puzzlegen
