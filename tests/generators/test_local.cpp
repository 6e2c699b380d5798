// Local search (strategy `local`) through the generator's API, on Instant Insanity's own moves:
// with a budget of steps the instances depend on the seed and the walkers alone (1 or 3
// threads, 1 or 3 shards put together in walker order), each meets the spec when judged again
// and scores 0, and nothing is ever proven.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <set>

#include "builtin.hpp"
#include "generate.hpp"
#include "local.hpp"

using namespace puzzlegen;

namespace {

const char* const kSpec =
    "puzzle: instant-insanity\n"
    "parameters: {cubes: 5}\n"
    "instance: {every-cube-uses-all-colors: true}\n"
    "solutions: {count-as: arrangements, modulo: tower-symmetry, all-different: {exactly: 1}}\n"
    "generate: {strategy: local, instances: all, seed: 11, walkers: 5, steps: 60,"
    " restart-after: 20}\n";

struct Found {
  std::size_t walker;
  std::vector<int> key;
  InstancePtr instance;
};

std::vector<Found> run(const Spec& spec, const Split& split, RunSummary& summary) {
  std::vector<Found> out;
  summary = generate(
      spec,
      [&](const InstancePtr& instance, const Evaluation&, std::size_t walker, const std::string&) {
        out.push_back({walker, instance->canonical_key(), instance});
      },
      nullptr, split);
  return out;
}

std::vector<std::vector<int>> keys(const std::vector<Found>& found) {
  std::vector<std::vector<int>> out;
  for (const auto& f : found) out.push_back(f.key);
  return out;
}

}  // namespace

TEST_CASE("local search: the same instances however the walkers are shared out",
          "[generators][local]") {
  Spec spec = parse_spec(kSpec, "test.yaml", builtin_families());
  RunSummary one;
  const std::vector<Found> alone = run(spec, {}, one);
  REQUIRE(alone.size() >= 3);
  CHECK_FALSE(one.proven);
  CHECK_FALSE(one.exhausted);
  CHECK(one.nodes == 5 * 60);  // every walker took its budget of steps
  CHECK(one.subproblems_done == 5);
  REQUIRE(one.local_best_violation);
  CHECK(*one.local_best_violation == 0);

  spec.generate.threads = 3;
  RunSummary threaded;
  CHECK(keys(run(spec, {}, threaded)) == keys(alone));
  CHECK(threaded.local_accepted == one.local_accepted);
  CHECK(threaded.local_restarts == one.local_restarts);

  // Three shards, put together as merge does: by walker, each key at its first place.
  spec.generate.threads = 1;
  std::vector<Found> all;
  for (unsigned shard = 1; shard <= 3; ++shard) {
    RunSummary part;
    for (auto& f : run(spec, {shard, 3}, part)) {
      CHECK(f.walker % 3 == shard - 1);
      all.push_back(std::move(f));
    }
    CHECK_FALSE(part.proven);
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const Found& a, const Found& b) { return a.walker < b.walker; });
  std::vector<Found> merged;
  std::set<std::vector<int>> seen;
  for (auto& f : all)
    if (seen.insert(f.key).second) merged.push_back(std::move(f));
  CHECK(keys(merged) == keys(alone));

  // Every instance meets the spec judged again, and a walker's score calls it 0 away.
  const Limits limits = Limits::within(std::chrono::seconds(60));
  for (const auto& f : alone) {
    CHECK(judge(spec, *f.instance, limits).accepted());
    CHECK(local_score(spec, *f.instance, limits).violation == 0);
  }
}

TEST_CASE("local search: the score is the distance from the spec's bounds", "[generators][local]") {
  // Five cubes with at most one all-different tower where the spec wants at least 9: the score
  // is how many are missing (counted with a cap of the minimum).
  const Spec spec = parse_spec(
      "puzzle: instant-insanity\nparameters: {cubes: 5}\n"
      "solutions: {count-as: arrangements, modulo: tower-symmetry, all-different: {min: 9}}\n",
      "test.yaml", builtin_families());
  const Limits limits = Limits::within(std::chrono::seconds(60));
  Rng rng(3);
  for (int i = 0; i < 20; ++i) {
    const auto instance =
        spec.family->random_instance(spec.parameters, spec.instance, spec.measure_bounds, rng);
    const Count count =
        spec.family->count(*instance, "all-different", spec.solution_options, 9, limits);
    const std::uint64_t value = *to_uint64(count.value);
    CHECK(local_score(spec, *instance, limits).violation == (value >= 9 ? 0 : 9 - value));
  }
  // Walkers' seeds differ from one another and from the spec's.
  CHECK(walker_seed(1, 0) != walker_seed(1, 1));
  CHECK(walker_seed(1, 0) != walker_seed(2, 0));
}
