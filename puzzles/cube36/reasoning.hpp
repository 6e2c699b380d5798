// The 36 Cube as a pupil reasons about it: a Latin puzzle in colours (grid/reasoning.hpp) in
// which the cells of each size are a box, since the n towers of one size have n different
// colours. That holds for ordinary placements (every tower on a cell of its own size), which
// are all placements when the board has no special pieces.
#pragma once

#include <optional>
#include <string>

#include "board.hpp"
#include "grid/reasoning.hpp"
#include "model.hpp"

namespace puzzlegen::cube36 {

struct ColourPuzzle {
  grid::LatinPuzzle puzzle;  // colour c is the value c + 1
  grid::Wording wording;     // colours by name, boxes as "the cells of size 3"
  // Whether row 1 was given the colours in order, the first step: no colour is given, so
  // renaming colours maps placements onto each other, and every placement shows each colour
  // once in row 1.
  bool named_by_row_one = false;
};

// The puzzle the ladder solves for `kind` on `board`; nullopt where the ladder does not apply:
// special pieces in play, a size on other than n cells, or colours a solver may still rename
// (two or more colours given nowhere while some colour is given).
std::optional<ColourPuzzle> colour_puzzle(const Board& board, Kind kind);

// The first step's words when the colours were named by row 1.
std::string naming_step(const Board& board);

}  // namespace puzzlegen::cube36
