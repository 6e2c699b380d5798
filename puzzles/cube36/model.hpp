// Gecode models for the 36 Cube: placements (solutions) on one board, and the board space.
#pragma once

#include <gecode/int.hh>

#include <optional>

#include "board.hpp"

namespace puzzlegen::cube36 {

// solution: every placement of the pieces; ordinary: placements in which every tower stands
// on a cell of its own size (special pieces used as ordinary ones).
enum class Kind { solution, ordinary };

// A colour's cells in a solution form a permutation (one cell per row and column) whose cells
// its n towers can occupy, one each: with ordinary pieces, cells of n different sizes (a
// transversal of a Latin board). These are its "paths", listed per colour as permutations
// (column per row); a colour with special pieces has more of them.
std::vector<std::vector<int>> colour_paths(const Board& board, int colour, bool use_specials);

// One solution: colour[cell] is the colour of the tower on the cell, column[c * n + r] the
// column of colour c in row r (the two are channelled). Each colour's columns form one of its
// paths (a table constraint, domain consistent), so a solution is exactly a colouring whose
// colour classes the pieces can fill; pieces of different colours never compete for a cell.
// Colour relabellings that keep the piece set are broken by ordering interchangeable colours
// by their column in row 1 (with ordinary pieces: row 1 reads colours 1..n); they act freely,
// so every orbit has exactly one such solution.
class PlacementSpace : public GradedSpace {
 public:
  PlacementSpace(const Board& board, Kind kind);
  PlacementSpace(PlacementSpace& other);
  Gecode::Space* copy() override { return new PlacementSpace(*this); }
  Gecode::IntVarArgs decisions() const override { return colour; }  // a colour per cell

  std::vector<int> colours() const;

  Gecode::IntVarArray colour;
  Gecode::IntVarArray column;
};

// Which piece (colour * n + size - 1) stands on each cell of a solution's colouring.
std::vector<int> place_pieces(const Board& board, const std::vector<int>& colours,
                              bool use_specials);

// Solutions counted as colourings: `modulo_colours` counts orbits under the colour
// relabellings that keep the piece set, otherwise every colouring (orbits times the group
// order, exact because the action is free).
Count count_placements(const Board& board, Kind kind, bool modulo_colours, std::uint64_t cap,
                       const Limits& limits);

// Boards for generators. size[cell] is the size of the tower the cell takes. With ordinary
// pieces every size appears n times (there are n towers of each size). Symmetry breaking,
// ordinary pieces only: a Latin board is reduced (row 1 and column 1 read 1..n; every Latin
// square is isotopic to one); any other board has its rows and its columns in lexicographic
// order and sizes in order of first appearance, all implied by the lex-leader constraint for
// row, column and size permutations together, hence sound. With `joint`, one solution of that
// kind is posted next to the board and branched on after each cell's size, so every board
// reached has such a solution (a board is reached once per solution; generators keep the
// first).
class BoardSpace : public InstanceSpace {
 public:
  BoardSpace(int n, std::vector<std::string> colors, std::vector<SpecialPiece> specials, bool latin,
             const InstanceSearch& search, std::optional<Kind> joint);
  BoardSpace(BoardSpace& other);
  Gecode::Space* copy() override { return new BoardSpace(*this); }
  std::unique_ptr<Instance> instance() const override;

 private:
  int n_;
  std::vector<std::string> colors_;
  std::vector<SpecialPiece> specials_;
  Gecode::IntVarArray size_;
  Gecode::IntVarArray colour_;
  Gecode::IntVarArray piece_;
};

}  // namespace puzzlegen::cube36
