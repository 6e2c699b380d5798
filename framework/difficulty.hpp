// Difficulty: how much reasoning one fixed procedure needs to solve a puzzle, the same for every
// family. A family hands over its solving model (a GradedSpace: its propagators, its brancher and
// the decisions a solver fills in) and grade() replays, from the weakest technique up:
//   1 easy      propagation at the root decides every decision;
//   2 medium    one round of probing does: each remaining value of each undecided decision is
//               tried on its own, and the values whose trial fails at once are ruled out;
//   3 hard      several rounds of probing do (what one round rules out makes the next fail);
//   4 extreme   probing stalls, so a solver must guess: search, whose nodes are counted.
// A ladder of human techniques (Grading::reasoned_grade) may order its extreme puzzles further
// (Grade::rank): by the what-ifs they need, then by the guesses of trial and error.
// All trials of a round start from the same state, so the grade does not depend on the order
// of the decisions. A puzzle with several solutions (or none) always needs search.
#pragma once

#include <gecode/int.hh>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "solve.hpp"

namespace puzzlegen {

// A family's model of one instance's solutions, with its brancher posted.
class GradedSpace : public Gecode::Space {
 public:
  GradedSpace() = default;
  GradedSpace(GradedSpace& other) : Gecode::Space(other) {}
  // The variables a solver decides (a grid's cells, a tower's sides), whose values are probed.
  virtual Gecode::IntVarArgs decisions() const = 0;
};

struct Grade {
  static constexpr int easy = 1, medium = 2, hard = 3, extreme = 4;
  int level = extreme;
  unsigned rounds = 0;       // probing rounds that ruled something out
  std::uint64_t probes = 0;  // values tried
  // Nodes of the search after probing (0 when probing solves it); "at least" when a limit or
  // the search node limit cut it short.
  Count search_nodes;
  bool solvable = true;  // false when reasoning or search proved there is no solution
  // Set when a limit cut probing short: the level is then only a lower bound.
  StopReason stopped = StopReason::none;
  // Set when grading stopped at Limits::level_ceiling: the level is past it, at least `level`.
  bool past_ceiling = false;
  // A grade by a ladder of human techniques (Grading::reasoned_grade): what the puzzle needs
  // ("singles and inequalities", "the ladder stalls"); empty for propagation and probing.
  std::string reasoning;
  // With a ladder: how many deductions needed its hardest rung (`reasoning` ends "; sets 3
  // times").
  std::uint64_t hardest_uses = 0;
  // The top of a ladder whose last rung is what-ifs (ladder.hpp; the grid kit and KenKen): a
  // number supposed in a cell and the cells then left with one number filled in, until one has
  // none, which rules the number out. `what_ifs` is how many the puzzle needed (its hardest
  // rung's uses) and `longest_what_if` the most cells one of them filled in. Where what-ifs do
  // not end it either, `trial_and_error` is set: a solver must guess and back up, and the
  // search's nodes count the guesses.
  std::uint64_t what_ifs = 0;
  std::uint64_t longest_what_if = 0;
  bool trial_and_error = false;

