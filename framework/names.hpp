// Short labels for user-chosen names (colours), for compact text and drawings.
#pragma once

#include <string>
#include <vector>

namespace puzzlegen {

// The shortest prefix of each name that no other name shares, first letter in upper case
// (red, green, blue, white -> R, G, B, W; black, blue -> Bla, Blu).
std::vector<std::string> unique_prefixes(const std::vector<std::string>& names);

}  // namespace puzzlegen
