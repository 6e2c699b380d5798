#include "puzzle.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <regex>

#include "error.hpp"
#include "yaml_read.hpp"

namespace kenken {

using puzzlegen::InputError;
using puzzlegen::SourceLocation;
namespace grid = puzzlegen::grid;

namespace {

// Two puzzles are the same when one is the other turned or reflected; a clue's number means a
// number, and cages are compared as sets of cells.
grid::BoardSymmetry symmetry() {
  return {grid::dihedral_group(), grid::Values::fixed, grid::Marks::unordered};
}

// The neighbour pairs in the order of a `keen` description's walls: every pair across, row by
// row, then every pair down, column by column.
std::vector<grid::Pair> description_edges(int n) {
  std::vector<grid::Pair> out;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x + 1 < n; ++x) out.push_back({y * n + x, y * n + x + 1});
  for (int y = 0; y < n; ++y)
    for (int x = 0; x + 1 < n; ++x) out.push_back({x * n + y, (x + 1) * n + y});
  return out;
}

// Whether `cells` (distinct, on an n x n board) are connected through shared sides.
bool connected(int n, const std::vector<int>& cells) {
  std::vector<int> reached{cells.front()};
  for (std::size_t k = 0; k < reached.size(); ++k)
    for (const int other : cells) {
      const int a = reached[k];
      const bool side =
          (a / n == other / n && std::abs(a - other) == 1) || std::abs(a - other) == n;
      if (side && std::find(reached.begin(), reached.end(), other) == reached.end())
        reached.push_back(other);
    }
  return reached.size() == cells.size();
}

// Why the cage's clue cannot stand (empty when it can).
std::string clue_problem(const Cage& cage, int n) {
  const std::size_t k = cage.cells.size();
  if ((cage.op == Op::sub || cage.op == Op::div) && k != 2)
    return std::string(cage.op == Op::sub ? "'-'" : "'/'") + " needs a cage of 2 cells, not " +
           std::to_string(k);
  if (cage.value < 1 || cage.value > kMaxTarget)
    return "the target must be from 1 to " + std::to_string(kMaxTarget);
  if (k == 1 && cage.value > n)
    return "a cage of one cell holds its number, from 1 to " + std::to_string(n);
  return {};
}

char op_letter(Op op) {
  return op == Op::add ? 'a' : op == Op::mul ? 'm' : op == Op::sub ? 's' : 'd';
}

puzzlegen::render::Drawing draw_grid(const Puzzle& puzzle, const std::vector<int>& numbers,
                                     const std::vector<std::vector<int>>& cells_by_step = {}) {
  const int n = puzzle.n();
  const puzzlegen::render::Grid layout{n, n, 44, 0, 22};
  puzzlegen::render::Drawing d;
  d.content.set("class", "kenken").set("data-n", std::to_string(n));
  for (int cell = 0; cell < n * n; ++cell) {
    d.content.add(layout.cell_rect(cell / n, cell % n, "#fff"));
    if (!numbers.empty())
      d.content.add(layout.cell_text(cell / n, cell % n,
                                     std::to_string(numbers[static_cast<std::size_t>(cell)]), 22));
  }
  for (const Cage& cage : puzzle.cages())
    d.content.add(
        layout.corner_text(cage.cells.front() / n, cage.cells.front() % n, clue_text(cage), 11));
  layout.add_region_walls(d, puzzle.board().regions);
  layout.mark_steps(d, cells_by_step);
  layout.add_frame(d);
  return d;
}

}  // namespace

std::string clue_text(const Cage& cage, bool ascii) {
  std::string out = std::to_string(cage.value);
  if (cage.cells.size() == 1 && cage.op == Op::add) return out;
  switch (cage.op) {
    case Op::add:
      return out + "+";
    case Op::mul:
      return out + (ascii ? "x" : "\u00d7");
    case Op::sub:
      return out + (ascii ? "-" : "\u2212");
    case Op::div:
      return out + (ascii ? "/" : "\u00f7");
  }
  return out;
}

Puzzle::Puzzle(Board board) : BoardInstance(std::move(board), symmetry()) {
  const Board& b = this->board();
  cages_.resize(b.region_clues.size());
  for (int cell = 0; cell < n() * n(); ++cell)
    cages_[static_cast<std::size_t>(b.regions[static_cast<std::size_t>(cell)])].cells.push_back(
        cell);
  for (std::size_t k = 0; k < cages_.size(); ++k) {
    cages_[k].op = static_cast<Op>(b.region_clues[k] % 4);
    cages_[k].value = b.region_clues[k] / 4;
  }
}

