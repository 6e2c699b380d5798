// Square grids on paper (a 36 Cube board, a Futoshiki grid): where each cell is drawn, its
// outline, the row and column numbers in the margins, labels on any side (clues read from
// outside the grid) and marks in the gaps between cells (signs between neighbours).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "drawing.hpp"

namespace puzzlegen::render {

// The sides of a grid, clockwise from the top.
enum class Side { top = 0, right = 1, bottom = 2, left = 3 };

struct Grid {
  int rows = 0;
  int columns = 0;
  double cell = 44;    // a cell's side
  double gap = 0;      // between neighbouring cells (room for signs between them)
  double margin = 22;  // above and left of the grid, for the numbers (0: none)
  // Room right of and below the grid, for labels on those sides (0: none).
  double margin_right = 0;
  double margin_bottom = 0;
  // Whether add_frame numbers the rows and columns in the top and left margins; off when
  // those margins hold labels of the puzzle's own (clues seen from outside).
  bool numbered = true;

  // The top-left corner of the cell in `row` and `column` (0-based).
  double x(int column) const { return margin + column * (cell + gap); }
  double y(int row) const { return margin + row * (cell + gap); }
  double width() const { return margin + columns * cell + (columns - 1) * gap + 2 + margin_right; }
  double height() const { return margin + rows * cell + (rows - 1) * gap + 2 + margin_bottom; }

  // <rect> of a cell with this fill and a black outline.
  Element cell_rect(int row, int column, const std::string& fill) const;
  // Text centred in a cell (its baseline about a third of `size` below the middle).
  Element cell_text(int row, int column, const std::string& text, double size = 22,
                    const std::string& weight = "normal") const;
  // Text centred in the gap between a cell and its right neighbour (`across`) or the one below
  // it; below, it is turned a quarter clockwise, so that "<" points up (at the upper cell).
  Element mark(int row, int column, bool across, const std::string& text, double size = 18) const;
  // Text in the margin on `side`, level with row or column `index` (0-based): a clue read from
  // outside. The margin on that side must have room (margin, margin_right, margin_bottom).
  Element side_label(Side side, int index, const std::string& text, double size = 16) const;
  // Text in a cell's top-left corner, small: a cage's or a region's clue ("12+").
  Element corner_text(int row, int column, const std::string& text, double size = 11) const;
  // Thick lines where neighbouring cells lie in different regions (a Sudoku's boxes, a KenKen's
  // cages) and round the whole grid; `regions` has a number per cell, row-major. For grids
  // without gaps between cells.
  void add_region_walls(Drawing& drawing, const std::vector<int>& regions,
                        double thickness = 3) const;
  // For an answer key that explains: each step's cells (row-major, step 1 first) tinted, with
  // the numbers of the steps about a cell in its bottom-left corner ("1,4"), drawn over the grid.
  void mark_steps(Drawing& drawing, const std::vector<std::vector<int>>& cells_by_step) const;
  // Numbers rows and columns from 1 in the margins (when there is one and `numbered`) and
  // sizes `drawing` to the grid.
  void add_frame(Drawing& drawing) const;
};

// Per part (a cell, a cube), the numbers of the steps about it, for its mark: "1,4".
std::map<int, std::string> step_numbers(const std::vector<std::vector<int>>& cells_by_step);

// The mark of a part a key's step is about (a cell, a cube's net): a light tint that keeps
// what is under it readable, with a dashed frame for grey print.
Element step_tint(double x, double y, double width, double height);

}  // namespace puzzlegen::render
