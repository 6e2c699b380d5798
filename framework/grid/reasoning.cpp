#include "grid/reasoning.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>

#include "ladder.hpp"

namespace puzzlegen::grid {

namespace {

using Mask = std::uint32_t;  // bit v-1: v is still possible

int value_of(Mask mask) {
  return std::countr_zero(mask) + 1;
}
Mask bit(int value) {
  return Mask{1} << (value - 1);
}

struct Unit {
  std::string name;  // "row 2"
  std::vector<int> cells;
};

// The candidates of every cell, and which cells are placed (their number struck from their
// units' other cells).
struct State {
  std::vector<Mask> mask;
  std::vector<bool> placed;
  bool failed = false;
};

class Ladder {
 public:
  Ladder(const LatinPuzzle& puzzle, const Wording& wording)
      : p_(puzzle), w_(wording), n_(puzzle.n) {
    for (int r = 0; r < n_; ++r) {
      Unit row{"row " + std::to_string(r + 1), {}}, column{"column " + std::to_string(r + 1), {}};
      for (int c = 0; c < n_; ++c) {
        row.cells.push_back(r * n_ + c);
        column.cells.push_back(c * n_ + r);
      }
      units_.push_back(std::move(row));
      units_.push_back(std::move(column));
    }
    for (std::size_t b = 0; b < puzzle.boxes.size(); ++b)
      units_.push_back(
          {b < wording.box_names.size() ? wording.box_names[b] : "box " + std::to_string(b + 1),
           puzzle.boxes[b]});
    // Each box against each row and column it meets in two cells or more (one cell: a single).
    if (puzzle.intersections)
      for (std::size_t box = 2 * static_cast<std::size_t>(n_); box < units_.size(); ++box)
        for (std::size_t line = 0; line < 2 * static_cast<std::size_t>(n_); ++line) {
          std::vector<int> shared;
          for (const int cell : units_[box].cells)
            if (std::count(units_[line].cells.begin(), units_[line].cells.end(), cell))
              shared.push_back(cell);
          if (shared.size() >= 2) {
            crossings_.push_back({box, line});
            crossings_.push_back({line, box});
          }
        }
    peers_.assign(static_cast<std::size_t>(n_ * n_), {});
    for (const Unit& unit : units_)
      for (const int cell : unit.cells)
        for (const int other : unit.cells)
          if (other != cell) peers_[static_cast<std::size_t>(cell)].push_back(other);
  }

  // The givens placed; no step is recorded for them.
  State start() const {
    State s;
    s.mask.assign(static_cast<std::size_t>(n_ * n_), (Mask{1} << n_) - 1);
    s.placed.assign(s.mask.size(), false);
    for (std::size_t cell = 0; cell < s.mask.size(); ++cell)
      if (const int given = p_.givens[cell]; given != 0) s.mask[cell] = bit(given);
    // Only the givens: a cell they leave one number is a step a pupil takes, and is told.
    for (std::size_t cell = 0; cell < s.mask.size(); ++cell)
      if (p_.givens[cell] != 0) settle(s, static_cast<int>(cell));
    return s;
  }

  static bool solved(const State& s) {
    return std::all_of(s.placed.begin(), s.placed.end(), [](bool p) { return p; });
  }

  // One deduction by the weakest rung that makes one (up to `top`); its rung, or 0 when none
  // applies (or the state failed). `step`, when given, receives the words.
  int deduce(State& s, int top, ReasoningStep* step) const {
    if (s.failed) return 0;
    if (place_naked(s, step) || hidden_single(s, step)) return 1;
    if (s.failed || top < 2) return 0;
    if (inequality(s, step) || (!s.failed && intersection(s, step))) return 2;
    if (s.failed || top < 3) return 0;
    if (naked_set(s, step)) return 3;
    return 0;
  }

  // Every deduction up to `top` until none applies.
  void saturate(State& s, int top) const {
    while (deduce(s, top, nullptr) != 0) {
    }
  }

