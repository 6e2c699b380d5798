// Generators, through the Family interface only: every emitted instance meets the spec when
// recounted from scratch, runs are reproducible, and exhausting the space proves things.
#include <catch2/catch.hpp>

#include <sstream>

#include "builtin.hpp"
#include "generate.hpp"
#include "subproblems.hpp"

using namespace puzzlegen;

namespace {
Spec parse(const std::string& text) {
  return parse_spec(text, "test.yaml", builtin_families());
}

struct Collected {
  std::vector<Json> instances;
  RunSummary summary;
};

Collected run(const Spec& spec) {
  Collected out;
  out.summary =
      generate(spec, [&](const InstancePtr& instance, const Evaluation&, std::size_t,
                         const std::string&) { out.instances.push_back(instance->to_json()); });
  return out;
}

// Reads an emitted instance back through its file schema and recounts every constrained kind.
void require_meets_spec(const Spec& spec, const Json& instance_json) {
  const YAML::Node node = YAML::Load(instance_json.dump());
  const auto instance = spec.family->read_instance(node, "emitted");
  const Evaluation e = judge(spec, *instance, Limits::within(std::chrono::seconds(60)));
  INFO(instance_json.dump());
  CHECK(e.accepted());
}

const char* const kUnique = R"(
puzzle: instant-insanity
instance: {every-cube-uses-all-colors: true}
solutions: {count-as: arrangements, modulo: tower-symmetry, all-different: {exactly: 1}}
generate: {instances: 5, seed: 11}
)";
}  // namespace

TEST_CASE("every generated instance meets the spec when recounted", "[generate]") {
  for (const std::string strategy : {"search", "random", "exhaustive"}) {
    Spec spec = parse(kUnique);
    spec.generate.strategy = strategy;
    const Collected c = run(spec);
    INFO(strategy);
    CHECK(c.summary.instances == 5);
    REQUIRE(c.instances.size() == 5);
    for (const auto& instance : c.instances) require_meets_spec(spec, instance);
  }
}

TEST_CASE("same spec and seed give the same instances and another seed others", "[generate]") {
  for (const std::string strategy : {"search", "random"}) {
    Spec spec = parse(kUnique);
    spec.generate.strategy = strategy;
    const auto first = run(spec).instances, second = run(spec).instances;
    CHECK(first == second);
    spec.generate.seed = 12;
    CHECK(run(spec).instances != first);
  }
}

TEST_CASE("generated instances are distinct up to symmetry", "[generate]") {
  Spec spec = parse(kUnique);
  spec.generate.instances = 20;
  spec.generate.strategy = "random";
  std::set<std::vector<int>> keys;
  for (const auto& j : run(spec).instances)
    keys.insert(spec.family->read_instance(YAML::Load(j.dump()), "x")->canonical_key());
  CHECK(keys.size() == 20);
}

TEST_CASE("exhausting the space proves non-existence", "[generate]") {
  // Three cubes cannot show four different colours on four sides: no all-equal tower.
  const Spec spec = parse(R"(
puzzle: instant-insanity
parameters: {cubes: 3}
solutions: {all-equal: {min: 1}}
generate: {instances: 1}
)");
  const Collected c = run(spec);
  CHECK(c.summary.instances == 0);
  CHECK(c.summary.exhausted);
  CHECK(c.summary.proven);
}

TEST_CASE("branch and bound proves the minimum on a small space", "[generate]") {
  // n = 3: the fewest all-different towers (orientations, modulo the 8 tower symmetries,
  // at least one). Check the optimum against judging every instance of the space directly.
  const Spec spec = parse(R"(
puzzle: instant-insanity
parameters: {cubes: 3}
solutions: {modulo: tower-symmetry, all-different: {min: 1}}
objective: {minimize: all-different}
)");
  const Collected c = run(spec);
  REQUIRE(c.summary.best);
  CHECK(c.summary.proven);

  Spec all = spec;
  all.objective.reset();
  all.generate.instances.reset();
  all.generate.strategy = "exhaustive";
  std::uint64_t minimum = UINT64_MAX;
  generate(all, [&](const InstancePtr&, const Evaluation& e, std::size_t, const std::string&) {
    minimum = std::min(minimum, e.counts.front().second.value.convert_to<std::uint64_t>());
  });
  CHECK(*c.summary.best == minimum);
}

namespace {
// What identifies a subproblem's subtree here: the first instance below it within a small node
// budget (or that none was met), and the nodes that took. Deterministic, and cheap.
std::string fingerprint(const InstanceSpace& node) {
  auto space = clone_of(node);
  Gecode::Search::NodeStop stop(200);
  Gecode::Search::Options options;
  options.stop = &stop;
  Gecode::DFS<InstanceSpace> engine(space.get(), options);
  const std::unique_ptr<InstanceSpace> leaf(engine.next());
  return (leaf ? leaf->instance()->to_json().dump() : std::string("none")) + " after " +
         std::to_string(engine.statistics().node);
}
}  // namespace

TEST_CASE("the split is the same made by one thread or several", "[generate][split]") {
  const char* const specs[] = {R"yaml(
puzzle: instant-insanity
instance: {every-cube-uses-all-colors: true}
solutions: {all-different: {min: 0}}
)yaml",
                               R"yaml(
puzzle: eight-blocks
solutions: {composable: ["(1,2)"]}
)yaml"};
  for (const char* text : specs) {
    const Spec spec = parse(text);
    const auto root = spec.family->instance_space(spec.parameters, spec.instance, {});
    for (const std::size_t at_least : {1, 2, 5, 64, 300}) {
      const Decomposition one = decompose(*root, at_least, Limits{}, 1);
      REQUIRE(one.complete);
      CHECK(one.nodes.size() >= std::min<std::size_t>(at_least, 5));
      std::vector<std::string> expected;
      for (const auto& node : one.nodes) expected.push_back(fingerprint(*node));
      for (const unsigned threads : {2u, 3u, 8u}) {
        const Decomposition many = decompose(*root, at_least, Limits{}, threads);
        INFO(spec.family->name() << ", at least " << at_least << ", " << threads << " threads");
        REQUIRE(many.complete);
        CHECK(many.expanded == one.expanded);
        std::vector<std::string> got;
        for (const auto& node : many.nodes) got.push_back(fingerprint(*node));
        CHECK(got == expected);
      }
    }
  }
}
