#include "grid.hpp"

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

#include "error.hpp"
#include "options.hpp"
#include "render/grid.hpp"

namespace futoshiki {

using puzzlegen::InputError;
using puzzlegen::SourceLocation;

namespace {

std::string cell_name(int n, int cell) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

Sign flipped(Sign s) {
  return s == Sign::less ? Sign::greater : s == Sign::greater ? Sign::less : Sign::none;
}

}  // namespace

std::vector<Pair> neighbour_pairs(int n) {
  std::vector<Pair> out;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c + 1 < n; ++c) out.push_back({r * n + c, r * n + c + 1});
  for (int r = 0; r + 1 < n; ++r)
    for (int c = 0; c < n; ++c) out.push_back({r * n + c, (r + 1) * n + c});
  return out;
}

Grid::Grid(int n, std::vector<int> givens, std::vector<Sign> right, std::vector<Sign> down)
    : n_(n), givens_(std::move(givens)), right_(std::move(right)), down_(std::move(down)) {}

int Grid::given_count() const {
  return static_cast<int>(std::count_if(givens_.begin(), givens_.end(), [](int v) { return v; }));
}

int Grid::sign_count() const {
  const auto set = [](Sign s) { return s != Sign::none; };
  return static_cast<int>(std::count_if(right_.begin(), right_.end(), set) +
                          std::count_if(down_.begin(), down_.end(), set));
}

Json Grid::to_json() const {
  Json rows = Json::array();
  for (int r = 0; r < n_; ++r)
    rows.push_back(std::vector<int>(givens_.begin() + r * n_, givens_.begin() + (r + 1) * n_));
  Json signs = Json::array();
  const auto all = neighbour_pairs(n_);
  for (std::size_t k = 0; k < all.size(); ++k) {
    const Sign s = sign(k);
    if (s == Sign::none) continue;
    const auto [a, b] = all[k];
    signs.push_back(cell_name(n_, a) + (s == Sign::less ? " < " : " > ") + cell_name(n_, b));
  }
  return {{"puzzle", "futoshiki"}, {"size", n_}, {"givens", rows}, {"inequalities", signs}};
}

std::vector<std::vector<int>> Grid::images() const {
  // Each symmetry as a map of cells, then the encoding: givens, then every pair's sign read
  // from the smaller-numbered cell of the pair.
  std::vector<std::vector<int>> out;
  const int n = n_;
  const auto all = neighbour_pairs(n);
  for (int t = 0; t < 8; ++t)
    for (const bool reverse : {false, true}) {
      const auto image = [&](int cell) {
        int r = cell / n, c = cell % n;
        if (t & 4) std::swap(r, c);
        if (t & 1) r = n - 1 - r;
        if (t & 2) c = n - 1 - c;
        return r * n + c;
      };
      std::vector<int> givens(givens_.size()), signs(all.size());
      for (int cell = 0; cell < n * n; ++cell) {
        const int v = givens_[static_cast<std::size_t>(cell)];
        givens[static_cast<std::size_t>(image(cell))] = v && reverse ? n + 1 - v : v;
      }
      for (std::size_t k = 0; k < all.size(); ++k) {
        Sign s = sign(k);
        if (s == Sign::none) continue;
        int a = image(all[k].a), b = image(all[k].b);
        if (reverse) s = flipped(s);
        if (a > b) std::swap(a, b), s = flipped(s);
        signs[static_cast<std::size_t>(pair_index(n, a, b))] = static_cast<int>(s);
      }
      std::vector<int> key{n};
      key.insert(key.end(), givens.begin(), givens.end());
      key.insert(key.end(), signs.begin(), signs.end());
      out.push_back(std::move(key));
    }
  return out;
}

std::vector<int> Grid::canonical_key() const {
  const auto all = images();
  return *std::min_element(all.begin(), all.end());
}

std::optional<puzzlegen::Natural> Grid::class_size() const {
  const auto all = images();
  return puzzlegen::Natural(std::set<std::vector<int>>(all.begin(), all.end()).size());
}

std::string Grid::render_text() const {
  // Numbers with their signs: '<' and '>' across, '^' (upper smaller) and 'v' down.
  std::ostringstream out;
  for (int r = 0; r < n_; ++r) {
    for (int c = 0; c < n_; ++c) {
      const int v = givens_[static_cast<std::size_t>(r * n_ + c)];
      out << (v ? static_cast<char>('0' + v) : '.');
      if (c + 1 < n_) {
        const Sign s = right_[static_cast<std::size_t>(r * (n_ - 1) + c)];
        out << (s == Sign::less ? " < " : s == Sign::greater ? " > " : "   ");
      }
    }
    out << "\n";
    if (r + 1 == n_) break;
    std::string line;
    for (int c = 0; c < n_; ++c) {
      const Sign s = down_[static_cast<std::size_t>(r * n_ + c)];
      line += s == Sign::less ? "^" : s == Sign::greater ? "v" : " ";
      if (c + 1 < n_) line += "   ";
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out << line << "\n";
  }
  return out.str();
}

namespace {

puzzlegen::render::Drawing draw_grid(const Grid& grid, const std::vector<int>& numbers) {
  using puzzlegen::render::label;
  const int n = grid.n();
  const puzzlegen::render::Grid layout{n, n, 40, 18, 22};
  puzzlegen::render::Drawing d;
  d.content.set("class", "futoshiki").set("data-n", std::to_string(n));
  for (int cell = 0; cell < n * n; ++cell) {
    const int r = cell / n, c = cell % n;
    const double x = layout.x(c), y = layout.y(r);
    const int given = grid.givens()[static_cast<std::size_t>(cell)];
    const int shown = numbers.empty() ? given : numbers[static_cast<std::size_t>(cell)];
    d.content.add(layout.cell_rect(r, c, "#fff"));
    if (shown)
      d.content.add(label(x + layout.cell / 2, y + layout.cell / 2 + 8, std::to_string(shown), 22,
                          "middle", given ? "bold" : "normal")
                        .set("fill", given || numbers.empty() ? "#000" : "#444"));
  }
  // The signs in the gaps, the open side towards the larger number.
  const double mid = layout.gap / 2;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c + 1 < n; ++c) {
      const Sign s = grid.right()[static_cast<std::size_t>(r * (n - 1) + c)];
      if (s != Sign::none)
        d.content.add(label(layout.x(c) + layout.cell + mid, layout.y(r) + layout.cell / 2 + 6,
                            s == Sign::less ? "<" : ">", 18, "middle", "bold"));
    }
  for (int r = 0; r + 1 < n; ++r)
    for (int c = 0; c < n; ++c) {
      const Sign s = grid.down()[static_cast<std::size_t>(r * n + c)];
      if (s != Sign::none)  // upper < lower: an opening downwards, drawn as a rotated '<'
        d.content.add(
            label(0, 0, s == Sign::less ? "<" : ">", 18, "middle", "bold")
                .set("transform", "translate(" + std::to_string(layout.x(c) + layout.cell / 2 + 6) +
                                      "," + std::to_string(layout.y(r) + layout.cell + mid) +
                                      ") rotate(90)"));
    }
  layout.add_frame(d);
  return d;
}

}  // namespace

