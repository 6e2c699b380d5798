#include "latin.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <set>
#include <stdexcept>

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

// The cycle type of row_map(n, square, a, b): its cycle lengths, ascending, packed four bits
// each from the most significant end, so that codes compare as the lists of lengths do
// (lexicographically; two lists summing to n are never prefixes of one another). n <= 15.
std::uint64_t cycle_code(int n, const std::vector<int>& square, int a, int b) {
  std::array<int, 16> map{};
  for (int c = 0; c < n; ++c) map[square[a * n + c] - 1] = square[b * n + c] - 1;
  std::array<int, 16> lengths{};
  std::array<bool, 16> seen{};
  int parts = 0;
  for (int s = 0; s < n; ++s) {
    int length = 0;
    for (int t = s; !seen[t]; t = map[t]) {
      seen[t] = true;
      ++length;
    }
    if (length > 0) lengths[parts++] = length;
  }
  std::sort(lengths.begin(), lengths.begin() + parts);
  std::uint64_t code = 0;
  for (int i = 0; i < parts; ++i) code |= static_cast<std::uint64_t>(lengths[i]) << (60 - 4 * i);
  return code;
}

// The lengths a cycle code packs, ascending.
std::vector<int> cycle_lengths(std::uint64_t code) {
  std::vector<int> lengths;
  for (int shift = 60; shift >= 0 && (code >> shift & 15u) != 0; shift -= 4)
    lengths.push_back(static_cast<int>(code >> shift & 15u));
  return lengths;
}

void check_order(int n) {
  if (n > 15) throw std::invalid_argument("Latin forms are implemented up to order 15");
}

// Lowers `form.form` to the least isotope of the k x n Latin rectangle `rows` (k = rows.size()
// / n >= 2): row 0 reads 1..n and the rows are in the order of their first column, so a square
// comes out reduced. `form.automorphisms` counts the candidates (which row goes first, the
// column order; the symbols and the other rows follow) that give the form, and
// `form.can_go_last` the input rows some of them put last; both are reset whenever the form is
// lowered.
//
// Why not every column order: in such an isotope, row 1 read against row 0 is the row map of
// the two original rows it came from, with its symbols renamed, so it has that map's cycle
// type. The least derangement of a cycle type writes the cycles as consecutive blocks, shortest
// first (2 1 4 3 6 5 for three 2-cycles, 2 3 1 5 6 4 for two 3-cycles), and ascending cycle types
// give ascending such permutations. Each begins with 2, so the row it comes from is second in the
// order of first columns. So only the ordered pairs of rows with the least cycle type can start
// the least isotope, and only the renamings that put their map's cycles in those blocks: a choice
// of cycle and of starting symbol for each block. Every candidate this skips has a larger row 1,
// so the form and the count of ties are those of scanning all k n! candidates.
void lower_to_least_isotope(int n, const std::vector<int>& square, RectangleForm& form,
                            const std::vector<int>* rank = nullptr) {
  const auto un = static_cast<std::size_t>(n);
  const int k = static_cast<int>(square.size() / un);
  // The candidate pairs: with ranks, the first row is of the greatest rank, and of the pairs
  // with the least type, those whose second row has the greatest rank (invariants all, so the
  // form stays canonical).
  const int top_rank = rank ? *std::max_element(rank->begin(), rank->end()) : 0;
  std::uint64_t least = 0;
  int least_second_rank = 0;
  std::vector<std::pair<int, int>> starts;  // (first row, second row) with the least type
  for (int a = 0; a < k; ++a) {
    if (rank && (*rank)[a] != top_rank) continue;
    for (int b = 0; b < k; ++b) {
      if (a == b) continue;
      const std::uint64_t code = cycle_code(n, square, a, b);
      const int second_rank = rank ? (*rank)[b] : 0;
      if (starts.empty() || code < least || (code == least && second_rank > least_second_rank)) {
        least = code;
        least_second_rank = second_rank;
        starts.clear();
      }
      if (code == least && second_rank == least_second_rank) starts.emplace_back(a, b);
    }
  }
  const std::vector<int> least_type = cycle_lengths(least);
  std::vector<int>& best = form.form;
  std::vector<int> relabel(un + 1);       // old symbol -> new symbol, 1-based
  std::vector<int> column_of(un + 1);     // symbol -> its column in the first row
  std::vector<int> columns(un);           // new column j is old column columns[j]
  std::vector<int> row_starting(un + 1);  // new symbol -> the old row starting with it, or -1
  std::vector<int> order(static_cast<std::size_t>(k));  // new row i is old row order[i]
  std::vector<bool> used(un);                           // old symbols already renamed
  for (const auto& start : starts) {
    const auto map = row_map(n, square, start.first, start.second);
    for (int c = 0; c < n; ++c) column_of[square[start.first * n + c]] = c;
    std::fill(used.begin(), used.end(), false);
    // Renames the cycles of `map` block by block: the block starting at new symbol `at` has
    // length least_type[block]; any unused symbol on a cycle of that length may start it.
    auto rename = [&](auto&& self, std::size_t block, int at) -> void {
      if (block == least_type.size()) {
        for (int s = 1; s <= n; ++s) columns[relabel[s] - 1] = column_of[s];
        std::fill(row_starting.begin(), row_starting.end(), -1);
        for (int r = 0; r < k; ++r) row_starting[relabel[square[r * n + columns[0]]]] = r;
        for (int s = 1, i = 0; s <= n; ++s)
          if (row_starting[s] >= 0) order[i++] = row_starting[s];
        bool smaller = best.empty();
        bool larger = false;
        for (int i = 1; i < k && !smaller && !larger; ++i) {
          const int r = order[i];
          for (int j = 0; j < n; ++j) {
            const int value = relabel[square[r * n + columns[j]]];
            if (value != best[i * n + j]) {
              smaller = value < best[i * n + j];
              larger = !smaller;
              break;
            }
          }
        }
        if (larger) return;
        if (smaller) {
          form.automorphisms = 0;
          form.can_go_last.assign(static_cast<std::size_t>(k), false);
          best.assign(square.size(), 0);
          for (int i = 0; i < k; ++i)
            for (int j = 0; j < n; ++j)
              best[i * n + j] = relabel[square[order[i] * n + columns[j]]];
        }
        ++form.automorphisms;
        int i = k - 1;  // the last row of the greatest rank
        if (rank)
          while ((*rank)[order[i]] != top_rank) --i;
        form.can_go_last[order[i]] = true;
        return;
      }
      const int length = least_type[block];
      for (int s = 0; s < n; ++s) {
        if (used[s]) continue;
        // s must lie on an unused cycle of this length (a cycle is used whole or not at all).
        int cycle = 1;
        for (int t = map[s]; t != s; t = map[t]) ++cycle;
        if (cycle != length) continue;
        for (int t = s, k2 = 0; k2 < length; t = map[t], ++k2) {
          used[t] = true;
          relabel[t + 1] = at + k2 + 1;
        }
        self(self, block + 1, at + length);
        for (int t = s, k2 = 0; k2 < length; t = map[t], ++k2) used[t] = false;
      }
    };
    rename(rename, 0, 0);
  }
}

