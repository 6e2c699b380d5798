// Gecode models for the 36 Cube: placements (solutions) on one board, and the board space.
#pragma once

#include <gecode/int.hh>

#include <optional>

#include "board.hpp"

namespace puzzlegen::cube36 {

// solution: every placement of the pieces; ordinary: placements in which every tower stands
// on a cell of its own size (special pieces used as ordinary ones).
enum class Kind { solution, ordinary };

// One solution: colour[cell] is the colour of the tower on the cell; every row and column
// shows every colour once. A solution is a colouring, so search branches on colours only.
// With ordinary pieces, the towers of one size must get different colours. With special
// pieces, piece[cell] (numbered colour * n + size - 1) ranges over the pieces that fit the
// cell and all pieces differ; that constraint is domain consistent (a matching), so a
// complete colouring survives propagation exactly when some placement of pieces realises it.
// Colour relabellings that keep the piece set are broken by ordering interchangeable colours
// by their column in row 1 (with ordinary pieces: row 1 reads colours 1..n); they act freely,
// so every orbit has exactly one such solution.
class PlacementSpace : public Gecode::Space {
 public:
  PlacementSpace(const Board& board, Kind kind, bool branch_pieces);
  PlacementSpace(PlacementSpace& other);
  Gecode::Space* copy() override { return new PlacementSpace(*this); }

  std::vector<int> colours() const;
  std::vector<int> pieces() const;  // empty with ordinary pieces

  Gecode::IntVarArray colour;
  Gecode::IntVarArray piece;
};

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
