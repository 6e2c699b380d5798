// What every ladder of techniques (Grading::reasoned_grade) shares: the words of its steps and
// grade, a top rung of what-ifs, the search that counts a guesser's nodes where it stalls, and
// each step's cells for a key's drawing (Grading::explain; render/grid.hpp marks them).
#pragma once

#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "difficulty.hpp"
#include "family.hpp"

namespace puzzlegen {

// "a", "a and b", "a, b and c" (with `conjunction` "and").
inline std::string listed(const std::vector<std::string>& items,
                          const std::string& conjunction = "and") {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " " + conjunction + " " : ", ") + items[i];
  return out;
}

// Each step's cells (or cubes: the family's parts), step 1 first.
inline std::vector<std::vector<int>> step_cells(const Explanation& explanation) {
  std::vector<std::vector<int>> out;
  for (const auto& step : explanation.steps) out.push_back(step.cells);
  return out;
}

// A ladder that solved the puzzle, its hardest rung `hardest` (0: the givens alone) used
// `uses` times: the level, `rung_words` ("singles and sets") and how often the hardest
// technique, `hardest_words` ("sets"), was needed.
inline void grade_by_ladder(Grade& g, int hardest, std::uint64_t uses,
                            const std::string& rung_words, const std::string& hardest_words) {
  g.level = hardest > 0 ? hardest : Grade::easy;
  g.reasoning = rung_words;
  g.hardest_uses = hardest > 0 ? uses : 0;
  if (hardest > 0)
    g.reasoning +=
        "; " + hardest_words + " " + std::to_string(uses) + (uses == 1 ? " time" : " times");
}

// The top rung of a ladder, what-ifs, where the rungs below stall: each number left in each
// open cell is supposed in turn, and the cells then left with one number are filled in (no other
// technique), until one has none, which rules the number out. A solver takes the what-if that
// fails soonest, the first (cell by cell, number by number) of those. `candidates(cell)` is the
// bit mask of the numbers left in an open cell (bit v - 1 for v; 0 for a placed cell), and
// `follow(cell, number, most)` the cells a what-if filled in before a cell had none, or nullopt
// where none was emptied within `most` cells.
struct WhatIf {
  int cell = -1;
  int number = 0;
  std::uint64_t filled = 0;  // cells filled in after the supposed one
};
template <class Candidates, class Follow>
std::optional<WhatIf> shortest_what_if(int cells, Candidates candidates, Follow follow) {
  std::optional<WhatIf> best;
  for (int cell = 0; cell < cells; ++cell)
    for (auto rest = candidates(cell); rest != 0; rest &= rest - 1) {
      if (best && best->filled == 0) return best;
      const int number = std::countr_zero(static_cast<std::uint32_t>(rest)) + 1;
      const std::uint64_t most = best ? best->filled - 1 : UINT64_MAX;
      if (const std::optional<std::uint64_t> filled = follow(cell, number, most))
        best = WhatIf{cell, number, *filled};
    }
  return best;
}

// A ladder that what-ifs ended: `count` of them, the longest filling in `longest` cells,
// `rung_words` the rungs ("singles, sets and what-ifs"). Call it after grade_by_search (below)
// from where the rungs below what-ifs first stalled, whose nodes stay the measure `search-nodes`.
inline void grade_by_what_ifs(Grade& g, std::uint64_t count, std::uint64_t longest,
                              const std::string& rung_words) {
  g.level = Grade::extreme;
  g.reasoning = rung_words + "; what-ifs " + std::to_string(count) +
                (count == 1 ? " time" : " times") + ", the longest " + std::to_string(longest) +
                (longest == 1 ? " step" : " steps");
  g.hardest_uses = g.what_ifs = count;
  g.longest_what_if = longest;
  g.trial_and_error = false;
  g.solvable = true;
  g.stopped = StopReason::none;  // the level is exact, whatever cut the search short
}

// A ladder that stalls: a search that applies the whole ladder at every node. `visit(node,
// branch)` applies it to `node` and returns 1 for a solution, or 0 after calling `branch` on
// each child (none for a contradiction). The grade becomes extreme, with the nodes counted (at
// most `node_limit`, within `limits`) and whether a solution exists. A ladder with what-ifs sets
// `trial_and_error` after it, where they do not end the puzzle either.
template <class Node, class Visit>
void grade_by_search(Grade& g, Node root, Visit visit, const Limits& limits,
                     std::uint64_t node_limit) {
  g.level = Grade::extreme;
  g.reasoning = "the ladder stalls";
  std::uint64_t nodes = 0, solutions = 0;
  bool cut = false;
  std::function<void(Node)> search = [&](Node node) {
    if (cut) return;
    if (++nodes > node_limit || ((nodes & 255) == 0 && limits.expired())) {
      cut = true;
      g.stopped = limits.expired() ? limits.stop_reason() : StopReason::node_limit;
      return;
    }
    solutions += visit(std::move(node), search);
  };
  search(std::move(root));
  g.search_nodes = Count{nodes, !cut, cut ? g.stopped : StopReason::none};
  g.solvable = cut || solutions > 0;
}

}  // namespace puzzlegen
