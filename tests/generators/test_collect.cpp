// The collection policy a worksheet uses (generators/collect.hpp): distinct puzzles, each from
// a seed of its own for seeded strategies, a shortfall said and proven where it is.
#include <catch2/catch.hpp>

#include <set>
#include <vector>

#include "builtin.hpp"
#include "collect.hpp"

using namespace puzzlegen;

namespace {

Spec spec_of(const std::string& text) {
  return parse_spec(text, "test.yaml", builtin_families());
}

}  // namespace

TEST_CASE("collect_distinct: seeded strategies draw each puzzle from a seed of its own",
          "[generate][collect]") {
  const Spec spec = spec_of(
      "puzzle: instant-insanity\nparameters: {cubes: 4}\n"
      "solutions: {all-different: {exactly: 8}}\ngenerate: {strategy: random, seed: 7}\n");
  std::vector<std::uint64_t> seeds;
  std::set<std::vector<int>> keys;
  const Collection c = collect_distinct(
      spec, 5,
      [&](const InstancePtr& instance, const Evaluation& e, std::optional<std::uint64_t> seed) {
        REQUIRE(seed.has_value());
        CHECK(e.accepted());
        seeds.push_back(*seed);
        keys.insert(instance->canonical_key());
      });
  CHECK(c.own_seeds);
  CHECK(c.found == 5);
  CHECK(c.shortfall.empty());
  CHECK(keys.size() == 5);  // distinct up to symmetry
  // Seeds from the spec's on, in order: each puzzle is reproduced by its seed alone.
  CHECK(seeds.front() >= 7);
  for (std::size_t i = 1; i < seeds.size(); ++i) CHECK(seeds[i] > seeds[i - 1]);
  // The same call gives the same puzzles.
  std::vector<std::uint64_t> again;
  collect_distinct(spec, 5,
                   [&](const InstancePtr&, const Evaluation&, std::optional<std::uint64_t> seed) {
                     again.push_back(*seed);
                   });
  CHECK(again == seeds);
}

TEST_CASE("collect_distinct: an exhaustive run proves a shortfall, and says so",
          "[generate][collect]") {
  // Two cubes of two colours: only a few classes exist, fewer than asked.
  const Spec spec = spec_of(
      "puzzle: instant-insanity\nparameters: {cubes: 2}\n"
      "generate: {strategy: exhaustive, instances: all}\n");
  std::size_t taken = 0;
  const Collection c = collect_distinct(
      spec, 100000, [&](const InstancePtr&, const Evaluation&, std::optional<std::uint64_t> seed) {
        CHECK(!seed.has_value());
        ++taken;
      });
  CHECK(!c.own_seeds);
  CHECK(c.found == taken);
  CHECK(taken > 0);
  CHECK(taken < 100000);
  CHECK(c.proven_short);
  CHECK(c.shortfall == "the spec admits no more (proven)");
}
