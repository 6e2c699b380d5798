// Sudoku's second methods for `puzzlegen verify`, sharing nothing with the Gecode model of
// family.cpp, the grid kit's counter or the encoding the canonical key comes from.
#include "verify.hpp"

#include <bit>
#include <functional>
#include <map>
#include <set>
#include <tuple>

namespace sudoku {

puzzlegen::Recount fillings_by_brute_force(const Sudoku& sudoku, const puzzlegen::Limits& limits) {
  const int n = sudoku.n(), cells = n * n;
  const int rows_per_box = sudoku.box_rows(), columns_per_box = sudoku.box_columns();
  const auto box = [&](int cell) {
    return cell / n / rows_per_box * rows_per_box + cell % n / columns_per_box;
  };
  // Numbers used per row, column and box, as bits 1..n.
  std::vector<std::uint32_t> row(static_cast<std::size_t>(n), 0), column(row), in_box(row);
  std::vector<int> open;
  bool clash = false;
  for (int cell = 0; cell < cells; ++cell) {
    const int v = sudoku.board().cells[static_cast<std::size_t>(cell)];
    if (v == 0) {
      open.push_back(cell);
      continue;
    }
    const std::uint32_t bit = 1u << v;
    auto &r = row[static_cast<std::size_t>(cell / n)],
         &c = column[static_cast<std::size_t>(cell % n)],
         &b = in_box[static_cast<std::size_t>(box(cell))];
    if ((r | c | b) & bit) clash = true;
    r |= bit, c |= bit, b |= bit;
  }
  const std::uint32_t all = ((1u << n) - 1) << 1;
  puzzlegen::Natural fillings = 0;
  bool stopped = false;
  std::uint64_t visited = 0;
  // Fills the open cell with the fewest numbers left, every way.
  std::function<void(std::size_t)> fill = [&](std::size_t filled) {
    if (stopped || ((++visited & 4095) == 0 && limits.expired())) {
      stopped = true;
      return;
    }
    if (filled == open.size()) {
      ++fillings;
      return;
    }
    std::size_t pick = filled;
    int fewest = n + 1;
    for (std::size_t k = filled; k < open.size(); ++k) {
      const int cell = open[k];
      const int left = std::popcount(all & ~(row[static_cast<std::size_t>(cell / n)] |
                                             column[static_cast<std::size_t>(cell % n)] |
                                             in_box[static_cast<std::size_t>(box(cell))]));
      if (left < fewest) fewest = left, pick = k;
    }
    std::swap(open[filled], open[pick]);
    const int cell = open[filled];
    auto &r = row[static_cast<std::size_t>(cell / n)],
         &c = column[static_cast<std::size_t>(cell % n)],
         &b = in_box[static_cast<std::size_t>(box(cell))];
    for (std::uint32_t left = all & ~(r | c | b); left != 0; left &= left - 1) {
      const std::uint32_t bit = left & -left;
      r |= bit, c |= bit, b |= bit;
      fill(filled + 1);
      r &= ~bit, c &= ~bit, b &= ~bit;
    }
    std::swap(open[filled], open[pick]);
  };
  if (!clash) fill(0);
  puzzlegen::Count count;
  count.value = fillings;
  count.exact = !stopped;
  if (stopped) count.stopped = puzzlegen::StopReason::time_limit;
  return {count, "every filling of the open cells tried, fewest choices first"};
}

puzzlegen::Recount class_size_by_stabiliser(const Sudoku& sudoku) {
  const int n = sudoku.n();
  const bool square_boxes = sudoku.box_rows() == sudoku.box_columns();
  std::set<int> used;
  for (const int v : sudoku.board().cells)
    if (v) used.insert(v);
  // The renamings that fix the givens once a symmetry has moved them: none, or every renaming of
  // the numbers not given, when the moved givens read as a renaming of the givens.
  puzzlegen::Natural unused_renamings = 1;
  for (int k = 2; k <= n - static_cast<int>(used.size()); ++k) unused_renamings *= k;
  puzzlegen::Natural stabiliser = 0;
  int symmetries = 0;
  for (int turn = 0; turn < 4; ++turn)
    for (const bool mirror : {false, true}) {
      // Boxes that are not square stay boxes only under the half turn and the reflections that
      // keep rows as rows.
      if (!square_boxes && turn % 2 == 1) continue;
      ++symmetries;
      // The cell (r, c) goes to: mirrored (r, n-1-c), then turned a quarter `turn` times.
      const auto moved = [&](int cell) {
        int r = cell / n, c = cell % n;
        if (mirror) c = n - 1 - c;
        for (int t = 0; t < turn; ++t) std::tie(r, c) = std::make_tuple(c, n - 1 - r);
        return r * n + c;
      };
      std::map<int, int> renaming;
      std::set<int> images;
      bool fixes = true;
      for (int cell = 0; cell < n * n && fixes; ++cell) {
        const int v = sudoku.board().cells[static_cast<std::size_t>(cell)];
        const int there = sudoku.board().cells[static_cast<std::size_t>(moved(cell))];
        if ((v == 0) != (there == 0)) fixes = false;
        if (v == 0 || !fixes) continue;
        const auto [it, fresh] = renaming.emplace(v, there);
        if (fresh && !images.insert(there).second) fixes = false;
        if (it->second != there) fixes = false;
      }
      if (fixes) stabiliser += unused_renamings;
    }
  puzzlegen::Natural group = symmetries;
  for (int k = 2; k <= n; ++k) group *= k;
  puzzlegen::Count count;
  count.value = group / stabiliser;
  return {count, "orbit-stabiliser: " + std::to_string(symmetries) + " turns and reflections x " +
                     std::to_string(n) + "! renamings, over the " +
                     puzzlegen::to_string(stabiliser) + " that keep the givens"};
}

}  // namespace sudoku
