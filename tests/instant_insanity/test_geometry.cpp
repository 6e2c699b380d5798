// The 24 rotations are exactly the rotation group of the cube, and every solution the model
// counts is a real tower: checked by turning the cube independently and reading its sides,
// and by de Carteblanche's graph characterisation.
#include <catch2/catch.hpp>

#include <set>

#include "brute_force.hpp"
#include "instant_insanity/model.hpp"
#include "rng.hpp"

using namespace puzzlegen;
using namespace puzzlegen::instant_insanity;

namespace {
using Perm = std::array<int, kFaces>;

// Compose face maps: (p*q)[w] = q[p[w]] matches "shows" semantics of applying q, then p.
std::set<Perm> closure(const std::vector<Perm>& generators) {
  std::set<Perm> group = {{0, 1, 2, 3, 4, 5}};
  bool grew = true;
  while (grew) {
    grew = false;
    for (const Perm& g : std::vector<Perm>(group.begin(), group.end()))
      for (const Perm& h : generators) {
        Perm gh;
        for (int w = 0; w < kFaces; ++w) gh[w] = g[h[w]];
        grew |= group.insert(gh).second;
      }
  }
  return group;
}
}  // namespace

TEST_CASE("the 24 rotations are exactly the cube's rotation group",
          "[instant-insanity][geometry]") {
  const auto& all = rotations();
  REQUIRE(all.size() == 24);
  CHECK(all[0].shows == Perm{0, 1, 2, 3, 4, 5});  // identity first
  std::set<Perm> ours;
  for (const auto& r : all) {
    ours.insert(r.shows);
    // opposite faces stay opposite
    for (int f = 0; f < kFaces; f += 2) CHECK((r.shows[f] ^ 1) == r.shows[f + 1]);
  }
  CHECK(ours.size() == 24);
  // Quarter turns about the vertical axis and about the left-right axis, written as face
  // maps by hand, generate a group of 24 that must be the same set.
  const Perm about_vertical = {top, bottom, right, left, front, back};  // front shows old right...
  const Perm about_left_right = {front, back, bottom, top, left, right};
  CHECK(closure({about_vertical, about_left_right}) == ours);
  // Composition stays in the group and every element has an inverse.
  for (int a = 0; a < 24; ++a) {
    bool has_inverse = false;
    for (int b = 0; b < 24; ++b) has_inverse |= compose(a, b) == 0;
    CHECK(has_inverse);
  }
  // No reflection sneaks in: every matrix has determinant +1 (a reflection would swap the
  // handedness of front, right, top).
  for (const auto& r : all) {
    const auto& m = r.matrix;
    const int det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                    m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                    m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    CHECK(det == 1);
  }
}

TEST_CASE("the seeds' rotation tables are groups of 24 agreeing with ours on visible sides",
          "[instant-insanity][geometry][seed]") {
  // The book's orientation list, on a cube with six different colours, yields the same 24
  // (front, back, left, right) tuples as our rotations.
  const std::array<std::array<int, 2>, 3> pairs = {{{0, 1}, {2, 3}, {4, 5}}};
  std::set<std::array<int, 4>> book, ours;
  for (const auto& o : brute::orientations(pairs)) book.insert(brute::sides(o.colours));
  Cube cube;
  cube.faces = {0, 1, 2, 3, 4, 5};
  for (int r = 0; r < 24; ++r) ours.insert(sides_of(cube, r));
  CHECK(book.size() == 24);
  CHECK(book == ours);
}

TEST_CASE("tower groups: 4 turns fix the top, 8 symmetries keep the vertical axis",
          "[instant-insanity][geometry]") {
  const auto turns = tower_group(false);
  const auto symmetries = tower_group(true);
  CHECK(turns.size() == 4);
  CHECK(symmetries.size() == 8);
  for (const auto& g : turns) CHECK(rotations()[g.rotation].shows[top] == top);
  std::set<std::array<int, kSides>> perms;
  for (const auto& g : symmetries) perms.insert(g.perm);
  CHECK(perms.size() == 8);  // acts faithfully on the four sides
  // The left/right swap (front and back kept) is one of them.
  CHECK(perms.count({0, 1, 3, 2}) == 1);
}

