// Counts of the Instant Insanity family against the seeds' figures and an independent brute
// force over all 24^n orientation tuples, in every counting convention.
#include <catch2/catch.hpp>

#include "brute_force.hpp"
#include "instant_insanity/model.hpp"
#include "rng.hpp"

using namespace puzzlegen;
using namespace puzzlegen::instant_insanity;

namespace {

using Pairs = std::array<std::array<int, 2>, 3>;

TowerInstance make_instance(const std::vector<Pairs>& cubes) {
  std::vector<Cube> out;
  for (const auto& p : cubes) {
    Cube c;
    c.faces = {p[0][0], p[0][1], p[1][0], p[1][1], p[2][0], p[2][1]};
    out.push_back(c);
  }
  return TowerInstance(default_colors(static_cast<int>(cubes.size())), out);
}

// The book's Parker Brothers instance, red = 0, green = 1, blue = 2, white = 3.
const std::vector<Pairs> kClassical = {{{{1, 3}, {2, 3}, {2, 0}}},
                                       {{{2, 2}, {1, 3}, {0, 1}}},
                                       {{{0, 3}, {0, 1}, {2, 3}}},
                                       {{{0, 0}, {1, 3}, {2, 0}}}};

std::uint64_t family_count(const std::vector<Pairs>& cubes, Kind kind, bool orientations,
                           int modulo, bool free_order) {
  const CountAs as = orientations ? CountAs::orientations : CountAs::arrangements;
  const Count c = count_towers(make_instance(cubes), kind, {as, modulo, free_order}, 0,
                               Limits::within(std::chrono::seconds(60)));
  REQUIRE(c.exact);
  return c.value.convert_to<std::uint64_t>();
}

void require_all_conventions_match(const std::vector<Pairs>& cubes, bool free_order) {
  for (const Kind kind : {Kind::all_different, Kind::all_equal, Kind::monochrome_sides}) {
    for (const int modulo : {1, 4, 8}) {
      const brute::Counts expected =
          brute::count(cubes, static_cast<brute::Kind>(kind), modulo, free_order);
      INFO("kind " << static_cast<int>(kind) << ", modulo " << modulo << ", free order "
                   << free_order);
      CHECK(family_count(cubes, kind, true, modulo, free_order) == expected.orientation_orbits);
      CHECK(family_count(cubes, kind, false, modulo, free_order) == expected.arrangement_orbits);
      const Count decompositions =
          count_towers(make_instance(cubes), kind, {CountAs::decompositions, modulo, free_order}, 0,
                       Limits::within(std::chrono::seconds(60)));
      CHECK(decompositions.value == expected.decompositions);
    }
  }
}

// A random instance; planted ones are built around a solved tower of the given kind so that
// solutions exist, then every cube's pairs and pair orientations are shuffled.
std::vector<Pairs> random_cubes(int n, Rng& rng, int planted /*0 none, 1 ADIIS, 2 AEIIS*/) {
  std::vector<Pairs> cubes(static_cast<std::size_t>(n));
  std::vector<std::vector<int>> columns(4);
  for (auto& column : columns) {
    column.resize(static_cast<std::size_t>(n));
    std::iota(column.begin(), column.end(), 0);
    rng.shuffle(column);
  }
  for (int i = 0; i < n; ++i) {
    for (auto& pair : cubes[i])
      for (auto& colour : pair) colour = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
    if (planted == 1) {
      cubes[i][1] = {columns[0][i], columns[1][i]};
      cubes[i][2] = {columns[2][i], columns[3][i]};
    } else if (planted == 2 && n >= 4) {
      cubes[i][1] = {columns[0][0], columns[0][1]};
      cubes[i][2] = {columns[0][2], columns[0][3]};
    }
    std::vector<std::array<int, 2>> shuffled(cubes[i].begin(), cubes[i].end());
    rng.shuffle(shuffled);
    for (int p = 0; p < 3; ++p) {
      cubes[i][p] = shuffled[p];
      if (rng.below(2)) std::swap(cubes[i][p][0], cubes[i][p][1]);
    }
  }
  return cubes;
}

}  // namespace

