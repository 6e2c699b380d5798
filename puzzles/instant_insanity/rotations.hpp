// Cube geometry for Instant Insanity: face slots, the 24 rotations built from their matrices,
// and the tower symmetries (rotations that keep the tower's vertical axis).
#pragma once

#include <array>
#include <vector>

namespace puzzlegen::instant_insanity {

// Face slots of a cube in its reference pose. Opposite faces are (0,1), (2,3), (4,5).
enum Face : int { top = 0, bottom = 1, front = 2, back = 3, left = 4, right = 5 };
inline constexpr int kFaces = 6;
inline constexpr int kSides = 4;  // the visible sides of a tower: front, back, left, right
inline constexpr std::array<Face, kSides> kSideFaces = {front, back, left, right};
inline constexpr std::array<const char*, kFaces> kFaceNames = {"top",  "bottom", "front",
                                                               "back", "left",   "right"};

using Matrix = std::array<std::array<int, 3>, 3>;

struct Rotation {
  Matrix matrix;
  // shows[w] = the reference face that a cube in this orientation shows at world slot w.
  std::array<int, kFaces> shows;
};

// The 24 proper rotations of the cube, identity first, in a fixed order (rotation indices are
// part of solution output).
const std::vector<Rotation>& rotations();

// Index of the rotation a*b (apply b, then a).
int compose(int a, int b);

// The symmetries of a tower acting on every cube at once: rotations g with g(up) = +-up, as
// permutations of the four side slots: new_side[s] = old_side[perm[s]] (s indexes kSideFaces).
struct TowerSymmetry {
  int rotation;  // index into rotations()
  std::array<int, kSides> perm;
};
// modulo "tower-rotation": the 4 turns about the vertical axis; "tower-symmetry": those and the
// 4 half-turns about horizontal axes (swapping left and right on every cube, and so on), 8.
std::vector<TowerSymmetry> tower_group(bool with_flips);

}  // namespace puzzlegen::instant_insanity