  // Rung 4, what-ifs (ladder.hpp), where the rungs below stall: the one that fails soonest rules
  // its number out. `filled` receives how many cells it filled in.
  bool what_if(State& s, ReasoningStep* step, std::uint64_t& filled) const {
    const auto best = shortest_what_if(
        n_ * n_,
        [&](int cell) {
          const auto c = static_cast<std::size_t>(cell);
          return s.placed[c] ? Mask{0} : s.mask[c];
        },
        [&](int cell, int value, std::uint64_t most) {
          return follow(s, cell, value, most, nullptr);
        });
    if (!best) return false;
    filled = best->filled;
    if (step) {
      Chain chain;
      follow(s, best->cell, best->number, best->filled, &chain);
      *step = {};
      std::vector<std::string> parts;
      for (const auto& [cell, value] : chain.filled)
        parts.push_back(name(cell) + " would be " + value_name(value));
      parts.push_back(chain.emptied < 0
                          ? "the " + w_.noun + "s would clash"
                          : name(chain.emptied) + " would have no " + w_.noun + " left");
      step->level = 4;
      step->text = name(best->cell) + " cannot be " + value_name(best->number) + ": if it were, " +
                   listed(parts);
      step->cells = {best->cell};
    }
    strike(s, best->cell, bit(best->number), step);
    return true;
  }

 private:
  std::string name(int cell) const { return cell_name(n_, cell); }
  std::string value_name(int v) const {
    return static_cast<std::size_t>(v) <= w_.value_names.size()
               ? w_.value_names[static_cast<std::size_t>(v - 1)]
               : std::to_string(v);
  }
  // The values in `mask`, listed.
  std::string values_text(Mask mask, const std::string& conjunction) const {
    std::vector<std::string> values;
    for (; mask != 0; mask &= mask - 1) values.push_back(value_name(value_of(mask & -mask)));
    return listed(values, conjunction);
  }

  // Rules `values` out of `cell`, noted in `step` when given.
  static void strike(State& s, int cell, Mask values, ReasoningStep* step = nullptr) {
    Mask& m = s.mask[static_cast<std::size_t>(cell)];
    if (step)
      for (Mask gone = m & values; gone != 0; gone &= gone - 1)
        step->ruled_out.emplace_back(cell, value_of(gone & -gone));
    m &= ~values;
    if (m == 0) s.failed = true;
  }

  // Marks a cell with one number left placed, and strikes the number from its units.
  void settle(State& s, int cell) const {
    const auto c = static_cast<std::size_t>(cell);
    s.placed[c] = true;
    for (const int peer : peers_[c]) {
      if (s.placed[static_cast<std::size_t>(peer)] &&
          s.mask[static_cast<std::size_t>(peer)] == s.mask[c])
        s.failed = true;
      else if (!s.placed[static_cast<std::size_t>(peer)])
        strike(s, peer, s.mask[c]);
    }
  }

  // A cell with one number left: placed, and the number struck from its units.
  bool place_naked(State& s, ReasoningStep* step) const {
    for (int cell = 0; cell < n_ * n_; ++cell) {
      const auto c = static_cast<std::size_t>(cell);
      if (s.placed[c] || std::popcount(s.mask[c]) != 1) continue;
      settle(s, cell);
      if (step) {
        step->level = 1;
        step->text = name(cell) + " is " + value_name(value_of(s.mask[c])) + ": every other " +
                     w_.noun + " is ruled out for it";
        step->cells = {cell};
        step->placed = {{cell, value_of(s.mask[c])}};
      }
      return true;
    }
    return false;
  }

  // A number with one place left in a unit: it goes there.
  bool hidden_single(State& s, ReasoningStep* step) const {
    for (const Unit& unit : units_)
      for (int v = 1; v <= n_; ++v) {
        int place = -1, places = 0;
        for (const int cell : unit.cells)
          if (s.mask[static_cast<std::size_t>(cell)] & bit(v)) {
            place = cell;
            ++places;
          }
        if (places == 0) {
          s.failed = true;
          return false;
        }
        if (places != 1 || s.placed[static_cast<std::size_t>(place)]) continue;
        s.mask[static_cast<std::size_t>(place)] = bit(v);
        settle(s, place);
        if (step) {
          step->level = 1;
          step->text = name(place) + " is " + value_name(v) + ": the only place left for " +
                       value_name(v) + " in " + unit.name;
          step->cells = {place};
          step->placed = {{place, v}};
        }
        return true;
      }
    return false;
  }

