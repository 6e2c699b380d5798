#include "solver.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <optional>
#include <string>

#include "grid/board.hpp"
#include "ladder.hpp"

namespace kenken {

using puzzlegen::Count;
using puzzlegen::Grade;
using puzzlegen::Limits;
using puzzlegen::StopReason;

namespace {

// Fillings tried per cage and question before giving up on it: giving up prunes nothing, which
// is sound (a filled board still has every cage checked), and only huge cages get there.
constexpr std::uint64_t kFillingBudget = 2'000'000;

int lowest(Mask m) {
  return std::countr_zero(m) + 1;
}
int highest(Mask m) {
  return 16 - std::countl_zero(m);
}
Mask bit(int v) {
  return static_cast<Mask>(1u << (v - 1));
}

// Every filling of cage k from the candidates `masks`: `visit(values)` for each (values per
// position), until it returns false. Returns false when the budget ran out.
template <class Visit>
bool for_each_filling(const Shape& shape, std::size_t k, const Mask* masks, Visit&& visit) {
  const Cage& cage = shape.cages[k];
  const auto& clash = shape.clash[k];
  const std::size_t size = cage.cells.size();
  std::vector<Mask> cand(size);
  for (std::size_t i = 0; i < size; ++i) cand[i] = masks[cage.cells[i]];
  std::vector<int> chosen(size, 0);
  const std::int64_t target = cage.value;
  if (cage.op == Op::sub || cage.op == Op::div) {
    for (Mask a = cand[0]; a; a &= a - 1)
      for (Mask b = cand[1]; b; b &= b - 1) {
        const int x = lowest(a), y = lowest(b);
        const int big = std::max(x, y), small = std::min(x, y);
        if (x == y || (cage.op == Op::sub ? big - small != target : big != target * small))
          continue;
        chosen[0] = x, chosen[1] = y;
        if (!visit(chosen)) return true;
      }
    return true;
  }
  // Bounds on what the positions from i on can add or multiply.
  std::vector<std::int64_t> least(size + 1, cage.op == Op::add ? 0 : 1), most(least);
  for (std::size_t i = size; i-- > 0;) {
    if (cand[i] == 0) return true;
    if (cage.op == Op::add) {
      least[i] = least[i + 1] + lowest(cand[i]);
      most[i] = most[i + 1] + highest(cand[i]);
    } else {
      least[i] = std::min<std::int64_t>(least[i + 1] * lowest(cand[i]), target + 1);
      most[i] = std::min<std::int64_t>(most[i + 1] * highest(cand[i]), target + 1);
    }
  }
  std::uint64_t budget = kFillingBudget;
  bool more = true, spent = false;
  std::function<void(std::size_t, std::int64_t)> go = [&](std::size_t i, std::int64_t acc) {
    if (!more) return;
    if (--budget == 0) {
      spent = true, more = false;
      return;
    }
    if (i == size) {
      if (acc == target) more = visit(chosen);
      return;
    }
    Mask options = cand[i];
    for (std::size_t j = 0; j < i; ++j)
      if (clash[i] >> j & 1u) options &= static_cast<Mask>(~bit(chosen[j]));
    for (; options && more; options &= options - 1) {
      const int v = lowest(options);
      std::int64_t next;
      if (cage.op == Op::add) {
        next = acc + v;
        if (next + least[i + 1] > target || next + most[i + 1] < target) continue;
      } else {
        if (target % v != 0 || (target / v) % acc != 0) continue;
        next = acc * v;
        if (next * least[i + 1] > target || next * most[i + 1] < target) continue;
      }
      chosen[i] = v;
      go(i + 1, next);
    }
  };
  go(0, cage.op == Op::add ? 0 : 1);
  return !spent;
}

}  // namespace

Shape::Shape(int n_, std::vector<Cage> cages_) : n(n_), cages(std::move(cages_)) {
  cage_of.assign(static_cast<std::size_t>(n * n), -1);
  for (std::size_t k = 0; k < cages.size(); ++k) {
    std::vector<std::uint32_t> earlier;
    const auto& cells = cages[k].cells;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      cage_of[static_cast<std::size_t>(cells[i])] = static_cast<int>(k);
      std::uint32_t m = 0;
      for (std::size_t j = 0; j < i && j < 32; ++j)
        if (cells[i] / n == cells[j] / n || cells[i] % n == cells[j] % n) m |= 1u << j;
      earlier.push_back(m);
    }
    clash.push_back(std::move(earlier));
  }
}

