// What every ladder of techniques (Grading::reasoned_grade) shares: the words of its steps and
// grade, the search that counts a guesser's nodes where it stalls, and each step's cells for a
// key's drawing (Grading::explain; render/grid.hpp marks them).
#pragma once

#include <cstdint>
#include <functional>
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

// A ladder that stalls: a search that applies the whole ladder at every node. `visit(node,
// branch)` applies it to `node` and returns 1 for a solution, or 0 after calling `branch` on
// each child (none for a contradiction). The grade becomes extreme, with the nodes counted (at
// most `node_limit`, within `limits`) and whether a solution exists.
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