  // A sign a < b: a cannot hold what is not below some number left in b, nor b what is not
  // above some number left in a.
  bool inequality(State& s, ReasoningStep* step) const {
    for (const auto& [a, b] : p_.less) {
      const Mask ma = s.mask[static_cast<std::size_t>(a)], mb = s.mask[static_cast<std::size_t>(b)];
      if (ma == 0 || mb == 0) continue;  // failed already
      const int most_b = std::bit_width(mb), least_a = value_of(ma);
      const Mask not_below = ~((bit(most_b) - 1)) & ma;    // values of a at least b's largest
      const Mask not_above = (bit(least_a + 1) - 1) & mb;  // values of b at most a's least
      if (!not_below && !not_above) continue;
      if (step) *step = {};
      strike(s, a, not_below, step);
      strike(s, b, not_above, step);
      if (step) {
        std::string text = name(a) + " < " + name(b) + ": ";
        if (not_below) text += name(a) + " cannot be " + values_text(not_below, "or");
        if (not_below && not_above) text += ", and ";
        if (not_above) text += name(b) + " cannot be " + values_text(not_above, "or");
        step->level = 2;
        step->text = text;
        step->cells = {a, b};
      }
      return true;
    }
    return false;
  }

  // A number whose places left in one unit all lie in another unit crossing it: the other
  // unit's remaining cells cannot hold it.
  bool intersection(State& s, ReasoningStep* step) const {
    for (const auto& [from, onto] : crossings_) {
      const Unit &a = units_[from], &b = units_[onto];
      for (int v = 1; v <= n_; ++v) {
        bool inside = true, open = false;
        for (const int cell : a.cells) {
          const auto c = static_cast<std::size_t>(cell);
          if (!(s.mask[c] & bit(v))) continue;
          open = open || !s.placed[c];
          if (std::find(b.cells.begin(), b.cells.end(), cell) == b.cells.end()) inside = false;
        }
        if (!inside || !open) continue;
        std::vector<int> struck;
        for (const int cell : b.cells)
          if ((s.mask[static_cast<std::size_t>(cell)] & bit(v)) &&
              std::find(a.cells.begin(), a.cells.end(), cell) == a.cells.end())
            struck.push_back(cell);
        if (struck.empty()) continue;
        if (step) *step = {};
        for (const int cell : struck) strike(s, cell, bit(v), step);
        if (step) {
          step->level = 2;
          step->text = "in " + a.name + ", " + value_name(v) + " can only go in " + b.name +
                       ", so no other cell of " + b.name + " can be " + value_name(v);
          step->cells = struck;
        }
        return true;
      }
    }
    return false;
  }

  // k open cells of a unit holding only k numbers between them: no other cell of the unit
  // holds those numbers. (A number with k places, its hidden twin, is this on the other cells.)
  bool naked_set(State& s, ReasoningStep* step) const {
    for (const Unit& unit : units_) {
      std::vector<int> open;
      for (const int cell : unit.cells)
        if (!s.placed[static_cast<std::size_t>(cell)]) open.push_back(cell);
      const int m = static_cast<int>(open.size());
      for (int k = 2; k <= m - 2; ++k) {
        // A set and its complement in the unit (a hidden set) are one deduction: sets of up to
        // 4 either way are what people look for, and what keeps the enumeration small.
        if (k > 4 && m - k > 4) continue;
        // Every k-subset of the open cells, as a bit set over `open`.
        for (std::uint32_t chosen = (1u << k) - 1; chosen < (1u << m);) {
          Mask together = 0;
          for (int i = 0; i < m; ++i)
            if (chosen >> i & 1u)
              together |= s.mask[static_cast<std::size_t>(open[static_cast<std::size_t>(i)])];
          if (std::popcount(together) < k) {
            s.failed = true;
            return false;
          }
          if (std::popcount(together) == k) {
            std::vector<int> set;
            bool struck = false;
            if (step) *step = {};
            for (int i = 0; i < m; ++i) {
              const int cell = open[static_cast<std::size_t>(i)];
              if (chosen >> i & 1u)
                set.push_back(cell);
              else if (s.mask[static_cast<std::size_t>(cell)] & together) {
                strike(s, cell, together, step);
                struck = true;
              }
            }
            if (struck) {
              if (step) {
                std::vector<std::string> cells;
                for (const int cell : set) cells.push_back(name(cell));
                step->level = 3;
                step->text = listed(cells, "and") + " hold only " + values_text(together, "and") +
                             " between them, so no other cell of " + unit.name + " can";
                step->cells = set;
              }
              return true;
            }
          }
          // The next k-subset (Gosper's hack).
          const std::uint32_t low = chosen & -chosen, ripple = chosen + low;
          chosen = (((ripple ^ chosen) >> 2) / low) | ripple;
        }
      }
    }
    return false;
  }

