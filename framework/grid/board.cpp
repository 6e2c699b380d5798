#include "grid/board.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "yaml_read.hpp"

namespace puzzlegen::grid {

namespace {

std::size_t idx(int i) {
  return static_cast<std::size_t>(i);
}

int non_zero(const std::vector<int>& values) {
  return static_cast<int>(std::count_if(values.begin(), values.end(), [](int v) { return v; }));
}

int flipped(int mark) {
  return mark == 1 ? 2 : mark == 2 ? 1 : mark;
}

// The board moved by `g`, with its numbers reversed when `reverse`.
Board transformed(const Board& board, const Dihedral& g, bool reverse, Marks marks) {
  const int n = board.n;
  Board out;
  out.n = n;
  out.cells.assign(board.cells.size(), 0);
  const auto image = [&](int cell) {
    const auto [r, c] = g.apply(n, cell / n, cell % n);
    return r * n + c;
  };
  for (int cell = 0; cell < n * n; ++cell) {
    const int v = board.cells[idx(cell)];
    out.cells[idx(image(cell))] = v && reverse ? n + 1 - v : v;
  }
  bool bordered = false;
  for (const auto& side : board.border) bordered = bordered || !side.empty();
  if (bordered) {
    for (auto& side : out.border) side.assign(idx(n), 0);
    for (const Side s : kSides) {
      const auto& slots = board.side(s);
      for (int i = 0; i < static_cast<int>(slots.size()); ++i) {
        if (!slots[idx(i)]) continue;
        // The place just outside the board from which the clue looks along its line.
        const int r = s == Side::top ? -1 : s == Side::bottom ? n : i;
        const int c = s == Side::left ? -1 : s == Side::right ? n : i;
        const auto [r2, c2] = g.apply(n, r, c);
        const Side to = r2 == -1   ? Side::top
                        : r2 == n  ? Side::bottom
                        : c2 == -1 ? Side::left
                                   : Side::right;
        out.side(to)[idx(to == Side::top || to == Side::bottom ? c2 : r2)] = slots[idx(i)];
      }
    }
  }
  if (!board.across.empty() || !board.down.empty()) {
    out.across.assign(idx(n * (n - 1)), 0);
    out.down.assign(idx(n * (n - 1)), 0);
    const auto pairs = neighbour_pairs(n);
    for (std::size_t k = 0; k < pairs.size(); ++k) {
      int v = mark(board, k);
      if (!v) continue;
      int a = image(pairs[k].a), b = image(pairs[k].b);
      if (marks == Marks::ordered && reverse) v = flipped(v);
      if (a > b) {
        std::swap(a, b);
        if (marks == Marks::ordered) v = flipped(v);
      }
      const int index = pair_index(n, a, b);
      if (index < n * (n - 1))
        out.across[idx(index)] = v;
      else
        out.down[idx(index - n * (n - 1))] = v;
    }
  }
  if (!board.regions.empty()) {
    out.regions.assign(board.regions.size(), 0);
    for (int cell = 0; cell < n * n; ++cell)
      out.regions[idx(image(cell))] = board.regions[idx(cell)];
    out.region_clues = board.region_clues;
  }
  return out;
}

// Every non-zero number of the cells renamed 1, 2, ... in order of first appearance.
void rename_by_appearance(std::vector<int>& cells) {
  std::map<int, int> names;
  for (int& v : cells)
    if (v) v = names.emplace(v, static_cast<int>(names.size()) + 1).first->second;
}

}  // namespace

const char* side_name(Side side) {
  switch (side) {
    case Side::top:
      return "top";
    case Side::right:
      return "right";
    case Side::bottom:
      return "bottom";
    case Side::left:
      break;
  }
  return "left";
}

Board Board::empty(int n, bool marks) {
  Board board;
  board.n = n;
  board.cells.assign(idx(n * n), 0);
  if (marks) {
    board.across.assign(idx(n * (n - 1)), 0);
    board.down = board.across;
  }
  return board;
}

int Board::given_count() const {
  return non_zero(cells);
}

int Board::mark_count() const {
  return non_zero(across) + non_zero(down);
}

int Board::border_count() const {
  int count = 0;
  for (const auto& s : border) count += non_zero(s);
  return count;
}

void Board::check() const {
  const auto expect = [](bool ok, const char* what) {
    if (!ok) throw std::invalid_argument(std::string("grid::Board: ") + what);
  };
  expect(n >= 1 && cells.size() == idx(n * n), "cells must be n*n");
  for (const auto& s : border) expect(s.empty() || s.size() == idx(n), "a side must have n slots");
  expect(across.empty() == down.empty(), "across and down go together");
  expect(across.empty() || (across.size() == idx(n * (n - 1)) && down.size() == across.size()),
         "marks must be n(n-1) each way");
  expect(regions.empty() || regions.size() == cells.size(), "a region per cell");
  for (const int r : regions)
    expect(r >= 0 && idx(r) < region_clues.size(), "a clue for every region number");
}

std::vector<Pair> neighbour_pairs(int n) {
  std::vector<Pair> out;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c + 1 < n; ++c) out.push_back({r * n + c, r * n + c + 1});
  for (int r = 0; r + 1 < n; ++r)
    for (int c = 0; c < n; ++c) out.push_back({r * n + c, (r + 1) * n + c});
  return out;
}

