// A kit for puzzles on a square board (Futoshiki, Skyscrapers, Sudoku, KenKen): the board with
// numbers given in cells, clues on its border and marks between neighbouring cells, and regions
// (boxes, cages) with a clue each; the board's symmetries acting on all of them together, with
// the canonical key and class size they give; text output; and readers and writers for the
// parts of an instance file, with located errors. Gecode posting, capped counting and minimal
// puzzles are in grid/model.hpp; drawing in render/grid.hpp.
#pragma once

#include <yaml-cpp/yaml.h>
#include <nlohmann/json.hpp>

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "error.hpp"
#include "family.hpp"
#include "natural.hpp"
#include "render/grid.hpp"

namespace puzzlegen::grid {

using Side = render::Side;
inline constexpr std::array<Side, 4> kSides = {Side::top, Side::right, Side::bottom, Side::left};
// "top", "right", "bottom", "left": the keys of a border in an instance file.
const char* side_name(Side side);

// An n x n board. Every part but `cells` may be empty (the puzzle has none of it).
struct Board {
  int n = 0;
  // n*n numbers, row-major; 0 for an empty cell.
  std::vector<int> cells;
  // Clues seen from outside, per side (kSides order): empty, or n slots (0 = no clue), read
  // left to right on the top and bottom, top to bottom on the left and right.
  std::array<std::vector<int>, 4> border;
  // Marks between neighbours: across[r*(n-1)+c] between (r,c) and (r,c+1), down[r*n+c]
  // between (r,c) and (r+1,c); 0 = no mark. Empty, or n(n-1) each.
  std::vector<int> across, down;
  // A region number per cell (boxes, cages), and a clue per region number (0 = none). Empty,
  // or n*n numbers from 0 and one clue per number used.
  std::vector<int> regions;
  std::vector<int> region_clues;