  // What a what-if filled in, in order (cell, number), and the cell it left with none (-1:
  // none found).
  struct Chain {
    std::vector<std::pair<int, int>> filled;
    int emptied = -1;
  };

  // A what-if: `value` supposed in `cell` of a copy of `s`, then the cells left with one number
  // filled in, the first such cell each time, until one has none. How many were filled in
  // then; nullopt when none is emptied, or not within `most` cells. `chain`, when given, receives
  // them.
  std::optional<std::uint64_t> follow(const State& s, int cell, int value, std::uint64_t most,
                                      Chain* chain) const {
    State t = s;
    t.mask[static_cast<std::size_t>(cell)] = bit(value);
    settle(t, cell);
    std::uint64_t filled = 0;
    while (!t.failed) {
      int next = -1;
      for (int c = 0; c < n_ * n_ && next < 0; ++c)
        if (!t.placed[static_cast<std::size_t>(c)] &&
            std::popcount(t.mask[static_cast<std::size_t>(c)]) == 1)
          next = c;
      if (next < 0 || filled == most) return std::nullopt;
      ++filled;
      settle(t, next);
      if (chain) chain->filled.emplace_back(next, value_of(t.mask[static_cast<std::size_t>(next)]));
    }
    if (chain)
      for (int c = 0; c < n_ * n_ && chain->emptied < 0; ++c)
        if (t.mask[static_cast<std::size_t>(c)] == 0) chain->emptied = c;
    return filled;
  }

  const LatinPuzzle& p_;
  const Wording& w_;
  const int n_;
  std::vector<Unit> units_;
  std::vector<std::vector<int>> peers_;
  std::vector<std::pair<std::size_t, std::size_t>> crossings_;  // units: (places in, struck from)
};

// The ladder's words: what the rungs up to the hardest were, and the hardest.
std::string rungs_text(const LatinPuzzle& puzzle, int level) {
  const std::string second = !puzzle.less.empty()   ? "inequalities"
                             : puzzle.intersections ? "intersections"
                                                    : "";
  std::vector<std::string> rungs{"singles"};
  if (level >= 2 && !second.empty()) rungs.push_back(second);
  if (level >= 3) rungs.push_back("sets");
  if (level >= 4) rungs.push_back("what-ifs");
  return listed(rungs);
}
std::string hardest_text(const LatinPuzzle& puzzle, int hardest) {
  if (hardest == 2) return puzzle.less.empty() ? "intersections" : "inequalities";
  return hardest == 3 ? "sets" : hardest == 1 ? "singles" : "";
}

}  // namespace

LatinPuzzle latin_puzzle(const Board& board) {
  LatinPuzzle out;
  out.n = board.n;
  out.givens = board.cells;
  const auto pairs = neighbour_pairs(board.n);
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const int sign = mark(board, k);
    if (sign == 1) out.less.push_back({pairs[k].a, pairs[k].b});
    if (sign == 2) out.less.push_back({pairs[k].b, pairs[k].a});
  }
  if (!board.regions.empty()) {
    std::map<int, std::vector<int>> boxes;
    for (std::size_t cell = 0; cell < board.regions.size(); ++cell)
      boxes[board.regions[cell]].push_back(static_cast<int>(cell));
    for (auto& [number, cells] : boxes) out.boxes.push_back(std::move(cells));
    out.intersections = true;
  }
  return out;
}

