// The human-technique ladder for Instant Insanity (all-different towers) against a brute force
// over every choice of side pairs: each step's conclusion holds in every solution, and the
// ladder decides exactly the towers with one choice.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <set>

#include "builtin.hpp"
#include "instant_insanity/reasoning.hpp"
#include "rng.hpp"

using namespace puzzlegen;
using namespace puzzlegen::instant_insanity;

namespace {

using Choice = std::vector<std::array<FacePair, 2>>;  // per cube: front/back, left/right

// Cube i's pair in `place` (2: the top and bottom, the pair the sides leave).
FacePair in_place(const TowerInstance& tower, const Choice& choice, int i, int place) {
  const auto& sides = choice[static_cast<std::size_t>(i)];
  if (place < 2) return sides[static_cast<std::size_t>(place)];
  const auto key = tower.cubes()[static_cast<std::size_t>(i)].pairs_key();
  std::vector<FacePair> left = {{key[0], key[1]}, {key[2], key[3]}, {key[4], key[5]}};
  for (const auto& side : sides) left.erase(std::find(left.begin(), left.end(), side));
  return left.front();
}

std::vector<FacePair> sorted_pairs(const Cube& cube) {
  const auto key = cube.pairs_key();
  return {{key[0], key[1]}, {key[2], key[3]}, {key[4], key[5]}};
}

// Every choice of two of each cube's opposite pairs (one per side pair) showing each colour
// twice per side pair, with the quarter turn broken as the ladder breaks it: it reasons on the
// class's representative (canonical_form), whose first cube's front/back pair is not after its
// left/right one in the representative's colour order.
std::vector<Choice> all_choices(const TowerInstance& tower) {
  const int n = tower.size();
  const TowerForm form = tower.canonical_form();
  std::vector<int> rank(static_cast<std::size_t>(n));  // a colour's index in the form
  for (int r = 0; r < n; ++r) rank[static_cast<std::size_t>(form.colour_of[r])] = r;
  const auto in_form = [&](const FacePair& p) {
    const int a = rank[static_cast<std::size_t>(p.first)];
    const int b = rank[static_cast<std::size_t>(p.second)];
    return std::pair(std::min(a, b), std::max(a, b));
  };
  const auto before = [&](const FacePair& a, const FacePair& b) { return in_form(a) < in_form(b); };
  std::vector<Choice> out;
  Choice current(static_cast<std::size_t>(n));
  std::set<std::vector<int>> seen;  // a cube's two equal pairs give one choice, not two
  std::function<void(int)> place = [&](int i) {
    if (i == n) {
      for (int side = 0; side < 2; ++side) {
        std::vector<int> shows(static_cast<std::size_t>(n), 0);
        for (const auto& c : current) {
          ++shows[static_cast<std::size_t>(c[side].first)];
          ++shows[static_cast<std::size_t>(c[side].second)];
        }
        if (std::any_of(shows.begin(), shows.end(), [](int k) { return k != 2; })) return;
      }
      std::vector<int> flat;
      for (const auto& c : current)
        for (const auto& p : c) flat.insert(flat.end(), {p.first, p.second});
      if (seen.insert(flat).second) out.push_back(current);
      return;
    }
    const auto pairs = sorted_pairs(tower.cubes()[static_cast<std::size_t>(i)]);
    for (int f = 0; f < 3; ++f)
      for (int l = 0; l < 3; ++l) {
        if (f == l) continue;
        if (i == form.cube_of.front() &&
            before(pairs[static_cast<std::size_t>(l)], pairs[static_cast<std::size_t>(f)]))
          continue;
        current[static_cast<std::size_t>(i)] = {pairs[static_cast<std::size_t>(f)],
                                                pairs[static_cast<std::size_t>(l)]};
        place(i + 1);
      }
  };
  place(0);
  return out;
}

// A tower with a solution: each side pair's colours from two random permutations, the third
// pair random, the pairs of each cube in a random order and each pair turned at random.
TowerInstance planted(int n, Rng& rng) {
  std::vector<std::vector<int>> perms(4);
  for (auto& p : perms) {
    p.resize(static_cast<std::size_t>(n));
    std::iota(p.begin(), p.end(), 0);
    rng.shuffle(p);
  }
  std::vector<Cube> cubes(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const auto at = static_cast<std::size_t>(i);
    std::vector<std::array<int, 2>> pairs = {
        {perms[0][at], perms[1][at]},
        {perms[2][at], perms[3][at]},
        {static_cast<int>(rng.below(static_cast<std::uint64_t>(n))),
         static_cast<int>(rng.below(static_cast<std::uint64_t>(n)))}};
    rng.shuffle(pairs);
    for (int p = 0; p < 3; ++p) {
      if (rng.below(2) == 0)
        std::swap(pairs[static_cast<std::size_t>(p)][0], pairs[static_cast<std::size_t>(p)][1]);
      cubes[at].faces[static_cast<std::size_t>(2 * p)] = pairs[static_cast<std::size_t>(p)][0];
      cubes[at].faces[static_cast<std::size_t>(2 * p + 1)] = pairs[static_cast<std::size_t>(p)][1];
    }
  }
  return TowerInstance(default_colors(n), cubes);
}

TowerInstance random_tower(int n, Rng& rng) {
  std::vector<Cube> cubes(static_cast<std::size_t>(n));
  for (auto& cube : cubes)
    for (auto& face : cube.faces) face = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
  return TowerInstance(default_colors(n), cubes);
}

}  // namespace

