#include "subproblems.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace puzzlegen {

std::unique_ptr<InstanceSpace> clone_of(const InstanceSpace& space) {
  return std::unique_ptr<InstanceSpace>(static_cast<InstanceSpace*>(space.clone()));
}

namespace {

using Nodes = std::vector<std::unique_ptr<InstanceSpace>>;

// Branches on `node` and appends its children that do not fail to `out`, in alternative
// order. With `reuse_node` the last alternative is committed on the node itself: one clone
// fewer per branching, which matters where cloning is most of a node's cost; without it the
// node is left as it was, for a caller that may still keep it unexpanded.
void expand(std::unique_ptr<InstanceSpace>& node, bool reuse_node, Nodes& out) {
  const std::unique_ptr<const Gecode::Choice> choice(node->choice());
  const unsigned last = choice->alternatives() - 1;
  for (unsigned a = 0; a <= last; ++a) {
    auto child = a == last && reuse_node ? std::move(node) : clone_of(*node);
    child->commit(*choice, a);
    if (child->status() != Gecode::SS_FAILED) out.push_back(std::move(child));
  }
}

// Whether the node at `index` of a level of `size` stays unexpanded because the frontier has
// enough nodes already, counting `made` nodes of the next level and those left on this one.
// Making a whole level could overshoot `at_least` by the branching factor, and the last level
// is the dearest; every process of a sharded run makes the split.
bool enough(std::size_t made, std::size_t size, std::size_t index, std::size_t at_least) {
  return made + (size - index) >= at_least;
}

// One level by one thread, each node in order.
bool expand_level(Nodes& level, Nodes& next, std::size_t at_least, const Limits& limits,
                  std::uint64_t& expanded, bool& branched) {
  for (std::size_t i = 0; i < level.size(); ++i) {
    auto& node = level[i];
    if (limits.expired()) return false;
    if (node->status() == Gecode::SS_SOLVED || enough(next.size(), level.size(), i, at_least)) {
      next.push_back(std::move(node));
      continue;
    }
    ++expanded;
    branched = true;
    expand(node, true, next);
  }
  return true;
}

// One level by `threads` threads, which take its nodes in order and expand them into slots of
// their own. A decider follows behind them in order, applying the rule of expand_level to the
// children counts as they come in; once it finds that the rest of the level stays as it is,
// no thread starts another node. A thread may have expanded a node past that point already:
// its children are dropped, and the node kept. So the frontier is exactly the one-thread one.
bool expand_level_in_parallel(Nodes& level, Nodes& next, std::size_t at_least, const Limits& limits,
                              unsigned threads, std::uint64_t& expanded, bool& branched) {
  const std::size_t size = level.size();
  struct Slot {
    Nodes children;
    bool solved = false;
    bool ready = false;
  };
  std::vector<Slot> slots(size);
  std::atomic<std::size_t> taken{0};
  std::atomic<std::size_t> cut{size};  // nodes from here on stay unexpanded
  std::atomic<bool> stopped{false};
  std::mutex mutex;
  std::size_t decided = 0, made = 0;  // under `mutex`
  std::exception_ptr failure;

  auto decide = [&] {  // under `mutex`
    for (; decided < cut.load(); ++decided) {
      Slot& slot = slots[decided];
      if (!slot.ready) return;
      if (slot.solved) {
        ++made;
        continue;
      }
      if (enough(made, size, decided, at_least)) {
        cut = decided;
        return;
      }
      made += slot.children.size();
    }
  };
  auto work = [&] {
    try {
      while (!stopped) {
        const std::size_t i = taken++;
        if (i >= cut.load()) return;
        if (limits.expired()) {
          stopped = true;
          return;
        }
        Slot& slot = slots[i];
        slot.solved = level[i]->status() == Gecode::SS_SOLVED;
        if (!slot.solved) expand(level[i], false, slot.children);
        std::lock_guard lock(mutex);
        slot.ready = true;
        decide();
      }
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      stopped = true;
    }
  };
  {
    std::vector<std::jthread> helpers;
    for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(work);
    work();
  }
  if (failure) std::rethrow_exception(failure);
  if (stopped) return false;
  for (std::size_t i = 0; i < size; ++i) {
    if (i >= cut || slots[i].solved) {
      next.push_back(std::move(level[i]));
      continue;
    }
    ++expanded;
    branched = true;
    for (auto& child : slots[i].children) next.push_back(std::move(child));
  }
  return true;
}

}  // namespace

Decomposition decompose(InstanceSpace& root, std::size_t at_least, const Limits& limits,
                        unsigned threads) {
  Decomposition out;
  if (root.status() == Gecode::SS_FAILED) return out;
  Nodes level;
  level.push_back(clone_of(root));
  bool branched = true;
  while (branched && level.size() < at_least) {
    branched = false;
    Nodes next;
    const unsigned workers = static_cast<unsigned>(std::min<std::size_t>(threads, level.size()));
    const bool done = workers > 1
                          ? expand_level_in_parallel(level, next, at_least, limits, workers,
                                                     out.expanded, branched)
                          : expand_level(level, next, at_least, limits, out.expanded, branched);
    if (!done) {
      out.complete = false;
      return out;
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
