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

// Lowers `best` to the least reduced isotope of `square` (symbols 1..n); `ties` counts the
// candidates (first row, column order) that give `best`, reset whenever it is lowered.
void least_reduced_isotope(int n, const std::vector<int>& square, std::vector<int>& best,
                           std::uint64_t& ties) {
  const auto un = static_cast<std::size_t>(n);
  std::vector<int> columns(un);
  std::vector<int> relabel(un + 1);
  std::vector<int> row_with_first(un);  // new row i is old row row_with_first[i]
  for (int first = 0; first < n; ++first) {
    std::iota(columns.begin(), columns.end(), 0);
    do {
      // Row `first`, read in this column order, becomes 1..n.
      for (int j = 0; j < n; ++j) relabel[square[first * n + columns[j]]] = j + 1;
      // The first column then reads 1..n once the rows are sorted by it.
      for (int r = 0; r < n; ++r) row_with_first[relabel[square[r * n + columns[0]]] - 1] = r;
      // Compare with the best so far, row-major, stopping at the first difference (row 0 and
      // column 0 are the same in every reduced square).
      bool smaller = best.empty();
      bool larger = false;
      for (int i = 1; i < n && !smaller && !larger; ++i) {
        const int r = row_with_first[i];
        for (int j = 1; j < n; ++j) {
          const int value = relabel[square[r * n + columns[j]]];
          if (value != best[i * n + j]) {
            smaller = value < best[i * n + j];
            larger = !smaller;  // abandon this candidate
            break;
          }
        }
      }
      if (!smaller) {
        ties += larger ? 0 : 1;
        continue;
      }
      ties = 1;
      best.assign(un * un, 0);
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          best[i * n + j] = relabel[square[row_with_first[i] * n + columns[j]]];
    } while (std::next_permutation(columns.begin(), columns.end()));
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