TEST_CASE(
    "instant-insanity: every step of the ladder holds in every choice of side pairs, and it "
    "decides exactly the towers with one",
    "[instant-insanity][difficulty]") {
  Rng rng(29);
  int solved = 0, stalled = 0, none = 0;
  std::set<int> levels;
  const Family& family = *builtin_families().find("instant-insanity");
  for (int round = 0; round < 400; ++round) {
    const int n = 4 + round % 3;
    const TowerInstance tower = round % 4 == 3 ? random_tower(n, rng) : planted(n, rng);
    const auto choices = all_choices(tower);
    const auto reasoned = reason_pairs(tower, Limits{}, 1000);
    REQUIRE(reasoned);
    INFO("round " << round << ": " << choices.size() << " choices, " << reasoned->grade.text());
    int hardest = 0;
    for (const auto& step : reasoned->steps) {
      INFO(step.text);
      CHECK(step.ruled_out.empty() != step.decided.empty());
      CHECK(!step.cubes.empty());
      hardest = std::max(hardest, step.level);
      for (const auto& choice : choices) {
        for (const auto& d : step.decided)
          CHECK(in_place(tower, choice, d.cube, d.place) == d.pair);
        for (const auto& r : step.ruled_out)
          CHECK_FALSE(in_place(tower, choice, r.cube, r.place) == r.pair);
      }
    }
    if (!reasoned->choice.empty()) {
      ++solved;
      levels.insert(reasoned->grade.level);
      REQUIRE(choices.size() == 1);
      CHECK(reasoned->choice == choices.front());
      CHECK(reasoned->grade.level == std::max(hardest, 1));
      CHECK(reasoned->grade.hardest_uses ==
            static_cast<std::uint64_t>(
                std::count_if(reasoned->steps.begin(), reasoned->steps.end(),
                              [&](const auto& step) { return step.level == hardest; })));
    } else {
      ++stalled;
      none += choices.empty();
      CHECK(reasoned->grade.level == Grade::extreme);
      REQUIRE(reasoned->grade.search_nodes.exact);
      CHECK(reasoned->grade.solvable == !choices.empty());
      // A tower with one choice of pairs the ladder cannot decide needs the search; with more
      // than one, or none, it cannot be decided.
    }
    const auto grade = family.grade_of(tower, "all-different", Limits{});
    REQUIRE(grade);
    CHECK(grade->level == reasoned->grade.level);
    // Every kind but all-different keeps the propagation grade.
    CHECK(family.grading()->explain(tower, "all-equal", 5, 680, Limits{}).steps.empty());
  }
  INFO(solved << " decided, " << stalled << " stalled (" << none << " without a solution)");
  CHECK(solved > 50);
  CHECK(stalled > 20);
  CHECK(none > 0);
  CHECK(levels == std::set<int>{1, 2, 3});
}

TEST_CASE("instant-insanity: every tower of a class gets the same grade and the same steps",
          "[instant-insanity][difficulty]") {
  // Reordering the cubes and renaming the colours makes the same puzzle: the grade (level,
  // uses of the hardest rung, search nodes) and the number and rungs of the steps must not
  // change, though the ladder breaks the quarter turn on one cube and finds deductions in an
  // order.
  Rng rng(31);
  for (int round = 0; round < 150; ++round) {
    const int n = 4 + round % 3;
    const TowerInstance tower = round % 4 == 3 ? random_tower(n, rng) : planted(n, rng);
    const auto first = reason_pairs(tower, Limits{}, 1000);
    REQUIRE(first);
    for (int trial = 0; trial < 4; ++trial) {
      std::vector<int> cube_order(static_cast<std::size_t>(n)), rename(cube_order.size());
      std::iota(cube_order.begin(), cube_order.end(), 0);
      std::iota(rename.begin(), rename.end(), 0);
      rng.shuffle(cube_order);
      rng.shuffle(rename);
      std::vector<Cube> cubes;
      for (const int i : cube_order) {
        Cube cube = tower.cubes()[static_cast<std::size_t>(i)];
        for (int& face : cube.faces) face = rename[static_cast<std::size_t>(face)];
        cubes.push_back(cube);
      }
      const auto other = reason_pairs(TowerInstance(tower.colors(), cubes), Limits{}, 1000);
      REQUIRE(other);
      INFO("round " << round << " trial " << trial << ": " << first->grade.text() << " / "
                    << other->grade.text());
      CHECK(other->grade.level == first->grade.level);
      CHECK(other->grade.hardest_uses == first->grade.hardest_uses);
      CHECK(other->grade.search_nodes.value == first->grade.search_nodes.value);
      REQUIRE(other->steps.size() == first->steps.size());
      for (std::size_t k = 0; k < first->steps.size(); ++k)
        CHECK(other->steps[k].level == first->steps[k].level);
    }
  }
}
