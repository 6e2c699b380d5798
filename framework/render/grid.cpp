#include "render/grid.hpp"

#include <cmath>
#include <set>

namespace puzzlegen::render {

namespace {

// How far below a line's middle its baseline goes, in whole units, for digits to look centred.
double baseline(double size) {
  return std::round(0.36 * size);
}

}  // namespace

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

Element Grid::cell_text(int row, int column, const std::string& text, double size,
                        const std::string& weight) const {
  return label(x(column) + cell / 2, y(row) + cell / 2 + baseline(size), text, size, "middle",
               weight);
}

Element Grid::mark(int row, int column, bool across, const std::string& text, double size) const {
  const double mid = gap / 2;
  if (across)
    return label(x(column) + cell + mid, y(row) + cell / 2 + baseline(size), text, size, "middle",
                 "bold");
  return label(0, 0, text, size, "middle", "bold")
      .set("transform", "translate(" + std::to_string(x(column) + cell / 2 + baseline(size)) + "," +
                            std::to_string(y(row) + cell + mid) + ") rotate(90)");
}

Element Grid::side_label(Side side, int index, const std::string& text, double size) const {
  const double across = x(index) + cell / 2, down = y(index) + cell / 2 + baseline(size);
  switch (side) {
    case Side::top:
      return label(across, margin / 2 + baseline(size), text, size, "middle");
    case Side::bottom:
      return label(across, y(rows - 1) + cell + margin_bottom / 2 + baseline(size), text, size,
                   "middle");
    case Side::left:
      return label(margin / 2, down, text, size, "middle");
    case Side::right:
      break;
  }
  return label(x(columns - 1) + cell + margin_right / 2, down, text, size, "middle");
}

Element Grid::corner_text(int row, int column, const std::string& text, double size) const {
  return label(x(column) + 3, y(row) + size + 1, text, size, "start", "bold");
}

void Grid::add_region_walls(Drawing& drawing, const std::vector<int>& regions,
                            double thickness) const {
  const auto region = [&](int r, int c) {
    return regions[static_cast<std::size_t>(r * columns + c)];
  };
  const auto wall = [&](double x1, double y1, double x2, double y2) {
    drawing.content.add(Element("line")
                            .set("x1", x1)
                            .set("y1", y1)
                            .set("x2", x2)
                            .set("y2", y2)
                            .set("stroke", "#000")
                            .set("stroke-width", thickness)
                            .set("stroke-linecap", "square"));
  };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      if (c + 1 < columns && region(r, c) != region(r, c + 1))
        wall(x(c + 1), y(r), x(c + 1), y(r) + cell);
      if (r + 1 < rows && region(r, c) != region(r + 1, c))
        wall(x(c), y(r + 1), x(c) + cell, y(r + 1));
    }
  drawing.content.add(Element("rect")
                          .set("x", x(0))
                          .set("y", y(0))
                          .set("width", columns * cell)
                          .set("height", rows * cell)
                          .set("fill", "none")
                          .set("stroke", "#000")
                          .set("stroke-width", thickness));
}

void Grid::mark_steps(Drawing& drawing, const std::vector<std::vector<int>>& cells_by_step) const {
  for (const auto& [at, numbers] : step_numbers(cells_by_step)) {
    if (at < 0 || at >= rows * columns) continue;
    const int row = at / columns, column = at % columns;
    drawing.content.add(step_tint(x(column) + 2, y(row) + 2, cell - 4, cell - 4));
    drawing.content.add(label(x(column) + 4, y(row) + cell - 5, numbers, 11, "start", "bold")
                            .set("fill", "#7a4a00"));
  }
}

std::map<int, std::string> step_numbers(const std::vector<std::vector<int>>& cells_by_step) {
  std::map<int, std::string> out;
  for (std::size_t k = 0; k < cells_by_step.size(); ++k)
    for (const int part : std::set<int>(cells_by_step[k].begin(), cells_by_step[k].end()))
      out[part] += (out[part].empty() ? "" : ",") + std::to_string(k + 1);
  return out;
}

Element step_tint(double x, double y, double width, double height) {
  return Element("rect")
      .set("class", "step")
      .set("x", x)
      .set("y", y)
      .set("width", width)
      .set("height", height)
      .set("fill", "#ffd54f")
      .set("fill-opacity", 0.35)
      .set("stroke", "#b26a00")
      .set("stroke-dasharray", "3 2");
}

void Grid::add_frame(Drawing& drawing) const {
  if (margin > 0 && numbered) {
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
