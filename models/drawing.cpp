#include "drawing.hpp"

#include <algorithm>
#include <sstream>

#include "grid/board.hpp"
#include "render/grid.hpp"

namespace puzzlegen::models {

std::string symbol(const Manifest& manifest, std::int64_t value) {
  if (manifest.drawing) {
    const auto& symbols = manifest.drawing->symbols;
    if (const auto it = symbols.find(value); it != symbols.end()) return it->second;
  }
  return std::to_string(value);
}

render::Drawing draw_grid(const Manifest& manifest,
                          const std::map<std::string, std::int64_t>& sizes, const Values& values,
                          const std::vector<int>& solution) {
  const GridDrawing& g = *manifest.drawing;
  const std::vector<int> dims = manifest.dims_of(*manifest.find_data(g.cells), sizes);
  const int rows = dims[0], columns = dims[1];
  const std::vector<int>& cells = values.at(g.cells);
  const bool marks = !g.across.empty() || !g.down.empty();
  render::Grid layout;
  layout.rows = rows;
  layout.columns = columns;
  layout.cell = std::max(rows, columns) <= 9 ? 40 : 30;
  layout.gap = marks ? 16 : 0;
  const bool labelled = !g.top.empty() || !g.left.empty();
  layout.numbered = !labelled;
  if (!g.right.empty()) layout.margin_right = 22;
  if (!g.bottom.empty()) layout.margin_bottom = 22;
  render::Drawing d;
  d.content.set("class", "model-grid").set("data-family", manifest.name);
  const auto blank = [&](int v) { return g.blank && v == *g.blank; };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      const std::size_t at = static_cast<std::size_t>(r * columns + c);
      const int given = cells[at];
      d.content.add(layout.cell_rect(r, c, "#fff"));
      const bool shows_given = !blank(given);
      if (!solution.empty() && at < solution.size() && !shows_given)
        d.content.add(
            layout.cell_text(r, c, symbol(manifest, solution[at]), 20).set("fill", "#444"));
      else if (shows_given)
        d.content.add(layout.cell_text(r, c, symbol(manifest, given), 22, "bold"));
    }
  auto mark_text = [&](int v) -> std::string {
    if (v == 0) return "";
    const auto it = g.marks.find(v);
    return it == g.marks.end() ? std::to_string(v) : it->second;
  };
  if (!g.across.empty()) {
    const auto& across = values.at(g.across);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c + 1 < columns; ++c)
        if (const auto t = mark_text(across[static_cast<std::size_t>(r * (columns - 1) + c)]);
            !t.empty())
          d.content.add(layout.mark(r, c, true, t));
  }
  if (!g.down.empty()) {
    const auto& down = values.at(g.down);
    for (int r = 0; r + 1 < rows; ++r)
      for (int c = 0; c < columns; ++c)
        if (const auto t = mark_text(down[static_cast<std::size_t>(r * columns + c)]); !t.empty())
          d.content.add(layout.mark(r, c, false, t));
  }
  const std::pair<const std::string*, render::Side> sides[] = {{&g.top, render::Side::top},
                                                               {&g.right, render::Side::right},
                                                               {&g.bottom, render::Side::bottom},
                                                               {&g.left, render::Side::left}};
  for (const auto& [name, side] : sides) {
    if (name->empty()) continue;
    const auto& clues = values.at(*name);
    for (std::size_t i = 0; i < clues.size(); ++i)
      if (!blank(clues[i]) && clues[i] != 0)
        d.content.add(layout.side_label(side, static_cast<int>(i), symbol(manifest, clues[i])));
  }
  if (g.box_rows && g.box_columns && rows == columns && !marks) {
    const auto br = static_cast<int>(g.box_rows->evaluate(sizes));
    const auto bc = static_cast<int>(g.box_columns->evaluate(sizes));
    if (br > 0 && bc > 0 && rows % br == 0 && rows % bc == 0)
      layout.add_region_walls(d, grid::box_regions(rows, br, bc));
  }
  layout.add_frame(d);
  return d;
}

render::Drawing draw_text(const std::string& family, const std::string& text) {
  render::Drawing d;
  d.content.set("class", "model-text").set("data-family", family);
  std::istringstream lines(text);
  std::size_t widest = 0;
  int row = 0;
  for (std::string line; std::getline(lines, line); ++row) {
    widest = std::max(widest, line.size());
    d.content.add(render::Element("text")
                      .set("x", 4.0)
                      .set("y", 18.0 * (row + 1))
                      .set("font-family", "monospace")
                      .set("font-size", 14.0)
                      .set("xml:space", "preserve")
                      .text(line));
  }
  d.width = 8.0 + 8.5 * static_cast<double>(widest);
  d.height = 18.0 * row + 8;
  return d;
}

std::string values_text(const Manifest& manifest, const std::vector<std::string>& names,
                        const std::map<std::string, std::vector<int>>& dims, const Values& values) {
  std::ostringstream out;
  for (const auto& name : names) {
    const auto& v = values.at(name);
    const auto& d = dims.at(name);
    std::string key = name;
    std::replace(key.begin(), key.end(), '_', '-');
    out << key << ":";
    if (d.size() == 2 && d[1] > 0) {
      out << "\n";
      for (int r = 0; r < d[0]; ++r) {
        out << " ";
        for (int c = 0; c < d[1]; ++c)
          out << " " << symbol(manifest, v[static_cast<std::size_t>(r * d[1] + c)]);
        out << "\n";
      }
    } else {
      for (const int x : v) out << " " << symbol(manifest, x);
      out << "\n";
    }
  }
  return out.str();
}

}  // namespace puzzlegen::models
