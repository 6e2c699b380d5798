// Puzzles played on screen: what a family says about an instance so that a worksheet's page
// lets a pupil fill it in and check it (Family::play), and the page's one script, which checks
// an answer by the puzzle's rules only. A description holds the instance, never a solution, so
// the page cannot show the answer: a puzzle with one solution is checked by its rules alone.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "drawing.hpp"
#include "xml.hpp"

namespace puzzlegen::render {

// A grid of cells, each to be given one of `values` (numbers, colours, groups). Cells are
// numbered row-major from 0. The rules say what a right answer is; the page names each broken
// rule by its `where` and the pupil's own values, and marks the cells that clash.
struct PlayGrid {
  int rows = 0;
  int columns = 0;
  std::vector<std::string> values;         // as shown and typed ("1", "a", "A")
  std::vector<std::string> names;          // in words ("red"); empty: the values themselves
  std::vector<std::string> fills;          // a CSS colour per value; empty: none
  std::vector<std::string> labels;         // a small label per cell (a tower's size); empty: none
  std::vector<std::optional<int>> givens;  // per cell: a value printed on the sheet, or none

  // These cells hold different values; `where` says where, after a value ("in row 2").
  struct Distinct {
    std::vector<int> cells;
    std::string where;
  };
  std::vector<Distinct> distinct;
  // Cell `smaller` holds a value earlier in `values` than cell `larger`'s: a sign drawn
  // between them when they are neighbours.
  struct Less {
    int smaller = 0;
    int larger = 0;
  };
  std::vector<Less> less;
  // A cage (KenKen): once its cells are filled, their values read as numbers give `target` by
  // `op`: '+' added, 'x' multiplied, '-' the larger less the smaller, '/' the larger divided
  // by the smaller (two cells), or 0 for a cage of one cell holding the target.
  struct Cage {
    std::vector<int> cells;
    char op = 0;
    long long target = 0;
  };
  std::vector<Cage> cages;
  // For every value, the cells holding it have weights that add up to the same total (two
  // groups of equal sums).
  std::vector<long long> equal_sums;  // a weight per cell; empty: no such rule

  // Every row and every column holds different values ("in row 2", "in column 3"): a Latin
  // board's rules, which every grid family has.
  void add_rows_and_columns();

  nlohmann::ordered_json to_json() const;
};

// Cubes to turn: a tower, one cube above the other, whose four sides must show what `goal`
// asks: "all-different" (every colour once on each side), "all-equal" (each side one colour,
// the four sides four colours) or "monochrome-sides" (each side one colour).
struct PlayTower {
  std::vector<std::string> values;  // colour labels, as on the nets
  std::vector<std::string> names;   // colour names
  std::vector<std::string> fills;   // a CSS colour per colour
  // Per cube its colours at top, bottom, front, back, left, right, as the sheet's net shows it.
  std::vector<std::array<int, 6>> cubes;
  std::string goal = "all-different";

  nlohmann::ordered_json to_json() const;
};

// The fills, labels and names of a palette's colours, for a play description.
void describe_colours(const Palette& palette, std::vector<std::string>& values,
                      std::vector<std::string>& names, std::vector<std::string>& fills);

// <div class="play" data-play="...">, empty: the page's script builds the puzzle in it. Print
// hides it, and without the script nothing shows.
Element play_box(const nlohmann::ordered_json& description, int puzzle);
// <script> of the players, and its Content-Security-Policy source ('sha256-...'), so that a
// server may allow exactly this script.
Element player_script();
std::string player_script_source();

}  // namespace puzzlegen::render