  std::string name() const;  // "easy", ...
  std::string text() const;  // "hard (propagation and 3 rounds of probing)"
  // The level as a teacher reads it on a sheet: the name, and at the top of a ladder with
  // what-ifs what it takes: "extreme (2 what-ifs of up to 5 steps)", "extreme (trial and
  // error: 8 guesses)".
  std::string label() const;
  // The order the grade puts puzzles in, compared element by element: the level; then, within
  // extreme, trial and error after what-ifs; then the longest what-if (cells filled in) or the
  // guesses (search nodes but the first); then how many what-ifs. {level, 0, 0, 0} otherwise.
  std::array<std::uint64_t, 4> rank() const;
};

// Whether a grade that has shown its level is at least `level` may stop there, past the
// spec's cap (Limits::level_ceiling; never where there is none or it is extreme).
inline bool past_level_ceiling(const Limits& limits, int level) {
  return limits.level_ceiling > 0 && level > limits.level_ceiling;
}

// `limits` bounds the whole grade; the search part stops after `search_node_limit` nodes too.
Grade grade(GradedSpace& root, const Limits& limits, std::uint64_t search_node_limit = 1000000);

// The same replay for any space type S with a brancher posted whose decisions are
// `decisions(space)` (an IntVarArgs): a GradedSpace, or a space of another hierarchy such as a
// model family's FlatZinc space.
template <class S, class Decisions>
Grade grade_by_probing(S& root, const Decisions& decisions, const Limits& limits,
                       std::uint64_t search_node_limit = 1000000);

// The level names, easy to extreme; the level a name stands for (nullopt: not a level name).
const std::vector<std::string>& difficulty_levels();
std::optional<int> difficulty_level(const std::string& name);

// The measures every graded family has: `difficulty` (the level, 1-4), `search-nodes`, and
// `propagation-difficulty` (the level by propagation and probing of the family's model, which
// is `difficulty` where the family has no ladder of techniques; graded only when a spec bounds it).
inline constexpr const char* kDifficulty = "difficulty";
inline constexpr const char* kSearchNodes = "search-nodes";
inline constexpr const char* kPropagationDifficulty = "propagation-difficulty";
bool is_difficulty_measure(const std::string& name);
// A difficulty measure's value from a grade: the level ("at least" when probing was cut
// short) or the search nodes.
Count difficulty_measure(const Grade& grade, const std::string& name);

namespace detail {

template <class S, class Decisions>
bool decided(const S& space, const Decisions& decisions) {
  const Gecode::IntVarArgs x = decisions(space);
  return std::all_of(x.begin(), x.end(), [](const Gecode::IntVar& v) { return v.assigned(); });
}

template <class S>
std::unique_ptr<S> clone_of(const S& space) {
  return std::unique_ptr<S>(static_cast<S*>(space.clone()));
}

// One round of probing on `space` (at a fixpoint, not failed): the (decision, value) pairs
// whose trial fails by propagation alone. nullopt: a limit stopped the round.
template <class S, class Decisions>
std::optional<std::vector<std::pair<int, int>>> failed_trials(S& space, const Decisions& decisions,
                                                              const Limits& limits,
                                                              std::uint64_t& probes) {
  // Probing is polynomial; only the limits that end the whole run apply to it.
  std::vector<std::pair<int, int>> out;
  const Gecode::IntVarArgs x = decisions(space);
  for (int i = 0; i < x.size(); ++i) {
    if (x[i].assigned()) continue;
    for (Gecode::IntVarValues v(x[i]); v(); ++v) {
      if (limits.expired()) return std::nullopt;
      ++probes;
      const auto trial = clone_of(space);
      Gecode::rel(*trial, decisions(*trial)[i], Gecode::IRT_EQ, v.val());
      if (trial->status() == Gecode::SS_FAILED) out.emplace_back(i, v.val());
    }
  }
  return out;
}

}  // namespace detail

template <class S, class Decisions>
Grade grade_by_probing(S& root, const Decisions& decisions, const Limits& limits,
                       std::uint64_t search_node_limit) {
  Grade g;
  if (root.status() == Gecode::SS_FAILED) {  // no solution, and propagation shows it
    g.level = Grade::easy;
    g.solvable = false;
    return g;
  }
  const auto space = detail::clone_of(root);
  if (detail::decided(*space, decisions)) {
    g.level = Grade::easy;
    return g;
  }
  // Stops where the level is known to be at least `level`, past the ceiling.
  const auto past_ceiling = [&](int level) {
    if (!past_level_ceiling(limits, level)) return false;
    g.level = level;
    g.past_ceiling = true;
    return true;
  };
  if (past_ceiling(Grade::medium)) return g;
  while (true) {
    const auto failed = detail::failed_trials(*space, decisions, limits, g.probes);
    if (!failed) {  // the level is at least what probing has not yet reached
      g.level = g.rounds == 0 ? Grade::medium : Grade::hard;
      g.stopped = limits.stop_reason();
      return g;
    }
    if (failed->empty()) break;  // probing stalls
    ++g.rounds;
    const Gecode::IntVarArgs x = decisions(*space);
    for (const auto& [i, value] : *failed) Gecode::rel(*space, x[i], Gecode::IRT_NQ, value);
    if (space->status() == Gecode::SS_FAILED) {
      g.level = g.rounds == 1 ? Grade::medium : Grade::hard;
      g.solvable = false;
      return g;
    }
    if (detail::decided(*space, decisions)) {
      g.level = g.rounds == 1 ? Grade::medium : Grade::hard;
      return g;
    }
    if (g.rounds == 1 && past_ceiling(Grade::hard)) return g;  // one round did not decide it
  }
  if (past_ceiling(Grade::extreme)) return g;
  g.level = Grade::extreme;
  Limits search = limits;
  search.node_limit = search_node_limit;
  SearchStats stats;
  const auto solution = first_solution<S>(*space, search, &stats);
  g.search_nodes.value = stats.nodes;
  g.solvable = solution != nullptr || !stats.exhausted();
  if (!solution && !stats.exhausted()) {
    g.search_nodes.exact = false;
    g.search_nodes.stopped = stats.stopped;
  }
  return g;
}

}  // namespace puzzlegen
