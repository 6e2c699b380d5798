// Eight Blocks counted and classified a second way, for `puzzlegen verify`: the solids built
// geometrically, corner by corner, from the cubes' colourings turned by rotations generated
// here (no Gecode model, no corner-triple tables or Hall conditions of model.cpp and
// geometry.cpp; only the varieties' representative colourings, which define the instance).
#pragma once

#include "instance.hpp"

namespace puzzlegen::eight_blocks {

// `kind`: a variety's assemblies (which variety fills each corner of the solid standing as the
// variety's representative), or composable-varieties.
Recount assemblies_again(const BlocksInstance& blocks, const std::string& kind,
                         const Limits& limits);

// The instance's class (its distinct colour renamings, and mirror images in that convention),
// by orbit-stabiliser.
Recount class_size_again(const BlocksInstance& blocks, const Limits& limits);

}  // namespace puzzlegen::eight_blocks
