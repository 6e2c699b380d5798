#include "bounds.hpp"

#include "solve.hpp"

namespace puzzlegen {

Bounds::Verdict Bounds::admits(const Count& count) const {
  if (max && count.value > *max) return Verdict::no;
  if (count.exact) return (min && count.value < *min) ? Verdict::no : Verdict::yes;
  // Only a lower bound is known.
  if (!max && (!min || count.value >= *min)) return Verdict::yes;
  return Verdict::unknown;
}

std::string Bounds::text() const {
  if (min && max && *min == *max) return "exactly " + std::to_string(*min);
  std::string out;
  if (min) out += "at least " + std::to_string(*min);
  if (max) out += std::string(out.empty() ? "" : " and ") + "at most " + std::to_string(*max);
  return out.empty() ? "any number" : out;
}

}  // namespace puzzlegen