bool cage_support(const Shape& shape, std::size_t k, const Mask* masks, Mask* support) {
  const auto& cells = shape.cages[k].cells;
  const std::size_t size = cells.size();
  std::fill(support, support + size, Mask{0});
  std::size_t short_of = size;  // positions whose support is not yet all their candidates
  const bool whole = for_each_filling(shape, k, masks, [&](const std::vector<int>& values) {
    for (std::size_t i = 0; i < size; ++i) {
      const Mask before = support[i];
      support[i] |= bit(values[i]);
      if (before != support[i] && support[i] == masks[cells[i]]) --short_of;
    }
    return short_of > 0;
  });
  if (!whole)
    for (std::size_t i = 0; i < size; ++i) support[i] = masks[cells[i]];
  return support[0] != 0;
}

bool list_fillings(const Shape& shape, std::size_t k, std::size_t most,
                   std::vector<std::vector<int>>& out) {
  const std::vector<Mask> all(static_cast<std::size_t>(shape.n * shape.n),
                              static_cast<Mask>((1u << shape.n) - 1));
  bool fits = true;
  const bool whole = for_each_filling(shape, k, all.data(), [&](const std::vector<int>& values) {
    if (out.size() == most) return fits = false;
    out.push_back(values);
    return true;
  });
  return whole && fits;
}

namespace {

// The units: rows, then columns.
std::vector<std::vector<int>> units_of(int n) {
  std::vector<std::vector<int>> out;
  for (int r = 0; r < n; ++r) {
    out.emplace_back();
    for (int c = 0; c < n; ++c) out.back().push_back(r * n + c);
  }
  for (int c = 0; c < n; ++c) {
    out.emplace_back();
    for (int r = 0; r < n; ++r) out.back().push_back(r * n + c);
  }
  return out;
}

class Counter {
 public:
  Counter(const Shape& shape, std::uint64_t cap, const Limits& limits, std::size_t keep)
      : shape_(shape),
        n_(shape.n),
        cells_(n_ * n_),
        cap_(cap),
        keep_(keep),
        limits_(limits),
        units_(units_of(n_)) {}

  SolveCount run(std::vector<Mask> start) {
    if (std::all_of(start.begin(), start.end(), [](Mask m) { return m != 0; })) search(start);
    out_.count.value = found_;
    out_.count.exact = out_.count.stopped == StopReason::none && (cap_ == 0 || found_ < cap_);
    return std::move(out_);
  }

 private:
  // Singles and cages to a fixpoint; false when a cell or a cage has nothing left.
  bool propagate(std::vector<Mask>& d) const {
    std::vector<char> done(static_cast<std::size_t>(cells_), 0);
    std::vector<Mask> support(static_cast<std::size_t>(cells_));
    for (bool changed = true; changed;) {
      changed = false;
      for (int cell = 0; cell < cells_; ++cell) {
        const Mask m = d[static_cast<std::size_t>(cell)];
        if (m == 0) return false;
        if (done[static_cast<std::size_t>(cell)] || (m & (m - 1))) continue;
        done[static_cast<std::size_t>(cell)] = 1;
        const int r = cell / n_, c = cell % n_;
        for (int k = 0; k < n_; ++k) {
          for (const int peer : {r * n_ + k, k * n_ + c}) {
            if (peer == cell) continue;
            Mask& p = d[static_cast<std::size_t>(peer)];
            if (p & m) {
              p &= static_cast<Mask>(~m);
              if (p == 0) return false;
              changed = true;
            }
          }
        }
      }
      if (changed) continue;
      for (const auto& unit : units_) {
        Mask once = 0, twice = 0;
        for (const int cell : unit) {
          const Mask m = d[static_cast<std::size_t>(cell)];
          twice |= once & m;
          once |= m;
        }
        if (once != full()) return false;
        for (Mask alone = once & static_cast<Mask>(~twice); alone; alone &= alone - 1) {
          const Mask b = alone & static_cast<Mask>(-alone);
          for (const int cell : unit)
            if ((d[static_cast<std::size_t>(cell)] & b) && d[static_cast<std::size_t>(cell)] != b) {
              d[static_cast<std::size_t>(cell)] = b;
              changed = true;
            }
        }
      }
      if (changed) continue;
      for (std::size_t k = 0; k < shape_.cages.size(); ++k) {
        const auto& cells = shape_.cages[k].cells;
        if (!cage_support(shape_, k, d.data(), support.data())) return false;
        for (std::size_t i = 0; i < cells.size(); ++i) {
          Mask& m = d[static_cast<std::size_t>(cells[i])];
          if (support[i] != m) {
            m = support[i];
            if (m == 0) return false;
            changed = true;
          }
        }
      }
    }
    return true;
  }

