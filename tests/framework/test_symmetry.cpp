#include <catch2/catch.hpp>

#include "symmetry.hpp"

using namespace puzzlegen;

namespace {
// The 8 symmetries of a 2x2 grid of cells 0 1 / 2 3 acting on positions.
SymmetryGroup square_group() {
  const std::vector<std::vector<int>> positions = {{0, 1, 2, 3}, {1, 3, 0, 2}, {3, 2, 1, 0},
                                                   {2, 0, 3, 1}, {1, 0, 3, 2}, {2, 3, 0, 1},
                                                   {0, 2, 1, 3}, {3, 1, 2, 0}};
  std::vector<Symmetry> elements;
  for (const auto& p : positions) elements.push_back({p, {}});
  return SymmetryGroup(elements);
}
}  // namespace

TEST_CASE("orbit counting by canonical forms matches Burnside", "[symmetry]") {
  // 2-colourings of the 2x2 grid up to its 8 symmetries: Burnside gives (16+2+4+2+4+4+8+8)/8 = 6.
  const SymmetryGroup group = square_group();
  int canonical = 0;
  std::size_t orbit_total = 0;
  for (int mask = 0; mask < 16; ++mask) {
    const std::vector<int> x = {mask & 1, mask >> 1 & 1, mask >> 2 & 1, mask >> 3 & 1};
    if (group.is_canonical(x)) {
      ++canonical;
      orbit_total += group.orbit_size(x);
      CHECK(group.canonical(x) == x);
    }
  }
  CHECK(canonical == 6);
  CHECK(orbit_total == 16);  // the orbits partition the 16 colourings
}

TEST_CASE("value symmetries relabel values", "[symmetry]") {
  const Symmetry swap_values{{}, {1, 0}};
  CHECK(swap_values.apply(std::vector<int>{0, 0, 1}) == std::vector<int>{1, 1, 0});
  const SymmetryGroup group({Symmetry{}, swap_values});
  CHECK(group.canonical(std::vector<int>{1, 1, 0}) == std::vector<int>{0, 0, 1});
}

TEST_CASE("all permutations", "[symmetry]") {
  const auto perms = all_permutations(4);
  CHECK(perms.size() == 24);
  CHECK(perms.front() == std::vector<int>{0, 1, 2, 3});
  CHECK(perms.back() == std::vector<int>{3, 2, 1, 0});
}
