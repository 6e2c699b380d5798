#include "latin.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <set>

namespace puzzlegen {

bool is_latin(int n, const std::vector<int>& square) {
  for (int i = 0; i < n; ++i) {
    std::set<int> row;
    std::set<int> column;
    for (int j = 0; j < n; ++j) {
      row.insert(square[i * n + j]);
      column.insert(square[j * n + i]);
    }
    if (static_cast<int>(row.size()) != n || static_cast<int>(column.size()) != n) return false;
    if (*row.begin() != 1 || *row.rbegin() != n) return false;
  }
  return true;
}

namespace {

std::vector<int> transposed(int n, const std::vector<int>& square) {
  std::vector<int> out(square.size());
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) out[j * n + i] = square[i * n + j];
  return out;
}

// The permutation taking row `a` of `square` to row `b`, on symbols 0..n-1: the symbol in a
// column of row a goes to the symbol in the same column of row b. Two rows of a Latin square
// differ in every column, so it has no fixed point.
std::vector<int> row_map(int n, const std::vector<int>& square, int a, int b) {
  std::vector<int> map(static_cast<std::size_t>(n));
  for (int c = 0; c < n; ++c) map[square[a * n + c] - 1] = square[b * n + c] - 1;
  return map;
}

// Its cycle lengths, ascending.
std::vector<int> cycle_type(const std::vector<int>& map) {
  std::vector<int> lengths;
  std::vector<bool> seen(map.size(), false);
  for (std::size_t s = 0; s < map.size(); ++s) {
    int length = 0;
    for (auto t = s; !seen[t]; t = static_cast<std::size_t>(map[t])) {
      seen[t] = true;
      ++length;
    }
    if (length > 0) lengths.push_back(length);
  }
  std::sort(lengths.begin(), lengths.end());
  return lengths;
}

// Lowers `best` to the least reduced isotope of `square` (symbols 1..n); `ties` counts the
// candidates (which row goes first, the column order) that give `best`, reset whenever it is
// lowered.
//
// Why not every column order: in a reduced isotope, row 1 read against row 0 is the row map of
// the two original rows it came from, with its symbols renamed, so it has that map's cycle
// type. The least derangement of a cycle type writes the cycles as consecutive blocks, shortest
// first (2 1 4 3 6 5 for three 2-cycles, 2 3 1 5 6 4 for two 3-cycles), and ascending cycle types
// give ascending such permutations. So only the ordered pairs of rows with the least cycle type
// can start the least isotope, and only the renamings that put their map's cycles in those
// blocks: a choice of cycle and of starting symbol for each block. Every candidate this skips
// has a larger row 1, so the form and the count of ties are those of scanning all 2 n n!.
void least_reduced_isotope(int n, const std::vector<int>& square, std::vector<int>& best,
                           std::uint64_t& ties) {
  const auto un = static_cast<std::size_t>(n);
  if (n == 1) {
    if (best.empty()) best = square;
    ++ties;  // the one candidate ties with itself, as in the scan for larger n
    return;
  }
  std::vector<int> least_type;
  std::vector<std::pair<int, int>> starts;  // (first row, second row) with the least type
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      if (a == b) continue;
      const auto type = cycle_type(row_map(n, square, a, b));
      if (starts.empty() || type < least_type) {
        least_type = type;
        starts.clear();
      }
      if (type == least_type) starts.emplace_back(a, b);
    }
  std::vector<int> relabel(un + 1);     // old symbol -> new symbol, 1-based
  std::vector<int> column_of(un + 1);   // symbol -> its column in the first row
  std::vector<int> columns(un);         // new column j is old column columns[j]
  std::vector<int> row_with_first(un);  // new row i is old row row_with_first[i]
  std::vector<bool> used(un);           // old symbols already renamed
  for (const auto& start : starts) {
    const auto map = row_map(n, square, start.first, start.second);
    for (int c = 0; c < n; ++c) column_of[square[start.first * n + c]] = c;
    std::fill(used.begin(), used.end(), false);
    // Renames the cycles of `map` block by block: the block starting at new symbol `at` has
    // length least_type[block]; any unused symbol on a cycle of that length may start it.
    auto rename = [&](auto&& self, std::size_t block, int at) -> void {
      if (block == least_type.size()) {
        for (int s = 1; s <= n; ++s) columns[relabel[s] - 1] = column_of[s];
        for (int r = 0; r < n; ++r) row_with_first[relabel[square[r * n + columns[0]]] - 1] = r;
        bool smaller = best.empty();
        bool larger = false;
        for (int i = 1; i < n && !smaller && !larger; ++i) {
          const int r = row_with_first[i];
          for (int j = 1; j < n; ++j) {
            const int value = relabel[square[r * n + columns[j]]];
            if (value != best[i * n + j]) {
              smaller = value < best[i * n + j];
              larger = !smaller;
              break;
            }
          }
        }
        if (!smaller) {
          ties += larger ? 0 : 1;
          return;
        }
        ties = 1;
        best.assign(un * un, 0);
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j)
            best[i * n + j] = relabel[square[row_with_first[i] * n + columns[j]]];
        return;
      }
      const int length = least_type[block];
      for (int s = 0; s < n; ++s) {
        if (used[s]) continue;
        // s must lie on an unused cycle of this length (a cycle is used whole or not at all).
        int cycle = 1;
        for (int t = map[s]; t != s; t = map[t]) ++cycle;
        if (cycle != length) continue;
        for (int t = s, k = 0; k < length; t = map[t], ++k) {
          used[t] = true;
          relabel[t + 1] = at + k + 1;
        }
        self(self, block + 1, at + length);
        for (int t = s, k = 0; k < length; t = map[t], ++k) used[t] = false;
      }
    };
    rename(rename, 0, 0);
  }
}

}  // namespace

