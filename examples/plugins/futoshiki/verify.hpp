// Futoshiki counted and classified a second way, for `puzzlegen verify` (verify.cpp).
#pragma once

#include "grid.hpp"

namespace futoshiki {

// The grid's fillings, by a plain backtracking over the cells (no Gecode).
puzzlegen::Recount fillings_by_brute_force(const Grid& grid, const puzzlegen::Limits& limits);
// Its class: 16 symmetries over those that map its clues (givens and "smaller than" relations,
// as sets) onto themselves.
puzzlegen::Recount class_size_by_stabiliser(const Grid& grid);

}  // namespace futoshiki
