// KenKen solved on bit masks: each cell's candidates in a word, the cages filtered by trying
// their fillings. The counter ("is it unique?") propagates singles and cages to a fixpoint and
// branches; a generator asks it dozens of times per puzzle, far faster than a Gecode space
// built for each question. The ladder grades a puzzle the way a person solves it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "difficulty.hpp"
#include "family.hpp"
#include "puzzle.hpp"
#include "solve.hpp"

namespace kenken {

using Mask = std::uint16_t;  // bit v-1: number v is still possible

// The puzzle as the solvers read it: per cage its cells and, per cell of the cage, which
// earlier cells of it share a row or a column (they hold different numbers).
struct Shape {
  int n = 0;
  std::vector<Cage> cages;
  std::vector<int> cage_of;                       // per cell
  std::vector<std::vector<std::uint32_t>> clash;  // per cage, per position: earlier positions
  explicit Shape(int n, std::vector<Cage> cages);
  explicit Shape(const Puzzle& puzzle) : Shape(puzzle.n(), puzzle.cages()) {}
};

// The numbers each cell of `cage` takes in some filling that keeps its clue, puts different
// numbers in cells of one row or column, and uses only the candidates `masks` (per cell of the
// board); written to `support` (per position in the cage). False when there is no filling.
bool cage_support(const Shape& shape, std::size_t cage, const Mask* masks, Mask* support);

// Every filling of cage `cage` on an empty board (as cage_support's), at most `most` of them:
// false when there are more.
bool list_fillings(const Shape& shape, std::size_t cage, std::size_t most,
                   std::vector<std::vector<int>>& out);

struct SolveCount {
  puzzlegen::Count count;  // exact below the cap, unless a limit stopped the search
  std::uint64_t nodes = 0;
  std::vector<std::vector<int>> solutions;  // the first ones found, as many as asked for
};

// The solutions of `shape`, counting no further than `cap` (0: all), keeping the first `keep`;
// `ruled_out` (cell, number) pairs are excluded too.
SolveCount count_solutions(const Shape& shape, std::uint64_t cap, const puzzlegen::Limits& limits,
                           std::size_t keep = 0,
                           const std::vector<std::pair<int, int>>& ruled_out = {});

// One deduction of the ladder, in words, with the cells it is about.
struct Step {
  int level = 1;
  std::string text;
  std::vector<int> cells;
};

struct Reasoning {
  puzzlegen::Grade grade;
  std::vector<Step> steps;  // the first `max_steps`
};

// Solves by the ladder, weakest first:
//   1 easy      singles (a cell with one number left, a number with one place left in a row or
//               column), and cage numbers: a number that no filling of a cage uses, with the
//               candidates left, is in none of its cells (sgt-keen's easy);
//   2 medium    cage fillings cell by cell: a number that no filling puts in this cell
//               (sgt-keen's normal);
//   3 hard      a number that every filling of a cage puts in one row or column is in no other
//               cell of it; sets of k cells of a line holding k numbers, or k numbers with k
//               places, k from 2 to 4 (sgt-keen's hard);
//   4 extreme   what-ifs (puzzlegen's ladder.hpp): a number supposed in a cell, and the cells
//               then left with one number filled in until a contradiction, rules the number
//               out, the one that fails soonest taken (sgt-keen's extreme, mostly); where they
//               do not end it, trial and error (its unreasonable, mostly). Either way the nodes
//               of a search applying rungs 1 to 3 at every node, from where they stall, are
//               counted.
Reasoning reason(const Shape& shape, const puzzlegen::Limits& limits, std::size_t max_steps = 0,
                 std::uint64_t search_node_limit = 1000000);

}  // namespace kenken
