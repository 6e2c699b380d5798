// Multisets of cubes grown one cube at a time, one per class (framework/classes.hpp): the
// class walk of Eight Blocks instances, up to renaming colours or also up to mirror images.
#pragma once

#include <memory>

#include "classes.hpp"
#include "groups.hpp"

namespace puzzlegen::eight_blocks {

// What a spec asks that the walk uses.
struct CubeGrowthSpec {
  std::vector<std::string> colors;  // the instances' colour names
  Convention convention = Convention::renaming;
  Counts low{}, high{};  // per variety: the least and most cubes (max-per-variety included)
  // Per variety: 1 when its solid must be composable (a kind bound with min >= 1), -1 when it
  // must not be (max 0), 0 otherwise.
  std::array<int, kVarieties> wanted{};
  Bounds composable;  // the spec's bounds on composable-varieties
  Bounds size;        // the spec's bounds on size
  // The symmetries the walk uses: the convention's group, or the part of it that keeps the
  // spec's bounds variety by variety.
  std::shared_ptr<const VarietyGroup> group;
};

std::unique_ptr<Growth> cube_growth(CubeGrowthSpec spec);

}  // namespace puzzlegen::eight_blocks
