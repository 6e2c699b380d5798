// A Futoshiki puzzle: an n x n grid to fill with 1..n, each once per row and column, with some
// numbers given and inequality signs between some neighbouring cells. The board, its
// symmetries and its text come from puzzlegen's grid kit (grid/board.hpp).
#pragma once

#include <string>
#include <vector>

#include "grid/board.hpp"

namespace futoshiki {

using puzzlegen::Json;
using puzzlegen::grid::Board;

// A sign between two neighbouring cells a and b (b right of or below a), as the board's marks
// hold it: a < b or a > b.
enum Sign { none = 0, less = 1, greater = 2 };

class Grid final : public puzzlegen::grid::BoardInstance {
 public:
  // `board`: the givens in its cells, the signs in its marks (across and down).
  explicit Grid(Board board);

  Json to_json() const override;
  std::string render_text() const override;
  puzzlegen::render::Drawing draw(double width) const override;  // one grid
  // The grid filled in with `solution` (n*n numbers), the givens in bold.
  puzzlegen::render::Drawing draw_filled(const std::vector<int>& solution) const;
  // The puzzle with each step's cells (row-major) marked by the step's number, for a key that
  // explains.
  puzzlegen::render::Drawing draw_steps(const std::vector<std::vector<int>>& cells_by_step) const;
  // The puzzle in the game-description form of Simon Tatham's `unequal` ("N:cell,cell,...").
  std::string game_description() const;
};

// Reads an instance file's document: either {size, givens, inequalities} or {game: "N:..."}
// (a game description as `sgt-unequal --generate` prints it). Throws InputError at the field.
Grid read_grid(const YAML::Node& document, const std::string& file);
// Reads one game description; `where`/`field` locate errors.
Grid read_game_description(const std::string& text, const puzzlegen::SourceLocation& where,
                           const std::string& field);

}  // namespace futoshiki
