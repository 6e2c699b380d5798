// How a model family's instances and solutions look: a grid drawn by the manifest's `draw:`
// section through the grid kit's layout, and plain text for every other family.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "manifest.hpp"
#include "render/drawing.hpp"

namespace puzzlegen::models {

using Values = std::map<std::string, std::vector<int>>;  // a variable's elements, row-major

// The board of `instance_values` (the manifest's draw.cells and its marks and labels), with
// `solution` (the draw.solution variable's values) filled in when it is not empty: given
// cells bold, the rest lighter.
render::Drawing draw_grid(const Manifest& manifest,
                          const std::map<std::string, std::int64_t>& sizes,
                          const Values& instance_values, const std::vector<int>& solution);

// Lines of text in a fixed-width font: the drawing of a family that declares no grid.
render::Drawing draw_text(const std::string& family, const std::string& text);

// One value as drawn or printed: its symbol, or the number.
std::string symbol(const Manifest& manifest, std::int64_t value);

// "name: value" lines, arrays of two dimensions as rows.
std::string values_text(const Manifest& manifest, const std::vector<std::string>& names,
                        const std::map<std::string, std::vector<int>>& dims, const Values& values);

}  // namespace puzzlegen::models