  Mask full() const { return static_cast<Mask>((1u << n_) - 1); }

  // False when the search must stop (the cap reached, or a limit).
  bool search(std::vector<Mask> d) {
    if (!propagate(d)) return true;
    int best = -1, fewest = 99;
    for (int cell = 0; cell < cells_; ++cell) {
      const int k = std::popcount(d[static_cast<std::size_t>(cell)]);
      if (k > 1 && k < fewest) best = cell, fewest = k;
    }
    if (best < 0) {
      if (out_.solutions.size() < keep_) {
        auto& solution = out_.solutions.emplace_back();
        for (const Mask m : d) solution.push_back(lowest(m));
      }
      ++found_;
      return cap_ == 0 || found_ < cap_;
    }
    ++out_.nodes;
    if (limits_.node_limit != 0 && out_.nodes > limits_.node_limit) {
      out_.count.stopped = StopReason::node_limit;
      return false;
    }
    if ((out_.nodes & 1023) == 0)
      if (const StopReason why = limits_.stop_reason(); why != StopReason::none) {
        out_.count.stopped = why;
        return false;
      }
    for (Mask rest = d[static_cast<std::size_t>(best)]; rest; rest &= rest - 1) {
      std::vector<Mask> child = d;
      child[static_cast<std::size_t>(best)] = rest & static_cast<Mask>(-rest);
      if (!search(std::move(child))) return false;
    }
    return true;
  }

  const Shape& shape_;
  int n_, cells_;
  std::uint64_t cap_, found_ = 0;
  std::size_t keep_;
  const Limits& limits_;
  std::vector<std::vector<int>> units_;
  SolveCount out_;
};

}  // namespace

SolveCount count_solutions(const Shape& shape, std::uint64_t cap, const Limits& limits,
                           std::size_t keep, const std::vector<std::pair<int, int>>& ruled_out) {
  const int n = shape.n;
  std::vector<Mask> start(static_cast<std::size_t>(n * n), static_cast<Mask>((1u << n) - 1));
  for (const auto& [cell, number] : ruled_out)
    if (cell >= 0 && cell < n * n && number >= 1 && number <= n)
      start[static_cast<std::size_t>(cell)] &= static_cast<Mask>(~bit(number));
  return Counter(shape, cap, limits, keep).run(std::move(start));
}

// --- The ladder

namespace {

std::string numbers_text(Mask m, const std::string& conjunction = "or") {
  std::vector<std::string> items;
  for (; m; m &= m - 1) items.push_back(std::to_string(lowest(m)));
  return puzzlegen::listed(items, conjunction);
}

struct State {
  std::vector<Mask> masks;
  std::vector<char> placed;
};

class Ladder {
 public:
  explicit Ladder(const Shape& shape)
      : shape_(shape), n_(shape.n), cells_(n_ * n_), units_(units_of(n_)) {}

  std::string cell(int c) const { return puzzlegen::grid::cell_name(n_, c); }
  std::string unit_name(std::size_t u) const {
    return (u < static_cast<std::size_t>(n_) ? "row " : "column ") +
           std::to_string(u % static_cast<std::size_t>(n_) + 1);
  }
  std::string cage_name(std::size_t k) const {
    return "the " + clue_text(shape_.cages[k]) + " cage at " + cell(shape_.cages[k].cells.front());
  }
  Mask full() const { return static_cast<Mask>((1u << n_) - 1); }

  void place(State& s, int c, int v) const {
    s.masks[static_cast<std::size_t>(c)] = bit(v);
    s.placed[static_cast<std::size_t>(c)] = 1;
    const int r = c / n_, col = c % n_;
    for (int k = 0; k < n_; ++k)
      for (const int peer : {r * n_ + k, k * n_ + col})
        if (peer != c) s.masks[static_cast<std::size_t>(peer)] &= static_cast<Mask>(~bit(v));
  }

