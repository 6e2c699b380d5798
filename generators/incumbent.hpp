// Branch and bound's incumbent: the best objective value so far, the instances reaching it,
// and the bounds an instance must meet to improve on it. Not locked: the run that owns it
// guards it, except generation(), which searches poll without the lock.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "bounds.hpp"
#include "natural.hpp"

namespace puzzlegen {

class Incumbent {
 public:
  // `bound`: the best value the spec and the family allow (Spec::objective_bound), if known.
  Incumbent(bool minimize, bool count_ties, std::optional<Natural> bound)
      : minimize_(minimize), count_ties_(count_ties), bound_(std::move(bound)) {}

  enum class Offer { improved, tied, worse };
  // An accepted instance with canonical `key`, its objective `value` and class size: the new
  // best (the instances reaching the old best are forgotten), one more reaching the best, or
  // neither. An improvement bumps generation().
  Offer offer(const Natural& value, const std::vector<int>& key,
              const std::optional<Natural>& class_size);

  const std::optional<Natural>& best() const { return best_; }
  // The instances reaching best(), by canonical key, with their class sizes.
  const std::map<std::vector<int>, std::optional<Natural>>& optimal() const { return optimal_; }
  // Whether `value` is optimal without searching further: it meets the bound.
  bool meets_bound(const std::optional<Natural>& value) const {
    return value && bound_ && *value == *bound_;
  }
  // Whether the run may stop now: the best meets the bound and ties are not counted.
  bool finished() const { return meets_bound(best_) && !count_ties_; }
  bool counts_ties() const { return count_ties_; }
  // Changes whenever the best improves: searches under an older bound restart.
  std::uint64_t generation() const { return generation_.load(); }

  // The cap for a nested count of an instance while minimising: at the best so far, so that
  // only strict improvements are counted to the end, or one more when ties are counted (a cap
  // of 0 would mean none: a best of 0 is already optimal). 0 (no cap) when maximising or
  // before the first instance.
  static Natural count_cap(bool minimize, bool count_ties, const std::optional<Natural>& best);

  // The bounds on a measure objective's value that improve on the best (or tie with it, when
  // ties are counted); `over` when nothing can.
  struct Improvement {
    bool over = false;
    std::optional<Bounds> bounds;  // none before the first instance
  };
  Improvement improvement() const;

 private:
  bool minimize_;
  bool count_ties_;
  std::optional<Natural> bound_;
  std::optional<Natural> best_;
  std::map<std::vector<int>, std::optional<Natural>> optimal_;
  std::atomic<std::uint64_t> generation_{0};
};

}  // namespace puzzlegen
