#include "render/grid.hpp"

namespace puzzlegen::render {

Element Grid::cell_rect(int row, int column, const std::string& fill) const {
  return Element("rect")
      .set("x", x(column))
      .set("y", y(row))
      .set("width", cell)
      .set("height", cell)
      .set("fill", fill)
      .set("stroke", "#000")
      .set("stroke-width", 1.2);
}

void Grid::add_frame(Drawing& drawing) const {
  if (margin > 0) {
    for (int j = 0; j < columns; ++j)
      drawing.content.add(label(x(j) + cell / 2, margin - 8, std::to_string(j + 1), 10, "middle"));
    for (int i = 0; i < rows; ++i)
      drawing.content.add(
          label(margin - 14, y(i) + cell / 2 + 4, std::to_string(i + 1), 10, "middle"));
  }
  drawing.width = width();
  drawing.height = height();
}

}  // namespace puzzlegen::render
