// A 36 Cube instance: an n x n board, the size of the tower each cell takes, and the pieces
// (one tower per colour and size, some of them special: they also fit named cells).
#pragma once

#include <string>
#include <vector>

#include "family.hpp"
#include "latin.hpp"

namespace puzzlegen::cube36 {

// The tower of colour `color` and size `size` also fits `cells` (row-major indices), cells
// where an ordinary tower of its size does not stand flush.
struct SpecialPiece {
  int color = 0;
  int size = 1;
  std::vector<int> cells;
};

// Whether `piece` (colour * n + size - 1) is special and also fits `cell`.
bool also_fits(const std::vector<SpecialPiece>& specials, int n, int piece, int cell);

class Board final : public Instance {
 public:
  Board(int n, std::vector<int> sizes, std::vector<std::string> colors,
        std::vector<SpecialPiece> specials, bool as_pedestals = false);
  // A Latin board with ordinary pieces whose class is known already (a class walk computes
  // it): the board is the class's form, and its key and class size are not computed again.
  Board(int n, IsotopyClass known, std::vector<std::string> colors);

  int n() const { return n_; }
  int cells() const { return n_ * n_; }
  int size_at(int cell) const { return sizes_[static_cast<std::size_t>(cell)]; }
  const std::vector<int>& sizes() const { return sizes_; }
  const std::vector<std::string>& colors() const { return colors_; }
  const std::vector<std::string>& abbreviations() const { return abbreviations_; }
  const std::vector<SpecialPiece>& specials() const { return specials_; }
  bool is_latin() const;
  // Colours printed on the board for the solver (a sheet's givens): the colour of each cell,
  // or kNoColour. Every solution shows them.
  static constexpr int kNoColour = -1;
  const std::vector<int>& given_colours() const { return given_; }
  bool has_givens() const;
  // The same board with these colours given (one entry per cell, kNoColour for none).
  Board with_given_colours(std::vector<int> given) const;

  // Pieces are numbered color * n + size - 1.
  int piece(int color, int size) const { return color * n_ + size - 1; }
  // Whether the piece fits `cell`; with use_specials false every piece is ordinary.
  bool fits(int piece, int cell, bool use_specials) const;
  // The order of the group of colour relabellings that map the piece set to itself (n! with
  // ordinary pieces only). It acts freely on solutions: row 1 shows every colour.
  std::uint64_t colour_symmetries() const;
  // Colours with the same special pieces and no given cell, each class sorted (a colour given
  // somewhere is a class of its own): the relabellings above permute colours within classes.
  std::vector<std::vector<int>> interchangeable_colours() const;

  Json to_json() const override;
  // Latin boards with ordinary pieces: up to permuting rows, columns and sizes and
  // transposing; boards with special pieces or given colours: exact repeats only; other
  // boards: up to relabelling sizes only (see docs/cube36.md).
  std::vector<int> canonical_key() const override;
  std::optional<Natural> class_size() const override;
  std::string render_text() const override;
  render::Drawing draw(double width) const override;  // drawing.cpp: one board
  // The board with each step's cells (row-major) marked by the step's number (a key that
  // explains).
  render::Drawing draw_steps(const std::vector<std::vector<int>>& cells_by_step) const;

 private:
  // Special pieces or given colours: cells the board's symmetries may not move.
  bool pinned() const { return !specials_.empty() || has_givens(); }

  int n_;
  std::vector<int> sizes_;  // row-major, 1..n
  std::vector<std::string> colors_;
  std::vector<std::string> abbreviations_;
  std::vector<SpecialPiece> specials_;
  std::vector<int> given_;  // per cell, a colour or kNoColour
  bool as_pedestals_;
  std::optional<Natural> known_class_size_;  // set with a known class: sizes_ is its form
};

Board read_board(const YAML::Node& document, const std::string& file);

// Default colour names: a, b, c, ... (as the blog post names them).
std::vector<std::string> default_colors(int n);

// `special-pieces:` as written (a list of {color, size, also-fits: [[row, column], ...]}),
// checked for shape, as JSON; then resolved against n and the colours. `node`, when given,
// is the same list in YAML, for error locations.
Json read_special_pieces(const YAML::Node& node, const std::string& file, const std::string& field);
std::vector<SpecialPiece> resolve_special_pieces(const Json& pieces, int n,
                                                 const std::vector<std::string>& colors,
                                                 const SourceLocation& where,
                                                 const std::string& field,
                                                 const YAML::Node& node = YAML::Node());

}  // namespace puzzlegen::cube36
