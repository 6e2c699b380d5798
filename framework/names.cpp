#include "names.hpp"

#include <algorithm>
#include <cctype>

namespace puzzlegen {

std::vector<std::string> unique_prefixes(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const auto& name : names) {
    std::size_t length = 1;
    auto clashes = [&](std::size_t len) {
      return std::count_if(names.begin(), names.end(), [&](const std::string& other) {
               return other.substr(0, len) == name.substr(0, len);
             }) > 1;
    };
    while (length < name.size() && clashes(length)) ++length;
    std::string abbreviation = name.substr(0, length);
    // A one-letter name is its own label, as written ("a" stays "a", so a sheet, its legend
    // and its key name a colour the same way); longer names give capitals (red -> R).
    if (name.size() > 1)
      abbreviation[0] =
          static_cast<char>(std::toupper(static_cast<unsigned char>(abbreviation[0])));
    out.push_back(abbreviation);
  }
  return out;
}

}  // namespace puzzlegen
