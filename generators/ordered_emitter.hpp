// Instances in the order of the subproblems they were found in, whichever worker found them
// first: what the earliest unfinished subproblem finds is emitted at once, what later ones
// find waits for its turn. With a number of instances wanted, it also counts the candidates
// "explored" up to the last one emitted, so that the figure does not depend on the workers.
// Not locked: the run that owns it guards it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include <boost/container_hash/hash.hpp>

#include "judge.hpp"

namespace puzzlegen {

class OrderedEmitter {
 public:
  using Key = std::vector<int>;
  struct Finding {
    std::shared_ptr<const Instance> instance;
    Key key;  // its canonical key
    Evaluation evaluation;
    std::string prepared;           // what the run's PrepareFn made of it
    std::size_t judged_before = 0;  // how many of its subproblem's candidates led up to it
  };
  // Emits one finding of the subproblem at `position` (planned order).
  using Emit = std::function<void(const Finding&, const Key& key, std::size_t position)>;

  // `wanted`: instances asked for (none: every one, or an objective); `distinct`: the
  // candidates are in different classes (nothing to deduplicate); emission stops once
  // `cancelled` is set.
  OrderedEmitter(std::optional<std::uint64_t> wanted, const std::atomic<bool>& cancelled, Emit emit)
      : wanted_(wanted), cancelled_(cancelled), emit_(std::move(emit)) {}
  void set_distinct() { distinct_ = true; }

  // The subproblems searched, by their index in the decomposition, in emission order.
  void plan(std::vector<std::size_t> order);
  // The decomposition's index of the subproblem at `position` (0 when none was planned).
  std::size_t subproblem(std::size_t position) const {
    return order_.empty() ? 0 : order_[position];
  }

  // A candidate of the subproblem at `position` was judged.
  void judged(std::size_t position, Key key);
  // An accepted candidate: emitted now if `position` is the earliest unfinished subproblem,
  // else kept until it is.
  void found(std::size_t position, Finding finding);
  // The subproblem at `position` is finished: emits what may now be emitted.
  void done(std::size_t position);

  // Findings of the subproblem at `position` so far.
  std::uint64_t accepted(std::size_t position) const { return pending_[position].accepted; }
  // Whether findings of `position` wait behind an earlier subproblem.
  bool behind(std::size_t position) const { return position != head_; }
  // Findings waiting for their turn (a worker running ahead pauses while there are many).
  std::size_t waiting() const { return waiting_; }
  // With a number wanted: distinct candidates judged up to the last instance emitted.
  std::uint64_t explored() const { return explored_count_; }

 private:
  struct SubproblemFindings {
    std::vector<Finding> found;  // accepted, not yet emitted
    std::uint64_t accepted = 0;
    std::vector<Key> judged;  // candidates judged, in order (unless distinct)
    std::size_t judged_count = 0;
    std::size_t waiting = 0;   // findings made before this subproblem was the earliest
    std::size_t explored = 0;  // how many judged candidates have been counted as explored
    bool done = false;
  };
  void count_explored(SubproblemFindings& pending, std::size_t up_to);
  void flush();

  std::optional<std::uint64_t> wanted_;
  const std::atomic<bool>& cancelled_;
  Emit emit_;
  bool distinct_ = false;
  std::vector<std::size_t> order_;
  std::vector<SubproblemFindings> pending_;
  std::size_t head_ = 0;
  std::size_t waiting_ = 0;
  std::unordered_set<Key, boost::hash<Key>> emitted_, explored_;
  std::uint64_t explored_count_ = 0;
};

}  // namespace puzzlegen