Puzzle make_puzzle(int n, std::vector<Cage> cages) {
  for (Cage& cage : cages) std::sort(cage.cells.begin(), cage.cells.end());
  std::sort(cages.begin(), cages.end(),
            [](const Cage& a, const Cage& b) { return a.cells.front() < b.cells.front(); });
  Board board = Board::empty(n);
  board.regions.assign(static_cast<std::size_t>(n * n), 0);
  for (std::size_t k = 0; k < cages.size(); ++k) {
    for (const int cell : cages[k].cells)
      board.regions[static_cast<std::size_t>(cell)] = static_cast<int>(k);
    board.region_clues.push_back(static_cast<int>(cages[k].value * 4 + cages[k].op));
  }
  return Puzzle(std::move(board));
}

Json Puzzle::to_json() const {
  Json cages = Json::array();
  for (const Cage& cage : cages_) {
    Json cells = Json::array();
    for (const int cell : cage.cells) cells.push_back(grid::cell_name(n(), cell));
    Json entry = {{"cells", cells}};
    if (cage.cells.size() > 1 || cage.op != Op::add) {
      const std::string text = clue_text(cage, true);
      entry["op"] = text.substr(text.size() - 1);
    }
    entry["value"] = cage.value;
    cages.push_back(std::move(entry));
  }
  return {{"puzzle", "kenken"}, {"size", n()}, {"cages", cages}};
}

std::string Puzzle::render_text() const {
  // Cells with walls between cages, each cage's clue in its first cell.
  const int n = this->n();
  std::size_t width = 3;
  for (const Cage& cage : cages_) width = std::max(width, clue_text(cage, true).size());
  const auto region = [&](int r, int c) {
    return board().regions[static_cast<std::size_t>(r * n + c)];
  };
  std::vector<std::string> first(static_cast<std::size_t>(n * n));
  for (const Cage& cage : cages_)
    first[static_cast<std::size_t>(cage.cells.front())] = clue_text(cage, true);
  std::string out;
  for (int r = 0; r <= n; ++r) {
    // The line above row r.
    std::string line = "+";
    for (int c = 0; c < n; ++c) {
      const bool wall = r == 0 || r == n || region(r - 1, c) != region(r, c);
      line += std::string(width, wall ? '-' : ' ') + "+";
    }
    out += line + "\n";
    if (r == n) break;
    line = "|";
    for (int c = 0; c < n; ++c) {
      const std::string& text = first[static_cast<std::size_t>(r * n + c)];
      line += text + std::string(width - text.size(), ' ');
      line += c + 1 == n || region(r, c) != region(r, c + 1) ? "|" : " ";
    }
    out += line + "\n";
  }
  return out;
}

puzzlegen::render::Drawing Puzzle::draw(double) const {
  return draw_grid(*this, {});
}

puzzlegen::render::Drawing Puzzle::draw_filled(const std::vector<int>& solution) const {
  return draw_grid(*this, solution);
}

puzzlegen::render::Drawing Puzzle::draw_steps(
    const std::vector<std::vector<int>>& cells_by_step) const {
  return draw_grid(*this, {}, cells_by_step);
}

std::string Puzzle::game_description() const {
  // The walls: the edges in description order and one more, always a wall; each wall written
  // as the number of open edges before it ('_' none, 'a' one, ... 'z' 26), three or more equal
  // letters in a row as the letter and the count.
  const int n = this->n();
  std::vector<std::string> tokens;
  int run = 0;
  const auto edges = description_edges(n);
  for (std::size_t k = 0; k <= edges.size(); ++k) {
    const bool wall =
        k == edges.size() || board().regions[static_cast<std::size_t>(edges[k].a)] !=
                                 board().regions[static_cast<std::size_t>(edges[k].b)];
    if (!wall) {
      ++run;
      continue;
    }
    if (run > 26) return {};
    tokens.push_back(run == 0 ? "_" : std::string(1, static_cast<char>('a' + run - 1)));
    run = 0;
  }
  std::string out = std::to_string(n) + ":";
  for (std::size_t i = 0; i < tokens.size();) {
    std::size_t j = i;
    while (j < tokens.size() && tokens[j] == tokens[i]) ++j;
    if (j - i >= 3)
      out += tokens[i] + std::to_string(j - i);
    else
      for (std::size_t k = i; k < j; ++k) out += tokens[k];
    i = j;
  }
  out += ",";
  for (const Cage& cage : cages_) out += op_letter(cage.op) + std::to_string(cage.value);
  return out;
}

