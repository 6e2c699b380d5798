#include "grid/model.hpp"

#include <gecode/minimodel.hh>

#include <algorithm>
#include <climits>
#include <iterator>
#include <map>
#include <numeric>

namespace puzzlegen::grid {

void post_latin(Gecode::Home home, const Gecode::IntVarArgs& x, int n) {
  const Gecode::Matrix<Gecode::IntVarArgs> m(x, n, n);
  for (int i = 0; i < n; ++i) {
    Gecode::distinct(home, m.row(i), Gecode::IPL_DOM);
    Gecode::distinct(home, m.col(i), Gecode::IPL_DOM);
  }
}

std::vector<int> BoardSpace::values() const {
  std::vector<int> out;
  for (int i = 0; i < x_.size(); ++i) out.push_back(x_[i].val());
  return out;
}

void post_regions_distinct(Gecode::Home home, const Gecode::IntVarArgs& x,
                           const std::vector<int>& regions) {
  std::map<int, Gecode::IntVarArgs> members;
  for (std::size_t cell = 0; cell < regions.size(); ++cell)
    members[regions[cell]] << x[static_cast<int>(cell)];
  for (const auto& [region, cells] : members) Gecode::distinct(home, cells, Gecode::IPL_DOM);
}

void post_givens(Gecode::Home home, const Gecode::IntVarArgs& x, const Board& board) {
  for (std::size_t cell = 0; cell < board.cells.size(); ++cell)
    if (const int v = board.cells[cell])
      Gecode::rel(home, x[static_cast<int>(cell)], Gecode::IRT_EQ, v);
}

void post_ordered_marks(Gecode::Home home, const Gecode::IntVarArgs& x, const Board& board) {
  const auto pairs = neighbour_pairs(board.n);
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const int v = mark(board, k);
    if (v == 1) Gecode::rel(home, x[pairs[k].a], Gecode::IRT_LE, x[pairs[k].b]);
    if (v == 2) Gecode::rel(home, x[pairs[k].a], Gecode::IRT_GR, x[pairs[k].b]);
  }
}

std::vector<int> minimal_clues(int count, const std::function<void(int clue, bool on)>& set,
                               const std::function<bool()>& unique, Rng& rng, int least) {
  return minimal_clues(count, set, std::function<bool(int)>([&](int) { return unique(); }), rng,
                       least);
}

std::vector<int> minimal_clues(int count, const std::function<void(int clue, bool on)>& set,
                               const std::function<bool(int taken_back)>& unique, Rng& rng,
                               int least) {
  return *minimal_clues(count, set, unique, rng, ClueSearch{.least = least});
}

std::optional<std::vector<int>> minimal_clues(int count,
                                              const std::function<void(int clue, bool on)>& set,
                                              const std::function<bool(int taken_back)>& unique,
                                              Rng& rng, const ClueSearch& search) {
  if (search.most < search.least) return std::nullopt;
  std::vector<int> clues(static_cast<std::size_t>(count));
  std::iota(clues.begin(), clues.end(), 0);
  rng.shuffle(clues);
  // The fewest clues of that order (at least `least`, and one) that make the puzzle unique, or
  // all of them; `set_to(n)` gives the first n and no other.
  int given = 0;
  const auto set_to = [&](int n) {
    for (; given < n; ++given) set(clues[static_cast<std::size_t>(given)], true);
    for (; given > n; --given) set(clues[static_cast<std::size_t>(given - 1)], false);
  };
  const int first = std::min(count, std::max(search.least, 1));
  // A puzzle that may keep no clue must be unique with none, so with every number of them.
  const auto drop = [&](bool is_unique) { return !is_unique && search.most == 0; };
  int needed = count;
  if (!search.bisect) {
    for (int n = 1; n <= count; ++n) {
      set_to(n);
      if (n < first) continue;
      const bool is_unique = unique(-1);
      if (drop(is_unique)) return std::nullopt;
      if (is_unique) {
        needed = n;
        break;
      }
    }
  } else {
    // The fewest first (unique with them, or dropped: nothing more to ask), then bisection
    // between the last prefix known not to be unique and the first known to be (or all of
    // them, not asked: if none is, all are given).
    set_to(first);
    const bool is_unique = count == 0 || unique(-1);
    if (drop(is_unique)) return std::nullopt;
    int fails = is_unique ? first - 1 : first;
    needed = is_unique ? first : count;
    while (needed - fails > 1) {
      const int middle = fails + (needed - fails) / 2;
      set_to(middle);
      if (unique(-1))
        needed = middle;
      else
        fails = middle;
    }
    set_to(needed);
  }
  std::vector<int> used(clues.begin(), clues.begin() + needed);
  rng.shuffle(used);
  std::vector<int> kept;
  auto set_now = std::ssize(used);
  for (const int clue : used) {
    if (set_now > search.least) {
      set(clue, false);
      if (unique(clue)) {
        --set_now;
        continue;
      }
      set(clue, true);
    }
    kept.push_back(clue);
    if (std::ssize(kept) > search.most) return std::nullopt;
  }
  return kept;
}

int least_clues(const std::map<std::string, Bounds>& measures, const std::string& name) {
  const auto bounds = measures.find(name);
  if (bounds == measures.end() || !bounds->second.min) return 0;
  return static_cast<int>(std::min<std::uint64_t>(*bounds->second.min, INT_MAX));
}

}  // namespace puzzlegen::grid
