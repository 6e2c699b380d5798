// KenKen counted a second way, for `puzzlegen verify` (verify.cpp).
#pragma once

#include "puzzle.hpp"

namespace kenken {

// The puzzle's fillings, by a plain backtracking over the cells that checks each cage when its
// last cell is filled (no candidates, no cage tables, no Gecode).
puzzlegen::Recount fillings_by_brute_force(const Puzzle& puzzle, const puzzlegen::Limits& limits);

// Its class: 8 symmetries of the square over those that map its cages (as a set of cells with
// their clues) onto themselves.
puzzlegen::Recount class_size_by_stabiliser(const Puzzle& puzzle);

}  // namespace kenken
