// The 36 Cube on paper: the board with the tower size each cell takes, and a solution with
// the colour (and size) of the tower on every cell.
#pragma once

#include <vector>

#include "board.hpp"

namespace puzzlegen::cube36 {

// `colours` and `sizes` per cell, row-major; cells where a special tower stands are outlined.
render::Drawing draw_placement(const Board& board, const std::vector<int>& colours,
                               const std::vector<int>& sizes);

}  // namespace puzzlegen::cube36