// The least reduced isotope of a square (n = 1 included, whose one candidate ties with itself).
RectangleForm least_square_form(int n, const std::vector<int>& square) {
  check_order(n);
  if (n == 1) return {square, 1, {true}};
  RectangleForm form;
  lower_to_least_isotope(n, square, form);
  return form;
}

}  // namespace

std::vector<int> least_isotope(int n, const std::vector<int>& square) {
  return least_square_form(n, square).form;
}

IsotopyClass isotopy_class(int n, const std::vector<int>& square) {
  // Each candidate of the scans is the one group element (transposing or not, which row goes
  // first, the column order; rows and symbols follow) taking the square to a reduced square,
  // so the candidates reaching the canonical form are a coset of the stabiliser: orbit-
  // stabiliser gives the class size as |G| / ties, with |G| = 2 (n!)^3.
  RectangleForm own = least_square_form(n, square);
  const RectangleForm other = least_square_form(n, transposed(n, square));
  const bool from_transpose = other.form < own.form;
  const std::uint64_t ties = own.form == other.form ? own.automorphisms + other.automorphisms
                             : from_transpose       ? other.automorphisms
                                                    : own.automorphisms;
  const Natural f = factorial(n);
  return {from_transpose ? other.form : std::move(own.form), 2 * f * f * f / ties, from_transpose};
}

std::vector<int> isotopy_canonical_form(int n, const std::vector<int>& square) {
  return isotopy_class(n, square).form;
}

Natural isotopy_class_size(int n, const std::vector<int>& square) {
  return isotopy_class(n, square).size;
}

RectangleForm least_rectangle_isotope(int n, const std::vector<int>& rectangle,
                                      const std::vector<int>& rank) {
  check_order(n);
  const auto rows = rectangle.size() / static_cast<std::size_t>(n);
  if (rows == 1) {  // every column order, with the symbols renamed back: n! of them
    RectangleForm form{{}, 1, {true}};
    for (int s = 1; s <= n; ++s) {
      form.form.push_back(s);
      form.automorphisms *= static_cast<std::uint64_t>(s);
    }
    return form;
  }
  RectangleForm form;
  lower_to_least_isotope(n, rectangle, form, rank.empty() ? nullptr : &rank);
  return form;
}

std::vector<int> row_ranks(int n, const std::vector<int>& rectangle) {
  check_order(n);
  const int k = static_cast<int>(rectangle.size()) / n;
  std::vector<std::vector<std::uint64_t>> profile(static_cast<std::size_t>(k));
  for (int a = 0; a < k; ++a)
    for (int b = a + 1; b < k; ++b) {
      const std::uint64_t code = cycle_code(n, rectangle, a, b);
      profile[a].push_back(code);
      profile[b].push_back(code);  // the map from b to a is the inverse: the same type
    }
  for (auto& p : profile) std::sort(p.begin(), p.end());
  auto distinct = profile;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  std::vector<int> rank;
  for (const auto& p : profile)
    rank.push_back(
        static_cast<int>(std::lower_bound(distinct.begin(), distinct.end(), p) - distinct.begin()));
  return rank;
}

Natural rectangle_class_size(int n, const std::vector<int>& rectangle) {
  const int rows = static_cast<int>(rectangle.size()) / n;
  const Natural f = factorial(n);
  return factorial(rows) * f * f / least_rectangle_isotope(n, rectangle).automorphisms;
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
