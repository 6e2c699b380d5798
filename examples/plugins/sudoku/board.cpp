#include "board.hpp"

#include <cctype>

#include "error.hpp"
#include "yaml_read.hpp"

namespace sudoku {

using puzzlegen::InputError;
using puzzlegen::location_of;
using puzzlegen::SourceLocation;
namespace grid = puzzlegen::grid;
namespace render = puzzlegen::render;

namespace {

// Two Sudokus are the same puzzle when one is the other turned or reflected (all 8 ways for
// square boxes; for boxes that are not square, the 4 that keep rows as rows) with the numbers
// renamed.
grid::BoardSymmetry symmetry(int box_rows, int box_columns) {
  return {grid::dihedral_group(box_rows == box_columns), grid::Values::renaming,
          grid::Marks::unordered};
}

Board board_of(int box_rows, int box_columns, std::vector<int> givens) {
  Board board = Board::empty(box_rows * box_columns);
  board.cells = std::move(givens);
  board.regions = grid::box_regions(board.n, box_rows, box_columns);
  board.region_clues.assign(static_cast<std::size_t>(board.n), 0);  // boxes have no clue
  return board;
}

render::Drawing draw_grid(const Board& board, const std::vector<int>& numbers,
                          const std::vector<std::vector<int>>& cells_by_step = {}) {
  const int n = board.n;
  const double cell = n <= 9 ? 40 : 30;
  const render::Grid layout{n, n, cell, 0, 22};
  render::Drawing d;
  d.content.set("class", "sudoku").set("data-n", std::to_string(n));
  for (int index = 0; index < n * n; ++index) {
    const int r = index / n, c = index % n;
    const int given = board.cells[static_cast<std::size_t>(index)];
    const int shown = numbers.empty() ? given : numbers[static_cast<std::size_t>(index)];
    d.content.add(layout.cell_rect(r, c, "#fff"));
    if (shown)
      d.content.add(
          layout.cell_text(r, c, std::to_string(shown), n <= 9 ? 22 : 16, given ? "bold" : "normal")
              .set("fill", given || numbers.empty() ? "#000" : "#444"));
  }
  layout.add_region_walls(d, board.regions);
  layout.mark_steps(d, cells_by_step);
  layout.add_frame(d);
  return d;
}

int digits(int v) {
  return static_cast<int>(std::to_string(v).size());
}

}  // namespace

Sudoku::Sudoku(int box_rows, int box_columns, std::vector<int> givens)
    : BoardInstance(board_of(box_rows, box_columns, std::move(givens)),
                    symmetry(box_rows, box_columns)),
      box_rows_(box_rows),
      box_columns_(box_columns) {}

Json Sudoku::to_json() const {
  return {{"puzzle", "sudoku"},
          {"box", {box_rows_, box_columns_}},
          {"givens", grid::rows_json(n(), board().cells)}};
}

std::string Sudoku::render_text() const {
  // Rows of numbers ('.' for empty), '|' between boxes across and a rule between bands.
  const int n = this->n(), width = digits(n);
  std::string rule;
  for (int c = 0; c < n; ++c) {
    if (c > 0 && c % box_columns_ == 0) rule += "-+";
    rule += std::string(static_cast<std::size_t>(width + (c > 0 ? 1 : 0)), '-');
  }
  std::string out;
  for (int r = 0; r < n; ++r) {
    if (r > 0 && r % box_rows_ == 0) out += rule + "\n";
    for (int c = 0; c < n; ++c) {
      if (c > 0) out += c % box_columns_ == 0 ? " | " : " ";
      const int v = board().at(r, c);
      const std::string text = v == 0 ? "." : std::to_string(v);
      out += std::string(static_cast<std::size_t>(width) - text.size(), ' ') + text;
    }
    out += "\n";
  }
  return out;
}

render::Drawing Sudoku::draw(double) const {
  return draw_grid(board(), {});
}

render::Drawing Sudoku::draw_filled(const std::vector<int>& solution) const {
  return draw_grid(board(), solution);
}

render::Drawing Sudoku::draw_steps(const std::vector<std::vector<int>>& cells_by_step) const {
  return draw_grid(board(), {}, cells_by_step);
}

std::string Sudoku::game_description() const {
  // Numbers in decimal, '_' between two numbers in a row; a run of empty cells as letters, 'a'
  // for one up to 'z' for 26 (longer runs take several letters).
  std::string out = std::to_string(box_rows_) + "x" + std::to_string(box_columns_) + ":";
  int run = 0;
  bool after_number = false;
  const auto flush = [&] {
    for (; run > 0; run -= std::min(run, 26)) out += static_cast<char>('a' + std::min(run, 26) - 1);
  };
  for (const int v : board().cells) {
    if (v == 0) {
      ++run;
      after_number = false;
      continue;
    }
    flush();
    if (after_number) out += "_";
    out += std::to_string(v);
    after_number = true;
  }
  flush();
  return out;
}

std::string Sudoku::line() const {
  std::string out;
  for (const int v : board().cells) out += v == 0 ? '.' : static_cast<char>('0' + v);
  return out;
}

Sudoku read_game_description(const std::string& text, const SourceLocation& where,
                             const std::string& field) {
  const auto fail = [&](const std::string& why) {
    throw InputError(where, field,
                     why +
                         " (expected a game description like \"3x3:a2_6a7b3...\", as "
                         "sgt-solo --generate prints)");
  };
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) fail("no 'RxC:' at the start");
  const std::string head = text.substr(0, colon);
  std::size_t x = head.find('x');
  const auto all_digits = [](const std::string& s) {
    return !s.empty() && s.size() <= 2 &&
           std::all_of(s.begin(), s.end(), [](unsigned char ch) { return std::isdigit(ch); });
  };
  if (x == std::string::npos || !all_digits(head.substr(0, x)) || !all_digits(head.substr(x + 1)))
    fail("'" + head +
         "' is not a box shape RxC (solo's jigsaw, killer and X variants are not Sudoku here)");
  const int rows = std::stoi(head.substr(0, x)), columns = std::stoi(head.substr(x + 1));
  if (rows < 2 || rows > 5 || columns < 2 || columns > 5)
    fail("boxes of " + head + ": rows and columns of a box from 2 to 5");
  const int n = rows * columns;
  std::vector<int> cells;
  bool after_number = false;
  for (std::size_t k = colon + 1; k < text.size();) {
    const char ch = text[k];
    const std::string at = "character " + std::to_string(k + 1);
    if (ch >= 'a' && ch <= 'z') {
      cells.insert(cells.end(), static_cast<std::size_t>(ch - 'a' + 1), 0);
      after_number = false;
      ++k;
    } else if (ch == '_') {
      if (!after_number) fail("'_' at " + at + " does not follow a number");
      after_number = false;
      ++k;
    } else if (std::isdigit(static_cast<unsigned char>(ch))) {
      std::size_t end = k;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      if (after_number) fail("two numbers without '_' between them at " + at);
      const std::string number = text.substr(k, end - k);
      const int v = number.size() > 2 ? n + 1 : std::stoi(number);
      if (v < 1 || v > n)
        fail("the number " + number + " at " + at + " is not between 1 and " + std::to_string(n));
      cells.push_back(v);
      after_number = true;
      k = end;
    } else {
      fail("'" + std::string(1, ch) + "' at " + at + " is not a number, a letter a-z or '_'");
    }
    if (static_cast<int>(cells.size()) > n * n)
      fail("more than " + std::to_string(n * n) + " cells");
  }
  if (static_cast<int>(cells.size()) != n * n)
    fail(std::to_string(cells.size()) + " cells for a " + std::to_string(n) + "x" +
         std::to_string(n) + " grid");
  return Sudoku(rows, columns, std::move(cells));
}