TEST_CASE("classical instance: Loeffler's figures (8 ADIIS, 2 up to tower rotation, no AEIIS)",
          "[instant-insanity][seed]") {
  // Loeffler et al. count orientation tuples, cube order fixed, then divide by the 4 turns of
  // the tower about its vertical axis.
  CHECK(family_count(kClassical, Kind::all_different, true, 1, false) == 8);
  CHECK(family_count(kClassical, Kind::all_different, true, 4, false) == 2);
  CHECK(family_count(kClassical, Kind::all_equal, true, 1, false) == 0);
  // The same figures from the brute force, derived without any family code.
  const brute::Counts adiis = brute::count(kClassical, brute::Kind::all_different, 4, false);
  CHECK(adiis.orientations == 8);
  CHECK(adiis.orientation_orbits == 2);
  CHECK(brute::count(kClassical, brute::Kind::all_equal, 1, false).orientations == 0);
}

TEST_CASE("classical instance: every convention equals the brute force", "[instant-insanity]") {
  require_all_conventions_match(kClassical, false);
  // Free cube order: 24 stackings of four distinct cubes; the brute force tries them all.
  require_all_conventions_match(kClassical, true);
  // Up to the full tower symmetry the classical puzzle has a single answer.
  CHECK(family_count(kClassical, Kind::all_different, false, 8, false) == 1);
}

TEST_CASE("same-colour pairs: orbits are not counts divided by the group order",
          "[instant-insanity]") {
  // instances/instant-insanity/same-colour-pairs.yaml, red 0, green 1, blue 2, white 3.
  const std::vector<Pairs> cubes = {{{{0, 0}, {1, 2}, {3, 1}}},
                                    {{{1, 1}, {2, 3}, {0, 2}}},
                                    {{{2, 2}, {3, 0}, {1, 3}}},
                                    {{{3, 3}, {0, 1}, {2, 0}}}};
  CHECK(family_count(cubes, Kind::all_different, true, 1, false) == 208);
  CHECK(family_count(cubes, Kind::all_different, false, 1, false) == 28);
  CHECK(family_count(cubes, Kind::all_different, false, 8, false) == 5);
  require_all_conventions_match(cubes, false);
}

TEST_CASE("Loeffler's colour sequences are the book's cubes, and count the same",
          "[instant-insanity][seed]") {
  // Loeffler's Figure 3 numbers the faces so that slots (1,3), (2,4), (5,6) are opposite; the
  // paper lists the classical cubes as colour sequences over those slots (R, B, G, W).
  const std::map<char, int> colour = {{'R', 0}, {'G', 1}, {'B', 2}, {'W', 3}};
  const std::vector<std::string> sequences = {"RRGWBW", "BRWBGW", "GRWGBB", "WRGRBR"};
  std::vector<Pairs> cubes;
  for (const auto& s : sequences)
    cubes.push_back({{{colour.at(s[0]), colour.at(s[2])},
                      {colour.at(s[1]), colour.at(s[3])},
                      {colour.at(s[4]), colour.at(s[5])}}});
  std::multiset<std::array<int, 6>> theirs, book;
  const TowerInstance loeffler = make_instance(cubes), classical = make_instance(kClassical);
  for (const auto& c : loeffler.cubes()) theirs.insert(c.pairs_key());
  for (const auto& c : classical.cubes()) book.insert(c.pairs_key());
  CHECK(theirs == book);
  CHECK(family_count(cubes, Kind::all_different, true, 4, false) == 2);
}

TEST_CASE("random instances, n = 3 and 4: every convention equals the brute force",
          "[instant-insanity]") {
  Rng rng(20261122);
  for (const int n : {3, 4}) {
    for (int trial = 0; trial < 12; ++trial) {
      const auto cubes = random_cubes(n, rng, trial % 3);
      INFO("n = " << n << ", trial " << trial);
      require_all_conventions_match(cubes, n == 3);
    }
  }
}

TEST_CASE("decompositions: the graph model equals the towers' own pairs of 2-factors",
          "[instant-insanity]") {
  Rng rng(404);
  const Limits limits = Limits::within(std::chrono::seconds(60));
  int nonzero = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 3 + trial % 4;
    const TowerInstance instance = make_instance(random_cubes(n, rng, trial % 2));
    const Count from_graph = count_through_two_factors(instance, false, 0, limits);
    const Count from_towers = decompositions_of_towers(instance, Kind::all_different, 0, limits);
    INFO("n = " << n << ", trial " << trial);
    CHECK(from_graph.value == from_towers.value);
    nonzero += from_graph.value > 0;
  }
  CHECK(nonzero > 10);
  // The classical puzzle: one way to pick the two 2-factors (de Carteblanche).
  CHECK(family_count(kClassical, Kind::all_different, true, 1, false) == 8);
  const Count classical = count_towers(make_instance(kClassical), Kind::all_different,
                                       {CountAs::decompositions, 1, false}, 0, limits);
  CHECK(classical.value == 1);
}

