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
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "family.hpp"

namespace puzzlegen {

// A partial instance as the family encodes it; the walk only copies and compares them.
using Partial = std::vector<int>;

// Bounds on measures by name (a spec's `instance:` bounds on `size`, say), as prune() gets them.
using MeasureBounds = std::map<std::string, Bounds>;

// What a walk may leave out at a class (Growth::prune).
enum class Prune {
  none,     // judge the class (when it is complete) and walk below it
  node,     // the class itself cannot meet the spec, classes grown from it may: walk below only
  subtree,  // neither the class nor any class grown from it can meet the spec: skip them all
};

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

  // Optional; the defaults walk to depth() and judge the classes there alone.

  // The shallowest depth whose classes are complete instances: every class at a depth from
  // first_depth() to depth() is passed to complete() and judged, and the walk goes on below
  // it (instances of several sizes, each a step more than the last: a multiset of cubes).
  virtual int first_depth() const { return depth(); }
  // What the spec rules out at `node` (a class at `depth`, as accept() returned it), from what
  // the family can tell without judging it. `bounds`: the spec's bounds on measures, narrowed
  // by branch and bound while the run goes (maximising a measure whose best is 23, {min: 24}).
  // Prune::subtree must be hereditary: no instance grown from `node`, by any steps, meets the
  // spec within `bounds` (a solid already composable where none may be). The walk trusts it:
  // a wrong answer loses instances without a trace.
  virtual Prune prune(const Partial& node, int depth, const MeasureBounds& bounds) const;
  // Whether complete() gives each of the family's classes (Instance::canonical_key) at most
  // once. False when the walk's classes are finer than the family's (its group is the part
  // of the family's symmetry that keeps the spec's bounds): the run then remembers the keys it
  // has judged, as the tree strategies do, so that each class is judged and printed once.
  virtual bool distinct_keys() const { return true; }
};

// Counts of a walk, for progress and the summary.
struct WalkCounts {
  std::uint64_t nodes = 0;  // children made by extend()
};

// The classes a class walk is split into, in walk order, each with its depth: the classes of
// one depth are expanded in walk order until there are at least `at_least` of them (or none is
// left to expand), so the frontier holds classes of at most two depths. Every class below the
// root is below exactly one of them.
struct ClassFrontier {
  std::vector<std::pair<int, Partial>> nodes;  // (depth, class)
  WalkCounts counts;
  bool complete = true;  // false when `stop` ended it
};
ClassFrontier class_frontier(const Growth& growth, std::size_t at_least,
                             const std::function<bool()>& stop);

// How a walk is stopped and pruned.
struct WalkControl {
  // Called at every inner node (may be null): true stops the walk, unfinished.
  std::function<bool()> stop;
  // The bounds Growth::prune() is given at each class (may be null: none). A generator
  // returns the spec's bounds narrowed by its best value so far.
  std::function<const MeasureBounds&()> bounds;
};

// The subproblems of a class walk, in walk order: the classes of class_frontier, each to be
// walked, and where instances come at several depths (from the growth's first_depth()), the
// complete classes above them, each a subproblem of its own judged without walking below it
// (the classes below it are later subproblems). Each comes just before the classes grown from
// it, as one walk of the root meets them, so that searching the subproblems in order judges
// the classes in the root walk's order however they are shared out. Classes that prune()
// rules out with every class below them are left out; the others stay, whatever prune() says
// of the node alone (a bound may narrow before they are judged).
struct ClassSubproblem {
  int depth = 0;
  Partial node;
  bool alone = false;  // a complete class judged alone, the classes below it walked later
};
struct ClassSubproblems {
  std::vector<ClassSubproblem> in_order;  // in walk order
  WalkCounts counts;
  bool complete = true;  // false when `stop` ended it
  std::size_t size() const { return in_order.size(); }
};
ClassSubproblems class_subproblems(const Growth& growth, std::size_t at_least,
                                   const WalkControl& control);

// Walks every class below `node` (a class at `depth`), depth first, and calls `leaf` with each
// complete one in walk order. `leaf` returns whether to go on; `stop` (called at every inner
// node, may be null) whether to stop. Returns true when everything below `node` was walked.
bool walk_classes(const Growth& growth, const Partial& node, int depth,
                  const std::function<bool(const Partial& leaf)>& leaf,
                  const std::function<bool()>& stop, WalkCounts& counts);
// The same, asking prune() at every class (with control.bounds) and calling `leaf` with every
// complete class not ruled out, at every depth from the growth's first_depth(), before the
// classes below it.
bool walk_classes(const Growth& growth, const Partial& node, int depth,
                  const std::function<bool(const Partial& leaf)>& leaf, const WalkControl& control,
                  WalkCounts& counts);

}  // namespace puzzlegen