  // A cell or unit with nothing left, or a filled cage that breaks its clue.
  bool contradiction(const State& s) const {
    for (const Mask m : s.masks)
      if (m == 0) return true;
    for (const auto& unit : units_) {
      Mask any = 0;
      for (const int c : unit) any |= s.masks[static_cast<std::size_t>(c)];
      if (any != full()) return true;
    }
    std::vector<Mask> support(static_cast<std::size_t>(cells_));
    for (std::size_t k = 0; k < shape_.cages.size(); ++k) {
      bool filled = true;
      for (const int c : shape_.cages[k].cells)
        filled = filled && s.placed[static_cast<std::size_t>(c)];
      if (filled && !cage_support(shape_, k, s.masks.data(), support.data())) return true;
    }
    return false;
  }
  bool solved(const State& s) const {
    return std::all_of(s.placed.begin(), s.placed.end(), [](char p) { return p != 0; });
  }

  // Rules numbers out of cage k's open cells: with `positional`, those no filling from the
  // candidates puts in the cell; without, those no filling uses anywhere in the cage. Returns
  // whether it did, with the step's words.
  bool cage_step(State& s, std::size_t k, bool positional, Step* step) const {
    const auto& cells = shape_.cages[k].cells;
    std::vector<Mask> support(cells.size());
    cage_support(shape_, k, s.masks.data(), support.data());
    Mask used = 0;  // the numbers of some filling, anywhere in the cage
    for (const Mask m : support) used |= m;
    if (!positional) std::fill(support.begin(), support.end(), used);
    std::vector<std::string> parts, names;
    std::vector<int> about;
    Mask all_gone = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const auto c = static_cast<std::size_t>(cells[i]);
      if (s.placed[c]) continue;
      const Mask gone = s.masks[c] & static_cast<Mask>(~support[i]);
      if (!gone) continue;
      s.masks[c] &= support[i];
      parts.push_back(cell(cells[i]) + " cannot be " + numbers_text(gone));
      names.push_back(cell(cells[i]));
      all_gone |= gone;
      about.push_back(cells[i]);
    }
    if (parts.empty()) return false;
    if (positional) {
      *step = {2,
               puzzlegen::listed(parts) + ": no filling of " + cage_name(k) +
                   " with the candidates left puts " + (parts.size() == 1 ? "it" : "them") +
                   " there",
               about};
    } else if (used == 0) {
      *step = {1, puzzlegen::listed(parts) + ": " + cage_name(k) + " has no filling left", about};
    } else {
      *step = {1,
               puzzlegen::listed(names) + " cannot be " + numbers_text(all_gone) +
                   ": the fillings of " + cage_name(k) + " with the candidates left use only " +
                   numbers_text(used, "and"),
               about};
    }
    return true;
  }

  // The weakest deduction there is, applied; false when the ladder stalls.
  bool next(State& s, Step* step) const {
    // 1: a cell with one number left.
    for (int c = 0; c < cells_; ++c) {
      const Mask m = s.masks[static_cast<std::size_t>(c)];
      if (!s.placed[static_cast<std::size_t>(c)] && std::popcount(m) == 1) {
        const auto& cage =
            shape_.cages[static_cast<std::size_t>(shape_.cage_of[static_cast<std::size_t>(c)])];
        *step = {
            1,
            cell(c) + " is " + std::to_string(lowest(m)) +
                (cage.cells.size() == 1 ? ": its cage holds it" : ": the only number left for it"),
            {c}};
        place(s, c, lowest(m));
        return true;
      }
    }
    // 1: a number with one place left in a row or column.
    for (std::size_t u = 0; u < units_.size(); ++u)
      for (int v = 1; v <= n_; ++v) {
        int where = -1, places = 0;
        bool done = false;
        for (const int c : units_[u]) {
          if (!(s.masks[static_cast<std::size_t>(c)] & bit(v))) continue;
          if (s.placed[static_cast<std::size_t>(c)]) done = true;
          where = c, ++places;
        }
        if (!done && places == 1) {
          *step = {1,
                   cell(where) + " is " + std::to_string(v) + ": the only place left for " +
                       std::to_string(v) + " in " + unit_name(u),
                   {where}};
          place(s, where, v);
          return true;
        }
      }
    // 1: the numbers a cage's fillings use, with the candidates left: no cell of it can hold
    // another.
    for (std::size_t k = 0; k < shape_.cages.size(); ++k)
      if (cage_step(s, k, false, step)) return true;
    // 2: a cage's fillings, cell by cell, with the candidates left.
    for (std::size_t k = 0; k < shape_.cages.size(); ++k)
      if (cage_step(s, k, true, step)) return true;
    // 3: a number a cage must put in a row or column, which no other cell of it can then hold.
    for (std::size_t k = 0; k < shape_.cages.size(); ++k)
      if (line_step(s, k, step)) return true;
    // 3: sets in a row or column.
    for (std::size_t u = 0; u < units_.size(); ++u)
      if (set_step(s, u, step)) return true;
    return false;
  }

