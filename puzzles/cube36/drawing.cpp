#include "drawing.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

namespace puzzlegen::cube36 {

namespace {

using render::Element;
using render::label;

constexpr double kCell = 44;
constexpr double kMargin = 22;  // room for row and column numbers

void add_coordinates(render::Drawing& d, int n) {
  for (int i = 0; i < n; ++i) {
    const double middle = kMargin + (i + 0.5) * kCell;
    d.content.add(label(middle, 14, std::to_string(i + 1), 10, "middle"));
    d.content.add(label(8, middle + 4, std::to_string(i + 1), 10, "middle"));
  }
  d.width = kMargin + n * kCell + 2;
  d.height = kMargin + n * kCell + 2;
}

Element cell_rect(double x, double y, const std::string& fill) {
  return Element("rect")
      .set("x", x)
      .set("y", y)
      .set("width", kCell)
      .set("height", kCell)
      .set("fill", fill)
      .set("stroke", "#000")
      .set("stroke-width", 1.2);
}

render::Palette palette_of(const Board& board) {
  return render::Palette(board.colors(), board.abbreviations());
}

}  // namespace

render::Drawing Board::draw() const {
  // Each cell shows the size of tower that stands flush on it; taller towers on darker cells.
  render::Drawing d;
  d.content.set("class", "board").set("data-n", std::to_string(n_));
  std::vector<bool> special(static_cast<std::size_t>(cells()), false);
  for (const auto& piece : specials_)
    for (const int cell : piece.cells) special[static_cast<std::size_t>(cell)] = true;
  for (int cell = 0; cell < cells(); ++cell) {
    const double x = kMargin + (cell % n_) * kCell, y = kMargin + (cell / n_) * kCell;
    const int size = size_at(cell);
    const int grey = 250 - (n_ > 1 ? (size - 1) * 80 / (n_ - 1) : 0);
    std::array<char, 8> hex{};
    std::snprintf(hex.data(), hex.size(), "#%02x%02x%02x", grey, grey, grey);
    Element g("g");
    g.set("class", "cell").set("data-size", std::to_string(size));
    g.add(cell_rect(x, y, hex.data()));
    g.add(label(x + kCell / 2, y + kCell / 2 + 8, std::to_string(size), 22, "middle", "bold"));
    if (special[static_cast<std::size_t>(cell)])
      g.add(label(x + kCell - 4, y + 13, "*", 16, "end", "bold"));
    d.content.add(std::move(g));
  }
  add_coordinates(d, n_);
  d.colours = palette_of(*this).colours();
  return d;
}

render::Drawing draw_placement(const Board& board, const std::vector<int>& colours,
                               const std::vector<int>& sizes) {
  const render::Palette palette = palette_of(board);
  const int n = board.n();
  render::Drawing d;
  d.content.set("class", "placement");
  for (int cell = 0; cell < board.cells(); ++cell) {
    const double x = kMargin + (cell % n) * kCell, y = kMargin + (cell / n) * kCell;
    const auto c = static_cast<std::size_t>(cell);
    d.content.add(palette.face(x, y, kCell, colours[c]));
    // The tower's size in the corner, on white so it reads on any fill.
    d.content.add(Element("rect")
                      .set("x", x + 2)
                      .set("y", y + 2)
                      .set("width", 13)
                      .set("height", 13)
                      .set("fill", "#fff"));
    d.content.add(label(x + 8.5, y + 12.5, std::to_string(sizes[c]), 10, "middle"));
    if (sizes[c] != board.size_at(cell))  // a special tower on a cell of another size
      d.content.add(cell_rect(x + 2, y + 2, "none")
                        .set("width", kCell - 4)
                        .set("height", kCell - 4)
                        .set("stroke-width", 3.5)
                        .set("class", "special"));
  }
  add_coordinates(d, n);
  d.colours = palette.colours();
  return d;
}

}  // namespace puzzlegen::cube36
