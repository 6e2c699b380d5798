#include "reasoning.hpp"

#include <algorithm>

namespace puzzlegen::cube36 {

std::optional<ColourPuzzle> colour_puzzle(const Board& board, Kind kind) {
  if (kind == Kind::solution && !board.specials().empty()) return std::nullopt;
  const int n = board.n();
  ColourPuzzle out;
  out.puzzle.n = n;
  out.puzzle.boxes.assign(static_cast<std::size_t>(n), {});
  for (int cell = 0; cell < board.cells(); ++cell)
    out.puzzle.boxes[static_cast<std::size_t>(board.size_at(cell) - 1)].push_back(cell);
  if (std::any_of(out.puzzle.boxes.begin(), out.puzzle.boxes.end(),
                  [n](const auto& box) { return static_cast<int>(box.size()) != n; }))
    return std::nullopt;
  std::vector<bool> given(static_cast<std::size_t>(n), false);
  for (const int colour : board.given_colours()) {
    out.puzzle.givens.push_back(colour == Board::kNoColour ? 0 : colour + 1);
    if (colour != Board::kNoColour) given[static_cast<std::size_t>(colour)] = true;
  }
  const auto unnamed = std::count(given.begin(), given.end(), false);
  if (unnamed == n) {
    for (int column = 0; column < n; ++column)
      out.puzzle.givens[static_cast<std::size_t>(column)] = column + 1;
    out.named_by_row_one = true;
  } else if (unnamed > 1) {
    return std::nullopt;
  }
  out.wording.value_names = board.colors();
  for (int size = 1; size <= n; ++size)
    out.wording.box_names.push_back("the cells of size " + std::to_string(size));
  out.wording.noun = "colour";
  return out;
}

std::string naming_step(const Board& board) {
  return "Row 1 shows every colour once, and renaming colours turns one answer into another: "
         "say it reads " +
         listed(board.colors()) + " from the left";
}

}  // namespace puzzlegen::cube36
