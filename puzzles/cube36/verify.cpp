#include "verify.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <numeric>

namespace puzzlegen::cube36 {

namespace {

// A set of cells (n <= 9: at most 81).
struct Cells {
  std::array<std::uint64_t, 2> bits{};
  void add(int cell) {
    bits[static_cast<std::size_t>(cell / 64)] |= std::uint64_t{1} << (cell % 64);
  }
  bool has(int cell) const {
    return (bits[static_cast<std::size_t>(cell / 64)] >> (cell % 64) & 1u) != 0;
  }
  bool meets(const Cells& other) const {
    return (bits[0] & other.bits[0]) != 0 || (bits[1] & other.bits[1]) != 0;
  }
  void join(const Cells& other) { bits[0] |= other.bits[0], bits[1] |= other.bits[1]; }
  void leave(const Cells& other) { bits[0] &= ~other.bits[0], bits[1] &= ~other.bits[1]; }
};

// Which of colour c's towers (by size, 0-based) can stand on each cell: its own size, and the
// sizes of c's special pieces that also fit it.
std::vector<std::uint32_t> towers_fitting(const Board& board, int colour, bool use_specials) {
  std::vector<std::uint32_t> fit(static_cast<std::size_t>(board.cells()));
  for (int cell = 0; cell < board.cells(); ++cell)
    fit[static_cast<std::size_t>(cell)] = 1u << (board.sizes()[static_cast<std::size_t>(cell)] - 1);
  if (use_specials)
    for (const SpecialPiece& piece : board.specials())
      if (piece.color == colour)
        for (const int cell : piece.cells)
          fit[static_cast<std::size_t>(cell)] |= 1u << (piece.size - 1);
  return fit;
}

// Whether the cells can take the n towers one each (Kuhn's augmenting paths).
bool towers_fill(const std::vector<std::uint32_t>& fit, const std::vector<int>& cells, int n) {
  std::vector<int> holder(static_cast<std::size_t>(n), -1);  // tower size -> index in cells
  std::function<bool(int, std::uint32_t&)> place = [&](int k, std::uint32_t& tried) {
    for (int size = 0; size < n; ++size) {
      if (!(fit[static_cast<std::size_t>(cells[static_cast<std::size_t>(k)])] >> size & 1u) ||
          (tried >> size & 1u))
        continue;
      tried |= 1u << size;
      if (holder[static_cast<std::size_t>(size)] < 0 ||
          place(holder[static_cast<std::size_t>(size)], tried)) {
        holder[static_cast<std::size_t>(size)] = k;
        return true;
      }
    }
    return false;
  };
  for (int k = 0; k < static_cast<int>(cells.size()); ++k) {
    std::uint32_t tried = 0;
    if (!place(k, tried)) return false;
  }
  return true;
}

// Every path of one colour: a cell per row, no column twice, the cells its towers fill.
// Without special pieces that is a row of distinct sizes (a transversal of a Latin board).
std::vector<Cells> paths_of(const Board& board, int colour, bool use_specials, const Limits& limits,
                            bool& stopped) {
  const int n = board.n();
  const auto fit = towers_fitting(board, colour, use_specials);
  const bool plain = std::all_of(fit.begin(), fit.end(), [](std::uint32_t f) {
    return (f & (f - 1)) == 0;  // one tower size per cell: distinct sizes decide
  });
  std::vector<Cells> out;
  std::vector<int> cells;
  std::uint32_t columns = 0, sizes = 0;
  std::uint64_t visited = 0;
  std::function<void(int)> row = [&](int r) {
    if (stopped || ((++visited & 4095) == 0 && limits.expired())) {
      stopped = true;
      return;
    }
    if (r == n) {
      if (!plain && !towers_fill(fit, cells, n)) return;
      Cells path;
      for (const int cell : cells) path.add(cell);
      out.push_back(path);
      return;
    }
    for (int c = 0; c < n; ++c) {
      const int cell = r * n + c;
      const std::uint32_t f = fit[static_cast<std::size_t>(cell)];
      if (columns >> c & 1u) continue;
      if (plain && (sizes & f) != 0) continue;
      columns |= 1u << c;
      if (plain) sizes |= f;
      cells.push_back(cell);
      row(r + 1);
      cells.pop_back();
      columns &= ~(1u << c);
      if (plain) sizes &= ~f;
    }
  };
  row(0);
  return out;
}

}  // namespace

Recount cover_count(const Board& board, bool use_specials, bool modulo_colours,
                    const Limits& limits) {
  const std::string method = "an exact cover of the board by the colours' transversals";
  const int n = board.n();
  // Interchangeable colours: the same special pieces (sizes and cells), or none.
  std::map<std::vector<std::vector<int>>, std::vector<int>> profiles;
  // (Also for `ordinary`: its renamings are still those that keep the piece set.)
  for (int colour = 0; colour < n; ++colour) {
    std::vector<std::vector<int>> profile;
    for (const SpecialPiece& piece : board.specials()) {
      if (piece.color != colour) continue;
      std::vector<int> entry{piece.size};
      std::vector<int> cells = piece.cells;
      std::sort(cells.begin(), cells.end());
      entry.insert(entry.end(), cells.begin(), cells.end());
      profile.push_back(entry);
    }
    // A colour given on the board keeps its cells: a group of its own.
    std::vector<int> given{0};
    for (int cell = 0; cell < board.cells(); ++cell)
      if (board.given_colours()[static_cast<std::size_t>(cell)] == colour) given.push_back(cell);
    if (given.size() > 1) profile.push_back(given);
    std::sort(profile.begin(), profile.end());
    profiles[profile].push_back(colour);
  }
  struct Group {
    int left;                               // colours of the group not yet placed
    std::vector<std::vector<int>> through;  // per cell, the paths containing it
    std::vector<Cells> paths;
  };
  std::vector<Group> groups;
  Natural relabellings = 1;
  bool stopped = false;
  for (const auto& [profile, colours] : profiles) {
    Group g;
    g.left = static_cast<int>(colours.size());
    relabellings *= factorial(g.left);
    g.paths = paths_of(board, colours.front(), use_specials, limits, stopped);
    // A path covers the cells given its colour and none given another.
    const int own = colours.front();  // a named copy: lambdas may not capture structured bindings
    std::erase_if(g.paths, [&](const Cells& path) {
      for (int cell = 0; cell < board.cells(); ++cell) {
        const int given = board.given_colours()[static_cast<std::size_t>(cell)];
        if (given != Board::kNoColour && path.has(cell) != (given == own)) return true;
      }
      return false;
    });
    g.through.assign(static_cast<std::size_t>(board.cells()), {});
    for (std::size_t p = 0; p < g.paths.size(); ++p)
      for (int cell = 0; cell < board.cells(); ++cell)
        if (g.paths[p].has(cell))
          g.through[static_cast<std::size_t>(cell)].push_back(static_cast<int>(p));
    groups.push_back(std::move(g));
  }
  // Cover the first uncovered cell by a path of a group with colours left. Each cover, with the
  // paths of interchangeable colours unordered, is found once: the path through the first
  // uncovered cell is the cover's own.
  Natural covers = 0;
  Cells covered;
  std::uint64_t visited = 0;
  std::function<void(int)> cover = [&](int from) {
    if (stopped || ((++visited & 4095) == 0 && limits.expired())) {
      stopped = true;
      return;
    }
    int cell = from;
    while (cell < board.cells() && covered.has(cell)) ++cell;
    if (cell == board.cells()) {
      ++covers;
      return;
    }
    for (Group& g : groups) {
      if (g.left == 0) continue;
      for (const int p : g.through[static_cast<std::size_t>(cell)]) {
        const Cells& path = g.paths[static_cast<std::size_t>(p)];
        if (path.meets(covered)) continue;
        covered.join(path);
        --g.left;
        cover(cell + 1);
        ++g.left;
        covered.leave(path);
      }
    }
  };
  cover(0);
  Count count;
  count.value = modulo_colours ? covers : covers * relabellings;
  count.exact = !stopped;
  if (stopped)
    count.stopped = interrupt_flag().load() ? StopReason::interrupted : StopReason::time_limit;
  return {count, method};
}

namespace {

// A search for isotopisms (alpha, beta, gamma) with to(alpha(i), beta(j)) = gamma(from(i, j)):
// choose alpha(0), beta(0) and further rows' images; whatever they force follows.
class IsotopismSearch {
 public:
  IsotopismSearch(int n, const std::vector<int>& from, const std::vector<int>& to)
      : n_(n), from_(from), to_(to) {
    const auto un = static_cast<std::size_t>(n);
    column_of_.assign(un * un, 0);
    row_of_.assign(un * un, 0);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const int s = to[static_cast<std::size_t>(r * n + c)] - 1;
        column_of_[static_cast<std::size_t>(r * n + s)] = c;  // in row r, symbol s is in column c
        row_of_[static_cast<std::size_t>(c * n + s)] = r;     // in column c, symbol s is in row r
      }
  }

