// Latin squares as n x n boards (row-major, symbols 1..n), for any family built on them (the
// 36 Cube's boards, Futoshiki grids): the check, a canonical form under isotopy and
// transposition, and a random draw.
#pragma once

#include <cstdint>
#include <vector>

#include "natural.hpp"
#include "rng.hpp"

namespace puzzlegen {

bool is_latin(int n, const std::vector<int>& square);

// The least (row-major, lexicographically) reduced square isotopic to `square` or to its
// transpose: equal for two Latin squares exactly when one is obtained from the other by
// permuting rows, columns and symbols and perhaps transposing. It scans every reduced
// isotope once (which row goes first, then the column order; the symbols and the other rows
// follow), but only the row pairs and renamings that can give the least second row, with
// early cut-off: about 30 us for a random square at n = 6 and 40 us at n = 7 (the whole scan
// of 2 n n! candidates took 180 us and 1.9 ms).
std::vector<int> isotopy_canonical_form(int n, const std::vector<int>& square);
// How many Latin squares share that form: the square's class under isotopy and transposition.
Natural isotopy_class_size(int n, const std::vector<int>& square);
// Both at once (one scan of the square and one of its transpose), and whether the form is an
// isotope of the transpose only.
struct IsotopyClass {
  std::vector<int> form;  // isotopy_canonical_form
  Natural size;           // isotopy_class_size
  bool from_transpose = false;
};
IsotopyClass isotopy_class(int n, const std::vector<int>& square);
// The same under isotopy alone (no transposition): a square and its transpose have the same
// form exactly when they are isotopic.
std::vector<int> least_isotope(int n, const std::vector<int>& square);

// A k x n Latin rectangle (k <= n rows of symbols 1..n, no symbol twice in a column) up to
// permuting its rows, columns and symbols: the least isotope (row-major, lexicographically) whose
// row 0 reads 1..n and whose rows are in the order of their first column (for a square, the
// least reduced isotope: least_isotope). Used to grow Latin squares row by row, one rectangle
// per class (puzzles/cube36/growth.cpp).
struct RectangleForm {
  std::vector<int> form;
  // The isotopies mapping the rectangle onto itself (its automorphism group's order).
  std::uint64_t automorphisms = 0;
  // The rectangle's rows that some isotopy onto `form` puts last (with ranks: last among the
  // rows of the greatest rank): the orbit of that row under the automorphisms. Removing any of
  // them leaves a rectangle isotopic to the one `form` leaves without that row.
  std::vector<bool> can_go_last;
};
// `rank`, optional: an isotopy invariant of each row (row_ranks). With it, only rows of the
// greatest rank may go first, and of the rows their least cycle type may pair them with, only
// those of the greatest rank second: a smaller scan, and the form is the least such isotope
// (equal exactly for isotopic rectangles, as the ranks are invariants); can_go_last is then
// about the last row of the greatest rank. The forms here are implemented for n <= 15.
RectangleForm least_rectangle_isotope(int n, const std::vector<int>& rectangle,
                                      const std::vector<int>& rank = {});
// An isotopy invariant of each row of a Latin rectangle, as ranks (0 = least): the cycle types
// of the row's maps to the other rows (see latin.cpp), compared as sorted lists. Cheap next to
// the least isotope, so a row that cannot be the canonical last one is refused without it.
std::vector<int> row_ranks(int n, const std::vector<int>& rectangle);
// How many k x n Latin rectangles are isotopic to `rectangle`: k! n!^2 / automorphisms.
Natural rectangle_class_size(int n, const std::vector<int>& rectangle);

// A random Latin square from Jacobson and Matthews' Markov chain, run 8 n^3 steps from the
// cyclic square (the chain is uniform in the limit; this is a practical, seeded draw).
std::vector<int> random_latin_square(int n, Rng& rng);

}  // namespace puzzlegen