Reasoning reason(const LatinPuzzle& puzzle, const Limits& limits, std::size_t max_steps,
                 std::uint64_t search_node_limit, const Wording& wording) {
  if (puzzle.n < 1 || puzzle.n > 31)
    throw std::invalid_argument("reason: a Latin board of 1 to 31 numbers, not " +
                                std::to_string(puzzle.n));
  const Ladder ladder(puzzle, wording);
  Reasoning out;
  Grade& g = out.grade;
  g.rounds = 0;
  g.search_nodes = Count{0, true};
  State s = ladder.start();
  int hardest = 0;
  std::array<std::uint64_t, 5> uses{};  // deductions per rung
  std::uint64_t longest = 0;            // the most cells a what-if filled in
  std::optional<State> stalled;         // where rungs 1 to 3 first stalled
  // Where the level is capped below extreme (Limits::level_ceiling), rungs past the cap are not
  // tried: a stall is then past it.
  const int ceiling = past_level_ceiling(limits, Grade::extreme) ? limits.level_ceiling : 0;
  while (!s.failed && !Ladder::solved(s)) {
    ReasoningStep step;
    ReasoningStep* words = max_steps > out.steps.size() ? &step : nullptr;
    int rung = ladder.deduce(s, ceiling ? ceiling : 3, words);
    if (rung == 0 && !s.failed && ceiling) {
      g.level = ceiling + 1;
      g.past_ceiling = true;
      return out;
    }
    if (rung == 0 && !s.failed) {
      if (!stalled) stalled = s;
      std::uint64_t filled = 0;
      if (ladder.what_if(s, words, filled)) {
        rung = 4;
        longest = std::max(longest, filled);
      }
    }
    if (rung == 0) break;
    hardest = std::max(hardest, rung);
    ++uses[static_cast<std::size_t>(rung)];
    if (words) out.steps.push_back(std::move(step));
  }
  const bool ended = !s.failed && Ladder::solved(s);
  if (ended && hardest < 4) {
    const int level = std::max(hardest, 1);
    grade_by_ladder(g, hardest, uses[static_cast<std::size_t>(hardest)], rungs_text(puzzle, level),
                    hardest_text(puzzle, hardest));
    for (const Mask m : s.mask) out.solution.push_back(value_of(m));
    return out;
  }
  // Rungs 1 to 3 stall (or the givens contradict each other): the nodes of a search that
  // branches on a cell with the fewest numbers left, from where they stalled, are counted (the
  // measure search-nodes); then the grade is what-ifs where they ended it, trial and error
  // where not.
  grade_by_search(
      g, stalled ? *stalled : s,
      [&](State node, const std::function<void(State)>& branch) -> std::uint64_t {
        ladder.saturate(node, 3);
        if (node.failed) return 0;
        if (Ladder::solved(node)) return 1;
        std::size_t pick = 0;
        int fewest = 64;
        for (std::size_t cell = 0; cell < node.mask.size(); ++cell)
          if (!node.placed[cell] && std::popcount(node.mask[cell]) < fewest) {
            fewest = std::popcount(node.mask[cell]);
            pick = cell;
          }
        for (Mask rest = node.mask[pick]; rest != 0; rest &= rest - 1) {
          State child = node;
          child.mask[pick] = rest & -rest;
          branch(std::move(child));
        }
        return 0;
      },
      limits, search_node_limit);
  if (ended) {
    grade_by_what_ifs(g, uses[4], longest, rungs_text(puzzle, 4));
    for (const Mask m : s.mask) out.solution.push_back(value_of(m));
  } else {
    g.trial_and_error = true;
  }
  return out;
}

Explanation explain(const LatinPuzzle& puzzle, std::size_t steps, const Limits& limits,
                    const Wording& wording) {
  Explanation out;
  for (auto& step : reason(puzzle, limits, steps, 0, wording).steps)
    out.steps.push_back({std::move(step.text), std::move(step.cells)});
  return out;
}

}  // namespace puzzlegen::grid