  std::uint64_t count(bool first_only) {
    first_only_ = first_only;
    found_ = 0;
    Maps m(n_);
    for (int r = 0; r < n_ && !(first_only_ && found_); ++r)
      for (int c = 0; c < n_ && !(first_only_ && found_); ++c) {
        Maps next = m;
        if (next.set_row(0, r) && next.set_column(0, c)) branch(next);
      }
    return found_;
  }

 private:
  // The images known so far (-1: not yet), and which values are taken (n <= 16).
  struct Maps {
    explicit Maps(int) {
      row.fill(-1);
      column.fill(-1);
      symbol.fill(-1);
    }
    std::array<std::int8_t, 16> row, column, symbol;
    std::uint32_t row_used = 0, column_used = 0, symbol_used = 0;
    static bool set(std::array<std::int8_t, 16>& map, std::uint32_t& used, int at, int value) {
      auto& slot = map[static_cast<std::size_t>(at)];
      if (slot >= 0) return slot == value;
      if (used >> value & 1u) return false;
      slot = static_cast<std::int8_t>(value);
      used |= 1u << value;
      return true;
    }
    bool set_row(int i, int r) { return set(row, row_used, i, r); }
    bool set_column(int j, int c) { return set(column, column_used, j, c); }
    bool set_symbol(int s, int t) { return set(symbol, symbol_used, s, t); }
  };

