// Bounds on a count or a measure: what a spec's `{min, max, exactly}` says (yaml_read.hpp reads
// it), and what generators and families test counts against.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace puzzlegen {

struct Count;  // solve.hpp

// A count that is only a lower bound ("at least v") can still decide some bounds: it violates
// max < v, and satisfies a lone min <= v.
struct Bounds {
  std::optional<std::uint64_t> min;
  std::optional<std::uint64_t> max;

  enum class Verdict { yes, no, unknown };
  Verdict admits(const Count& count) const;
  // The smallest cap that still decides these bounds (0 = count exactly).
  std::uint64_t decisive_cap() const { return max ? *max + 1 : min ? *min : 0; }
  std::string text() const;  // "exactly 1", "at least 2 and at most 5", "any number"
  bool operator==(const Bounds& other) const = default;
};

}  // namespace puzzlegen
