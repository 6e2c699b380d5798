#include "grid.hpp"

#include <regex>
#include <sstream>

#include "error.hpp"
#include "yaml_read.hpp"

namespace futoshiki {

using puzzlegen::InputError;
using puzzlegen::SourceLocation;
namespace grid = puzzlegen::grid;

namespace {

// Two puzzles are the same when one is the other turned or reflected (8 ways), with or without
// every number v read as n + 1 - v, which turns every sign round.
grid::BoardSymmetry symmetry() {
  return {grid::dihedral_group(), grid::Values::reversal, grid::Marks::ordered};
}

int flipped(int s) {
  return s == Sign::less ? Sign::greater : s == Sign::greater ? Sign::less : Sign::none;
}

puzzlegen::render::Drawing draw_grid(const Board& board, const std::vector<int>& numbers,
                                     const std::vector<std::vector<int>>& cells_by_step = {}) {
  const int n = board.n;
  const puzzlegen::render::Grid layout{n, n, 40, 18, 22};
  puzzlegen::render::Drawing d;
  d.content.set("class", "futoshiki").set("data-n", std::to_string(n));
  for (int cell = 0; cell < n * n; ++cell) {
    const int r = cell / n, c = cell % n;
    const int given = board.cells[static_cast<std::size_t>(cell)];
    const int shown = numbers.empty() ? given : numbers[static_cast<std::size_t>(cell)];
    d.content.add(layout.cell_rect(r, c, "#fff"));
    if (shown)
      d.content.add(layout.cell_text(r, c, std::to_string(shown), 22, given ? "bold" : "normal")
                        .set("fill", given || numbers.empty() ? "#000" : "#444"));
  }
  // The signs in the gaps, the open side towards the larger number.
  const auto pairs = grid::neighbour_pairs(n);
  for (std::size_t k = 0; k < pairs.size(); ++k)
    if (const int s = grid::mark(board, k))
      d.content.add(layout.mark(pairs[k].a / n, pairs[k].a % n, pairs[k].b == pairs[k].a + 1,
                                s == Sign::less ? "<" : ">"));
  layout.mark_steps(d, cells_by_step);
  layout.add_frame(d);
  return d;
}

}  // namespace

Grid::Grid(Board board) : BoardInstance(std::move(board), symmetry()) {}

Json Grid::to_json() const {
  Json signs = Json::array();
  const auto pairs = grid::neighbour_pairs(n());
  for (std::size_t k = 0; k < pairs.size(); ++k)
    if (const int s = grid::mark(board(), k))
      signs.push_back(grid::cell_name(n(), pairs[k].a) + (s == Sign::less ? " < " : " > ") +
                      grid::cell_name(n(), pairs[k].b));
  return {{"puzzle", "futoshiki"},
          {"size", n()},
          {"givens", grid::rows_json(n(), board().cells)},
          {"inequalities", signs}};
}

std::string Grid::render_text() const {
  // Numbers with their signs: '<' and '>' across, '^' (upper smaller) and 'v' down.
  grid::TextStyle style;
  style.across = [](int s) { return s == Sign::less ? " < " : s == Sign::greater ? " > " : "   "; };
  style.down = [](int s) { return s == Sign::less ? "^" : s == Sign::greater ? "v" : " "; };
  return grid::board_text(board(), style);
}

puzzlegen::render::Drawing Grid::draw(double) const {
  return draw_grid(board(), {});
}

puzzlegen::render::Drawing Grid::draw_filled(const std::vector<int>& solution) const {
  return draw_grid(board(), solution);
}

puzzlegen::render::Drawing Grid::draw_steps(
    const std::vector<std::vector<int>>& cells_by_step) const {
  return draw_grid(board(), {}, cells_by_step);
}

std::string Grid::game_description() const {
  // A cell's letters name the neighbours it is greater than: U(p), R(ight), D(own), L(eft).
  const Board& b = board();
  const int n = b.n;
  const auto right = [&](int r, int c) {
    return b.across[static_cast<std::size_t>(r * (n - 1) + c)];
  };
  const auto down = [&](int r, int c) { return b.down[static_cast<std::size_t>(r * n + c)]; };
  std::string out = std::to_string(n) + ":";
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      out += std::to_string(b.at(r, c));
      if (r > 0 && down(r - 1, c) == Sign::less) out += "U";
      if (c + 1 < n && right(r, c) == Sign::greater) out += "R";
      if (r + 1 < n && down(r, c) == Sign::greater) out += "D";
      if (c > 0 && right(r, c - 1) == Sign::less) out += "L";
      out += ",";
    }
  return out;
}

