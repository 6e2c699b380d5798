// KenKen's second count for `puzzlegen verify`, sharing nothing with the solver of solver.cpp.
#include "verify.hpp"

#include <algorithm>
#include <functional>
#include <set>
#include <tuple>

namespace kenken {

namespace {

// Whether the numbers give the cage's target.
bool keeps(const Cage& cage, const std::vector<int>& value) {
  std::int64_t sum = 0, product = 1;
  for (const int c : cage.cells) {
    const int v = value[static_cast<std::size_t>(c)];
    sum += v;
    product = std::min<std::int64_t>(product * v, kMaxTarget + 1);
  }
  const auto at = [&](std::size_t i) { return value[static_cast<std::size_t>(cage.cells[i])]; };
  switch (cage.op) {
    case Op::add:
      return sum == cage.value;
    case Op::mul:
      return product == cage.value;
    case Op::sub:
      return at(0) - at(1) == cage.value || at(1) - at(0) == cage.value;
    case Op::div:
      return at(0) == cage.value * at(1) || at(1) == cage.value * at(0);
  }
  return false;
}

}  // namespace

puzzlegen::Recount fillings_by_brute_force(const Puzzle& puzzle, const puzzlegen::Limits& limits) {
  const int n = puzzle.n(), cells = n * n;
  // The cages whose last cell (row-major) each cell is: checked once it is filled.
  std::vector<std::vector<const Cage*>> closing(static_cast<std::size_t>(cells));
  for (const Cage& cage : puzzle.cages())
    closing[static_cast<std::size_t>(cage.cells.back())].push_back(&cage);
  std::vector<int> value(static_cast<std::size_t>(cells), 0);
  std::vector<std::uint32_t> row(static_cast<std::size_t>(n), 0), column(row);
  puzzlegen::Natural fillings = 0;
  bool stopped = false;
  std::uint64_t visited = 0;
  std::function<void(int)> fill = [&](int cell) {
    if (stopped || ((++visited & 4095) == 0 && limits.expired())) {
      stopped = true;
      return;
    }
    if (cell == cells) {
      ++fillings;
      return;
    }
    auto& in_row = row[static_cast<std::size_t>(cell / n)];
    auto& in_column = column[static_cast<std::size_t>(cell % n)];
    for (int v = 1; v <= n; ++v) {
      const std::uint32_t bit = 1u << v;
      if ((in_row | in_column) & bit) continue;
      value[static_cast<std::size_t>(cell)] = v;
      bool ok = true;
      for (const Cage* cage : closing[static_cast<std::size_t>(cell)])
        ok = ok && keeps(*cage, value);
      if (!ok) continue;
      in_row |= bit, in_column |= bit;
      fill(cell + 1);
      in_row &= ~bit, in_column &= ~bit;
    }
    value[static_cast<std::size_t>(cell)] = 0;
  };
  fill(0);
  puzzlegen::Count count;
  count.value = fillings;
  count.exact = !stopped;
  if (stopped) count.stopped = puzzlegen::StopReason::time_limit;
  return {count, "every filling of the cells in turn tried, each cage checked when it is full"};
}

puzzlegen::Recount class_size_by_stabiliser(const Puzzle& puzzle) {
  const int n = puzzle.n();
  using Facts = std::set<std::tuple<std::vector<int>, int, std::int64_t>>;
  const auto facts_under = [&](int turn, bool mirror) {
    // The cell (r, c) goes to: mirrored (r, n-1-c), then turned a quarter `turn` times.
    const auto moved = [&](int cell) {
      int r = cell / n, c = cell % n;
      if (mirror) c = n - 1 - c;
      for (int t = 0; t < turn; ++t) std::tie(r, c) = std::make_tuple(c, n - 1 - r);
      return r * n + c;
    };
    Facts out;
    for (const Cage& cage : puzzle.cages()) {
      std::vector<int> cells;
      for (const int cell : cage.cells) cells.push_back(moved(cell));
      std::sort(cells.begin(), cells.end());
      out.emplace(cells, static_cast<int>(cage.op), cage.value);
    }
    return out;
  };
  const Facts own = facts_under(0, false);
  int fixing = 0;
  for (int turn = 0; turn < 4; ++turn)
    for (const bool mirror : {false, true}) fixing += facts_under(turn, mirror) == own ? 1 : 0;
  puzzlegen::Count count;
  count.value = 8 / fixing;
  return {count, "orbit-stabiliser: 8 symmetries over the " + std::to_string(fixing) +
                     " that keep the cages"};
}

}  // namespace kenken