  // An empty board: no givens, no marks (absent, or with `marks` all 0), no border or regions.
  static Board empty(int n, bool marks = false);
  int at(int row, int column) const { return cells[static_cast<std::size_t>(row * n + column)]; }
  const std::vector<int>& side(Side s) const { return border[static_cast<std::size_t>(s)]; }
  std::vector<int>& side(Side s) { return border[static_cast<std::size_t>(s)]; }
  int given_count() const;   // non-zero cells
  int mark_count() const;    // non-zero marks
  int border_count() const;  // non-zero border clues
  // Whether the parts have their sizes (above); throws std::invalid_argument otherwise.
  void check() const;
};

// Two neighbouring cells, b right of or below a.
struct Pair {
  int a, b;
};
// Every pair of neighbours of an n x n board, in the order of the marks: across, row by row,
// then down. Mark k is across[k] for k < n(n-1), down[k - n(n-1)] after.
std::vector<Pair> neighbour_pairs(int n);
// The position in neighbour_pairs(n) of the neighbours a < b.
inline int pair_index(int n, int a, int b) {
  return b == a + 1 ? a / n * (n - 1) + a % n : n * (n - 1) + a;
}
// The mark on neighbour_pairs(n)[k] (0 where the board has no marks).
int mark(const Board& board, std::size_t k);
// Boxes of box_rows x box_columns cells (a 9 x 9 Sudoku's 3 x 3), numbered row by row: a
// region number per cell. n must be a multiple of both.
std::vector<int> box_regions(int n, int box_rows, int box_columns);

// --- Symmetry

// One of the 8 symmetries of the square, acting on a cell (r, c): transpose first (when
// `transpose`), then reverse the order of the rows, then of the columns.
struct Dihedral {
  bool transpose = false, flip_rows = false, flip_columns = false;
  // Where (r, c) goes on an n x n board; also for the places -1 and n just outside it, where
  // border clues stand.
  std::pair<int, int> apply(int n, int row, int column) const;
};
// The 8 symmetries of the square, or the 4 that keep rows as rows (with_transpose false: for
// boxes that are not square, which a quarter turn would turn into other boxes).
std::vector<Dihedral> dihedral_group(bool with_transpose = true);

// How the numbers change with the board.
enum class Values {
  fixed,     // as they are (Skyscrapers, KenKen: a clue's value means a number)
  reversal,  // also every v read as n + 1 - v (Futoshiki: every sign turns round)
  renaming,  // also any renaming of 1..n (Sudoku): in cells only; marks and clues keep theirs
};
// What a mark's value means when the two cells trade places.
enum class Marks {
  unordered,  // a fact about the pair (a dot, a wall): kept
  ordered,    // 1: the first cell (left or upper) holds less, 2: more; they swap
};

// The symmetries that make two boards the same puzzle: geometry times the value action. Border
// clues move with the cells they look along; region numbers are renamed away.
struct BoardSymmetry {
  std::vector<Dihedral> geometry = dihedral_group();
  Values values = Values::fixed;
  Marks marks = Marks::unordered;
};

// The board as integers: n, the cells, the border sides in kSides order, across, down, and
// the regions renumbered in order of first appearance followed by their clues. Equal for equal
// boards, regions compared as partitions.
std::vector<int> encoding(const Board& board);
// The encoding of the board's image under each symmetry (with Values::renaming, the values of
// each image renamed in order of first appearance, so that the encodings compare boards up to
// renaming).
std::vector<std::vector<int>> images(const Board& board, const BoardSymmetry& symmetry);
// The least image: equal for two boards exactly when a symmetry maps one onto the other.
std::vector<int> canonical_key(const Board& board, const BoardSymmetry& symmetry);
// How many boards share the key: the board's distinct images (with renaming, counted through
// the stabiliser, as the n! renamings are not listed).
Natural class_size(const Board& board, const BoardSymmetry& symmetry);

// An Instance whose key and class size are its board's under its symmetry. A family's
// instance derives from it and adds its file schema (to_json), text and drawing.
class BoardInstance : public Instance {
 public:
  BoardInstance(Board board, BoardSymmetry symmetry);
  const Board& board() const { return board_; }
  int n() const { return board_.n; }
  std::vector<int> canonical_key() const override;
  std::optional<Natural> class_size() const override;

 private:
  Board board_;
  BoardSymmetry symmetry_;
};

// --- Text

// How text output shows a board's parts.
struct TextStyle {
  // A cell's number (default: the digit, or '.' for 0); the same width for every cell.
  std::function<std::string(int)> cell;
  // An across mark, as wide as the space between two cells (default "   " for none, else
  // " N "); a down mark, one character under its cell's first (default ' ' or the digit).
  std::function<std::string(int)> across;
  std::function<std::string(int)> down;
  // A border clue (default: the number, or blank for 0).
  std::function<std::string(int)> clue;
};
// Rows of cells with the marks between them, the border clues around; no trailing spaces.
std::string board_text(const Board& board, const TextStyle& style = {});

// --- Instance files (YAML, and JSON, which the YAML reader reads)

// "r2c3" for the cell in row 2, column 3 (counted from 1).
std::string cell_name(int n, int cell);
// Rows of numbers: [[0, 2, ...], ...], one row per board row.
Json rows_json(int n, const std::vector<int>& values);
// n rows of n numbers from `least` to `most` (0 as well: an empty cell); errors name `field`
// and `field`[row].
std::vector<int> read_rows(const YAML::Node& node, const std::string& file,
                           const std::string& field, int n, int least, int most);
// {top: [...], right: [...], ...} with the sides that have clues (0 = none in a slot).
Json border_json(const Board& board);
// Reads border_json's form into `board.border`: any of the four sides, n numbers each from
// `least` to `most` (0: no clue); errors name `field`.side[slot].
void read_border(const YAML::Node& node, const std::string& file, const std::string& field,
                 int least, int most, Board& board);

}  // namespace puzzlegen::grid