  // k open cells of a unit holding only k numbers between them (naked), or k numbers with only
  // k places (hidden), k from 2 to 4.
  bool set_step(State& s, std::size_t u, Step* step) const {
    std::vector<int> open;
    for (const int c : units_[u])
      if (!s.placed[static_cast<std::size_t>(c)]) open.push_back(c);
    const std::size_t m = open.size();
    if (m < 3) return false;
    for (std::uint32_t subset = 1; subset < (1u << m); ++subset) {
      const int k = std::popcount(subset);
      if (k < 2 || k > 4 || static_cast<std::size_t>(k) + 1 > m) continue;
      Mask in = 0;
      std::vector<int> chosen;
      for (std::size_t i = 0; i < m; ++i)
        if (subset >> i & 1u)
          in |= s.masks[static_cast<std::size_t>(open[i])], chosen.push_back(open[i]);
      if (std::popcount(in) == k) {  // naked: the others lose these numbers
        std::vector<int> about;
        for (std::size_t i = 0; i < m; ++i)
          if (!(subset >> i & 1u) && (s.masks[static_cast<std::size_t>(open[i])] & in)) {
            s.masks[static_cast<std::size_t>(open[i])] &= static_cast<Mask>(~in);
            about.push_back(open[i]);
          }
        if (!about.empty()) {
          std::vector<std::string> names;
          for (const int c : chosen) names.push_back(cell(c));
          std::vector<std::string> others;
          for (const int c : about) others.push_back(cell(c));
          *step = {3,
                   puzzlegen::listed(others) + " cannot be " + numbers_text(in) + ": " +
                       puzzlegen::listed(names) + " hold only " + numbers_text(in, "and") +
                       " between them in " + unit_name(u),
                   chosen};
          return true;
        }
      }
      // hidden: the numbers that only these cells can hold, k of them.
      Mask outside = 0;
      for (std::size_t i = 0; i < m; ++i)
        if (!(subset >> i & 1u)) outside |= s.masks[static_cast<std::size_t>(open[i])];
      Mask placed_here = 0;
      for (const int c : units_[u])
        if (s.placed[static_cast<std::size_t>(c)])
          placed_here |= s.masks[static_cast<std::size_t>(c)];
      const Mask only = in & static_cast<Mask>(~outside) & static_cast<Mask>(~placed_here);
      if (std::popcount(only) == k) {
        std::vector<std::string> parts;
        for (const int c : chosen) {
          const Mask gone = s.masks[static_cast<std::size_t>(c)] & static_cast<Mask>(~only);
          if (gone) parts.push_back(cell(c) + " cannot be " + numbers_text(gone));
          s.masks[static_cast<std::size_t>(c)] &= only;
        }
        if (!parts.empty()) {
          std::vector<std::string> names;
          for (const int c : chosen) names.push_back(cell(c));
          *step = {3,
                   puzzlegen::listed(parts) + ": " + numbers_text(only, "and") + " have only " +
                       puzzlegen::listed(names) + " left in " + unit_name(u),
                   chosen};
          return true;
        }
      }
    }
    return false;
  }

