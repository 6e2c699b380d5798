#include "subproblems.hpp"

namespace puzzlegen {

std::unique_ptr<InstanceSpace> clone_of(const InstanceSpace& space) {
  return std::unique_ptr<InstanceSpace>(static_cast<InstanceSpace*>(space.clone()));
}

Decomposition decompose(InstanceSpace& root, std::size_t at_least, const Limits& limits) {
  Decomposition out;
  if (root.status() == Gecode::SS_FAILED) return out;
  std::vector<std::unique_ptr<InstanceSpace>> level;
  level.push_back(clone_of(root));
  bool branched = true;
  while (branched && level.size() < at_least) {
    branched = false;
    std::vector<std::unique_ptr<InstanceSpace>> next;
    for (std::size_t i = 0; i < level.size(); ++i) {
      auto& node = level[i];
      if (limits.expired()) {
        out.complete = false;
        return out;
      }
      // Enough nodes already (those made and those left): the rest stay a level up. Making a
      // whole level could overshoot `at_least` by the branching factor, and the last level is
      // the dearest; every process of a sharded run makes the split.
      if (node->status() == Gecode::SS_SOLVED || next.size() + (level.size() - i) >= at_least) {
        next.push_back(std::move(node));
        continue;
      }
      const std::unique_ptr<const Gecode::Choice> choice(node->choice());
      ++out.expanded;
      branched = true;
      // The last alternative is committed on the node itself: one clone fewer per branching,
      // which matters where cloning is most of a node's cost.
      const unsigned last = choice->alternatives() - 1;
      for (unsigned a = 0; a <= last; ++a) {
        auto child = a == last ? std::move(node) : clone_of(*node);
        child->commit(*choice, a);
        if (child->status() != Gecode::SS_FAILED) next.push_back(std::move(child));
      }
    }
    level = std::move(next);
  }
  out.nodes = std::move(level);
  return out;
}

std::vector<std::size_t> shard_subproblems(std::size_t total, unsigned shard, unsigned shards) {
  std::vector<std::size_t> mine;
  for (std::size_t i = shard - 1; i < total; i += shards) mine.push_back(i);
  return mine;
}

}  // namespace puzzlegen
