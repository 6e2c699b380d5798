// A Sudoku: an n x n grid (n = box rows x box columns) to fill with 1..n, each once in every
// row, column and box, with some numbers given. The board, its symmetries and its drawing come
// from puzzlegen's grid kit (grid/board.hpp, render/grid.hpp).
#pragma once

#include <string>
#include <vector>

#include "grid/board.hpp"

namespace sudoku {

using puzzlegen::Json;
using puzzlegen::grid::Board;

class Sudoku final : public puzzlegen::grid::BoardInstance {
 public:
  // `givens`: n*n numbers, row-major, 0 for an empty cell; n = box_rows * box_columns.
  Sudoku(int box_rows, int box_columns, std::vector<int> givens);

  int box_rows() const { return box_rows_; }
  int box_columns() const { return box_columns_; }

  Json to_json() const override;
  std::string render_text() const override;
  puzzlegen::render::Drawing draw(double width) const override;
  // The grid filled in with `solution` (n*n numbers), the givens in bold.
  puzzlegen::render::Drawing draw_filled(const std::vector<int>& solution) const;
  // The puzzle with each step's cells (row-major) marked by the step's number.
  puzzlegen::render::Drawing draw_steps(const std::vector<std::vector<int>>& cells_by_step) const;
  // The puzzle as Simon Tatham's `solo` describes it ("3x3:a2_6a7b3...").
  std::string game_description() const;
  // The common one-line form (qqwing's): n*n characters, '.' for an empty cell; n <= 9.
  std::string line() const;

 private:
  int box_rows_, box_columns_;
};

// Reads an instance file's document: {box, givens}, {game: "3x3:..."} (`sgt-solo --generate`)
// or {line: ".9..7..."} (`qqwing --one-line`; `box` optional). Throws InputError at the field.
Sudoku read_sudoku(const YAML::Node& document, const std::string& file);
// Reads one description in `solo`'s form; `where`/`field` locate errors.
Sudoku read_game_description(const std::string& text, const puzzlegen::SourceLocation& where,
                             const std::string& field);

}  // namespace sudoku
