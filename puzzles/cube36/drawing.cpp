#include "drawing.hpp"

#include "render/grid.hpp"
#include "render/play.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

namespace puzzlegen::cube36 {

namespace {

using render::Element;
using render::label;

render::Grid grid_of(int n) {
  return render::Grid{n, n, 52, 0, 22};  // 13.8 mm cells: room to write a colour's letter
}

render::Palette palette_of(const Board& board) {
  return render::Palette(board.colors(), board.abbreviations());
}

}  // namespace

render::Drawing Board::draw(double) const {
  return draw_steps({});
}

render::Drawing Board::draw_steps(const std::vector<std::vector<int>>& cells_by_step) const {
  // Each cell shows the size of tower that stands flush on it; taller towers on darker cells.
  const render::Grid grid = grid_of(n_);
  const render::Palette palette = palette_of(*this);
  render::Drawing d;
  d.content.set("class", "board").set("data-n", std::to_string(n_));
  std::vector<bool> special(static_cast<std::size_t>(cells()), false);
  for (const auto& piece : specials_)
    for (const int cell : piece.cells) special[static_cast<std::size_t>(cell)] = true;
  for (int cell = 0; cell < cells(); ++cell) {
    const int row = cell / n_, column = cell % n_;
    const double x = grid.x(column), y = grid.y(row), side = grid.cell;
    const int size = size_at(cell);
    const int grey = 250 - (n_ > 1 ? (size - 1) * 80 / (n_ - 1) : 0);
    std::array<char, 8> hex{};
    std::snprintf(hex.data(), hex.size(), "#%02x%02x%02x", grey, grey, grey);
    Element g("g");
    g.set("class", "cell").set("data-size", std::to_string(size));
    const int given = given_[static_cast<std::size_t>(cell)];
    if (given == kNoColour) {
      g.add(grid.cell_rect(row, column, hex.data()));
    } else {  // a given colour, drawn as the key draws it
      g.set("data-given", colors_[static_cast<std::size_t>(given)]);
      g.add(palette.face(x, y, side, given));
    }
    // The size small in the corner, on white, as the key shows it: the rest of the cell is
    // room to write a colour.
    g.add(Element("rect")
              .set("x", x + 2)
              .set("y", y + 2)
              .set("width", 16)
              .set("height", 16)
              .set("fill", "#fff")
              .set("stroke", "#000")
              .set("stroke-width", 0.6));
    g.add(label(x + 10, y + 15, std::to_string(size), 12, "middle", "bold"));
    if (special[static_cast<std::size_t>(cell)])
      g.add(label(x + side - 4, y + 15, "*", 16, "end", "bold"));
    d.content.add(std::move(g));
  }
  grid.mark_steps(d, cells_by_step);
  grid.add_frame(d);
  d.colours = palette.colours();
  return d;
}

render::Drawing draw_placement(const Board& board, const std::vector<int>& colours,
                               const std::vector<int>& sizes) {
  const render::Palette palette = palette_of(board);
  const int n = board.n();
  const render::Grid grid = grid_of(n);
  const double side = grid.cell;
  render::Drawing d;
  d.content.set("class", "placement");
  for (int cell = 0; cell < board.cells(); ++cell) {
    const double x = grid.x(cell % n), y = grid.y(cell / n);
    const auto c = static_cast<std::size_t>(cell);
    d.content.add(palette.face(x, y, side, colours[c]));
    // The tower's size in the corner, on white so it reads on any fill.
    d.content.add(Element("rect")
                      .set("x", x + 2)
                      .set("y", y + 2)
                      .set("width", 13)
                      .set("height", 13)
                      .set("fill", "#fff"));
    d.content.add(label(x + 8.5, y + 12.5, std::to_string(sizes[c]), 10, "middle"));
    if (sizes[c] != board.size_at(cell))  // a special tower on a cell of another size
      d.content.add(grid.cell_rect(cell / n, cell % n, "none")
                        .set("x", x + 2)
                        .set("y", y + 2)
                        .set("width", side - 4)
                        .set("height", side - 4)
                        .set("stroke-width", 3.5)
                        .set("class", "special"));
  }
  grid.add_frame(d);
  d.colours = palette.colours();
  return d;
}

Json play_board(const Board& board, bool ordinary) {
  if (!ordinary && !board.specials().empty()) return nullptr;
  const int n = board.n();
  render::PlayGrid grid;
  grid.rows = grid.columns = n;
  render::describe_colours(palette_of(board), grid.values, grid.names, grid.fills);
  std::vector<render::PlayGrid::Distinct> sizes(static_cast<std::size_t>(n));
  for (int size = 1; size <= n; ++size)
    sizes[static_cast<std::size_t>(size - 1)].where =
        "on the cells of size " + std::to_string(size);
  grid.add_rows_and_columns();
  // Colours printed on the board (a sheet's givens) are filled in and fixed.
  if (board.has_givens())
    for (const int colour : board.given_colours())
      grid.givens.push_back(colour == Board::kNoColour ? std::nullopt : std::optional<int>(colour));
  for (int cell = 0; cell < board.cells(); ++cell) {
    grid.labels.push_back(std::to_string(board.size_at(cell)));
    sizes[static_cast<std::size_t>(board.size_at(cell) - 1)].cells.push_back(cell);
  }
  for (auto& size : sizes)
    if (size.cells.size() > 1) grid.distinct.push_back(std::move(size));
  return grid.to_json();
}

}  // namespace puzzlegen::cube36
