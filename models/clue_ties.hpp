// A presolve for model families with clues: where the model reads each clue only as "a clue
// other than the empty value is the value of the solution variable at its index" (as
// `givens[i] != empty -> grid[i] = givens[i]` flattens: two reified comparisons and a clause a
// clue), the FlatZinc without the clues and those ties. A puzzle is then posed by fixing the
// solution variables its clues give, and Gecode clones and propagates neither the clue
// variables nor their reified ties (9x9 Sudoku: 81 of 162 variables, 243 of 270 constraints).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace puzzlegen::models {

struct UntiedClues {
  std::string flatzinc;  // the model without the clue array and its ties
  // Each clue's values as the model declares them, [least, most]: a puzzle giving another
  // value has no solution.
  std::vector<std::pair<int, int>> domains;
};

// `flatzinc` without its clue array `clues` (elements to be posed as `solution`'s, index by
// index; `empty` for no clue), or nullopt where the model reads a clue in any other way: a
// clue read by another constraint or variable, a tie that is not exactly "empty, or equal"
// (each clue's constraints are solved apart, value by value, and compared with it), or
// anything that could not be decided. Nothing is taken out unless every clue passes.
std::optional<UntiedClues> untie_clues(const std::string& flatzinc, const std::string& clues,
                                       const std::string& solution, int empty);

}  // namespace puzzlegen::models
