#include "incumbent.hpp"

namespace puzzlegen {

Incumbent::Offer Incumbent::offer(const Natural& value, const std::vector<int>& key,
                                  const std::optional<Natural>& class_size) {
  if (!best_ || (minimize_ ? value < *best_ : value > *best_)) {
    best_ = value;
    optimal_ = {{key, class_size}};
    ++generation_;
    return Offer::improved;
  }
  if (value != *best_) return Offer::worse;
  optimal_.emplace(key, class_size);
  return Offer::tied;
}

Natural Incumbent::count_cap(bool minimize, bool count_ties, const std::optional<Natural>& best) {
  if (!minimize || !best) return Natural(0);
  Natural cap = *best;
  if (count_ties) ++cap;
  return cap == 0 ? Natural(1) : cap;
}

Incumbent::Improvement Incumbent::improvement() const {
  Improvement out;
  if (!best_) return out;
  if (finished()) {
    out.over = true;
    return out;
  }
  const std::uint64_t value = best_->convert_to<std::uint64_t>();  // a measure's value
  const std::uint64_t tie = count_ties_ ? 1 : 0;
  Bounds tighter;
  if (minimize_) {
    if (value + tie == 0) {  // nothing is below 0
      out.over = true;
      return out;
    }
    tighter.max = value + tie - 1;
  } else {
    tighter.min = value + 1 - tie;
  }
  out.bounds = tighter;
  return out;
}

}  // namespace puzzlegen
