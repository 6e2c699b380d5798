// Gecode models for Instant Insanity: one tower (solution) space and the instance space.
#pragma once

#include <gecode/int.hh>

#include <functional>

#include "family.hpp"
#include "instance.hpp"

namespace puzzlegen::instant_insanity {

// all_equal: each side one colour, the four sides four different colours (Loeffler et al.'s
// prose definition of AEIIS). monochrome_sides: each side one colour, colours may repeat
// across sides (their Eq. 11, allEqual per side and nothing more).
enum class Kind { all_different, all_equal, monochrome_sides };

// One tower: rotation[i] is cube i's orientation, sides[4i+s] the colour it shows on side s
// (front, back, left, right). Search branches on the sides only: a table constraint per cube
// over (rotation, sides) keeps every rotation domain exactly the set of orientations that
// show those sides, so a solution is an arrangement and the product of the rotation domain
// sizes is the number of orientation tuples behind it (no auxiliary variable is branched).
class TowerSpace : public GradedSpace {
 public:
  TowerSpace(const TowerInstance& instance, Kind kind);
  TowerSpace(TowerSpace& other);
  Gecode::Space* copy() override { return new TowerSpace(*this); }
  Gecode::IntVarArgs decisions() const override { return sides; }
  // Keeps one arrangement of each orbit under turning and flipping the tower (lex-leader), so
  // that a puzzle unique up to those has one solution here: the model its grade replays.
  void break_tower_symmetry();

  std::vector<int> side_values() const;
  Natural orientation_count() const;  // product of rotation domain sizes
  std::vector<int> first_rotations() const;

  Gecode::IntVarArray rotation;
  Gecode::IntVarArray sides;
};

// Instances with fixed n: faces[6i+f] is the colour of cube i's face slot f. Opposite faces
// are sorted within a pair and pairs within a cube (a cube is its multiset of pairs). The
// symmetry breaking for cube permutation and colour relabelling is lex-leader for one group
// and one variable order, hence sound: cubes sorted, colours in order of first use.
// For each required kind, one tower's rotations and sides are posted on the face variables,
// unbranched (the joint model): an instance that propagation shows cannot have such a tower
// is pruned before it is counted.
class TowerInstanceSpace : public InstanceSpace {
 public:
  TowerInstanceSpace(int n, std::vector<std::string> colors, bool every_cube_all_colors,
                     bool distinct_cubes, const InstanceSearch& search,
                     const std::vector<Kind>& required);
  TowerInstanceSpace(TowerInstanceSpace& other);
  Gecode::Space* copy() override { return new TowerInstanceSpace(*this); }
  std::unique_ptr<Instance> instance() const override;

 private:
  void post_cube_types(int n, const std::function<Gecode::IntVarArgs(int)>& cube);

  std::vector<std::string> colors_;
  Gecode::IntVarArray faces_;
};

// orientations: tuples of rotations; arrangements: distinct visible towers; decompositions:
// unordered pairs {H1, H2} of edge sets of the colour multigraph (H1 the pairs facing front and
// back, H2 those facing left and right) used by the kind's towers.
enum class CountAs { orientations, arrangements, decompositions };

struct CountConvention {
  CountAs count_as = CountAs::orientations;
  int modulo = 1;  // 1: none, 4: tower-rotation, 8: tower-symmetry
  bool free_order = false;
};

Count count_towers(const TowerInstance& instance, Kind kind, const CountConvention& convention,
                   std::uint64_t cap, const Limits& limits);

// Counts all-different towers through the graph formulation (de Carteblanche): a tower is two
// edge-disjoint subgraphs of the colour multigraph, H1 (the pairs facing front and back) and H2
// (left and right), each taking one edge from every cube and giving every colour degree 2: two
// cube-transversal 2-factors. Counts decompositions (unordered pairs {H1, H2}) or orientation
// tuples (each decomposition, in either order, gives 2^components(H1) x 2^components(H2) of
// them: a direction per cycle, and per loop which of its two faces is in front, each realised
// by exactly one rotation). The search is factor_pairs.hpp's.
Count count_through_two_factors(const TowerInstance& instance, bool orientations, std::uint64_t cap,
                                const Limits& limits);

// One all-different tower (a rotation per cube) built from the first pair of edge-disjoint
// transversal 2-factors, each cycle oriented so every colour is in front (left) exactly once;
// empty when there is none (or a limit stopped the search).
// Up to `most` towers of `kind` that look different (arrangements up to turning and flipping
// the tower), as rotations per cube; fewer when the space or a limit ends first.
std::vector<std::vector<int>> distinct_towers(const TowerInstance& instance, Kind kind,
                                              std::size_t most, const Limits& limits);

std::vector<int> first_tower_through_two_factors(const TowerInstance& instance,
                                                 const Limits& limits);

// Decompositions used by the towers of a kind, collected from the towers themselves (any
// kind; the cross-check of the graph model for all-different).
Count decompositions_of_towers(const TowerInstance& instance, Kind kind, std::uint64_t cap,
                               const Limits& limits);

}  // namespace puzzlegen::instant_insanity
