// Walking classes instead of instances: isomorph-free generation by canonical augmentation
// (McKay, "Isomorph-free exhaustive generation", J. Algorithms 1998).
//
// A family declares how an instance grows one step at a time from a root (a row added to a
// Latin rectangle, a cube added to a multiset) and a canonical form of partial instances. The
// walk keeps one partial instance per class at every depth: a child is kept only when the step
// that made it is its canonical last step (the canonical parent of its class is the class it
// was grown from), and, among the children of one parent, once per class. So every class of
// every depth is visited exactly once, and the cost grows with the number of classes, not of
// instances; nothing is remembered across parents, so memory stays bounded.
//
// Why exactly once: the canonical parent of a class Y is the class of canon(Y) with its last
// step undone, which depends on Y's class alone. By induction the walk reaches one
// representative X of that parent class; canon(Y) minus its last step is isomorphic to X, and
// the isomorphism carries the undone step to a step from X whose child is isomorphic to Y and
// passes the test, so Y is reached from X. A child of any other parent fails the test.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "family.hpp"

namespace puzzlegen {

// A partial instance as the family encodes it; the walk only copies and compares them.
using Partial = std::vector<int>;

class Growth {
 public:
  virtual ~Growth() = default;
  // The one partial instance of depth 0, in canonical form.
  virtual Partial root() const = 0;
  // The depth of complete instances: how many steps grow the root into one.
  virtual int depth() const = 0;
  // Calls `child` with every partial instance one step beyond `parent` (a canonical partial
  // instance), in a fixed order; isomorphic children may come more than once.
  virtual void extend(const Partial& parent,
                      const std::function<void(const Partial& child)>& child) const = 0;
  // The canonical form of `child` (made by extend(), its new step last) when that step is a
  // canonical last step, so that the partial instance it was grown from is the canonical parent
  // of its class; an empty Partial otherwise. Equal forms = isomorphic partial instances.
  virtual Partial accept(const Partial& child) const = 0;
  // The instance a canonical complete partial instance stands for, or null to skip it: where
  // the family's classes are coarser than the walk's (the 36 Cube also transposes boards), all
  // but one walked class of each family class return null.
  virtual std::unique_ptr<Instance> complete(const Partial& leaf) const = 0;
};

// Counts of a walk, for progress and the summary.
struct WalkCounts {
  std::uint64_t nodes = 0;  // children made by extend()
};

// The classes at `depth` (at most the growth's depth), in walk order: the shallowest depth
// with at least `at_least` of them when `depth` is negative. The subproblems of a class walk.
struct ClassFrontier {
  int depth = 0;
  std::vector<Partial> nodes;
  WalkCounts counts;
  bool complete = true;  // false when `stop` ended it
};
ClassFrontier class_frontier(const Growth& growth, std::size_t at_least,
                             const std::function<bool()>& stop);

// Walks every class below `node` (a class at `depth`), depth first, and calls `leaf` with each
// complete one in walk order. `leaf` returns whether to go on; `stop` (called at every inner
// node, may be null) whether to stop. Returns true when everything below `node` was walked.
bool walk_classes(const Growth& growth, const Partial& node, int depth,
                  const std::function<bool(const Partial& leaf)>& leaf,
                  const std::function<bool()>& stop, WalkCounts& counts);

}  // namespace puzzlegen