namespace {

// A line of n*n characters: 1-9 given, '.' or '0' empty.
std::vector<int> read_line(const YAML::Node& node, const std::string& file, int n) {
  const std::string& text =
      puzzlegen::read_scalar(node, file, "line", "a line of digits and '.' for empty cells");
  const std::size_t cells = static_cast<std::size_t>(n * n);
  if (text.size() != cells)
    throw InputError(location_of(node, file), "line",
                     "expected " + std::to_string(cells) + " characters (" + std::to_string(n) +
                         " rows of " + std::to_string(n) + "), got " + std::to_string(text.size()));
  std::vector<int> out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    const char ch = text[k];
    if (ch == '.' || ch == '0') {
      out.push_back(0);
      continue;
    }
    if (ch < '1' || ch - '0' > n)
      throw InputError(location_of(node, file), "line",
                       "character " + std::to_string(k + 1) + " is '" + std::string(1, ch) +
                           "': expected a number from 1 to " + std::to_string(n) +
                           ", or '.' for an empty cell");
    out.push_back(ch - '0');
  }
  return out;
}

}  // namespace

Sudoku read_sudoku(const YAML::Node& document, const std::string& file) {
  puzzlegen::reject_unknown_keys(document, {"puzzle", "game", "line", "box", "givens"}, "", file);
  if (const YAML::Node game = document["game"]) {
    for (const char* other : {"line", "box", "givens"})
      if (document[other])
        throw InputError(location_of(document[other], file), other,
                         "give either game (it has the box shape) or box and givens, not both");
    const std::string& text =
        puzzlegen::read_scalar(game, file, "game", "a game description string");
    return read_game_description(text, location_of(game, file), "game");
  }
  // The box: [rows, columns]; without it, a line of 81 characters is a 9 x 9 of 3 x 3 boxes.
  int rows = 3, columns = 3;
  if (const YAML::Node box = document["box"]) {
    if (!box.IsSequence() || box.size() != 2)
      throw InputError(location_of(box, file), "box",
                       "expected [rows, columns] of a box, like [3, 3] or [2, 3]");
    rows = puzzlegen::read_int(box[0], file, "box[1]", 2, 5, "a box's rows");
    columns = puzzlegen::read_int(box[1], file, "box[2]", 2, 5, "a box's columns");
  } else if (!document["line"]) {
    throw InputError(location_of(document, file), "box",
                     "missing: give box and givens, line, or game");
  }
  const int n = rows * columns;
  if (const YAML::Node line = document["line"]) {
    if (document["givens"])
      throw InputError(location_of(document["givens"], file), "givens",
                       "give either line or givens, not both");
    if (n > 9)
      throw InputError(location_of(line, file), "line",
                       "one character per cell holds numbers up to 9; boxes of " +
                           std::to_string(rows) + "x" + std::to_string(columns) +
                           " need givens or game");
    return Sudoku(rows, columns, read_line(line, file, n));
  }
  if (!document["givens"])
    throw InputError(location_of(document, file), "givens",
                     "missing: " + std::to_string(n) + " rows of " + std::to_string(n) +
                         " numbers (0 for an empty cell)");
  return Sudoku(rows, columns, grid::read_rows(document["givens"], file, "givens", n, 1, n));
}

}  // namespace sudoku
