// The strategies a spec's `generate.strategy` and `--strategy` may name (docs/generators.md),
// in one place for the spec reader, the command line and its completion.
#pragma once

#include <string>
#include <vector>

namespace puzzlegen {

inline const std::vector<std::string> kStrategies = {"auto",    "exhaustive", "search", "random",
                                                     "classes", "minimal",    "local"};

// "auto, exhaustive, ... or minimal" for help texts; (" ", " ") for a completion's words.
inline std::string strategies_text(const std::string& separator = ", ",
                                   const std::string& last = " or ") {
  std::string out;
  for (std::size_t i = 0; i < kStrategies.size(); ++i)
    out += (i == 0 ? "" : i + 1 == kStrategies.size() ? last : separator) + kStrategies[i];
  return out;
}

// Whether a strategy draws instances one at a time from a seeded source (`random`, `minimal`,
// `local`): a worksheet draws each puzzle from a seed of its own.
inline bool draws_instances(const std::string& strategy) {
  return strategy == "random" || strategy == "minimal" || strategy == "local";
}

}  // namespace puzzlegen
