// The classes a run has judged, by canonical key: a class met again (in another subproblem,
// or by another path) is judged once. Not locked: the run that owns it guards it.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include <boost/container_hash/hash.hpp>

#include "judge.hpp"

namespace puzzlegen {

class JudgedClasses {
 public:
  using Key = std::vector<int>;

  // The candidates are known to be in different classes (a class walk): nothing is remembered,
  // so memory does not grow with the classes judged.
  void set_distinct() { distinct_ = true; }
  bool distinct() const { return distinct_; }

  // The evaluation of `key`'s class if it was judged before (null if not, or distinct).
  std::shared_ptr<const Evaluation> find(const Key& key) const {
    if (distinct_) return nullptr;
    const auto it = judged_.find(key);
    return it == judged_.end() ? nullptr : it->second;
  }
  // Records `key`'s evaluation; whether the class is new (always, when distinct).
  bool record(const Key& key, std::shared_ptr<const Evaluation> evaluation) {
    const bool fresh = distinct_ || judged_.emplace(key, std::move(evaluation)).second;
    if (fresh) ++count_;
    return fresh;
  }
  // `key`'s class is printed: only that is kept for it. Listing every class, an evaluation
  // (the counts of every kind) kept for the whole run was most of a long listing's memory
  // (818 MB for 226,322 Eight Blocks classes).
  void keep_only_printed(const Key& key) {
    if (const auto it = judged_.find(key); it != judged_.end()) it->second = printed_;
  }
  // Whether `evaluation` (from find) stands for a class already printed.
  bool printed(const std::shared_ptr<const Evaluation>& evaluation) const {
    return evaluation == printed_;
  }
  // Distinct classes judged.
  std::uint64_t count() const { return count_; }

 private:
  bool distinct_ = false;
  std::uint64_t count_ = 0;
  std::unordered_map<Key, std::shared_ptr<const Evaluation>, boost::hash<Key>> judged_;
  const std::shared_ptr<const Evaluation> printed_ = std::make_shared<const Evaluation>();
};

}  // namespace puzzlegen
