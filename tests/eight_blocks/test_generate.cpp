// Eight Blocks generation: MINUNIVERSAL and the universal instances of size 12 proven, and
// the instance space's symmetry breaking and compiled composability checked against a run
// without symmetry breaking.
#include <catch2/catch.hpp>

#include <set>

#include "builtin.hpp"
#include "eight_blocks/instance.hpp"
#include "generate.hpp"

using namespace puzzlegen;
using namespace puzzlegen::eight_blocks;

namespace {

struct Run {
  std::vector<std::vector<int>> keys;  // canonical keys of the emitted instances
  RunSummary summary;
};

Run run(const std::string& text, bool symmetry_breaking = true) {
  Spec spec = parse_spec(text, "test.yaml", builtin_families());
  spec.generate.symmetry_breaking = symmetry_breaking;
  spec.generate.time_limit = std::chrono::minutes(10);
  Run out;
  out.summary = generate(
      spec, [&](const InstancePtr& instance, const Evaluation& e, std::size_t, const std::string&) {
        CHECK(e.accepted());
        out.keys.push_back(instance->canonical_key());
      });
  return out;
}

Counts block_matrix() {  // Haraguchi's U: all (i,j) with i, j both in {1,2,3} or both in {4,5,6}
  Counts c{};
  for (int i = 1; i <= 6; ++i)
    for (int j = 1; j <= 6; ++j)
      if (i != j && (i <= 3) == (j <= 3)) c[static_cast<std::size_t>(variety_index(i, j))] = 1;
  return c;
}

}  // namespace

TEST_CASE("eight blocks: no universal instance of 11 cubes, 12 is the minimum, proven",
          "[eight-blocks][generate]") {
  const Run eleven =
      run("puzzle: eight-blocks\ninstance: {size: {max: 11}}\n"
          "solutions: {composable: all}\ngenerate: {strategy: exhaustive}\n");
  CHECK(eleven.summary.proven);
  CHECK(eleven.keys.empty());
  const Run minimum =
      run("puzzle: eight-blocks\nsolutions: {composable: all}\n"
          "objective: {minimize: size}\n");
  CHECK(minimum.summary.proven);
  REQUIRE(minimum.summary.best);
  CHECK(*minimum.summary.best == 12);
}

TEST_CASE("eight blocks: every universal instance of size 12 is U up to renaming colours",
          "[eight-blocks][generate]") {
  const std::string spec =
      "puzzle: eight-blocks\ninstance: {size: 12}\n"
      "solutions: {composable: all}\ngenerate: {instances: all}\n";
  const Run with = run(spec);
  CHECK(with.summary.proven);
  REQUIRE(with.keys.size() == 1);
  CHECK(with.keys[0] == BlocksInstance(block_matrix()).canonical_key());
  // U's orbit under the 720 renamings has 10 instances: all universal instances of size 12.
  std::set<Counts> orbit;
  for (const auto& sigma : colour_permutations()) {
    Counts image{};
    for (int v = 0; v < kVarieties; ++v)
      image[static_cast<std::size_t>(sigma[static_cast<std::size_t>(v)])] =
          block_matrix()[static_cast<std::size_t>(v)];
    orbit.insert(image);
  }
  CHECK(orbit.size() == 10);
}

TEST_CASE("eight blocks: symmetry breaking keeps every class", "[eight-blocks][generate]") {
  // Eight cubes building both (1,2) and its mirror (2,1): 276 classes. The renamings kept
  // are those that map {(1,2), (2,1)} to itself.
  const std::string spec =
      "puzzle: eight-blocks\ninstance: {size: 8}\n"
      "solutions: {composable: [\"(1,2)\", \"(2,1)\"]}\n"
      "generate: {instances: all, strategy: exhaustive}\n";
  const Run with = run(spec);
  const Run without = run(spec, false);
  CHECK(with.summary.proven);
  CHECK(without.summary.proven);
  CHECK(with.keys.size() == 276);
  CHECK(std::set<std::vector<int>>(with.keys.begin(), with.keys.end()) ==
        std::set<std::vector<int>>(without.keys.begin(), without.keys.end()));
}

TEST_CASE("eight blocks: per-variety bounds restrict the symmetry breaking too",
          "[eight-blocks][generate]") {
  // Exactly six cubes of (1,2): renamings moving (1,2) no longer apply.
  const std::string spec =
      "puzzle: eight-blocks\ninstance: {size: 8, per-variety: {\"(1,2)\": 6}}\n"
      "solutions: {composable: [\"(1,2)\"]}\n"
      "generate: {instances: all, strategy: exhaustive}\n";
  const Run with = run(spec);
  const Run without = run(spec, false);
  CHECK(with.summary.proven);
  CHECK_FALSE(with.keys.empty());
  CHECK(std::set<std::vector<int>>(with.keys.begin(), with.keys.end()) ==
        std::set<std::vector<int>>(without.keys.begin(), without.keys.end()));
}
