// Embarrassingly parallel search (Regin, Rezgui and Malapert, CP 2013): the instance space is
// split into many independent subproblems, the nodes at one frontier of its search tree, which
// threads, processes and machines then search on their own. The split depends only on the
// model and its branching, never on how many workers there are, so every way of sharing the
// subproblems out gives the same answer.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "family.hpp"

namespace puzzlegen {

// A copy of `space` (whose status() has been called), as the type it is.
std::unique_ptr<InstanceSpace> clone_of(const InstanceSpace& space);

struct Decomposition {
  // In depth-first order: searching them one after another visits the instances in the same
  // order as one search of the root. Failed nodes are dropped; solved ones are kept.
  std::vector<std::unique_ptr<InstanceSpace>> nodes;
  std::uint64_t expanded = 0;  // nodes branched on to reach the frontier
  bool complete = true;        // false when a limit stopped it: `nodes` then covers nothing
};

// Expands the tree below `root` a level at a time, each level's nodes in order, until the
// frontier has at least `at_least` nodes or nothing is left to branch on: the frontier holds
// nodes of at most two depths, those of the last level not expanded after the deeper ones.
// With `threads` above one, that many threads expand each level (the split is otherwise the
// one part of a threaded run that one thread does alone); the frontier is the same.
Decomposition decompose(InstanceSpace& root, std::size_t at_least, const Limits& limits,
                        unsigned threads = 1);

// The subproblems (0-based indices into a decomposition of `total`) that shard `shard` of
// `shards` (1-based) searches: every shards-th one, so that neighbouring subtrees, which tend
// to be alike in size, go to different shards.
std::vector<std::size_t> shard_subproblems(std::size_t total, unsigned shard, unsigned shards);

}  // namespace puzzlegen