std::vector<int> least_isotope(int n, const std::vector<int>& square) {
  std::vector<int> best;
  std::uint64_t ties = 0;
  least_reduced_isotope(n, square, best, ties);
  return best;
}

std::vector<int> isotopy_canonical_form(int n, const std::vector<int>& square) {
  std::vector<int> best;
  std::uint64_t ties = 0;
  least_reduced_isotope(n, square, best, ties);
  least_reduced_isotope(n, transposed(n, square), best, ties);
  return best;
}

Natural isotopy_class_size(int n, const std::vector<int>& square) {
  // Each candidate of the scan is the one group element (transposing or not, which row goes
  // first, the column order; rows and symbols follow) taking the square to a reduced square,
  // so the candidates reaching the canonical form are a coset of the stabiliser: orbit-
  // stabiliser gives the class size as |G| / ties, with |G| = 2 (n!)^3.
  std::vector<int> best;
  std::uint64_t ties = 0;
  least_reduced_isotope(n, square, best, ties);
  least_reduced_isotope(n, transposed(n, square), best, ties);
  const Natural f = factorial(n);
  return 2 * f * f * f / ties;
}

std::vector<int> random_latin_square(int n, Rng& rng) {
  // The incidence cube m[r][c][s] of the square: 1 where cell (r, c) holds s. A step adds a
  // +-1 pattern on a 2x2x2 sub-cube; an "improper" cube has one -1 entry, which the next steps
  // move until the cube is a Latin square again.
  if (n <= 1) return std::vector<int>(n == 1 ? 1 : 0, 1);  // no move exists: one square
  const auto un = static_cast<std::size_t>(n);
  std::vector<int> m(un * un * un, 0);
  auto at = [&](int r, int c, int s) -> int& {
    return m[(static_cast<std::size_t>(r) * un + static_cast<std::size_t>(c)) * un +
             static_cast<std::size_t>(s)];
  };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) at(r, c, (r + c) % n) = 1;
  auto pick = [&](int bound) {
    return static_cast<int>(rng.below(static_cast<std::uint64_t>(bound)));
  };
  // The ones on a line through (r, c, s) along one axis: one when proper, two at the -1 cell.
  auto ones = [&](auto&& entry) {
    std::array<int, 2> found{-1, -1};
    int k = 0;
    for (int i = 0; i < n && k < 2; ++i)
      if (entry(i) == 1) found[static_cast<std::size_t>(k++)] = i;
    return std::pair{found, k};
  };
  bool proper = true;
  int r = 0;
  int c = 0;
  int s = 0;
  const long steps = 8L * n * n * n;
  for (long step = 0; step < steps || !proper; ++step) {
    int r1 = 0;
    int c1 = 0;
    int s1 = 0;
    if (proper) {
      do {
        r = pick(n);
        c = pick(n);
        s = pick(n);
      } while (at(r, c, s) != 0);
      r1 = ones([&](int i) { return at(i, c, s); }).first[0];
      c1 = ones([&](int j) { return at(r, j, s); }).first[0];
      s1 = ones([&](int k) { return at(r, c, k); }).first[0];
    } else {
      const auto rows = ones([&](int i) { return at(i, c, s); }).first;
      const auto cols = ones([&](int j) { return at(r, j, s); }).first;
      const auto syms = ones([&](int k) { return at(r, c, k); }).first;
      r1 = rows[static_cast<std::size_t>(pick(2))];
      c1 = cols[static_cast<std::size_t>(pick(2))];
      s1 = syms[static_cast<std::size_t>(pick(2))];
    }
    ++at(r, c, s);
    ++at(r, c1, s1);
    ++at(r1, c, s1);
    ++at(r1, c1, s);
    --at(r, c, s1);
    --at(r, c1, s);
    --at(r1, c, s);
    --at(r1, c1, s1);
    proper = at(r1, c1, s1) != -1;
    if (!proper) {
      r = r1;
      c = c1;
      s = s1;
    }
  }
  std::vector<int> square(un * un);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k)
        if (at(i, j, k) == 1) square[i * n + j] = k + 1;
  return square;
}

}  // namespace puzzlegen
