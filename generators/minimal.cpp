#include "minimal.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>

#include "difficulty.hpp"
#include "grid/model.hpp"
#include "local.hpp"

namespace puzzlegen {

std::optional<std::string> unique_kind_of(const Spec& spec) {
  for (const auto& [kind, bounds] : spec.bounds)
    if (bounds.min == 1 && bounds.max == 1) return kind;
  return std::nullopt;
}

bool has_one_solution(const Spec& spec, const Instance& puzzle, const std::string& kind,
                      const Limits& limits) {
  const Count count = spec.family->count(puzzle, kind, spec.solution_options, 2, limits);
  return count.exact && count.value == 1;
}

std::optional<std::vector<bool>> minimal_clues_of(const Spec& spec, const Clues& clues,
                                                  const CluedSolution& drawn,
                                                  const std::string& kind, const Limits& limits,
                                                  Rng& rng, bool within_clue_ceiling) {
  std::vector<bool> kept(drawn.clues, false);
  // Other solutions found so far, each as the clues it agrees with: adding clues only removes
  // solutions, so while one that differs from the drawn solution (a clue it breaks), or two,
  // agree with every clue added since, the puzzle is known not to be unique without a search.
  std::vector<std::vector<bool>> others;
  const auto set = [&](int clue, bool on) {
    const auto c = static_cast<std::size_t>(clue);
    kept[c] = on;
    if (on) std::erase_if(others, [&](const std::vector<bool>& agrees) { return !agrees[c]; });
  };
  const auto known_not_unique = [&] {
    return others.size() >= 2 ||
           std::any_of(others.begin(), others.end(), [](const std::vector<bool>& agrees) {
             return std::find(agrees.begin(), agrees.end(), false) != agrees.end();
           });
  };
  // Clues are taken back only from a unique puzzle, unless every clue was given and it still
  // was not: then a taken-back clue tells nothing, and the question is asked whole.
  bool given_unique = false;
  // Where the spec caps the difficulty, a clue stays away only while the puzzle stays within
  // the cap too, and clues are added until it is: the puzzle is minimal for its level.
  // A cap at extreme caps nothing; one on search nodes is a cap within extreme.
  const int cap = level_cap(spec);
  const auto nodes = spec.measure_bounds.find(kSearchNodes);
  const bool capped = (cap > 0 && cap < Grade::extreme) ||
                      (nodes != spec.measure_bounds.end() && nodes->second.max);
  // At easy, a puzzle within the cap is solved by propagation alone, so it has one solution
  // (its clues are the drawn solution's): the cap alone is asked, with no count, as a grade
  // capped at easy costs about one propagation. Capped higher, a grade probes, which costs more
  // than asking for other solutions: the count comes first and the grade only for a unique one.
  const bool cap_decides = cap == Grade::easy;
  const auto within_cap = [&] {
    if (!capped) return true;
    const auto past = difficulty_distance(spec, *clues.with_clues(*drawn.full, kept), limits, true);
    return past && *past == 0;  // a grade cut short: the caller sees the limit
  };
  const auto unique = [&](int taken_back) {
    if (cap_decides) return within_cap();
    if (known_not_unique()) return false;
    if (!given_unique) taken_back = -1;
    if (const auto found = clues.other_solutions(*drawn.full, kept, taken_back, kind,
                                                 spec.solution_options, limits)) {
      if (!found->decided) return false;  // the caller sees the limit and drops the puzzle
      others = found->found;
      given_unique = given_unique || (taken_back < 0 && others.empty());
      return others.empty() && within_cap();
    }
    const bool one = has_one_solution(spec, *clues.with_clues(*drawn.full, kept), kind, limits);
    given_unique = given_unique || (taken_back < 0 && one);
    return one && within_cap();
  };
  if (capped) {
    // A puzzle over the cap with every clue given is over it with fewer (sgt-mosaic draws
    // another picture in this case).
    kept.assign(drawn.clues, true);
    if (!within_cap()) return std::nullopt;
    kept.assign(drawn.clues, false);
  }
  // The clues to add are found by bisection (the same clues, as uniqueness and grades are
  // monotone in them: 300 minimal 9x9 Sudokus asked 1,965 questions adding clues rather than
  // 7,208, the whole in about 40% of the time). A spec's bounds on the clues given, where the
  // family names the measure counting them: a floor, and (for printed puzzles, not walks'
  // starting points) a ceiling past which the puzzle is dropped once it is known to need more.
  grid::ClueSearch search{.bisect = true};
  const auto bounds = spec.measure_bounds.find(clues.clue_measure());
  if (bounds != spec.measure_bounds.end()) {
    search.least = grid::least_clues(spec.measure_bounds, bounds->first);
    if (bounds->second.max && within_clue_ceiling)
      search.most = static_cast<int>(std::min<std::uint64_t>(*bounds->second.max, INT_MAX));
  }
  const auto given = grid::minimal_clues(static_cast<int>(drawn.clues), set,
                                         std::function<bool(int)>(unique), rng, search);
  if (!given) return std::nullopt;
  return kept;
}

}  // namespace puzzlegen