  // What the known images force, until nothing changes; false on a contradiction.
  bool close(Maps& m) const {
    bool changed = true;
    while (changed) {
      changed = false;
      for (int i = 0; i < n_; ++i)
        for (int j = 0; j < n_; ++j) {
          const int a = m.row[static_cast<std::size_t>(i)],
                    b = m.column[static_cast<std::size_t>(j)];
          const int s = from_[static_cast<std::size_t>(i * n_ + j)] - 1;
          const int g = m.symbol[static_cast<std::size_t>(s)];
          if (a >= 0 && b >= 0) {
            const int t = to_[static_cast<std::size_t>(a * n_ + b)] - 1;
            if (g < 0) {
              if (!m.set_symbol(s, t)) return false;
              changed = true;
            } else if (g != t) {
              return false;
            }
          } else if (a >= 0 && g >= 0) {
            if (!m.set_column(j, column_of_[static_cast<std::size_t>(a * n_ + g)])) return false;
            changed = true;
          } else if (b >= 0 && g >= 0) {
            if (!m.set_row(i, row_of_[static_cast<std::size_t>(b * n_ + g)])) return false;
            changed = true;
          }
        }
    }
    return true;
  }

  void branch(Maps& m) {
    if (!close(m)) return;
    const auto open = std::find(m.row.begin(), m.row.begin() + n_, -1);
    if (open == m.row.begin() + n_) {
      ++found_;  // every row placed: the columns and symbols were forced, and checked
      return;
    }
    const int i = static_cast<int>(open - m.row.begin());
    for (int r = 0; r < n_ && !(first_only_ && found_); ++r) {
      if (m.row_used >> r & 1u) continue;
      Maps next = m;
      if (next.set_row(i, r)) branch(next);
    }
  }

