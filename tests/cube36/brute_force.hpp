// Independent counts for the 36 Cube, written the way the blog post solves it: every
// colouring whose rows are permutations with no colour twice in a column, then a check that
// the towers fit. Nothing here uses the family's model code.
#pragma once

#include <algorithm>
#include <functional>
#include <numeric>
#include <set>
#include <vector>

namespace cube36_brute_force {

struct Special {
  int color, size, cell;  // 0-based colour and cell, size 1..n
};

struct Puzzle {
  int n;
  std::vector<int> sizes;  // row-major, the size each cell takes
  std::vector<Special> specials;
};

// Calls visit(square) for every Latin square of colours 0..n-1 (row-major) whose first row is
// `first` when given. As the post does it: each row is a permutation, chosen from those that
// clash with no row so far (the candidate list shrinks as rows are added).
inline void latin_squares(int n, const std::vector<int>* first,
                          const std::function<void(const std::vector<int>&)>& visit) {
  std::vector<std::vector<int>> perms;
  std::vector<int> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  do perms.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  auto clash = [n](const std::vector<int>& a, const std::vector<int>& b) {
    for (int j = 0; j < n; ++j)
      if (a[static_cast<std::size_t>(j)] == b[static_cast<std::size_t>(j)]) return true;
    return false;
  };
  std::vector<int> square;
  std::function<void(const std::vector<const std::vector<int>*>&)> rows =
      [&](const std::vector<const std::vector<int>*>& choices) {
        if (static_cast<int>(square.size()) == n * n) {
          visit(square);
          return;
        }
        for (const auto* row : choices) {
          std::vector<const std::vector<int>*> next;
          for (const auto* other : choices)
            if (!clash(*row, *other)) next.push_back(other);
          square.insert(square.end(), row->begin(), row->end());
          rows(next);
          square.resize(square.size() - static_cast<std::size_t>(n));
        }
      };
  std::vector<const std::vector<int>*> all;
  for (const auto& perm : perms)
    if (!first || perm == *first) all.push_back(&perm);
  if (!first) {
    rows(all);
    return;
  }
  std::vector<const std::vector<int>*> next;
  for (const auto& perm : perms)
    if (!clash(perm, *first)) next.push_back(&perm);
  square = *first;
  rows(next);
}

// Can the towers of colour `color` (one per size; special ones also fit their cells) stand on
// `cells`, one each? Assigns sizes cell by cell, every way.
inline bool fits(const Puzzle& puzzle, int color, const std::vector<int>& cells, std::size_t k = 0,
                 unsigned used = 0) {
  if (k == cells.size()) return true;
  const int cell = cells[k];
  for (int size = 1; size <= puzzle.n; ++size) {
    if (used >> size & 1U) continue;
    bool ok = puzzle.sizes[static_cast<std::size_t>(cell)] == size;
    for (const auto& s : puzzle.specials)
      ok = ok || (s.color == color && s.size == size && s.cell == cell);
    if (ok && fits(puzzle, color, cells, k + 1, used | 1U << size)) return true;
  }
  return false;
}

inline std::vector<std::vector<int>> classes_of(int n, const std::vector<int>& square) {
  std::vector<std::vector<int>> classes(static_cast<std::size_t>(n));
  for (std::size_t cell = 0; cell < square.size(); ++cell)
    classes[static_cast<std::size_t>(square[cell])].push_back(static_cast<int>(cell));
  return classes;
}

inline bool is_solution(const Puzzle& puzzle, const std::vector<int>& square) {
  const auto classes = classes_of(puzzle.n, square);
  for (int c = 0; c < puzzle.n; ++c)
    if (!fits(puzzle, c, classes[static_cast<std::size_t>(c)])) return false;
  return true;
}

// Every solution (n <= 5: all n! * ... Latin squares are tried).
inline std::vector<std::vector<int>> all_solutions(const Puzzle& puzzle) {
  std::vector<std::vector<int>> out;
  latin_squares(puzzle.n, nullptr, [&](const std::vector<int>& square) {
    if (is_solution(puzzle, square)) out.push_back(square);
  });
  return out;
}

// Solutions up to renaming colours by a permutation that maps the special pieces to special
// pieces (and keeps every colour in `fixed`): the least image of each solution, counted once.
inline std::size_t orbits(const Puzzle& puzzle, const std::vector<std::vector<int>>& solutions,
                          const std::set<int>& fixed = {}) {
  std::vector<std::vector<int>> group;
  std::vector<int> g(static_cast<std::size_t>(puzzle.n));
  std::iota(g.begin(), g.end(), 0);
  do {
    std::set<std::vector<int>> before, after;
    for (const auto& s : puzzle.specials) {
      before.insert({s.color, s.size, s.cell});
      after.insert({g[static_cast<std::size_t>(s.color)], s.size, s.cell});
    }
    const bool keeps = std::all_of(fixed.begin(), fixed.end(),
                                   [&](int c) { return g[static_cast<std::size_t>(c)] == c; });
    if (before == after && keeps) group.push_back(g);
  } while (std::next_permutation(g.begin(), g.end()));
  std::set<std::vector<int>> least;
  for (const auto& solution : solutions) {
    std::vector<int> best = solution;
    for (const auto& perm : group) {
      std::vector<int> image;
      for (const int c : solution) image.push_back(perm[static_cast<std::size_t>(c)]);
      best = std::min(best, image);
    }
    least.insert(best);
  }
  return least.size();
}

}  // namespace cube36_brute_force