Puzzle read_game_description(const std::string& text, const SourceLocation& where,
                             const std::string& field) {
  const auto fail = [&](const std::string& why) {
    throw InputError(where, field,
                     why + " (expected a game description like \"3:a_3aab_,s1m6s1a5\")");
  };
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos || colon == 0) fail("no 'N:' at the start");
  const std::string head = text.substr(0, colon);
  if (head.size() != 1 || head[0] < '3' || head[0] > '9') fail("the size must be 3 to 9");
  const int n = head[0] - '0';
  const std::size_t comma = text.find(',', colon);
  if (comma == std::string::npos) fail("no ',' between the walls and the clues");
  const std::string walls = text.substr(colon + 1, comma - colon - 1);
  const auto edges = description_edges(n);
  // Each edge open (false) or a wall (true), with the closing wall after the last edge.
  std::vector<bool> wall;
  std::string previous;
  for (std::size_t k = 0; k < walls.size();) {
    const char ch = walls[k];
    if (std::isdigit(static_cast<unsigned char>(ch))) {
      std::size_t end = k;
      while (end < walls.size() && std::isdigit(static_cast<unsigned char>(walls[end]))) ++end;
      if (previous.empty()) fail("a count with nothing before it in the walls");
      const int times = std::stoi(walls.substr(k, std::min<std::size_t>(end - k, 4)));
      if (times < 2 || times > 2 * n * n) fail("a bad count in the walls");
      for (int t = 1; t < times; ++t)
        for (const char c : previous) wall.push_back(c == '1');
      previous.clear();
      k = end;
      continue;
    }
    if (ch != '_' && (ch < 'a' || ch > 'z'))
      fail(std::string("'") + ch + "' in the walls (expected '_', 'a' to 'z' or a count)");
    previous = std::string(ch == '_' ? 0 : static_cast<std::size_t>(ch - 'a' + 1), '0') + "1";
    for (const char c : previous) wall.push_back(c == '1');
    ++k;
  }
  if (wall.size() != edges.size() + 1 || !wall.back())
    fail("the walls give " + std::to_string(wall.size() == 0 ? 0 : wall.size() - 1) + " edges, a " +
         head + "x" + head + " grid has " + std::to_string(edges.size()));
  // The cages: the cells joined through open edges, numbered by their first cells.
  std::vector<int> root(static_cast<std::size_t>(n * n));
  std::iota(root.begin(), root.end(), 0);
  const auto find = [&](int x) {
    while (root[static_cast<std::size_t>(x)] != x) x = root[static_cast<std::size_t>(x)];
    return x;
  };
  for (std::size_t k = 0; k < edges.size(); ++k)
    if (!wall[k]) {
      const int a = find(edges[k].a), b = find(edges[k].b);
      root[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
    }
  for (std::size_t k = 0; k < edges.size(); ++k)
    if (wall[k] && find(edges[k].a) == find(edges[k].b))
      fail("a wall between " + grid::cell_name(n, edges[k].a) + " and " +
           grid::cell_name(n, edges[k].b) + ", which are in one cage");
  std::vector<Cage> cages;
  std::vector<int> index(static_cast<std::size_t>(n * n), -1);
  for (int cell = 0; cell < n * n; ++cell) {
    int& k = index[static_cast<std::size_t>(find(cell))];
    if (k < 0) {
      k = static_cast<int>(cages.size());
      cages.emplace_back();
    }
    cages[static_cast<std::size_t>(k)].cells.push_back(cell);
  }
  // The clues, one per cage in that order.
  static const std::regex clue_form("([amsd])([0-9]{1,9})");
  const std::string clues = text.substr(comma + 1);
  auto it = std::sregex_iterator(clues.begin(), clues.end(), clue_form);
  std::size_t read = 0, k = 0;
  for (; it != std::sregex_iterator(); ++it, ++k) {
    if (static_cast<std::size_t>(it->position()) != read)
      fail("'" + clues.substr(read, 8) + "' in the clues (expected a, m, s or d and a number)");
    read += static_cast<std::size_t>(it->length());
    if (k >= cages.size()) fail("more clues than the " + std::to_string(cages.size()) + " cages");
    Cage& cage = cages[k];
    const char letter = (*it)[1].str()[0];
    cage.op = letter == 'a' ? Op::add : letter == 'm' ? Op::mul : letter == 's' ? Op::sub : Op::div;
    cage.value = std::stoll((*it)[2].str());
    if ((*it)[2].str().size() > 1 && (*it)[2].str()[0] == '0') fail("a number with a leading 0");
    if (const std::string why = clue_problem(cage, n); !why.empty())
      fail("clue " + std::to_string(k + 1) + " ('" + it->str() + "', the cage at " +
           grid::cell_name(n, cage.cells.front()) + "): " + why);
  }
  if (read != clues.size())
    fail("'" + clues.substr(read, 8) + "' in the clues (expected a, m, s or d and a number)");
  if (k != cages.size())
    fail(std::to_string(k) + " clues for " + std::to_string(cages.size()) + " cages");
  return make_puzzle(n, std::move(cages));
}

