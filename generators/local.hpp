// Local search (strategy `local`, docs/generators.md): what a walker minimises, and its moves.
// A walker's score says how far an instance is from meeting the spec, from cheap capped counts
// and the instance's measures; an instance at distance 0 still goes through the judge, like
// every strategy's candidates, before it is printed.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "family.hpp"
#include "spec.hpp"

namespace puzzlegen {

// How far an instance is from the spec, compared lexicographically: the distance from the
// bounds it violates first, then the spec's objective (to minimise; a maximised one negated).
struct LocalScore {
  // The sum over the spec's bounds of how far the instance is outside each: solutions over
  // or under a kind's bounds (counted with a cap, so an excess counts up to kCountSlack), a
  // measure (givens) over or under its bounds, levels of difficulty short of or past the
  // bounds (graded only once everything else holds), kFar when the instance constraints fail.
  std::uint64_t violation = 0;
  // The part of `violation` that says the instance is no puzzle yet: counts short of their
  // minimums (no solution where one is wanted) and kFar. Scores compare on it first. An
  // instance with too many solutions is as far as its excess: a clue more may make it unique
  // at any level, so a walker asked for easy puzzles may cross non-unique ones (Mosaic). One
  // with none is farther than any with some, whatever their grades: summed alone, a grid with
  // no solution scored nearer than a unique one a level too hard, and walkers left unique
  // Hitoris for the plateau of grids with none (8x8 easy: 4 in 42 s; with it, 0.1 s).
  std::uint64_t too_few = 0;
  Natural objective = 0;
  // A count or a grade was cut short by a limit: the score says nothing.
  bool undecided = false;

  static constexpr std::uint64_t kCountSlack = 16;
  static constexpr std::uint64_t kFar = 1000;
  // The cap on counts of an objective's kinds: values beyond it look alike to a walker (the
  // judge still counts what it must).
  static constexpr std::uint64_t kObjectiveCap = 1000;

  bool operator<(const LocalScore& other) const {
    if (too_few != other.too_few) return too_few < other.too_few;
    return violation != other.violation ? violation < other.violation : objective < other.objective;
  }
  bool operator<=(const LocalScore& other) const { return !(other < *this); }
};

LocalScore local_score(const Spec& spec, const Instance& instance, const Limits& limits);

// The lowest level the spec caps a difficulty at (difficulty.hpp's 1-4), 0 where it caps none.
int level_cap(const Spec& spec);

// How far `instance`'s grades lie outside the spec's bounds on difficulty measures, summed (0
// within, or where the spec bounds none); with `ceilings_only`, outside their maximums alone.
// nullopt when a limit cut a grade short.
std::optional<std::uint64_t> difficulty_distance(const Spec& spec, const Instance& instance,
                                                 const Limits& limits, bool ceilings_only);

// One walker's moves on the clues of a clued solution (Clues): each step adds a clue, takes
// one back, or moves one to a clue not given, chosen uniformly among those possible.
class ClueMoves {
 public:
  ClueMoves(const Clues& clues, CluedSolution start)
      : clues_(clues), start_(std::move(start)), kept_(start_.clues, true) {}

  std::unique_ptr<Instance> current() const { return clues_.with_clues(*start_.full, kept_); }
  // A neighbour of the current clues, as `kept` (not yet taken: accept() takes it).
  std::vector<bool> propose(Rng& rng) const;
  std::unique_ptr<Instance> instance_of(const std::vector<bool>& kept) const {
    return clues_.with_clues(*start_.full, kept);
  }
  void accept(std::vector<bool> kept) { kept_ = std::move(kept); }
  const CluedSolution& start() const { return start_; }

 private:
  const Clues& clues_;
  CluedSolution start_;
  std::vector<bool> kept_;
};

// A walker's seed: the spec's seed and the walker's index, mixed, so that every walker's walk
// is its own and depends on nothing else.
std::uint64_t walker_seed(std::uint64_t seed, std::size_t walker);

}  // namespace puzzlegen
