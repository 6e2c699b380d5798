// Difficulty the way a person feels it, for puzzles on a Latin board (every row and column holds
// 1..n once, and perhaps boxes too): a ladder of techniques a pupil uses, weakest first, each a
// weak propagator that can say in words what it did. Solving applies the weakest technique that
// makes progress, again and again; the grade is the hardest one needed:
//   1 easy      singles: a cell with one number left, or a number with one place left in a row,
//               a column or a box (Simon Tatham's `unequal` calls these puzzles trivial);
//   2 medium    and inequalities: a number ruled out because the sign beside its cell cannot
//               hold with any number left in the neighbour (`unequal`'s easy); or, where the
//               puzzle asks for them, intersections: a number whose places in a box all lie in
//               one row or column (or in a row or column, all in one box) is ruled out from the
//               rest of the other (Sudoku's pointing and claiming);
//   3 hard      and sets: k cells of a row, column or box that hold only k numbers between them
//               (or k numbers with only k places in it; k up to 4 either way),
//               which no other cell of it can then hold (`unequal`'s tricky);
//   4 extreme   and what-ifs (ladder.hpp): a number supposed in a cell, and the cells then left
//               with one number filled in until one has none, rules the number out; the
//               what-if that fails after the fewest cells is taken (`unequal`'s extreme, mostly).
//               Where what-ifs do not end it either, trial and error (`unequal`'s recursive,
//               mostly). Either way the nodes of a search applying rungs 1 to 3 at every node,
//               from where they stall, are counted, and Grade::rank orders the level within:
//               what-ifs by the longest and their number, then trial and error by its guesses.
// docs/specs.md (instance: difficulty) has the calibration against sgt-unequal's levels.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "difficulty.hpp"
#include "family.hpp"
#include "grid/board.hpp"
#include "ladder.hpp"

namespace puzzlegen::grid {

// A puzzle on a Latin board, as the reasoning sees it.
struct LatinPuzzle {
  int n = 0;
  std::vector<int> givens;  // n*n, row-major; 0 for an open cell
  struct Less {
    int smaller = 0, larger = 0;  // cells: `smaller` holds less than `larger`
  };
  std::vector<Less> less;
  std::vector<std::vector<int>> boxes;  // further groups of cells holding different numbers
  // Whether rung 2 also looks at a box against a row or a column (see above). Boards whose boxes
  // are the 36 Cube's scattered cells of one size leave it off: pupils do not look there.
  bool intersections = false;
};

// How steps name things: value v as value_names[v - 1], box b as box_names[b], a value in
// general as `noun` (the defaults: "4", "box 2", "number"; the 36 Cube says "red", "the cells
// of size 3", "colour").
struct Wording {
  std::vector<std::string> value_names;
  std::vector<std::string> box_names;
  std::string noun = "number";
};

// A board's givens, its marks read as inequalities (1: the first cell of the pair is smaller, 2:
// larger, as Futoshiki writes them) and its regions as boxes (Sudoku), with intersections.
LatinPuzzle latin_puzzle(const Board& board);

// One deduction, in words ("r2c3 is 4: the only place left for 4 in row 2"), with the cells it
// concludes about.
struct ReasoningStep {
  int level = 1;  // the rung: 1 singles, 2 inequalities or intersections, 3 sets, 4 what-ifs
  std::string text;
  std::vector<int> cells;
  // What it concludes: numbers placed, and numbers ruled out, as (cell, number).
  std::vector<std::pair<int, int>> placed, ruled_out;
};

struct Reasoning {
  Grade grade;                       // `reasoning` names the hardest technique used
  std::vector<ReasoningStep> steps;  // the first `max_steps` deductions, in order
  std::vector<int> solution;         // when the ladder alone solves it (n*n numbers)
};

// Solves `puzzle` by the ladder; where rungs 1 to 3 stall, counts the nodes of a search that
// applies them at every node (at most `search_node_limit`, within `limits`), and what-ifs go on
// (the grade is trial and error where they stall too).
Reasoning reason(const LatinPuzzle& puzzle, const Limits& limits, std::size_t max_steps = 0,
                 std::uint64_t search_node_limit = 1000000, const Wording& wording = {});

// The first `steps` deductions by the ladder, for Grading::explain: the words and each step's
// cells. The family adds its drawing: its grid with render::Grid::mark_steps(step_cells(...)).
Explanation explain(const LatinPuzzle& puzzle, std::size_t steps, const Limits& limits,
                    const Wording& wording = {});
using puzzlegen::step_cells;  // ladder.hpp

}  // namespace puzzlegen::grid