TEST_CASE("two puzzles on disjoint colours: counts multiply (independent parts)",
          "[instant-insanity]") {
  Rng rng(31);
  const Limits limits = Limits::within(std::chrono::seconds(60));
  int nonzero = 0;
  for (int trial = 0; trial < 12; ++trial) {
    const int a = 3 + trial % 3, b = 4 + trial % 2;
    const auto first = random_cubes(a, rng, 1 + trial % 2), second = random_cubes(b, rng, 1);
    std::vector<Pairs> both = first;
    for (Pairs p : second) {
      for (auto& pair : p)
        for (auto& colour : pair) colour += a;
      both.push_back(p);
    }
    const auto orientations = [&](const std::vector<Pairs>& cubes) {
      const Count c = count_through_two_factors(make_instance(cubes), true, 0, limits);
      REQUIRE(c.exact);
      return c.value;
    };
    const auto decompositions = [&](const std::vector<Pairs>& cubes) {
      const Count c = count_through_two_factors(make_instance(cubes), false, 0, limits);
      REQUIRE(c.exact);
      return c.value;
    };
    INFO("trial " << trial);
    // Orientation tuples of the union are pairs of tuples; an unordered {H1, H2} of the union
    // is one of each part, with 2 ways to match their orders.
    CHECK(orientations(both) == orientations(first) * orientations(second));
    CHECK(decompositions(both) == 2 * decompositions(first) * decompositions(second));
    nonzero += decompositions(both) > 0;
  }
  CHECK(nonzero > 6);
}

TEST_CASE("counting with a cap says 'at least'", "[instant-insanity]") {
  const TowerInstance classical = make_instance(kClassical);
  const Limits limits = Limits::within(std::chrono::seconds(60));
  const Count capped =
      count_towers(classical, Kind::all_different, {CountAs::orientations, 1, false}, 3, limits);
  CHECK_FALSE(capped.exact);
  CHECK(capped.value >= 3);
  const Count roomy =
      count_towers(classical, Kind::all_different, {CountAs::orientations, 1, false}, 100, limits);
  CHECK(roomy.exact);
  CHECK(roomy.value == 8);
  const Count orbit_cap =
      count_towers(classical, Kind::all_different, {CountAs::arrangements, 4, false}, 1, limits);
  CHECK_FALSE(orbit_cap.exact);
  CHECK(orbit_cap.text() == "at least 1");
}

TEST_CASE("a node limit makes a count inexact and says why", "[instant-insanity]") {
  Rng rng(5);
  const auto cubes = random_cubes(8, rng, 1);
  Limits limits = Limits::within(std::chrono::seconds(60));
  limits.node_limit = 3;
  const Count c = count_towers(make_instance(cubes), Kind::all_different,
                               {CountAs::orientations, 1, false}, 0, limits);
  CHECK_FALSE(c.exact);
  CHECK(c.stopped == StopReason::node_limit);
}

TEST_CASE("the graded model keeps one tower per class under turning and flipping the tower",
          "[instant-insanity][difficulty]") {
  // Its solutions must be the arrangements modulo tower-symmetry, or a puzzle unique up to
  // those would look ambiguous to the grade (and always need search).
  Rng rng(7);
  for (const int n : {3, 4, 5}) {
    for (int trial = 0; trial < 10; ++trial) {
      const auto cubes = random_cubes(n, rng, trial % 3);
      for (const Kind kind : {Kind::all_different, Kind::all_equal, Kind::monochrome_sides}) {
        INFO("n = " << n << ", trial " << trial << ", kind " << static_cast<int>(kind));
        TowerSpace graded(make_instance(cubes), kind);
        graded.break_tower_symmetry();
        const Count in_model =
            count_solutions<TowerSpace>(graded, 0, Limits::within(std::chrono::seconds(60)));
        CHECK(in_model.value == family_count(cubes, kind, false, 8, false));
      }
    }
  }
}
