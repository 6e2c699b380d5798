// Instant Insanity as a person solves it (all-different towers): choose, for each cube, the
// opposite pair that shows on the front and back and the one that shows left and right (the
// third lies top and bottom), so that each colour shows exactly twice among each side's pairs.
// Any such choice can be turned into a tower (each colour's two showings chain the pairs into
// loops, and each loop is turned to run one way round), so the choice is the solution. A colour
// on k faces then shows k - 4 times on the tops and bottoms, which people count first. The
// ladder, weakest first:
//   1 easy      pairs and full colours: a cube with one pair left for a place puts it there (its
//               other places keep only what its other pairs allow); a colour that shows in a
//               place as often as it may rules out every other pair with it there;
//   2 medium    and colour counts: a colour that must show k more times in a place, with only
//               k showings left among the undecided cubes, takes all of them;
//   3 hard      and what-ifs: a side pair ruled out because putting it there lets rungs 1 and
//               2 reach a contradiction;
//   4 extreme   the ladder stalls: a guess must be tried, and the search's nodes are counted.
// Turning the tower a quarter swaps the two sides: cube 1's front/back pair is taken to be the
// first of its two side pairs (in the order its pairs are listed sorted).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "difficulty.hpp"
#include "instance.hpp"

namespace puzzlegen::instant_insanity {

// An opposite pair as colours (first <= second). Places: 0 front and back, 1 left and right,
// 2 top and bottom.
struct FacePair {
  int first = 0, second = 0;
  bool operator==(const FacePair&) const = default;
};

struct PairStep {
  int level = 1;
  std::string text;
  std::vector<int> cubes;  // the cubes it is about (0-based)
  // What it concludes: (cube, place, opposite pair) ruled out, or put there.
  struct Ruled {
    int cube = 0, place = 0;
    FacePair pair;
  };
  std::vector<Ruled> ruled_out;
  std::vector<Ruled> decided;
};

struct PairReasoning {
  Grade grade;
  std::vector<PairStep> steps;
  // When the ladder alone decides: per cube, the pair on the front and back and the one on the
  // left and right.
  std::vector<std::array<FacePair, 2>> choice;
};

// nullopt unless the tower has as many colours as cubes (else no all-different tower exists
// and there is nothing to reason about).
std::optional<PairReasoning> reason_pairs(const TowerInstance& tower, const Limits& limits,
                                          std::size_t max_steps = 0,
                                          std::uint64_t search_node_limit = 1000000);

}  // namespace puzzlegen::instant_insanity