Puzzle read_puzzle(const YAML::Node& document, const std::string& file) {
  using puzzlegen::location_of;
  puzzlegen::reject_unknown_keys(document, {"puzzle", "game", "size", "cages"}, "", file);
  if (const YAML::Node game = document["game"]) {
    for (const char* other : {"size", "cages"})
      if (document[other])
        throw InputError(location_of(document[other], file), other,
                         "give either game or size and cages, not both");
    if (!game.IsScalar())
      throw InputError(location_of(game, file), "game", "expected a game description string");
    return read_game_description(game.Scalar(), location_of(game, file), "game");
  }
  if (!document["size"])
    throw InputError(location_of(document, file), "size", "missing: give size and cages, or game");
  const int n = puzzlegen::read_int(document["size"], file, "size", 3, 9, "a grid size");
  const YAML::Node list = document["cages"];
  if (!list) throw InputError(location_of(document, file), "cages", "missing: give the cages");
  puzzlegen::expect_sequence(list, file, "cages",
                             "a list of cages like {cells: [r1c1, r1c2], op: \"+\", value: 3}");
  static const std::regex cell_form(R"(\s*r(\d)c(\d)\s*)");
  std::vector<int> owner(static_cast<std::size_t>(n * n), -1);
  std::vector<Cage> cages;
  for (std::size_t k = 0; k < list.size(); ++k) {
    const YAML::Node item = list[k];
    const std::string field = "cages[" + std::to_string(k + 1) + "]";
    puzzlegen::expect_mapping(item, file, field,
                              "a cage like {cells: [r1c1, r1c2], op: \"+\", value: 3}");
    puzzlegen::reject_unknown_keys(item, {"cells", "op", "value"}, field, file);
    Cage cage;
    const YAML::Node cells = item["cells"];
    if (!cells)
      throw InputError(location_of(item, file), field + ".cells", "missing: list the cage's cells");
    puzzlegen::expect_sequence(cells, file, field + ".cells", "a list of cells like [r1c1, r1c2]");
    if (cells.size() == 0)
      throw InputError(location_of(cells, file), field + ".cells", "a cage needs a cell");
    for (std::size_t j = 0; j < cells.size(); ++j) {
      const std::string where = field + ".cells[" + std::to_string(j + 1) + "]";
      std::smatch m;
      const std::string text = cells[j].IsScalar() ? cells[j].Scalar() : "";
      if (!std::regex_match(text, m, cell_form))
        throw InputError(location_of(cells[j], file), where,
                         "expected a cell like r2c3 (row and column from 1)");
      const int r = m[1].str()[0] - '1', c = m[2].str()[0] - '1';
      if (r < 0 || r >= n || c < 0 || c >= n)
        throw InputError(
            location_of(cells[j], file), where,
            text + " is outside the " + std::to_string(n) + "x" + std::to_string(n) + " grid");
      int& slot = owner[static_cast<std::size_t>(r * n + c)];
      if (slot >= 0)
        throw InputError(location_of(cells[j], file), where,
                         text + " is already in cages[" + std::to_string(slot + 1) + "]");
      slot = static_cast<int>(k);
      cage.cells.push_back(r * n + c);
    }
    if (!connected(n, cage.cells))
      throw InputError(location_of(cells, file), field + ".cells",
                       "the cells are not connected (each must share a side with another)");
    if (const YAML::Node op = item["op"]) {
      const std::string text = op.IsScalar() ? op.Scalar() : "";
      if (text == "+")
        cage.op = Op::add;
      else if (text == "x" || text == "*" || text == "\u00d7")
        cage.op = Op::mul;
      else if (text == "-" || text == "\u2212")
        cage.op = Op::sub;
      else if (text == "/" || text == "\u00f7")
        cage.op = Op::div;
      else
        throw InputError(location_of(op, file), field + ".op",
                         "expected \"+\", \"-\", \"x\" or \"/\"");
    } else if (cage.cells.size() > 1) {
      throw InputError(location_of(item, file), field + ".op",
                       "missing: a cage of several cells needs \"+\", \"-\", \"x\" or \"/\"");
    }
    if (!item["value"])
      throw InputError(location_of(item, file), field + ".value", "missing: the cage's target");
    cage.value =
        puzzlegen::read_integer(item["value"], file, field + ".value", 1, kMaxTarget, "a target");
    if (const std::string why = clue_problem(cage, n); !why.empty())
      throw InputError(location_of(item, file), field, why);
    cages.push_back(std::move(cage));
  }
  for (int cell = 0; cell < n * n; ++cell)
    if (owner[static_cast<std::size_t>(cell)] < 0)
      throw InputError(location_of(list, file), "cages",
                       grid::cell_name(n, cell) + " is in no cage (the cages must cover the grid)");
  return make_puzzle(n, std::move(cages));
}

}  // namespace kenken
