#include "grid/counting.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>
#include <utility>

namespace puzzlegen::grid {

namespace {

bool single(std::uint32_t mask) {
  return mask != 0 && (mask & (mask - 1)) == 0;
}

}  // namespace

LatinCounter::LatinCounter(int n, const std::vector<std::vector<int>>& boxes)
    : n_(n), cells_(n * n) {
  if (n < 1 || n > 31)
    throw std::invalid_argument("count_latin: a Latin board of 1 to 31 numbers, not " +
                                std::to_string(n));
  full_ = (Mask{1} << n_) - 1;
  for (int r = 0; r < n_; ++r)
    for (int c = 0; c < n_; ++c) units_.push_back(r * n_ + c);
  for (int c = 0; c < n_; ++c)
    for (int r = 0; r < n_; ++r) units_.push_back(r * n_ + c);
  for (int u = 0; u <= 2 * n_; ++u) unit_start_.push_back(u * n_);
  for (const auto& box : boxes) {
    for (const int cell : box)
      if (cell < 0 || cell >= cells_)
        throw std::invalid_argument("count_latin: a box with cell " + std::to_string(cell) +
                                    ", not on the board");
    units_.insert(units_.end(), box.begin(), box.end());
    unit_start_.push_back(static_cast<int>(units_.size()));
  }
  // Peers: every other cell sharing a unit, once each.
  std::vector<std::vector<int>> units_of(static_cast<std::size_t>(cells_));
  for (int u = 0; u < unit_count(); ++u)
    for (int i = unit_start_[u]; i < unit_start_[u + 1]; ++i)
      units_of[static_cast<std::size_t>(units_[i])].push_back(u);
  std::vector<int> seen_by(static_cast<std::size_t>(cells_), -1);  // the cell last listing it
  for (int cell = 0; cell < cells_; ++cell) {
    peer_start_.push_back(static_cast<int>(peer_.size()));
    seen_by[static_cast<std::size_t>(cell)] = cell;
    for (const int u : units_of[static_cast<std::size_t>(cell)])
      for (int i = unit_start_[u]; i < unit_start_[u + 1]; ++i)
        if (std::exchange(seen_by[static_cast<std::size_t>(units_[i])], cell) != cell)
          peer_.push_back(units_[i]);
  }
  peer_start_.push_back(static_cast<int>(peer_.size()));
  // A frame of candidates per depth; each level of the search fixes a cell.
  frames_.assign(static_cast<std::size_t>(cells_ + 1) * static_cast<std::size_t>(cells_), 0);
  placed_.assign(frames_.size(), 0);
}

LatinCounter::Mask* LatinCounter::frame(int depth) {
  return frames_.data() + static_cast<std::ptrdiff_t>(depth) * cells_;
}

char* LatinCounter::placed(int depth) {
  return placed_.data() + static_cast<std::ptrdiff_t>(depth) * cells_;
}

LatinCount LatinCounter::count(const LatinPuzzle& puzzle, std::uint64_t cap, const Limits& limits,
                               std::size_t keep,
                               const std::vector<std::pair<int, int>>& ruled_out) {
  if (puzzle.n != n_ || puzzle.givens.size() != static_cast<std::size_t>(cells_))
    throw std::invalid_argument("count_latin: a puzzle of another size than the counter's");
  cap_ = cap;
  keep_ = keep;
  found_ = 0;
  limits_ = &limits;
  out_ = LatinCount{};
  less_.clear();
  for (const auto& less : puzzle.less) {
    if (less.smaller < 0 || less.smaller >= cells_ || less.larger < 0 || less.larger >= cells_)
      throw std::invalid_argument("count_latin: an inequality between cells not on the board");
    less_.emplace_back(less.smaller, less.larger);
  }
  Mask* start = frame(0);
  std::fill(placed(0), placed(0) + cells_, 0);
  bool ok = true;
  for (int cell = 0; cell < cells_; ++cell) {
    const int given = puzzle.givens[static_cast<std::size_t>(cell)];
    start[cell] = given == 0 ? full_ : given >= 1 && given <= n_ ? Mask{1} << (given - 1) : 0;
  }
  for (const auto& [cell, number] : ruled_out)
    if (cell >= 0 && cell < cells_ && number >= 1 && number <= n_)
      start[cell] &= ~(Mask{1} << (number - 1));
  for (int cell = 0; cell < cells_; ++cell) ok = ok && start[cell] != 0;
  if (ok) search(0);
  out_.count.value = found_;
  out_.count.exact = out_.count.stopped == StopReason::none;
  return out_;
}

// Singles and inequalities to a fixpoint; false when some cell has no candidate left.
bool LatinCounter::propagate(Mask* d, char* done) const {
  for (bool changed = true; changed;) {
    changed = false;
    for (int cell = 0; cell < cells_; ++cell) {
      if (done[cell] || !single(d[cell])) continue;
      done[cell] = 1;
      const Mask m = d[cell];
      for (int k = peer_start_[cell]; k < peer_start_[cell + 1]; ++k) {
        Mask& other = d[peer_[static_cast<std::size_t>(k)]];
        if (other & m) {
          other &= ~m;
          if (other == 0) return false;
          changed = true;
        }
      }
    }
    for (int u = 0; u < unit_count(); ++u) {
      // A unit of n cells holds every number once: a number with one place left goes there.
      if (unit_start_[u + 1] - unit_start_[u] != n_) continue;
      Mask once = 0, twice = 0;
      for (int i = unit_start_[u]; i < unit_start_[u + 1]; ++i) {
        twice |= once & d[units_[i]];
        once |= d[units_[i]];
      }
      if (once != full_) return false;
      const Mask hidden = once & ~twice;
      for (int i = unit_start_[u]; hidden != 0 && i < unit_start_[u + 1]; ++i) {
        Mask& cell = d[units_[i]];
        const Mask h = cell & hidden;
        if (h == 0 || h == cell) continue;
        if (!single(h)) return false;  // two numbers with this one place
        cell = h;
        changed = true;
      }
    }
    for (const auto& [smaller, larger] : less_) {
      Mask& a = d[smaller];
      Mask& b = d[larger];
      // a < b: a below b's largest candidate, b above a's smallest.
      const Mask below = b == 0 ? 0 : (Mask{1} << (31 - std::countl_zero(b))) - 1;
      const Mask above = ~(((a & -a) << 1) - 1);
      if ((a & below) != a) {
        a &= below;
        if (a == 0) return false;
        changed = true;
      }
      if ((b & above) != b) {
        b &= above;
        if (b == 0) return false;
        changed = true;
      }
    }
  }
  return true;
}

// false when the search must stop (the cap reached or a limit).
bool LatinCounter::search(int depth) {
  Mask* d = frame(depth);
  if (!propagate(d, placed(depth))) return true;
  int best = -1, fewest = 33;
  for (int cell = 0; cell < cells_; ++cell) {
    if (single(d[cell])) continue;
    const int k = std::popcount(d[cell]);
    if (k < fewest) {
      fewest = k;
      best = cell;
      if (k == 2) break;
    }
  }
  if (best < 0) {
    if (out_.solutions.size() < keep_) {
      auto& solution = out_.solutions.emplace_back(static_cast<std::size_t>(cells_));
      for (int cell = 0; cell < cells_; ++cell)
        solution[static_cast<std::size_t>(cell)] = std::countr_zero(d[cell]) + 1;
    }
    ++found_;
    return cap_ == 0 || found_ < cap_;
  }
  ++out_.nodes;
  if (limits_->node_limit != 0 && out_.nodes > limits_->node_limit) {
    out_.count.stopped = StopReason::node_limit;
    return false;
  }
  if ((out_.nodes & 1023) == 0) {
    if (const StopReason why = limits_->stop_reason(); why != StopReason::none) {
      out_.count.stopped = why;
      return false;
    }
  }
  for (Mask rest = d[best]; rest != 0; rest &= rest - 1) {
    Mask* child = frame(depth + 1);
    std::copy(d, d + cells_, child);
    std::copy(placed(depth), placed(depth) + cells_, placed(depth + 1));
    child[best] = rest & -rest;
    if (!search(depth + 1)) return false;
  }
  return true;
}

LatinCount count_latin(const LatinPuzzle& puzzle, std::uint64_t cap, const Limits& limits) {
  return LatinCounter(puzzle.n, puzzle.boxes).count(puzzle, cap, limits);
}

OtherSolutions other_solutions(LatinCounter& counter, const LatinPuzzle& puzzle,
                               const std::vector<int>& full, int taken_back, const Limits& limits) {
  // With a cell taken back from a unique puzzle, another solution has another number there;
  // otherwise two solutions are looked for, and one of them may be `full` itself.
  const LatinCount found =
      taken_back >= 0 ? counter.count(puzzle, 1, limits, 1,
                                      {{taken_back, full[static_cast<std::size_t>(taken_back)]}})
                      : counter.count(puzzle, 2, limits, 2);
  OtherSolutions out;
  out.decided = found.count.stopped == StopReason::none;
  if (!out.decided || (taken_back < 0 && found.solutions.size() < 2)) return out;
  for (const auto& solution : found.solutions) {
    std::vector<bool> agrees(full.size());
    for (std::size_t c = 0; c < full.size(); ++c) agrees[c] = solution[c] == full[c];
    out.found.push_back(std::move(agrees));
  }
  return out;
}

}  // namespace puzzlegen::grid
