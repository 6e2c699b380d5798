// The 36 Cube on paper: the board with the tower size each cell takes, and a solution with
// the colour (and size) of the tower on every cell.
#pragma once

#include <vector>

#include "board.hpp"

namespace puzzlegen::cube36 {

// `colours` and `sizes` per cell, row-major; cells where a special tower stands are outlined.
render::Drawing draw_placement(const Board& board, const std::vector<int>& colours,
                               const std::vector<int>& sizes);

// The board to fill in on screen (render/play.hpp): a colour per cell, each colour once in
// every row and column and once on the cells of each size, so that every tower is used once.
// Null when special pieces may be used (`ordinary` false), which these rules cannot express.
Json play_board(const Board& board, bool ordinary);

}  // namespace puzzlegen::cube36
