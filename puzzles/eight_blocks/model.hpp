// Composability of solids (Haraguchi's Propositions 3 and 4), assemblies, and the instance
// space with the composability conditions compiled into linear constraints.
#pragma once

#include <gecode/int.hh>

#include "instance.hpp"

namespace puzzlegen::eight_blocks {

// Proposition 4: a solid of variety v is composable iff the instance has at least as many
// v-cubes as the graph G_v (v's corner triples, one edge per compatible cube) has tree
// components.
bool composable_by_trees(const Counts& counts, int v);
// Proposition 3: ... iff some 8 cubes can go to v's 8 corners, each having that corner's
// triple (a bipartite matching, by augmenting paths).
bool composable_by_matching(const Counts& counts, int v);

// An assembly of a v-solid: which variety fills each corner of the solid, the solid standing
// as variety v's reference cube (corner k of the solid shows v's colours at corner k). Cubes of
// one variety are interchangeable, so an assembly is a map corner -> variety that uses no
// variety more often than the instance has cubes of it; each cube's orientation is then forced.
Count count_assemblies(const Counts& counts, int v, std::uint64_t cap, const Limits& limits);
std::vector<PlacedCube> first_assembly(const Counts& counts, int v);

// Instances as 30 counts x[v] in 0..max_per_variety. Compiled from the spec's kind bounds:
// - a variety required composable: every Hall inequality of Corollary 1 (for each of the 255
//   non-empty sets T of its corner triples, x_v + the cubes compatible with v that have a
//   triple in T >= |T|), and, summed over all required varieties, their full-set inequalities
//   (Lemma 2's counting bound: each cube counts for 21 varieties);
// - a variety required not composable: one of those inequalities violated (a disjunction of
//   reified linear constraints), and Corollary 2's bound f(v) <= 7 for every row and column.
// Both are exact, so every instance pruned fails the spec. Symmetry: lex-leader constraints
// for the colour renamings that map the spec's bounds to themselves.
class BlocksSpace : public InstanceSpace {
 public:
  // low and high: per-variety bounds on the counts (besides max_per_variety).
  // `colors`: the instances' colour names.
  BlocksSpace(int max_per_variety, const Counts& low, const Counts& high,
              const InstanceSearch& search, std::vector<std::string> colors);
  BlocksSpace(BlocksSpace& other);
  Gecode::Space* copy() override { return new BlocksSpace(*this); }
  std::unique_ptr<Instance> instance() const override;
  void constrain_measure(const std::string& name, const Bounds& bounds) override;

 private:
  Gecode::IntVarArray x_;
  Gecode::IntVar size_;  // the number of cubes, for bounds on the measure `size`
  std::shared_ptr<const std::vector<std::string>> colors_;  // shared by every clone
};

}  // namespace puzzlegen::eight_blocks