  // A number every filling of cage k puts in one row (or column): the rest of that line
  // cannot hold it.
  bool line_step(State& s, std::size_t k, Step* step) const {
    const auto& cells = shape_.cages[k].cells;
    bool open = false;
    for (const int c : cells) open = open || !s.placed[static_cast<std::size_t>(c)];
    if (!open || cells.size() < 2) return false;
    // Per number, the rows (bits 0..n-1) and columns (bits n..2n-1) every filling puts it in.
    std::vector<std::uint32_t> always(static_cast<std::size_t>(n_ + 1), ~0u);
    bool any = false;
    const bool whole =
        for_each_filling(shape_, k, s.masks.data(), [&](const std::vector<int>& values) {
          any = true;
          std::vector<std::uint32_t> here(static_cast<std::size_t>(n_ + 1), 0);
          for (std::size_t i = 0; i < cells.size(); ++i)
            here[static_cast<std::size_t>(values[i])] |=
                (1u << (cells[i] / n_)) | (1u << (n_ + cells[i] % n_));
          for (int v = 1; v <= n_; ++v)
            always[static_cast<std::size_t>(v)] &= here[static_cast<std::size_t>(v)];
          return true;
        });
    if (!whole || !any) return false;
    for (int v = 1; v <= n_; ++v)
      for (int line = 0; line < 2 * n_; ++line) {
        if (!(always[static_cast<std::size_t>(v)] >> line & 1u)) continue;
        const std::size_t u = static_cast<std::size_t>(line);  // rows first, as units_
        std::vector<int> about;
        for (const int c : units_[u]) {
          if (shape_.cage_of[static_cast<std::size_t>(c)] == static_cast<int>(k)) continue;
          if (s.placed[static_cast<std::size_t>(c)] ||
              !(s.masks[static_cast<std::size_t>(c)] & bit(v)))
            continue;
          s.masks[static_cast<std::size_t>(c)] &= static_cast<Mask>(~bit(v));
          about.push_back(c);
        }
        if (about.empty()) continue;
        std::vector<std::string> names;
        for (const int c : about) names.push_back(cell(c));
        *step = {3,
                 puzzlegen::listed(names) + " cannot be " + std::to_string(v) + ": " +
                     cage_name(k) + " must put " + std::to_string(v) + " in " + unit_name(u),
                 about};
        return true;
      }
    return false;
  }

  // Rung 4, what-ifs (ladder.hpp), where the rungs below stall: the one that fails soonest rules
  // its number out. `filled` receives how many cells it filled in.
  bool what_if(State& s, Step* step, std::uint64_t& filled) const {
    const auto best = puzzlegen::shortest_what_if(
        cells_,
        [&](int c) {
          const auto at = static_cast<std::size_t>(c);
          return s.placed[at] ? Mask{0} : s.masks[at];
        },
        [&](int c, int v, std::uint64_t most) { return follow(s, c, v, most, nullptr); });
    if (!best) return false;
    filled = best->filled;
    std::vector<std::string> parts;
    follow(s, best->cell, best->number, best->filled, &parts);
    *step = {4,
             cell(best->cell) + " cannot be " + std::to_string(best->number) + ": if it were, " +
                 puzzlegen::listed(parts),
             {best->cell}};
    s.masks[static_cast<std::size_t>(best->cell)] &= static_cast<Mask>(~bit(best->number));
    return true;
  }

  State start() const {
    return {std::vector<Mask>(static_cast<std::size_t>(cells_), full()),
            std::vector<char>(static_cast<std::size_t>(cells_), 0)};
  }

  // Applies the ladder until it solves, stalls or finds a contradiction; the steps go to
  // `visit(step)`.
  template <class Visit>
  void run(State& s, Visit&& visit) const {
    Step step;
    while (!contradiction(s) && !solved(s) && next(s, &step)) visit(step);
  }

 private:
  // A what-if: `v` supposed in cell `c` of a copy of `s`, then the cells left with one number
  // filled in, the first such cell each time, until a contradiction. How many were filled in
  // then; nullopt when there is none, or not within `most` cells. `parts`, when given, receives
  // the words: each cell filled in, then what breaks.
  std::optional<std::uint64_t> follow(const State& s, int c, int v, std::uint64_t most,
                                      std::vector<std::string>* parts) const {
    State t = s;
    place(t, c, v);
    std::uint64_t filled = 0;
    while (!contradiction(t)) {
      int next = -1;
      for (int k = 0; k < cells_ && next < 0; ++k)
        if (!t.placed[static_cast<std::size_t>(k)] &&
            std::popcount(t.masks[static_cast<std::size_t>(k)]) == 1)
          next = k;
      if (next < 0 || filled == most) return std::nullopt;
      ++filled;
      const int value = lowest(t.masks[static_cast<std::size_t>(next)]);
      place(t, next, value);
      if (parts) parts->push_back(cell(next) + " would be " + std::to_string(value));
    }
    if (parts) parts->push_back(broken(t));
    return filled;
  }

