// The instance model's symmetry breaking loses no class of instances: an exhaustive run emits
// exactly one instance per class (cube order, pair order, colour relabelling), counted here by
// an independent enumeration of every multiset of cubes.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "builtin.hpp"
#include "generate.hpp"

using namespace puzzlegen;

namespace {

using CubeKey = std::array<int, 6>;  // three sorted pairs, sorted

CubeKey cube_key(std::array<std::array<int, 2>, 3> pairs) {
  for (auto& p : pairs) std::sort(p.begin(), p.end());
  std::sort(pairs.begin(), pairs.end());
  return {pairs[0][0], pairs[0][1], pairs[1][0], pairs[1][1], pairs[2][0], pairs[2][1]};
}

// Every class of n-cube instances, by canonicalising every multiset of cubes.
std::size_t classes(int n, bool every_cube_all_colors) {
  std::vector<std::array<int, 2>> pairs;
  for (int a = 0; a < n; ++a)
    for (int b = a; b < n; ++b) pairs.push_back({a, b});
  std::set<CubeKey> cube_set;
  for (const auto& p : pairs)
    for (const auto& q : pairs)
      for (const auto& r : pairs) {
        const CubeKey k = cube_key({p, q, r});
        if (every_cube_all_colors &&
            static_cast<int>(std::set<int>(k.begin(), k.end()).size()) != n)
          continue;
        cube_set.insert(k);
      }
  const std::vector<CubeKey> cubes(cube_set.begin(), cube_set.end());
  std::vector<int> perm(static_cast<std::size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  std::vector<std::vector<int>> perms;
  do perms.push_back(perm);
  while (std::next_permutation(perm.begin(), perm.end()));

  std::set<std::vector<CubeKey>> canonical;
  std::vector<std::size_t> pick(static_cast<std::size_t>(n), 0);  // non-decreasing indices
  while (true) {
    std::vector<CubeKey> best;
    for (const auto& p : perms) {
      std::vector<CubeKey> relabelled;
      for (std::size_t i : pick) {
        const CubeKey& c = cubes[i];
        relabelled.push_back(
            cube_key({{{p[c[0]], p[c[1]]}, {p[c[2]], p[c[3]]}, {p[c[4]], p[c[5]]}}}));
      }
      std::sort(relabelled.begin(), relabelled.end());
      if (best.empty() || relabelled < best) best = relabelled;
    }
    canonical.insert(best);
    int k = n - 1;  // next non-decreasing index tuple
    while (k >= 0 && pick[k] + 1 == cubes.size()) --k;
    if (k < 0) break;
    ++pick[k];
    for (int j = k + 1; j < n; ++j) pick[j] = pick[k];
  }
  return canonical.size();
}

std::uint64_t emitted(const std::string& spec_text) {
  const Spec spec = parse_spec(spec_text, "test.yaml", builtin_families());
  std::uint64_t count = 0;
  const RunSummary s = generate(spec, [&](const InstancePtr&, const Evaluation&, std::size_t,
                                          const std::string&) { ++count; });
  CHECK(s.exhausted);
  return count;
}

}  // namespace

TEST_CASE("exhaustive instance search visits every class exactly once", "[generate][symmetry]") {
  CHECK(emitted("puzzle: instant-insanity\nparameters: {cubes: 3}\n"
                "generate: {instances: all, strategy: exhaustive, time-limit: 10m}\n") ==
        classes(3, false));
  CHECK(emitted("puzzle: instant-insanity\nparameters: {cubes: 4}\n"
                "instance: {every-cube-uses-all-colors: true}\n"
                "generate: {instances: all, strategy: exhaustive, time-limit: 10m}\n") ==
        classes(4, true));
}

TEST_CASE("randomised search visits the same classes", "[generate][symmetry]") {
  CHECK(emitted("puzzle: instant-insanity\nparameters: {cubes: 3}\n"
                "generate: {instances: all, strategy: search, seed: 5, time-limit: 10m}\n") ==
        classes(3, false));
}

namespace {
struct Outcome {
  RunSummary summary;
  std::map<std::uint64_t, std::uint64_t> histogram;  // count -> instances with that count
};

Outcome run_with(const std::string& spec_text, bool symmetry_breaking, bool joint_model) {
  Spec spec = parse_spec(spec_text, "test.yaml", builtin_families());
  spec.generate.symmetry_breaking = symmetry_breaking;
  spec.generate.joint_model = joint_model;
  Outcome out;
  out.summary =
      generate(spec, [&](const InstancePtr&, const Evaluation& e, std::size_t, const std::string&) {
        ++out.histogram[e.counts.front().second.value.convert_to<std::uint64_t>()];
      });
  REQUIRE(out.summary.exhausted);
  return out;
}
}  // namespace

TEST_CASE("instance symmetry breaking is sound: same optimum, witnesses and histogram without it",
          "[generate][symmetry]") {
  // Three cubes; without the cube-order and colour symmetry breaking the search visits
  // every sorted-pairs instance (56^3), with it far fewer; canonical keys make both count
  // classes, so any class lost by the symmetry breaking would show.
  const std::string optimum = R"(
puzzle: instant-insanity
parameters: {cubes: 3}
solutions: {count-as: arrangements, all-different: {min: 1}}
objective: {minimize: all-different, ties: all}
generate: {time-limit: 10m}
)";
  const Outcome with = run_with(optimum, true, false), without = run_with(optimum, false, false);
  CHECK(with.summary.proven);
  CHECK(without.summary.proven);
  CHECK(with.summary.best == without.summary.best);
  CHECK(with.summary.optimal_instances == without.summary.optimal_instances);

  const std::string every = R"(
puzzle: instant-insanity
parameters: {cubes: 3}
solutions: {count-as: arrangements, modulo: tower-symmetry, all-different: {min: 0}}
generate: {instances: all, time-limit: 10m}
)";
  const Outcome all_with = run_with(every, true, false),
                all_without = run_with(every, false, false);
  CHECK(all_with.histogram == all_without.histogram);
  CHECK(all_with.histogram.size() > 2);
}

TEST_CASE("the joint model loses no instance", "[generate][symmetry]") {
  const std::string spec = R"(
puzzle: instant-insanity
parameters: {cubes: 3}
solutions: {count-as: arrangements, all-different: {min: 1}}
generate: {instances: all, time-limit: 10m}
)";
  CHECK(run_with(spec, true, true).histogram == run_with(spec, true, false).histogram);
}