int mark(const Board& board, std::size_t k) {
  if (board.across.empty()) return 0;
  return k < board.across.size() ? board.across[k] : board.down[k - board.across.size()];
}

std::vector<int> box_regions(int n, int box_rows, int box_columns) {
  if (box_rows < 1 || box_columns < 1 || n % box_rows || n % box_columns)
    throw std::invalid_argument("box_regions: boxes must tile the board");
  std::vector<int> out(idx(n * n));
  const int per_row = n / box_columns;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) out[idx(r * n + c)] = r / box_rows * per_row + c / box_columns;
  return out;
}

std::pair<int, int> Dihedral::apply(int n, int row, int column) const {
  if (transpose) std::swap(row, column);
  if (flip_rows) row = n - 1 - row;
  if (flip_columns) column = n - 1 - column;
  return {row, column};
}

std::vector<Dihedral> dihedral_group(bool with_transpose) {
  std::vector<Dihedral> out;
  for (int t = 0; t < (with_transpose ? 8 : 4); ++t)
    out.push_back({(t & 4) != 0, (t & 1) != 0, (t & 2) != 0});
  return out;
}

std::vector<int> encoding(const Board& board) {
  std::vector<int> out{board.n};
  out.insert(out.end(), board.cells.begin(), board.cells.end());
  bool bordered = false;
  for (const auto& side : board.border) bordered = bordered || !side.empty();
  if (bordered)
    for (const auto& side : board.border) {
      if (side.empty())
        out.insert(out.end(), idx(board.n), 0);
      else
        out.insert(out.end(), side.begin(), side.end());
    }
  out.insert(out.end(), board.across.begin(), board.across.end());
  out.insert(out.end(), board.down.begin(), board.down.end());
  if (!board.regions.empty()) {
    std::map<int, int> names;
    std::vector<int> clues;
    for (const int r : board.regions) {
      const auto [it, fresh] = names.emplace(r, static_cast<int>(names.size()));
      if (fresh) clues.push_back(board.region_clues[idx(r)]);
      out.push_back(it->second);
    }
    out.insert(out.end(), clues.begin(), clues.end());
  }
  return out;
}

std::vector<std::vector<int>> images(const Board& board, const BoardSymmetry& symmetry) {
  std::vector<std::vector<int>> out;
  for (const Dihedral& g : symmetry.geometry)
    for (const bool reverse : {false, true}) {
      if (reverse && symmetry.values != Values::reversal) continue;
      Board image = transformed(board, g, reverse, symmetry.marks);
      if (symmetry.values == Values::renaming) rename_by_appearance(image.cells);
      out.push_back(encoding(image));
    }
  return out;
}

std::vector<int> canonical_key(const Board& board, const BoardSymmetry& symmetry) {
  const auto all = images(board, symmetry);
  return *std::min_element(all.begin(), all.end());
}

Natural class_size(const Board& board, const BoardSymmetry& symmetry) {
  const auto all = images(board, symmetry);
  if (symmetry.values != Values::renaming)
    return Natural(std::set<std::vector<int>>(all.begin(), all.end()).size());
  // Orbit-stabiliser in (geometry x renamings): a symmetry g fixes the board with some
  // renaming exactly when g's renamed image is the board's renamed self, and then with every
  // renaming of the numbers the cells do not use as well.
  Board self = board;
  rename_by_appearance(self.cells);
  const std::vector<int> own = encoding(self);
  const auto fixing = static_cast<std::uint64_t>(std::count(all.begin(), all.end(), own));
  const std::set<int> used(board.cells.begin(), board.cells.end());
  const int distinct = static_cast<int>(used.size()) - (used.count(0) ? 1 : 0);
  return Natural(symmetry.geometry.size()) * factorial(board.n) /
         (Natural(fixing) * factorial(board.n - distinct));
}

BoardInstance::BoardInstance(Board board, BoardSymmetry symmetry)
    : board_(std::move(board)), symmetry_(std::move(symmetry)) {
  board_.check();
}

std::vector<int> BoardInstance::canonical_key() const {
  return grid::canonical_key(board_, symmetry_);
}

std::optional<Natural> BoardInstance::class_size() const {
  return grid::class_size(board_, symmetry_);
}