  // What `contradiction` found, in words.
  std::string broken(const State& s) const {
    for (int c = 0; c < cells_; ++c)
      if (s.masks[static_cast<std::size_t>(c)] == 0) return cell(c) + " would have no number left";
    for (std::size_t u = 0; u < units_.size(); ++u) {
      Mask any = 0;
      for (const int c : units_[u]) any |= s.masks[static_cast<std::size_t>(c)];
      if (any != full())
        return unit_name(u) + " would have no place left for " +
               std::to_string(lowest(static_cast<Mask>(full() & ~any)));
    }
    std::vector<Mask> support(static_cast<std::size_t>(cells_));
    for (std::size_t k = 0; k < shape_.cages.size(); ++k) {
      bool filled = true;
      for (const int c : shape_.cages[k].cells)
        filled = filled && s.placed[static_cast<std::size_t>(c)];
      if (filled && !cage_support(shape_, k, s.masks.data(), support.data()))
        return cage_name(k) + " would not add up";
    }
    return "the numbers would clash";
  }

  const Shape& shape_;
  int n_, cells_;
  std::vector<std::vector<int>> units_;
};

const char* kRungWords[] = {"", "singles and cage numbers", "singles and cage fillings",
                            "singles, cage fillings, cages in lines and sets",
                            "singles, cage fillings, cages in lines, sets and what-ifs"};
const char* kHardestWords[] = {"", "singles and cage numbers", "cage fillings",
                               "cages in lines and sets"};

}  // namespace

Reasoning reason(const Shape& shape, const Limits& limits, std::size_t max_steps,
                 std::uint64_t search_node_limit) {
  const Ladder ladder(shape);
  Reasoning out;
  State s = ladder.start();
  int hardest = 0;
  std::uint64_t uses = 0;
  const auto note = [&](const Step& step) {
    if (step.level > hardest) hardest = step.level, uses = 0;
    if (step.level == hardest) ++uses;
    if (out.steps.size() < max_steps) out.steps.push_back(step);
  };
  ladder.run(s, note);
  if (!ladder.contradiction(s) && ladder.solved(s)) {
    puzzlegen::grade_by_ladder(out.grade, hardest, uses, kRungWords[std::max(hardest, 1)],
                               kHardestWords[std::max(hardest, 1)]);
    return out;
  }
  // Rungs 1 to 3 stall: past a cap below extreme (Limits::level_ceiling), no more is asked.
  if (puzzlegen::past_level_ceiling(limits, Grade::extreme) && !ladder.contradiction(s)) {
    out.grade.level = Grade::extreme;
    out.grade.past_ceiling = true;
    return out;
  }
  // What-ifs, each followed by the ladder again, until they end it or stall.
  const State stalled = s;
  std::uint64_t longest = 0;
  for (Step step; !ladder.contradiction(s) && !ladder.solved(s);) {
    std::uint64_t filled = 0;
    if (!ladder.what_if(s, &step, filled)) break;
    longest = std::max(longest, filled);
    note(step);
    ladder.run(s, note);
  }
  const bool ended = !ladder.contradiction(s) && ladder.solved(s);
  // The nodes of a search applying rungs 1 to 3 at every node, from where they stalled, are
  // counted (the measure search-nodes); then the grade is what-ifs where they ended it, trial and
  // error where not.
  const auto visit = [&](State node, const std::function<void(State)>& branch) -> int {
    ladder.run(node, [](const Step&) {});
    if (ladder.contradiction(node)) return 0;
    if (ladder.solved(node)) return 1;
    int best = -1, fewest = 99;
    for (std::size_t c = 0; c < node.masks.size(); ++c) {
      const int k = std::popcount(node.masks[c]);
      if (!node.placed[c] && k < fewest) best = static_cast<int>(c), fewest = k;
    }
    for (Mask rest = node.masks[static_cast<std::size_t>(best)]; rest; rest &= rest - 1) {
      State child = node;
      child.masks[static_cast<std::size_t>(best)] = rest & static_cast<Mask>(-rest);
      branch(std::move(child));
    }
    return 0;
  };
  puzzlegen::grade_by_search(out.grade, stalled, visit, limits, search_node_limit);
  if (ended)
    puzzlegen::grade_by_what_ifs(out.grade, uses, longest, kRungWords[4]);
  else
    out.grade.trial_and_error = true;
  return out;
}

}  // namespace kenken
