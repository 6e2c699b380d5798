// Eight Blocks: the 30 varieties, corner triples, mirrors and compatibility from geometry;
// Conway's table with Haraguchi's Properties 1 and 2 and Propositions 1 and 2; the two
// composability conditions (Propositions 3 and 4) against each other; built solids checked;
// mirror images of whole assemblies built from the geometry, and the groups of symmetries.
#include <catch2/catch.hpp>

#include <set>

#include "eight_blocks/geometry.hpp"
#include "eight_blocks/groups.hpp"
#include "eight_blocks/model.hpp"
#include "rng.hpp"

using namespace puzzlegen;
using namespace puzzlegen::eight_blocks;

namespace {

std::set<Triple> parse_triples(const std::vector<std::string>& words) {
  std::set<Triple> out;
  for (const auto& w : words) out.insert(36 * (w[0] - 'p') + 6 * (w[1] - 'p') + (w[2] - 'p'));
  return out;
}

std::set<Triple> triples(int v) {
  const auto& t = varieties()[static_cast<std::size_t>(v)].triples;
  return {t.begin(), t.end()};
}

Counts matrix(const std::vector<std::vector<int>>& rows) {
  Counts c{};
  for (int i = 1; i <= 6; ++i)
    for (int j = 1; j <= 6; ++j)
      if (i != j)
        c[static_cast<std::size_t>(variety_index(i, j))] =
            rows[static_cast<std::size_t>(i - 1)][static_cast<std::size_t>(j - 1)];
  return c;
}

}  // namespace

TEST_CASE("eight blocks: 24 rotations, 30 varieties, 40 corner triples", "[eight-blocks]") {
  CHECK(rotations().size() == 24);
  std::set<std::array<int, 6>> images;
  for (const auto& r : rotations()) images.insert(r.to);
  CHECK(images.size() == 24);
  // Every colouring with six colours is one of the 30 varieties; a variety's triples do not
  // depend on how the cube is turned.
  std::array<int, 6> c = {0, 1, 2, 3, 4, 5};
  std::set<int> seen;
  do {
    const int v = variety_of(c);
    REQUIRE(v >= 0);
    seen.insert(v);
    std::set<Triple> t;
    for (int corner = 0; corner < kCorners; ++corner) t.insert(corner_triple(c, corner));
    CHECK(t == triples(v));
  } while (std::next_permutation(c.begin(), c.end()));
  CHECK(seen.size() == 30);
  std::set<Triple> all;
  for (int v = 0; v < kVarieties; ++v)
    for (const Triple t : triples(v)) all.insert(t);
  CHECK(all.size() == 40);
  CHECK(variety_of({0, 0, 1, 2, 3, 4}) == -1);
}

TEST_CASE("eight blocks: the paper's T(1,2) and T(2,1), Propositions 1 and 2", "[eight-blocks]") {
  CHECK(triples(variety_index(1, 2)) ==
        parse_triples({"pqt", "psu", "pts", "puq", "qrt", "qur", "rst", "rus"}));
  CHECK(triples(variety_index(2, 1)) ==
        parse_triples({"ptq", "pus", "pst", "pqu", "qtr", "qru", "rts", "rsu"}));
  for (int u = 0; u < kVarieties; ++u) {
    int compatible_count = 0;
    for (int v = 0; v < kVarieties; ++v) {
      if (u == v) continue;
      std::set<Triple> shared;
      for (const Triple t : triples(u))
        if (triples(v).count(t)) shared.insert(t);
      CHECK((shared.size() == 0 || shared.size() == 2));  // Proposition 2
      compatible_count += compatible(u, v) ? 1 : 0;
    }
    CHECK(compatible_count == 20);  // Proposition 1: 20 compatible, 9 incompatible
  }
}

TEST_CASE("eight blocks: Conway's table, Properties 1 and 2", "[eight-blocks]") {
  for (int i = 1; i <= 6; ++i)
    for (int j = 1; j <= 6; ++j) {
      if (i == j) continue;
      const int v = variety_index(i, j);
      CHECK(variety_name(v) == "(" + std::to_string(i) + "," + std::to_string(j) + ")");
      CHECK(parse_variety(variety_name(v)) == v);
      // Property 1: the mirror of (i,j) is (j,i); the mirror's triples are mirror images.
      CHECK(mirror(v) == variety_index(j, i));
      for (const Triple t : triples(v)) {
        const Triple image = 36 * (t / 36) + 6 * (t % 6) + t / 6 % 6;
        CHECK(triples(mirror(v)).count(image) == 1);
      }
      // Property 2, and the incompatible set: the mirror, the rest of row i and of column j.
      for (int u = 0; u < kVarieties; ++u) {
        if (u == v) continue;
        const auto& x = varieties()[static_cast<std::size_t>(u)];
        const bool expected_incompatible = u == mirror(v) || x.row == i || x.column == j;
        CHECK(compatible(u, v) == !expected_incompatible);
      }
    }
}

