// The geometry of "Eight Blocks to Madness" (Haraguchi 2016): cubes whose six faces have six
// different colours, their 30 varieties, corner triples, mirror varieties, compatibility,
// Conway's 6x6 table as the varieties' names, and an independent check of a built solid.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace puzzlegen::eight_blocks {

inline constexpr int kColours = 6;  // p, q, r, s, t, u
inline constexpr int kVarieties = 30;
inline constexpr int kCorners = 8;

// Face slots: right (+x), left (-x), back (+y), front (-y), top (+z), bottom (-z).
enum Face : int { right = 0, left = 1, back = 2, front = 3, top = 4, bottom = 5 };
inline constexpr std::array<const char*, 6> kFaceNames = {"right", "left", "back",
                                                          "front", "top",  "bottom"};

using Colouring = std::array<int, 6>;        // colour (0..5) on each face slot
using Counts = std::array<int, kVarieties>;  // a number of cubes (or anything) per variety
using Triple = int;                          // a corner triple (a, b, c) as 36a + 6b + c

// A rotation moves the face in slot f to slot to[f].
struct Rotation {
  std::array<int, 6> to;
};
const std::vector<Rotation>& rotations();  // the 24, identity first
Colouring rotate(const Colouring& c, const Rotation& r);

// Corners as sign vectors (sx, sy, sz); corner k has sx = + when bit 0 is clear, and so on.
std::array<int, 3> corner_signs(int corner);
std::array<int, 3> corner_faces(int corner);  // the three face slots that meet there
// The corner's colours in clockwise order seen from outside, least colour first.
Triple corner_triple(const Colouring& c, int corner);
std::string triple_name(Triple t);  // "(p,q,t)"

// Varieties are numbered by Conway's table: variety v is row i, column j with
// v = 5 (i - 1) + (j - 1 if j < i else j - 2), i != j in 1..6, in reading order.
struct Variety {
  int row;                               // i, 1..6
  int column;                            // j, 1..6
  Colouring colouring;                   // a representative
  std::array<Triple, kCorners> triples;  // sorted
};
const std::vector<Variety>& varieties();
int variety_index(int row, int column);      // -1 when row == column
std::string variety_name(int v);             // "(1,2)"
int parse_variety(const std::string& name);  // -1 unless "(i,j)" with i != j in 1..6
int variety_of(const Colouring& c);          // -1 unless six different colours
int mirror(int v);
bool compatible(int u, int v);  // different varieties sharing a corner triple
// Every variety one of whose corners has triple t (five of them for each of the 40 triples).
const std::vector<int>& varieties_with_triple(Triple t);

// A colour renaming sigma maps variety v to permuted_variety(sigma, v) (all 720 as a table).
const std::vector<std::array<int, kVarieties>>& colour_permutations();

// One cube of the solid: its variety, its rotation and the corner it fills.
struct PlacedCube {
  int variety;
  int rotation;  // index into rotations(), applied to the variety's representative
  int corner;
};
// The colour on each face slot of a placed cube.
Colouring shown(const PlacedCube& cube);
// "top-front-left": the corner's z, y and x faces, in that order.
std::string corner_name(int corner);
// Builds the 2x2x2 solid and checks it: each of its six faces shows one colour, the six
// faces six colours, and every corner filled once. Returns the solid's variety, or -1.
int check_solid(const std::vector<PlacedCube>& cubes);

}  // namespace puzzlegen::eight_blocks
