// Counting the solutions of a Latin puzzle (grid/reasoning.hpp's LatinPuzzle: givens,
// inequalities, boxes) on bit masks. A generator asks "is it unique?" dozens of times per
// puzzle; building a Gecode space for each question costs far more than the question, so this
// search keeps each cell's candidates in a word, propagates singles (naked and hidden) and
// inequalities to a fixpoint, and branches on a cell with fewest candidates.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "grid/reasoning.hpp"
#include "solve.hpp"

namespace puzzlegen::grid {

struct LatinCount {
  Count count;              // exact below the cap, unless a limit stopped the search
  std::uint64_t nodes = 0;  // branching points visited
  // The first solutions found (n*n numbers each), as many as were asked for.
  std::vector<std::vector<int>> solutions;
};

// The solutions of `puzzle`, counting no further than `cap` (0: all of them), within `limits`
// (the deadline and interruptions polled every 1,024 nodes; the node limit exact). Boards of 1
// to 31 numbers.
LatinCount count_latin(const LatinPuzzle& puzzle, std::uint64_t cap, const Limits& limits = {});

// The same for many puzzles of one shape (size and boxes), as a generator asks: the shape's
// rows, columns, boxes and search frames are built once.
class LatinCounter {
 public:
  LatinCounter(int n, const std::vector<std::vector<int>>& boxes);
  // `puzzle` must have this counter's size and boxes (std::invalid_argument otherwise, or for
  // an inequality off the board); the first `keep` solutions are returned.
  // `ruled_out` (cell, number) pairs are excluded as well: "is there a solution other than the
  // one I know, differing from it here?"
  LatinCount count(const LatinPuzzle& puzzle, std::uint64_t cap, const Limits& limits = {},
                   std::size_t keep = 0, const std::vector<std::pair<int, int>>& ruled_out = {});

 private:
  using Mask = std::uint32_t;  // bit v-1: number v is still possible in the cell
  bool propagate(Mask* d, char* done) const;
  bool search(int depth);
  Mask* frame(int depth);
  char* placed(int depth);

  int n_ = 0, cells_ = 0;
  Mask full_ = 0;
  std::vector<int> units_;       // the cells of every unit, one unit after another
  std::vector<int> unit_start_;  // where each unit starts in units_, and where the last ends
  int unit_count() const { return static_cast<int>(unit_start_.size()) - 1; }
  std::vector<int> peer_, peer_start_;
  // Per count:
  std::vector<std::pair<int, int>> less_;
  std::vector<Mask> frames_;
  std::vector<char> placed_;
  std::uint64_t cap_ = 0, found_ = 0;
  std::size_t keep_ = 0;
  const Limits* limits_ = nullptr;
  LatinCount out_;
};

// Clues::other_solutions for a Latin puzzle whose clues are its cells' numbers (clue c: cell
// c), taken from the solution `full`: solutions other than `full`, each told by the cells it
// agrees with `full` on.
OtherSolutions other_solutions(LatinCounter& counter, const LatinPuzzle& puzzle,
                               const std::vector<int>& full, int taken_back, const Limits& limits);

}  // namespace puzzlegen::grid