namespace {
// Independent reading of a cube's sides: turn each face's outward normal by the matrix and
// see which world side it now faces.
std::array<int, kSides> read_sides(const Cube& cube, const Matrix& m) {
  const std::array<std::array<int, 3>, kFaces> normal = {
      {{0, 0, 1}, {0, 0, -1}, {0, -1, 0}, {0, 1, 0}, {-1, 0, 0}, {1, 0, 0}}};
  std::array<int, kSides> out{-1, -1, -1, -1};
  for (int f = 0; f < kFaces; ++f) {
    std::array<int, 3> v{};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) v[i] += m[i][j] * normal[f][j];
    for (int s = 0; s < kSides; ++s)
      if (v == normal[kSideFaces[s]]) out[s] = cube.faces[f];
  }
  return out;
}

// Two edge-disjoint 2-regular spanning subgraphs of the colour multigraph (loops count 2).
void check_de_carteblanche(const TowerInstance& instance, const std::vector<int>& rotation) {
  const int n = instance.size();
  std::vector<int> degree_fb(n, 0), degree_lr(n, 0);
  for (int i = 0; i < n; ++i) {
    const auto& shows = rotations()[rotation[i]].shows;
    const int fb_pair = shows[front] / 2, lr_pair = shows[left] / 2;
    CHECK(fb_pair != lr_pair);  // two different edges of cube i
    CHECK(shows[back] / 2 == fb_pair);
    CHECK(shows[right] / 2 == lr_pair);
    const auto& f = instance.cubes()[i].faces;
    ++degree_fb[f[2 * fb_pair]], ++degree_fb[f[2 * fb_pair + 1]];
    ++degree_lr[f[2 * lr_pair]], ++degree_lr[f[2 * lr_pair + 1]];
  }
  for (int c = 0; c < n; ++c) {
    CHECK(degree_fb[c] == 2);
    CHECK(degree_lr[c] == 2);
  }
}
}  // namespace

TEST_CASE("every counted solution is a real tower", "[instant-insanity][checker]") {
  Rng rng(77);
  int checked = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 4 + trial % 3;
    std::vector<Cube> cubes(static_cast<std::size_t>(n));
    // Planted ADIIS: columns are permutations, top/bottom random, pairs then shuffled.
    std::vector<std::vector<int>> col(4, std::vector<int>(static_cast<std::size_t>(n)));
    for (auto& c : col) {
      std::iota(c.begin(), c.end(), 0);
      rng.shuffle(c);
    }
    for (int i = 0; i < n; ++i) {
      std::vector<std::array<int, 2>> pairs = {
          {static_cast<int>(rng.below(n)), static_cast<int>(rng.below(n))},
          {col[0][i], col[1][i]},
          {col[2][i], col[3][i]}};
      rng.shuffle(pairs);
      for (int p = 0; p < 3; ++p)
        cubes[i].faces[2 * p] = pairs[p][0], cubes[i].faces[2 * p + 1] = pairs[p][1];
    }
    const TowerInstance instance(default_colors(n), cubes);
    TowerSpace root(instance, Kind::all_different);
    enumerate<TowerSpace>(root, Limits::within(std::chrono::seconds(60)), [&](TowerSpace& s) {
      const auto sides = s.side_values();
      for (int i = 0; i < n; ++i) {
        for (Gecode::IntVarValues r(s.rotation[i]); r(); ++r) {
          const auto seen = read_sides(instance.cubes()[i], rotations()[r.val()].matrix);
          for (int k = 0; k < kSides; ++k) CHECK(seen[k] == sides[kSides * i + k]);
        }
      }
      for (int k = 0; k < kSides; ++k) {
        std::set<int> column;
        for (int i = 0; i < n; ++i) column.insert(sides[kSides * i + k]);
        CHECK(static_cast<int>(column.size()) == n);
      }
      check_de_carteblanche(instance, s.first_rotations());
      ++checked;
      return true;
    });
    // The tower built from the graph formulation is a real tower too.
    const auto built =
        first_tower_through_two_factors(instance, Limits::within(std::chrono::seconds(60)));
    REQUIRE(built.size() == static_cast<std::size_t>(n));
    for (int k = 0; k < kSides; ++k) {
      std::set<int> column;
      for (int i = 0; i < n; ++i)
        column.insert(read_sides(instance.cubes()[i], rotations()[built[i]].matrix)[k]);
      CHECK(static_cast<int>(column.size()) == n);
    }
    check_de_carteblanche(instance, built);
  }
  CHECK(checked > 40);
}