puzzlegen::render::Drawing Grid::draw(double) const {
  return draw_grid(*this, {});
}

puzzlegen::render::Drawing Grid::draw_filled(const std::vector<int>& solution) const {
  return draw_grid(*this, solution);
}

std::string Grid::game_description() const {
  // A cell's letters name the neighbours it is greater than: U(p), R(ight), D(own), L(eft).
  std::string out = std::to_string(n_) + ":";
  for (int cell = 0; cell < n_ * n_; ++cell) {
    const int r = cell / n_, c = cell % n_;
    out += std::to_string(givens_[static_cast<std::size_t>(cell)]);
    if (r > 0 && down_[static_cast<std::size_t>((r - 1) * n_ + c)] == Sign::less) out += "U";
    if (c + 1 < n_ && right_[static_cast<std::size_t>(r * (n_ - 1) + c)] == Sign::greater)
      out += "R";
    if (r + 1 < n_ && down_[static_cast<std::size_t>(r * n_ + c)] == Sign::greater) out += "D";
    if (c > 0 && right_[static_cast<std::size_t>(r * (n_ - 1) + c - 1)] == Sign::less) out += "L";
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
  std::vector<int> givens;
  std::vector<Sign> right(static_cast<std::size_t>(n * (n - 1))),
      down(static_cast<std::size_t>(n * (n - 1)));
  std::istringstream cells(text.substr(colon + 1));
  std::string cell;
  const auto set = [&](std::vector<Sign>& signs, int index, Sign sign) {
    Sign& slot = signs[static_cast<std::size_t>(index)];
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
  return Grid(n, std::move(givens), std::move(right), std::move(down));
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
  std::vector<int> givens(static_cast<std::size_t>(n * n), 0);
  if (const YAML::Node rows = document["givens"]) {
    if (!rows.IsSequence() || static_cast<int>(rows.size()) != n)
      throw InputError(location_of(rows, file), "givens",
                       "expected " + std::to_string(n) + " rows of " + std::to_string(n) +
                           " numbers (0 for an empty cell)");
    for (int r = 0; r < n; ++r) {
      const YAML::Node row = rows[static_cast<std::size_t>(r)];
      const std::string field = "givens[" + std::to_string(r + 1) + "]";
      if (!row.IsSequence() || static_cast<int>(row.size()) != n)
        throw InputError(location_of(row, file), field,
                         "expected a row of " + std::to_string(n) + " numbers (0 for empty)");
      for (int c = 0; c < n; ++c)
        givens[static_cast<std::size_t>(r * n + c)] = puzzlegen::read_int(
            row[static_cast<std::size_t>(c)], file, field, 0, n, "a number (0 for empty)");
    }
  }
  std::vector<Sign> right(static_cast<std::size_t>(n * (n - 1))),
      down(static_cast<std::size_t>(n * (n - 1)));
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
      Sign s = m[3] == "<" ? Sign::less : Sign::greater;
      const auto inside = [n](int v) { return v >= 0 && v < n; };
      if (!inside(r1) || !inside(c1) || !inside(r2) || !inside(c2))
        throw InputError(
            location_of(item, file), field,
            "a cell outside the " + std::to_string(n) + "x" + std::to_string(n) + " grid");
      if (r2 * n + c2 < r1 * n + c1) std::swap(r1, r2), std::swap(c1, c2), s = flipped(s);
      Sign* slot = nullptr;
      if (r1 == r2 && c2 == c1 + 1) slot = &right[static_cast<std::size_t>(r1 * (n - 1) + c1)];
      if (c1 == c2 && r2 == r1 + 1) slot = &down[static_cast<std::size_t>(r1 * n + c1)];
      if (!slot)
        throw InputError(location_of(item, file), field,
                         "the two cells must be neighbours in a row or a column");
      if (*slot != Sign::none)
        throw InputError(location_of(item, file), field, "a second sign between these cells");
      *slot = s;
    }
  }
  return Grid(n, std::move(givens), std::move(right), std::move(down));
}

}  // namespace futoshiki
