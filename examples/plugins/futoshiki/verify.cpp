// Futoshiki's second methods for `puzzlegen verify`, sharing nothing with the Gecode model of
// family.cpp or the grid kit's encoding it takes its canonical key from: the clues as sets of facts
// ("cell x holds v", "cell x is smaller than cell y").
#include "verify.hpp"

#include <functional>
#include <set>
#include <tuple>

namespace futoshiki {

namespace {

// "a is smaller than b", for every sign.
std::vector<std::pair<int, int>> smaller_pairs(const Grid& grid) {
  std::vector<std::pair<int, int>> out;
  const auto pairs = puzzlegen::grid::neighbour_pairs(grid.n());
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const int sign = puzzlegen::grid::mark(grid.board(), k);
    if (sign == Sign::less) out.emplace_back(pairs[k].a, pairs[k].b);
    if (sign == Sign::greater) out.emplace_back(pairs[k].b, pairs[k].a);
  }
  return out;
}

}  // namespace

puzzlegen::Recount fillings_by_brute_force(const Grid& grid, const puzzlegen::Limits& limits) {
  const int n = grid.n(), cells = n * n;
  const auto smaller = smaller_pairs(grid);
  std::vector<int> value(static_cast<std::size_t>(cells), 0);
  std::vector<std::uint32_t> row(static_cast<std::size_t>(n), 0), column(row);
  puzzlegen::Natural fillings = 0;
  bool stopped = false;
  std::uint64_t visited = 0;
  // Whether every relation whose two cells are filled holds.
  const auto relations_hold = [&](int cell) {
    for (const auto& [a, b] : smaller)
      if ((a == cell || b == cell) && value[static_cast<std::size_t>(a)] != 0 &&
          value[static_cast<std::size_t>(b)] != 0 &&
          value[static_cast<std::size_t>(a)] >= value[static_cast<std::size_t>(b)])
        return false;
    return true;
  };
  std::function<void(int)> fill = [&](int cell) {
    if (stopped || ((++visited & 4095) == 0 && limits.expired())) {
      stopped = true;
      return;
    }
    if (cell == cells) {
      ++fillings;
      return;
    }
    const int r = cell / n, c = cell % n;
    const int given = grid.board().cells[static_cast<std::size_t>(cell)];
    for (int v = 1; v <= n; ++v) {
      if (given != 0 && v != given) continue;
      const std::uint32_t bit = 1u << v;
      if ((row[static_cast<std::size_t>(r)] | column[static_cast<std::size_t>(c)]) & bit) continue;
      value[static_cast<std::size_t>(cell)] = v;
      if (relations_hold(cell)) {
        row[static_cast<std::size_t>(r)] |= bit;
        column[static_cast<std::size_t>(c)] |= bit;
        fill(cell + 1);
        row[static_cast<std::size_t>(r)] &= ~bit;
        column[static_cast<std::size_t>(c)] &= ~bit;
      }
      value[static_cast<std::size_t>(cell)] = 0;
    }
  };
  fill(0);
  puzzlegen::Count count;
  count.value = fillings;
  count.exact = !stopped;
  if (stopped) count.stopped = puzzlegen::StopReason::time_limit;
  return {count, "every filling of the cells in turn tried"};
}

puzzlegen::Recount class_size_by_stabiliser(const Grid& grid) {
  const int n = grid.n();
  using Facts = std::pair<std::set<std::pair<int, int>>, std::set<std::pair<int, int>>>;
  const auto facts_under = [&](int turn, bool mirror, bool complement) {
    // The cell (r, c) goes to: mirrored (r, n-1-c), then turned a quarter `turn` times.
    const auto moved = [&](int cell) {
      int r = cell / n, c = cell % n;
      if (mirror) c = n - 1 - c;
      for (int t = 0; t < turn; ++t) std::tie(r, c) = std::make_tuple(c, n - 1 - r);
      return r * n + c;
    };
    Facts out;
    for (int cell = 0; cell < n * n; ++cell)
      if (const int v = grid.board().cells[static_cast<std::size_t>(cell)])
        out.first.emplace(moved(cell), complement ? n + 1 - v : v);
    for (const auto& [a, b] : smaller_pairs(grid))
      out.second.emplace(complement ? moved(b) : moved(a), complement ? moved(a) : moved(b));
    return out;
  };
  const Facts own = facts_under(0, false, false);
  int fixing = 0;
  for (int turn = 0; turn < 4; ++turn)
    for (const bool mirror : {false, true})
      for (const bool complement : {false, true})
        fixing += facts_under(turn, mirror, complement) == own ? 1 : 0;
  puzzlegen::Count count;
  count.value = 16 / fixing;
  return {count, "orbit-stabiliser: 16 symmetries over the " + std::to_string(fixing) +
                     " that keep the clues"};
}

}  // namespace futoshiki
