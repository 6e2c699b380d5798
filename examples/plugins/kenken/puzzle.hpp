// A KenKen puzzle: an n x n grid to fill with 1..n, each once per row and column, divided into
// cages, each with a target and an operation that its cells' numbers must give. The board, its
// symmetries and the class key come from puzzlegen's grid kit (grid/board.hpp): the cages are
// the board's regions, each cage's clue one number in region_clues.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grid/board.hpp"

namespace kenken {

using puzzlegen::Json;
using puzzlegen::grid::Board;

// What a cage's numbers must give. A cage of one cell has its number as the target (kept as
// `add`, or `mul` when a description says so).
enum Op { add = 0, mul = 1, sub = 2, div = 3 };

// The largest target a cage may have: value * 4 + op must fit in an int (the region clue).
inline constexpr std::int64_t kMaxTarget = 500'000'000;

struct Cage {
  std::vector<int> cells;  // row-major, ascending
  Op op = add;
  std::int64_t value = 0;
};

// "12+", "3−", "2÷", "24×"; a cage of one cell shows its number.
std::string clue_text(const Cage& cage, bool ascii = false);

class Puzzle final : public puzzlegen::grid::BoardInstance {
 public:
  // `board`: no givens; regions numbered by each cage's first cell, row-major; a clue per
  // region, value * 4 + op.
  explicit Puzzle(Board board);
  // The cages, in the order of their first cells (as region numbers).
  const std::vector<Cage>& cages() const { return cages_; }

  Json to_json() const override;
  std::string render_text() const override;
  puzzlegen::render::Drawing draw(double width) const override;
  // The grid filled in with `solution` (n*n numbers).
  puzzlegen::render::Drawing draw_filled(const std::vector<int>& solution) const;
  // The puzzle with each step's cells marked by the step's number, for a key that explains.
  puzzlegen::render::Drawing draw_steps(const std::vector<std::vector<int>>& cells_by_step) const;
  // The puzzle as Simon Tatham's `keen` describes it ("N:walls,clues"); empty when it cannot
  // (a run of more than 26 joined edges, which neither generator makes).
  std::string game_description() const;

 private:
  std::vector<Cage> cages_;
};

// The puzzle made of these cages (which must cover the n x n board exactly once).
Puzzle make_puzzle(int n, std::vector<Cage> cages);

// Reads an instance file's document: either {size, cages} or {game: "N:..."} (a description
// as `sgt-keen --generate` prints it). Throws InputError at the field.
Puzzle read_puzzle(const YAML::Node& document, const std::string& file);
// Reads one game description; `where`/`field` locate errors.
Puzzle read_game_description(const std::string& text, const puzzlegen::SourceLocation& where,
                             const std::string& field);

}  // namespace kenken
