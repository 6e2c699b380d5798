// Eight Blocks on paper: the cubes as nets to cut out, numbered in variety order, and an
// assembly as the solid's six faces (each small square marked with its cube's number) and a
// corner-by-corner table.
#pragma once

#include <vector>

#include "instance.hpp"

namespace puzzlegen::eight_blocks {

// `cubes` as placed by an assembly of `variety` from `instance`.
render::Drawing draw_assembly(const BlocksInstance& instance, int variety,
                              const std::vector<PlacedCube>& cubes);

}  // namespace puzzlegen::eight_blocks