  int n_;
  const std::vector<int>& from_;
  const std::vector<int>& to_;
  std::vector<int> column_of_, row_of_;
  bool first_only_ = false;
  std::uint64_t found_ = 0;
};

std::vector<int> transpose_of(int n, const std::vector<int>& square) {
  std::vector<int> out(square.size());
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      out[static_cast<std::size_t>(j * n + i)] = square[static_cast<std::size_t>(i * n + j)];
  return out;
}

bool latin(int n, const std::vector<int>& square) {
  for (int i = 0; i < n; ++i) {
    std::uint32_t row = 0, column = 0;
    for (int j = 0; j < n; ++j) {
      row |= 1u << (square[static_cast<std::size_t>(i * n + j)] - 1);
      column |= 1u << (square[static_cast<std::size_t>(j * n + i)] - 1);
    }
    if (row != (1u << n) - 1 || column != (1u << n) - 1) return false;
  }
  return true;
}

// How many board classes of the census one board class stands for among isotopy classes.
std::optional<Natural> isotopy_classes_of(const Board& board) {
  if (!board.specials().empty() || !latin(board.n(), board.sizes())) return std::nullopt;
  const auto transposed = transpose_of(board.n(), board.sizes());
  return Natural(isotopisms(board.n(), board.sizes(), transposed, true) > 0 ? 1 : 2);
}

}  // namespace

std::uint64_t isotopisms(int n, const std::vector<int>& from, const std::vector<int>& to,
                         bool first_only) {
  IsotopismSearch search(n, from, to);
  return search.count(first_only);
}

Recount class_size_again(const Board& board, const Limits&) {
  const int n = board.n();
  if (!board.specials().empty())
    return {Count{1, true, StopReason::none},
            "a board with special pieces is its own class (they pin cells and sizes)"};
  if (latin(n, board.sizes())) {
    // Orbit-stabiliser under rows x columns x symbols x transposition.
    const std::uint64_t autotopisms = isotopisms(n, board.sizes(), board.sizes(), false);
    const bool self_transposed =
        isotopisms(n, board.sizes(), transpose_of(n, board.sizes()), true) > 0;
    Natural isotopies = factorial(n);
    isotopies = isotopies * isotopies * isotopies;
    return {Count{isotopies / autotopisms * (self_transposed ? 1 : 2), true, StopReason::none},
            "orbit-stabiliser: n!^3 isotopies over " + std::to_string(autotopisms) +
                " autotopisms" +
                (self_transposed ? "" : ", twice (not isotopic to its transpose)")};
  }
  // Other boards are classes under renaming sizes: n! renamings over those that fix every
  // size in use, counted one by one.
  std::vector<int> perm(static_cast<std::size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  std::uint32_t used = 0;
  for (const int size : board.sizes()) used |= 1u << (size - 1);
  std::uint64_t fixing = 0;
  do {
    bool fixes = true;
    for (int s = 0; s < n && fixes; ++s)
      fixes = !(used >> s & 1u) || perm[static_cast<std::size_t>(s)] == s;
    fixing += fixes ? 1 : 0;
  } while (std::next_permutation(perm.begin(), perm.end()));
  return {Count{factorial(n) / fixing, true, StopReason::none},
          "orbit-stabiliser: n! renamings of sizes over the " + std::to_string(fixing) +
              " that fix the board"};
}

std::vector<CensusFigure> latin_census_figures(int n) {
  // OEIS A002860 and A040082 (McKay, Meynert and Myrvold, "Small Latin squares, quasigroups and
  // loops", J. Combin. Des. 2007).
  static const std::map<int, std::pair<const char*, std::uint64_t>> known = {
      {1, {"1", 1}},
      {2, {"2", 1}},
      {3, {"12", 1}},
      {4, {"576", 2}},
      {5, {"161280", 2}},
      {6, {"812851200", 22}},
      {7, {"61479419904000", 564}},
      {8, {"108776032459082956800", 1676267}}};
  const auto it = known.find(n);
  if (it == known.end()) return {};
  const std::string order = std::to_string(n);
  return {CensusFigure::of<Board>(
              "Latin squares of order " + order + " (OEIS A002860), the sum of the class sizes",
              Natural(it->second.first), true,
              [](const Board& board, const Limits& limits) -> std::optional<Natural> {
                const auto size = class_size_again(board, limits);
                if (!size.value || !size.value->exact) return std::nullopt;
                return size.value->value;
              }),
          CensusFigure::of<Board>(
              "isotopy classes of Latin squares of order " + order +
                  " (OEIS A040082): a board class is one, or two when the board is not isotopic "
                  "to its transpose",
              Natural(it->second.second), false,
              [](const Board& board, const Limits&) -> std::optional<Natural> {
                return isotopy_classes_of(board);
              })};
}

}  // namespace puzzlegen::cube36