Grid read_game_description(const std::string& text, const SourceLocation& where,
                           const std::string& field) {
  const auto fail = [&](const std::string& why) {
    throw InputError(where, field, why + " (expected a game description like \"4:0,2U,0,...\")");
  };
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos || colon == 0) fail("no 'N:' at the start");
  const std::string head = text.substr(0, colon);
  if (head.back() == 'a')
    fail("'" + head +
         "' is the Adjacent variant (signs mark neighbours that differ by one), "
         "not Futoshiki");
  if (head.size() != 1 || head[0] < '3' || head[0] > '9') fail("the size must be 3 to 9");
  const int n = head[0] - '0';
  Board board = Board::empty(n, true);
  std::vector<int>&right = board.across, &down = board.down, givens;
  std::istringstream cells(text.substr(colon + 1));
  std::string cell;
  const auto set = [&](std::vector<int>& signs, int index, int sign) {
    int& slot = signs[static_cast<std::size_t>(index)];
    if (slot != Sign::none && slot != sign) fail("contradictory signs between two cells");
    slot = sign;
  };
  while (std::getline(cells, cell, ',')) {
    if (cell.empty()) {
      if (cells.peek() == EOF) break;  // the trailing comma
      fail("an empty cell");
    }
    const int index = static_cast<int>(givens.size());
    if (index >= n * n) fail("more than " + std::to_string(n * n) + " cells");
    const int r = index / n, c = index % n;
    std::size_t k = 0;
    while (k < cell.size() && std::isdigit(static_cast<unsigned char>(cell[k]))) ++k;
    if (k == 0 || k > 1) fail("cell " + std::to_string(index + 1) + " ('" + cell + "')");
    const int value = cell[0] - '0';
    if (value > n)
      fail("cell " + std::to_string(index + 1) + " holds " + cell.substr(0, 1) + ", more than " +
           std::to_string(n));
    givens.push_back(value);
    for (; k < cell.size(); ++k) {
      switch (cell[k]) {  // this cell is greater than its neighbour that way
        case 'U':
          if (r == 0) fail("cell " + std::to_string(index + 1) + " has no neighbour above");
          set(down, (r - 1) * n + c, Sign::less);
          break;
        case 'D':
          if (r + 1 == n) fail("cell " + std::to_string(index + 1) + " has no neighbour below");
          set(down, r * n + c, Sign::greater);
          break;
        case 'L':
          if (c == 0) fail("cell " + std::to_string(index + 1) + " has no neighbour to the left");
          set(right, r * (n - 1) + c - 1, Sign::less);
          break;
        case 'R':
          if (c + 1 == n)
            fail("cell " + std::to_string(index + 1) + " has no neighbour to the right");
          set(right, r * (n - 1) + c, Sign::greater);
          break;
        default:
          fail("cell " + std::to_string(index + 1) + " ('" + cell + "') has an unknown mark");
      }
    }
  }
  if (static_cast<int>(givens.size()) != n * n)
    fail(std::to_string(givens.size()) + " cells for a " + head + "x" + head + " grid");
  board.cells = std::move(givens);
  return Grid(std::move(board));
}

Grid read_grid(const YAML::Node& document, const std::string& file) {
  using puzzlegen::location_of;
  puzzlegen::reject_unknown_keys(document, {"puzzle", "game", "size", "givens", "inequalities"}, "",
                                 file);
  if (const YAML::Node game = document["game"]) {
    for (const char* other : {"size", "givens", "inequalities"})
      if (document[other])
        throw InputError(location_of(document[other], file), other,
                         "give either game or size/givens/inequalities, not both");
    if (!game.IsScalar())
      throw InputError(location_of(game, file), "game", "expected a game description string");
    return read_game_description(game.Scalar(), location_of(game, file), "game");
  }
  if (!document["size"])
    throw InputError(location_of(document, file), "size",
                     "missing: give size, givens and inequalities, or game");
  const int n = puzzlegen::read_int(document["size"], file, "size", 3, 9, "a grid size");
  Board board = Board::empty(n, true);
  if (const YAML::Node rows = document["givens"])
    board.cells = grid::read_rows(rows, file, "givens", n, 1, n);
  if (const YAML::Node signs = document["inequalities"]) {
    if (!signs.IsSequence())
      throw InputError(location_of(signs, file), "inequalities",
                       "expected a list like [\"r1c1 < r1c2\", \"r2c3 > r3c3\"]");
    static const std::regex form(R"(\s*r(\d)c(\d)\s*([<>])\s*r(\d)c(\d)\s*)");
    for (std::size_t k = 0; k < signs.size(); ++k) {
      const YAML::Node item = signs[k];
      const std::string field = "inequalities[" + std::to_string(k + 1) + "]";
      std::smatch m;
      const std::string text = item.IsScalar() ? item.Scalar() : "";
      if (!std::regex_match(text, m, form))
        throw InputError(location_of(item, file), field,
                         "expected \"rRcC < rRcC\" or \"rRcC > rRcC\" (rows and columns from 1)");
      int r1 = m[1].str()[0] - '1', c1 = m[2].str()[0] - '1', r2 = m[4].str()[0] - '1',
          c2 = m[5].str()[0] - '1';
      int s = m[3] == "<" ? Sign::less : Sign::greater;
      const auto inside = [n](int v) { return v >= 0 && v < n; };
      if (!inside(r1) || !inside(c1) || !inside(r2) || !inside(c2))
        throw InputError(
            location_of(item, file), field,
            "a cell outside the " + std::to_string(n) + "x" + std::to_string(n) + " grid");
      if (r2 * n + c2 < r1 * n + c1) std::swap(r1, r2), std::swap(c1, c2), s = flipped(s);
      int* slot = nullptr;
      if (r1 == r2 && c2 == c1 + 1)
        slot = &board.across[static_cast<std::size_t>(r1 * (n - 1) + c1)];
      if (c1 == c2 && r2 == r1 + 1) slot = &board.down[static_cast<std::size_t>(r1 * n + c1)];
      if (!slot)
        throw InputError(location_of(item, file), field,
                         "the two cells must be neighbours in a row or a column");
      if (*slot != Sign::none)
        throw InputError(location_of(item, file), field, "a second sign between these cells");
      *slot = s;
    }
  }
  return Grid(std::move(board));
}

}  // namespace futoshiki