TEST_CASE("eight blocks: Propositions 3 and 4 agree, assemblies build checked solids",
          "[eight-blocks]") {
  Rng rng(42);
  int composable = 0, not_composable = 0;
  for (int trial = 0; trial < 400; ++trial) {
    Counts c{};
    const int cubes = static_cast<int>(rng.below(24));
    for (int k = 0; k < cubes; ++k) ++c[static_cast<std::size_t>(rng.below(kVarieties))];
    for (int v = 0; v < kVarieties; ++v) {
      const bool by_trees = composable_by_trees(c, v);
      REQUIRE(by_trees == composable_by_matching(c, v));
      const auto cubes_placed = first_assembly(c, v);
      CHECK(cubes_placed.empty() == !by_trees);
      if (!by_trees) {
        ++not_composable;
        continue;
      }
      ++composable;
      CHECK(check_solid(cubes_placed) == v);
      // Using no variety more often than the instance has it.
      Counts used{};
      for (const auto& p : cubes_placed) ++used[static_cast<std::size_t>(p.variety)];
      for (int u = 0; u < kVarieties; ++u)
        CHECK(used[static_cast<std::size_t>(u)] <= c[static_cast<std::size_t>(u)]);
    }
  }
  CHECK(composable > 100);
  CHECK(not_composable > 100);
  // The checker rejects a solid with one cube turned wrong.
  Counts eight{};
  eight[0] = 8;
  auto solid = first_assembly(eight, 0);
  REQUIRE(check_solid(solid) == 0);
  solid[3].rotation = (solid[3].rotation + 1) % 24;
  CHECK(check_solid(solid) == -1);
}

TEST_CASE("eight blocks: the paper's example (1) and certificates U and N", "[eight-blocks]") {
  const Counts example = matrix({{0, 2, 0, 0, 0, 0},
                                 {0, 0, 0, 0, 0, 1},
                                 {0, 0, 0, 0, 1, 1},
                                 {0, 0, 0, 0, 0, 0},
                                 {0, 0, 0, 0, 0, 2},
                                 {0, 0, 0, 1, 1, 0}});
  std::set<std::string> found;
  for (int v = 0; v < kVarieties; ++v)
    if (composable_by_trees(example, v)) found.insert(variety_name(v));
  CHECK(found == std::set<std::string>{"(1,2)", "(4,1)", "(4,3)"});
  const Counts u = matrix({{0, 1, 1, 0, 0, 0},
                           {1, 0, 1, 0, 0, 0},
                           {1, 1, 0, 0, 0, 0},
                           {0, 0, 0, 0, 1, 1},
                           {0, 0, 0, 1, 0, 1},
                           {0, 0, 0, 1, 1, 0}});
  const Counts n = matrix({{0, 7, 7, 7, 1, 1},
                           {0, 0, 0, 0, 0, 0},
                           {0, 0, 0, 0, 0, 0},
                           {0, 0, 0, 0, 0, 0},
                           {0, 0, 0, 0, 0, 0},
                           {0, 0, 0, 0, 0, 0}});
  for (int v = 0; v < kVarieties; ++v) {
    CHECK(composable_by_trees(u, v));
    CHECK_FALSE(composable_by_trees(n, v));
  }
}

