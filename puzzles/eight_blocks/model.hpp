// Composability of solids (Haraguchi's Propositions 3 and 4), assemblies, and the instance
// space with the composability conditions compiled into linear constraints.
#pragma once

#include <gecode/int.hh>

#include "instance.hpp"

namespace puzzlegen::eight_blocks {

// G_v, the graph of a solid's corners: its possible edges. Each variety compatible with v joins
// the two corners (indices into v's sorted triples) whose triples it shares.
struct CornerEdge {
  int variety, a, b;
};
const std::vector<CornerEdge>& corner_edges(int v);
const CornerEdge* corner_edge(int v, int u);  // u's edge in G_v; null unless compatible

// G_v with the given counts: its components, and which of them are trees (Proposition 4:
// v is composable when there are at least as many cubes of v as tree components). Corners
// are bits of a byte and components are found by flooding bit masks: this runs for every
// propagation of the composability propagators.
struct CornerForest {
  std::array<int, kCorners> component{};  // of each corner
  std::array<bool, kCorners> tree{};      // of each component
  int trees = 0;

  CornerForest() = default;
  CornerForest(const Counts& counts, int v);
  // From G_v itself: the corners adjacent to each corner (bits), and the cubes on the edges
  // counted at one of their ends.
  CornerForest(const std::array<unsigned, kCorners>& adjacent,
               const std::array<int, kCorners>& cubes_at);
  // The trees when the edge e gets `after` cubes, more than it has here: an edge inside a
  // component ends it being a tree; one joining two components (it had no cube) makes a tree
  // only of two trees, and only with a single cube.
  int trees_with(const CornerEdge& e, int after) const {
    const auto a = static_cast<std::size_t>(component[static_cast<std::size_t>(e.a)]);
    const auto b = static_cast<std::size_t>(component[static_cast<std::size_t>(e.b)]);
    if (a == b) return trees - (tree[a] ? 1 : 0);
    // a and b apart: the edge had no cube yet.
    return trees - (tree[a] ? 1 : 0) - (tree[b] ? 1 : 0) + (tree[a] && tree[b] && after == 1);
  }
};

// Proposition 4: a solid of variety v is composable iff the instance has at least as many
// v-cubes as the graph G_v (v's corner triples, one edge per compatible cube) has tree
// components.
bool composable_by_trees(const Counts& counts, int v);
// The number of tree components of G_v. v is composable when its cubes are at least as many,
// so the cubes of v still wanting are this minus the cubes of v: a cube added to an instance
// lowers that by one at most (a cube of v, or of a variety compatible with v, whose edge joins
// two components or closes a cycle in a tree), and a cube of any other variety leaves it.
int tree_components(const Counts& counts, int v);
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
// for the symmetries of the convention (renamings, or also mirror images) that map the spec's
// bounds to themselves.
class BlocksSpace : public InstanceSpace {
 public:
  // low and high: per-variety bounds on the counts (besides max_per_variety).
  // `colors`: the instances' colour names; `convention`: their classes.
  BlocksSpace(int max_per_variety, const Counts& low, const Counts& high,
              const InstanceSearch& search, std::vector<std::string> colors,
              Convention convention = Convention::renaming);
  BlocksSpace(BlocksSpace& other);
  Gecode::Space* copy() override { return new BlocksSpace(*this); }
  std::unique_ptr<Instance> instance() const override;
  void constrain_measure(const std::string& name, const Bounds& bounds) override;

 private:
  Gecode::IntVarArray x_;
  Gecode::IntVar size_;  // the number of cubes, for bounds on the measure `size`
  std::shared_ptr<const std::vector<std::string>> colors_;  // shared by every clone
  Convention convention_;
};

}  // namespace puzzlegen::eight_blocks
