// A Futoshiki puzzle: an n x n grid to fill with 1..n, each once per row and column, with some
// numbers given and inequality signs between some neighbouring cells.
#pragma once

#include <string>
#include <vector>

#include "family.hpp"

namespace futoshiki {

using puzzlegen::Json;

// A sign between two neighbouring cells, a and b (b right of or below a): a < b or a > b.
enum class Sign { none = 0, less = 1, greater = 2 };

// Two neighbouring cells, b right of or below a.
struct Pair {
  int a, b;
};
// Every pair of neighbours of an n x n grid, in the order of a grid's signs: across, row by
// row, then down. Pair k's sign is right[k] for k < n(n-1), down[k - n(n-1)] after.
std::vector<Pair> neighbour_pairs(int n);
// The position in neighbour_pairs(n) of the pair of neighbours (a, b), a < b.
inline int pair_index(int n, int a, int b) {
  return b == a + 1 ? a / n * (n - 1) + a % n : n * (n - 1) + a;
}

class Grid final : public puzzlegen::Instance {
 public:
  // `givens`: n*n numbers, row-major, 0 for an empty cell. `right[r*(n-1)+c]`: the sign between
  // (r,c) and (r,c+1); `down[r*n+c]`: between (r,c) and (r+1,c).
  Grid(int n, std::vector<int> givens, std::vector<Sign> right, std::vector<Sign> down);

  int n() const { return n_; }
  const std::vector<int>& givens() const { return givens_; }
  const std::vector<Sign>& right() const { return right_; }
  const std::vector<Sign>& down() const { return down_; }
  // The sign of neighbour_pairs(n())[k].
  Sign sign(std::size_t k) const {
    return k < right_.size() ? right_[k] : down_[k - right_.size()];
  }
  int given_count() const;
  int sign_count() const;

  Json to_json() const override;
  // The least encoding over the 16 symmetries that map Futoshiki puzzles to Futoshiki puzzles:
  // the square's 8 rotations and reflections, each with or without reading every number v as
  // n + 1 - v (which turns every sign round).
  std::vector<int> canonical_key() const override;
  std::optional<puzzlegen::Natural> class_size() const override;  // its distinct images
  std::string render_text() const override;
  puzzlegen::render::Drawing draw(double width) const override;  // one grid
  // The grid filled in with `solution` (n*n numbers), the givens in bold.
  puzzlegen::render::Drawing draw_filled(const std::vector<int>& solution) const;
  // The puzzle in the game-description form of Simon Tatham's `unequal` ("N:cell,cell,...").
  std::string game_description() const;

 private:
  std::vector<std::vector<int>> images() const;  // the encoding under each of the 16

  int n_;
  std::vector<int> givens_;
  std::vector<Sign> right_, down_;
};

// Reads an instance file's document: either {size, givens, inequalities} or {game: "N:..."}
// (a game description as `sgt-unequal --generate` prints it). Throws InputError at the field.
Grid read_grid(const YAML::Node& document, const std::string& file);
// Reads one game description; `where`/`field` locate errors.
Grid read_game_description(const std::string& text, const puzzlegen::SourceLocation& where,
                           const std::string& field);

}  // namespace futoshiki