TEST_CASE("eight blocks: a mirror image acts on the varieties as mirror() says, and on solids",
          "[eight-blocks]") {
  // A mirror image of a whole assembly, made cube by cube from the geometry (each cube's shown
  // colouring reflected in the plane x = 0, so right and left swap, and its corner moved to
  // the other side), is an assembly of the mirror solid from the mirror cubes.
  Rng rng(7);
  int solids = 0;
  for (int trial = 0; trial < 200; ++trial) {
    Counts c{};
    const int cubes = 8 + static_cast<int>(rng.below(12));
    for (int k = 0; k < cubes; ++k) ++c[static_cast<std::size_t>(rng.below(kVarieties))];
    Counts mirrored{};
    for (int v = 0; v < kVarieties; ++v)
      mirrored[static_cast<std::size_t>(mirror(v))] = c[static_cast<std::size_t>(v)];
    for (int v = 0; v < kVarieties; ++v) {
      // Composability and the number of assemblies are the mirror solid's in the mirror image.
      CHECK(count_assemblies(c, v, 0, Limits{}).value ==
            count_assemblies(mirrored, mirror(v), 0, Limits{}).value);
      const auto assembly = first_assembly(c, v);
      if (assembly.empty()) continue;
      ++solids;
      std::vector<PlacedCube> image;
      for (const auto& cube : assembly) {
        Colouring reflected = shown(cube);
        std::swap(reflected[right], reflected[left]);
        const int variety = variety_of(reflected);
        REQUIRE(variety == mirror(cube.variety));
        int rotation = -1;
        for (int r = 0; r < static_cast<int>(rotations().size()); ++r)
          if (shown({variety, r, 0}) == reflected) rotation = r;
        REQUIRE(rotation >= 0);
        image.push_back({variety, rotation, cube.corner ^ 1});
      }
      CHECK(check_solid(image) == mirror(v));
    }
  }
  CHECK(solids > 50);
}

TEST_CASE("eight blocks: the 720 renamings and the 1,440 symmetries with mirror images",
          "[eight-blocks]") {
  const VarietyGroup& renamings = VarietyGroup::renamings();
  const VarietyGroup& all = VarietyGroup::with_mirrors();
  const std::set<VarietyMap> elements(all.elements().begin(), all.elements().end());
  const std::set<VarietyMap> renaming(renamings.elements().begin(), renamings.elements().end());
  CHECK(renaming.size() == 720);
  CHECK(elements.size() == 1440);  // a mirror image is no renaming
  // A group: closed under composition; the renamings are half of it.
  for (const auto& a : all.elements())
    for (std::size_t k = 0; k < all.order(); k += 37) {
      const auto& b = all.elements()[k];
      VarietyMap ab{};
      for (int v = 0; v < kVarieties; ++v)
        ab[static_cast<std::size_t>(v)] = a[b[static_cast<std::size_t>(v)]];
      CHECK(elements.count(ab) == 1);
    }
  // Every symmetry keeps compatibility, so the corner graphs and the solids.
  for (const auto& g : all.elements())
    for (int u = 0; u < kVarieties; ++u)
      for (int v = 0; v < kVarieties; ++v)
        REQUIRE(compatible(g[static_cast<std::size_t>(u)], g[static_cast<std::size_t>(v)]) ==
                compatible(u, v));
  // Canonical forms: the greatest image, and as many elements reach it as fix the instance;
  // for the groups and for subgroups (those keeping a random split of the varieties in two),
  // on multisets of every size, with many varieties tied (one cube each, or a few each) and
  // with counts all different.
  Rng rng(3);
  std::vector<VarietyGroup> subgroups;
  for (int k = 0; k < 3; ++k) {
    std::uint32_t side = 0;
    for (int v = 0; v < kVarieties; ++v) side |= rng.below(4) == 0 ? 1u << v : 0;
    subgroups.push_back(
        all.keeping([side](int a, int b) { return (side >> a & 1) == (side >> b & 1); }));
  }
  for (int trial = 0; trial < 300; ++trial) {
    Counts c{};
    const int cubes = static_cast<int>(rng.below(24));
    for (int k = 0; k < cubes; ++k) {
      const auto v = static_cast<std::size_t>(rng.below(kVarieties));
      if (trial % 3 == 0)
        c[v] = 1;  // varieties tied at one cube
      else if (trial % 3 == 1)
        c[v] = static_cast<int>(rng.below(3));
      else
        ++c[v];
    }
    std::vector<const VarietyGroup*> groups{&renamings, &all};
    for (const VarietyGroup& g : subgroups) groups.push_back(&g);
    for (const VarietyGroup* group : groups) {
      Counts greatest{};
      std::size_t fixing = 0;
      for (std::size_t g = 0; g < group->order(); ++g) {
        greatest = std::max(greatest, group->image(c, g));
        fixing += group->image(c, g) == c ? 1 : 0;
      }
      std::vector<std::uint32_t> to_form;
      CHECK(group->canonical(c, &to_form) == greatest);
      CHECK(to_form.size() == fixing);
      for (const auto g : to_form) CHECK(group->image(c, g) == greatest);
    }
  }
}
