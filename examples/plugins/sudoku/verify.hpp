// Sudoku counted and classified a second way, for `puzzlegen verify` (verify.cpp).
#pragma once

#include "board.hpp"

namespace sudoku {

// The grid's fillings, by a plain backtracking over the cells (no Gecode, no grid kit).
puzzlegen::Recount fillings_by_brute_force(const Sudoku& sudoku, const puzzlegen::Limits& limits);
// Its class: the symmetries (turns and reflections that keep boxes boxes, times renamings of
// the numbers) over those that map its givens onto themselves.
puzzlegen::Recount class_size_by_stabiliser(const Sudoku& sudoku);

}  // namespace sudoku
