#include "serve/examples.hpp"

#include "families.hpp"

namespace puzzlegen::cli {

const std::vector<ServedSpec>& offered_specs() {
  // Plugins are loaded before the server starts, and never after.
  static const std::vector<ServedSpec> specs = [] {
    std::vector<ServedSpec> out = served_specs();
    for (const auto& family : families().families()) {
      const auto kinds = family->graded_kinds();
      if (families().origin(*family) == "built in" || kinds.empty()) continue;
      out.push_back({"plugin/" + family->name(), family->title() + ": exactly one solution",
                     "# " + family->title() +
                         " puzzles with exactly one solution, drawn at random.\npuzzle: " +
                         family->name() + "\nsolutions: {" + kinds.front() +
                         ": {exactly: 1}}\ngenerate: {strategy: random}\n"});
    }
    return out;
  }();
  return specs;
}

}  // namespace puzzlegen::cli
