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

namespace {

// A side's clues, line by line (a column's for top and bottom, a row's for left and right):
// one per line, or k per line when the data has two dimensions; blank values and 0 left out.
std::vector<std::vector<std::string>> side_clues(const Manifest& manifest,
                                                 const std::map<std::string, std::int64_t>& sizes,
                                                 const Values& values, const std::string& name) {
  const GridDrawing& g = *manifest.drawing;
  const std::vector<int> dims = manifest.dims_of(*manifest.find_data(name), sizes);
  const std::size_t per_line = dims.size() == 2 ? static_cast<std::size_t>(dims[1]) : 1;
  const std::vector<int>& clues = values.at(name);
  std::vector<std::vector<std::string>> lines(clues.size() / std::max<std::size_t>(per_line, 1));
  for (std::size_t i = 0; i < lines.size() * per_line; ++i)
    if (clues[i] != 0 && !(g.blank && clues[i] == *g.blank))
      lines[i / per_line].push_back(symbol(manifest, clues[i]));
  return lines;
}

std::size_t longest(const std::vector<std::vector<std::string>>& lines, bool joined) {
  std::size_t most = 0;
  for (const auto& line : lines) {
    std::size_t length = 0;
    for (const auto& t : line) length += joined ? t.size() + 1 : 1;
    most = std::max(most, length);
  }
  return most;
}

}  // namespace

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
  using Lines = std::vector<std::vector<std::string>>;
  const auto clues_of = [&](const std::string& name) {
    return name.empty() ? Lines{} : side_clues(manifest, sizes, values, name);
  };
  const Lines top = clues_of(g.top), bottom = clues_of(g.bottom), left = clues_of(g.left),
              right = clues_of(g.right);
  // Room for the clues: a line of text per clue above and below, a row's clues side by side.
  constexpr double line = 16, character = 9;
  layout.margin = std::max({22.0, line * static_cast<double>(longest(top, false)) + 8,
                            character * static_cast<double>(longest(left, true)) + 8});
  if (!right.empty())
    layout.margin_right = std::max(22.0, character * static_cast<double>(longest(right, true)) + 8);
  if (!bottom.empty())
    layout.margin_bottom = std::max(22.0, line * static_cast<double>(longest(bottom, false)) + 8);
  render::Drawing d;
  d.content.set("class", "model-grid").set("data-family", manifest.name);
  const auto blank = [&](int v) { return g.blank && v == *g.blank; };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      const std::size_t at = static_cast<std::size_t>(r * columns + c);
      const int given = cells[at];
      const bool solved = !solution.empty() && at < solution.size();
      const int shaded_by = g.shade_data.empty() ? given : values.at(g.shade_data)[at];
      const bool dark =
          g.shade.contains(shaded_by) || (solved && g.solution_shade.contains(solution[at]));
      d.content.add(layout.cell_rect(r, c, dark ? "#222" : "#fff"));
      // A given drawn as nothing (a plate's square) leaves its cell to the key, as a blank does.
      std::string text = blank(given) ? "" : symbol(manifest, given);
      const bool shows_given = !text.empty();
      if (!shows_given && solved && !g.solution_shade.contains(solution[at])) {
        const auto it = g.solution_symbols.find(solution[at]);
        text = it == g.solution_symbols.end() ? std::to_string(solution[at]) : it->second;
      }
      if (text.empty()) continue;
      auto element = shows_given ? layout.cell_text(r, c, text, 22, "bold")
                                 : layout.cell_text(r, c, text, 20).set("fill", "#444");
      if (dark) element.set("fill", "#fff");
      d.content.add(element);
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
  // A row's clues side by side, read towards the grid; a column's stacked, the last nearest it.
  for (std::size_t i = 0; i < left.size() || i < right.size(); ++i) {
    const double y = layout.y(static_cast<int>(i)) + layout.cell / 2 + 6;
    const auto joined = [](const std::vector<std::string>& texts) {
      std::string out;
      for (const auto& t : texts) out += (out.empty() ? "" : " ") + t;
      return out;
    };
    if (i < left.size() && !left[i].empty())
      d.content.add(render::label(layout.margin - 6, y, joined(left[i]), 16, "end"));
    if (i < right.size() && !right[i].empty())
      d.content.add(
          render::label(layout.x(columns - 1) + layout.cell + 8, y, joined(right[i]), 16));
  }
  for (std::size_t i = 0; i < top.size() || i < bottom.size(); ++i) {
    const double x = layout.x(static_cast<int>(i)) + layout.cell / 2;
    if (i < top.size())
      for (std::size_t k = 0; k < top[i].size(); ++k)
        d.content.add(
            render::label(x, layout.margin - 8 - line * static_cast<double>(top[i].size() - 1 - k),
                          top[i][k], 16, "middle"));
    if (i < bottom.size())
      for (std::size_t k = 0; k < bottom[i].size(); ++k)
        d.content.add(render::label(x, layout.y(rows - 1) + layout.cell + line * (k + 1.0),
                                    bottom[i][k], 16, "middle"));
  }
  if (!g.regions.empty() && !marks) layout.add_region_walls(d, values.at(g.regions));
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
