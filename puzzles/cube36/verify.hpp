// The 36 Cube counted and classified a second way, for `puzzlegen verify`: nothing here uses
// the Gecode models (model.cpp) or the Latin forms of framework/latin.hpp.
//
// Counts: an exact cover of the board's cells by colour classes. Each colour's cells are one
// per row and column and take its n towers one each (a transversal of sizes, or with special
// pieces any cells its towers can fill, a bipartite matching); the colourings are the ways to
// cover the board with one such path per colour. Colours with the same pieces are
// interchangeable: covering with them unordered counts colourings up to renaming them.
//
// Classes of Latin boards: orbit-stabiliser, n!^3 isotopies over the autotopisms (found by a
// search that fixes the images of row 0, column 0 and further rows, then follows what the
// square forces), halved when no isotopy takes the board to its transpose.
#pragma once

#include <optional>

#include "board.hpp"

namespace puzzlegen::cube36 {

// Colourings of `board` with every tower on a cell it fits (special pieces also on their
// cells when `use_specials`), up to renaming interchangeable colours when `modulo_colours`.
Recount cover_count(const Board& board, bool use_specials, bool modulo_colours,
                    const Limits& limits);

// How many boards the family's class of `board` holds, by another argument than
// Board::class_size.
Recount class_size_again(const Board& board, const Limits& limits);

// The isotopies (row, column and symbol permutations) taking the Latin square `from` onto `to`
// (row-major, symbols 1..n): all of them, or 0 or 1 with `first_only`.
std::uint64_t isotopisms(int n, const std::vector<int>& from, const std::vector<int>& to,
                         bool first_only);

// Latin boards with ordinary pieces: the number of Latin squares of order n, and of their
// isotopy classes (each board class is one or two of them), for n <= 8.
std::vector<CensusFigure> latin_census_figures(int n);

}  // namespace puzzlegen::cube36
