// What each example `puzzlegen serve` offers can make: per level (and for any level), how many
// distinct puzzles a sheet finds at the example's own seed, measured by
// scripts/measure-levels.sh and committed as app/serve/levels.tsv. The page offers only these
// levels and counts; the server and `worksheet` refuse anything else before any work.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace puzzlegen::cli {

struct Offer {
  std::string level;     // "any", or a difficulty level
  std::size_t most = 0;  // puzzles found (at most the page's 30); 0: none
  double seconds = 0;    // how long finding them took
  bool proven = false;   // the search proved there are no more
};

// The measured offers of the example at `path` (under specs/, as served_specs() names it), in
// the order any, easy, medium, hard, extreme; empty for a spec that is not an example.
std::vector<Offer> offers_of(const std::string& path);
// The example whose text is `text`, or empty.
std::string example_with_text(const std::string& text);
// Why `count` puzzles at `level` ("" or "any" for any level) cannot be asked of the example,
// naming what can; nothing when they can (or the example was not measured).
std::optional<std::string> not_offered(const std::string& path, const std::string& level,
                                       std::size_t count);
// What the example can make, in words: "medium (up to 30), hard (up to 30)".
std::string offered_in_words(const std::vector<Offer>& offers);

}  // namespace puzzlegen::cli
