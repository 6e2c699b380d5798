// A model family's manifest (family.yaml beside its MiniZinc models): the family's name and
// summary, its size parameters (MiniZinc parameters, fixed when a model is compiled), its
// instance data (MiniZinc `var` arrays the adapter fixes per instance, so that one compiled
// model serves every instance of a size), the variables a solution is counted by, its kinds
// (one model each), its clues and how it is drawn. docs/model-families.md is its reference.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "error.hpp"

namespace puzzlegen::models {

// An integer expression over the size parameters: a number, a parameter, or +, -, * of them.
struct Expression {
  std::string text;
  SourceLocation where;
  std::int64_t evaluate(const std::map<std::string, std::int64_t>& sizes) const;
  // The parameter names it uses.
  std::vector<std::string> names() const;
};

struct SizeParameter {
  std::string name;  // as in the model (box_rows); specs and instance files say box-rows
  std::string key;   // box-rows
  std::string help;
  std::int64_t min = 1, max = 64;
  std::int64_t default_value = 1;
};

// One array (or scalar) of instance data.
struct DataParameter {
  std::string name, key, help;
  std::vector<Expression> dims;  // none for a scalar
  Expression min, max;           // the values' range
  SourceLocation where;
};

struct KindModel {
  std::string name;
  std::string help;
  std::string model;  // the .mzn file, relative to the manifest's folder
  SourceLocation where;
};

// Clues a puzzle is made of (givens), so that the `minimal` strategy can take them away.
struct DeclaredClues {
  std::string data;      // the instance data holding them
  std::int64_t empty;    // its value for "no clue"
  std::string solution;  // the solution variable (same shape) whose values a clue gives
  SourceLocation where;
};

// How an instance and a solution are drawn: a grid of cells, with marks between neighbours,
// labels round it, and boxes.
struct GridDrawing {
  std::string cells;     // instance data with 2 dims: the board
  std::string solution;  // the solution variable drawn in the key
  SourceLocation solution_where;
  std::map<std::int64_t, std::string> symbols;           // a value's text; default: the number
  std::map<std::int64_t, std::string> solution_symbols;  // in the key; default: symbols
  std::set<std::int64_t> shade;                          // given values drawn as dark cells
  std::string shade_data;  // the instance data `shade` reads (default `cells`): a board's walls
  std::set<std::int64_t> solution_shade;  // solution values drawn as dark cells in the key
  std::string regions;  // instance data of the cells' shape: thick lines where values differ
  std::optional<std::int64_t> blank;  // a value drawn as an empty cell
  std::string across, down;           // marks between cells: rows x (columns-1), (rows-1) x columns
  std::map<std::int64_t, std::string> marks;  // a mark's text by value (0: none)
  // Clues outside the grid: one per column or row, or [columns or rows, k] of them.
  std::string top, bottom, left, right;
  std::optional<Expression> box_rows, box_columns;  // thick lines round boxes
};

struct Manifest {
  std::string file;    // the manifest's path
  std::string folder;  // its folder
  std::string name, title, summary;
  std::string task;  // what a solver is asked to do, as printed on a worksheet ("" = a default)
  std::vector<SizeParameter> sizes;
  std::vector<DataParameter> data;
  // The variables a solution is counted by; empty: every model variable that is not data.
  std::vector<std::string> solution;
  SourceLocation solution_where;
  std::vector<KindModel> kinds;
  // Constraints every valid instance meets, over the instance data alone (AutoIG's instance
  // model): `search` and `exhaustive` propagate them, every generator checks them.
  std::optional<KindModel> instance_model;
  std::optional<DeclaredClues> clues;
  std::optional<GridDrawing> drawing;

  const DataParameter* find_data(const std::string& name) const;
  // The dimensions of data `d` for these sizes.
  std::vector<int> dims_of(const DataParameter& d,
                           const std::map<std::string, std::int64_t>& sizes) const;
};

// Reads a manifest (a family.yaml, or the folder holding one); InputError at file:line:col,
// naming the field, for anything wrong, before any model is compiled.
Manifest read_manifest(const std::string& path);

}  // namespace puzzlegen::models
