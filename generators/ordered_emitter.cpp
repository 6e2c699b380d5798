#include "ordered_emitter.hpp"

namespace puzzlegen {

void OrderedEmitter::plan(std::vector<std::size_t> order) {
  order_ = std::move(order);
  pending_.assign(order_.size(), {});
}

void OrderedEmitter::judged(std::size_t position, Key key) {
  if (!wanted_) return;
  SubproblemFindings& pending = pending_[position];
  ++pending.judged_count;
  if (!distinct_) pending.judged.push_back(std::move(key));
}

void OrderedEmitter::found(std::size_t position, Finding finding) {
  SubproblemFindings& pending = pending_[position];
  finding.judged_before = pending.judged_count;
  pending.found.push_back(std::move(finding));
  ++pending.accepted;
  if (position == head_) {
    flush();
  } else {
    ++pending.waiting;
    ++waiting_;
  }
}

void OrderedEmitter::done(std::size_t position) {
  pending_[position].done = true;
  flush();
}

void OrderedEmitter::count_explored(SubproblemFindings& pending, std::size_t up_to) {
  for (; pending.explored < up_to; ++pending.explored)
    if (distinct_ || explored_.insert(std::move(pending.judged[pending.explored])).second)
      ++explored_count_;
}

void OrderedEmitter::flush() {
  while (head_ < pending_.size()) {
    SubproblemFindings& head = pending_[head_];
    for (auto& finding : head.found) {
      if (cancelled_.load()) break;
      if (wanted_) count_explored(head, finding.judged_before);
      if (distinct_) {
        emit_(finding, finding.key, head_);
      } else if (const auto [at, fresh] = emitted_.insert(std::move(finding.key)); fresh) {
        emit_(finding, *at, head_);
      }
    }
    head.found.clear();
    waiting_ -= head.waiting;
    head.waiting = 0;
    if (!head.done || cancelled_.load()) return;
    if (wanted_) count_explored(head, head.judged_count);
    // A finished subproblem keeps nothing: clear() would keep the findings' room.
    std::vector<Key>().swap(head.judged);
    std::vector<Finding>().swap(head.found);
    ++head_;
  }
}

}  // namespace puzzlegen
