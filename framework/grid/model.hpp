// Gecode models of square boards (grid/board.hpp): Latin posting, the clues of a board posted on
// its cells, regions, capped counting ("is it unique?"), and the loop that makes a puzzle
// minimal (clues added until the solution is unique, then every clue not needed removed).
#pragma once

#include <gecode/int.hh>

#include <climits>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bounds.hpp"
#include "difficulty.hpp"
#include "grid/board.hpp"
#include "rng.hpp"
#include "solve.hpp"

namespace puzzlegen::grid {

// The cells of an n x n board (row-major) as a Gecode space, each 1..n: the model of a grid
// family's solutions and of its grade. A family derives, posts its rules and branches in its
// constructor, and writes copy() (Gecode's idiom) with the copy constructor.
class BoardSpace : public GradedSpace {
 public:
  explicit BoardSpace(int n) : x_(*this, n * n, 1, n) {}
  BoardSpace(BoardSpace& other) : GradedSpace(other) { x_.update(*this, other.x_); }
  Gecode::IntVarArgs decisions() const override { return x_; }
  // The cells' values, once assigned.
  std::vector<int> values() const;

 protected:
  Gecode::IntVarArray x_;
};

// x is an n x n board (row-major): every row and every column all different, with domain
// consistency (the strength puzzlegen's grades assume).
void post_latin(Gecode::Home home, const Gecode::IntVarArgs& x, int n);
// Every region (a number per cell, grid::box_regions for boxes) all different.
void post_regions_distinct(Gecode::Home home, const Gecode::IntVarArgs& x,
                           const std::vector<int>& regions);
// The board's given numbers: x equals each non-zero cell.
void post_givens(Gecode::Home home, const Gecode::IntVarArgs& x, const Board& board);
// The board's marks read as Marks::ordered: 1, the first cell (left or upper) holds less than
// the second; 2, more.
void post_ordered_marks(Gecode::Home home, const Gecode::IntVarArgs& x, const Board& board);

// How many solutions the space has, counting no further than `cap` (2: "is it unique?"); the
// count is exact when it is below the cap.
template <class S>
std::uint64_t count_up_to(S& root, std::uint64_t cap, const Limits& limits = Limits{}) {
  return count_solutions<S>(root, cap, limits).value.template convert_to<std::uint64_t>();
}

// A minimal set of clues: clues 0..count-1 are shuffled, and set(clue, true) for each in turn
// until unique() holds; then each clue set so far, in a new random order, is taken back
// (set(clue, false)) and put again unless unique() still holds. Returns the clues kept. Each
// clue must be true of one solution fixed in advance (a drawn Latin square), so that unique()
// holds once every clue is set.
//
// `least`: a floor from a spec's bound on the number of clues (Family::random_instance's measures).
// Clues are added past uniqueness until `least` are set, and none is taken back once only `least`
// remain: the puzzle is still unique, and minimal only where the floor was not reached.
std::vector<int> minimal_clues(int count, const std::function<void(int clue, bool on)>& set,
                               const std::function<bool()>& unique, Rng& rng, int least = 0);
// The same loop, telling unique() which clue was just taken back (-1 while clues are being
// added): the puzzle was unique with it, so a second solution must break it, and a family can
// search for such solutions alone (Futoshiki does, with grid/counting.hpp's `ruled_out`).
std::vector<int> minimal_clues(int count, const std::function<void(int clue, bool on)>& set,
                               const std::function<bool(int taken_back)>& unique, Rng& rng,
                               int least = 0);
// How minimal_clues searches, beyond the two forms above.
struct ClueSearch {
  int least = 0;  // the floor, as above
  // A puzzle that needs more clues than this (a spec's bound on the clues given) is dropped
  // as soon as more are known to stay: minimal_clues returns nullopt.
  int most = INT_MAX;
  // Find how many clues to add by bisection rather than one by one (after asking with the
  // fewest, which a clue ceiling of 0 or a puzzle unique at once needs alone): the same clues
  // where unique() is monotone in the clues (as counts and propagation grades are), in about
  // log2(count) + 1 questions rather than one per clue added. Where it is not, still a prefix
  // unique() said yes to.
  bool bisect = false;
};
std::optional<std::vector<int>> minimal_clues(int count,
                                              const std::function<void(int clue, bool on)>& set,
                                              const std::function<bool(int taken_back)>& unique,
                                              Rng& rng, const ClueSearch& search);
// The floor a spec's bound on measure `name` sets for minimal_clues (its least value, or 0).
int least_clues(const std::map<std::string, Bounds>& measures, const std::string& name);

}  // namespace puzzlegen::grid