std::string board_text(const Board& board, const TextStyle& style) {
  const int n = board.n;
  const std::size_t digits = std::to_string(n).size();
  const auto pad = [](std::string s, std::size_t width, bool right) {
    if (s.size() < width) s.insert(right ? s.begin() : s.end(), width - s.size(), ' ');
    return s;
  };
  const auto cell = [&](int v) {
    return style.cell ? style.cell(v) : pad(v ? std::to_string(v) : ".", digits, true);
  };
  const bool marked = !board.across.empty();
  const auto across = [&](int v) {
    if (!marked) return std::string(" ");
    return style.across ? style.across(v) : v ? " " + std::to_string(v) + " " : "   ";
  };
  const auto down = [&](int v) {
    return style.down ? style.down(v) : v ? std::to_string(v) : std::string(" ");
  };
  const auto clue = [&](int v) {
    return style.clue ? style.clue(v) : v ? std::to_string(v) : std::string();
  };
  const std::size_t cell_width = cell(0).size(), step = cell_width + across(0).size();
  std::size_t left_width = 0;
  for (const int v : board.side(Side::left)) left_width = std::max(left_width, clue(v).size());
  const std::string indent = board.side(Side::left).empty() ? "" : std::string(left_width + 1, ' ');
  const auto trimmed = [](std::string line) {
    line.erase(line.find_last_not_of(' ') + 1);
    return line + "\n";
  };
  const auto clue_line = [&](Side s) {
    std::string line = indent;
    for (const int v : board.side(s)) line += pad(clue(v), step, false);
    return trimmed(line);
  };
  std::ostringstream out;
  if (!board.side(Side::top).empty()) out << clue_line(Side::top);
  for (int r = 0; r < n; ++r) {
    std::string line;
    if (!indent.empty()) line += pad(clue(board.side(Side::left)[idx(r)]), left_width, true) + " ";
    for (int c = 0; c < n; ++c) {
      line += cell(board.at(r, c));
      if (c + 1 < n) line += across(marked ? board.across[idx(r * (n - 1) + c)] : 0);
    }
    if (!board.side(Side::right).empty()) line += " " + clue(board.side(Side::right)[idx(r)]);
    out << trimmed(line);
    if (!marked || r + 1 == n) continue;
    std::string marks = indent;
    for (int c = 0; c < n; ++c) marks += pad(down(board.down[idx(r * n + c)]), step, false);
    out << trimmed(marks);
  }
  if (!board.side(Side::bottom).empty()) out << clue_line(Side::bottom);
  return out.str();
}

std::string cell_name(int n, int cell) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

Json rows_json(int n, const std::vector<int>& values) {
  Json rows = Json::array();
  for (int r = 0; r < n; ++r)
    rows.push_back(std::vector<int>(values.begin() + r * n, values.begin() + (r + 1) * n));
  return rows;
}

std::vector<int> read_rows(const YAML::Node& node, const std::string& file,
                           const std::string& field, int n, int least, int most) {
  const std::string count = std::to_string(n);
  if (!node.IsSequence() || static_cast<int>(node.size()) != n)
    throw InputError(location_of(node, file), field,
                     "expected " + count + " rows of " + count + " numbers (0 for an empty cell)");
  std::vector<int> out(idx(n * n), 0);
  for (int r = 0; r < n; ++r) {
    const YAML::Node row = node[idx(r)];
    const std::string where = field + "[" + std::to_string(r + 1) + "]";
    if (!row.IsSequence() || static_cast<int>(row.size()) != n)
      throw InputError(location_of(row, file), where,
                       "expected a row of " + count + " numbers (0 for empty)");
    for (int c = 0; c < n; ++c) {
      const YAML::Node item = row[idx(c)];
      const int v = read_int(item, file, where, 0, most, "a number (0 for empty)");
      if (v != 0 && v < least)
        throw InputError(location_of(item, file), where,
                         "expected " + describe_integer("a number", least, most) +
                             " (0 for empty), got " + std::to_string(v));
      out[idx(r * n + c)] = v;
    }
  }
  return out;
}

Json border_json(const Board& board) {
  Json out = Json::object();
  for (const Side s : kSides)
    if (!board.side(s).empty()) out[side_name(s)] = board.side(s);
  return out;
}

void read_border(const YAML::Node& node, const std::string& file, const std::string& field,
                 int least, int most, Board& board) {
  expect_mapping(node, file, field, "a mapping of sides (top, right, bottom, left) to clues");
  reject_unknown_keys(node, {"top", "right", "bottom", "left"}, field, file);
  const std::string count = std::to_string(board.n);
  for (const Side s : kSides) {
    const YAML::Node slots = node[side_name(s)];
    if (!slots) continue;
    const std::string where = field + "." + side_name(s);
    if (!slots.IsSequence() || static_cast<int>(slots.size()) != board.n)
      throw InputError(location_of(slots, file), where,
                       "expected a list of " + count + " clues (0 for none)");
    auto& side = board.side(s);
    side.assign(idx(board.n), 0);
    for (int i = 0; i < board.n; ++i) {
      const YAML::Node item = slots[idx(i)];
      const std::string at_slot = where + "[" + std::to_string(i + 1) + "]";
      const int v = read_int(item, file, at_slot, 0, most, "a clue (0 for none)");
      if (v != 0 && v < least)
        throw InputError(location_of(item, file), at_slot,
                         "expected " + describe_integer("a clue", least, most) +
                             " (0 for none), got " + std::to_string(v));
      side[idx(i)] = v;
    }
  }
}

}  // namespace puzzlegen::grid
