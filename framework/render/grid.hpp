// Square grids on paper (a 36 Cube board, a Futoshiki grid): where each cell is drawn, its
// outline, and the row and column numbers in the margins.
#pragma once

#include <string>

#include "drawing.hpp"

namespace puzzlegen::render {

struct Grid {
  int rows = 0;
  int columns = 0;
  double cell = 44;    // a cell's side
  double gap = 0;      // between neighbouring cells (room for signs between them)
  double margin = 22;  // above and left of the grid, for the numbers (0: none)

  // The top-left corner of the cell in `row` and `column` (0-based).
  double x(int column) const { return margin + column * (cell + gap); }
  double y(int row) const { return margin + row * (cell + gap); }
  double width() const { return margin + columns * cell + (columns - 1) * gap + 2; }
  double height() const { return margin + rows * cell + (rows - 1) * gap + 2; }

  // <rect> of a cell with this fill and a black outline.
  Element cell_rect(int row, int column, const std::string& fill) const;
  // Numbers rows and columns from 1 in the margins (when there is one) and sizes `drawing` to
  // the grid.
  void add_frame(Drawing& drawing) const;
};

}  // namespace puzzlegen::render
