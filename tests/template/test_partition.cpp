// The template family's own tests, the two every family needs: counts equal a brute force
// written independently of the model, and the instance symmetry breaking loses no class.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "generate.hpp"

using namespace puzzlegen;

namespace {

const Registry& with_template() {
  static const Registry registry = [] {
    Registry r;
    r.load_plugin(PUZZLEGEN_TEMPLATE_PLUGIN);
    return r;
  }();
  return registry;
}

// Splits into two groups with equal sums, by trying every subset for group A.
std::uint64_t brute_force_splits(const std::vector<int>& numbers, bool modulo_swap) {
  std::uint64_t found = 0;
  const std::size_t n = numbers.size();
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << n); ++mask) {
    long a = 0, b = 0;
    for (std::size_t i = 0; i < n; ++i) ((mask >> i) & 1 ? a : b) += numbers[i];
    if (a == b) ++found;
  }
  return modulo_swap ? found / 2 : found;  // no split is its own swap: the sums are positive
}

std::vector<int> numbers_of(const Json& instance) {
  return instance.at("numbers").get<std::vector<int>>();
}

Spec spec_of(const std::string& text) {
  return parse_spec(text, "test.yaml", with_template());
}

}  // namespace

TEST_CASE("template: counts equal the brute force in both conventions", "[template]") {
  const Family& family = *with_template().find("partition");
  for (const std::string modulo : {"none", "swap"}) {
    const OptionValues options = read_options(YAML::Load("{modulo: " + modulo + "}"),
                                              family.solution_options(), "solutions", "");
    Rng rng(7);
    const OptionValues parameters =
        read_options(YAML::Load("{n: 10}"), family.parameters(), "parameters", "");
    const OptionValues constraints =
        read_options(YAML::Node(), family.instance_constraints(), "instance", "");
    for (int i = 0; i < 200; ++i) {
      const auto instance = family.random_instance(parameters, constraints, {}, rng);
      const Count count = family.count(*instance, "split", options, 0, Limits{});
      INFO(instance->to_json().dump() << " modulo " << modulo);
      CHECK(count.exact);
      CHECK(count.value == brute_force_splits(numbers_of(instance->to_json()), modulo == "swap"));
    }
  }
}

TEST_CASE("template: symmetry breaking keeps every class, with the same counts", "[template]") {
  // Every multiset of 5 numbers up to 6, with and without the sorted-order constraint: the same
  // classes and the same number of splits each.
  const char* const text = R"(
puzzle: partition
parameters: {n: 5}
instance: {largest: 6}
solutions: {split: {min: 0}}
generate: {instances: all, strategy: exhaustive}
)";
  std::map<std::vector<int>, std::uint64_t> classes[2];
  for (const bool breaking : {true, false}) {
    Spec spec = spec_of(text);
    spec.generate.symmetry_breaking = breaking;
    const RunSummary summary = generate(spec, [&](const InstancePtr& instance, const Evaluation& e,
                                                  std::size_t, const std::string&) {
      REQUIRE(e.counts.size() == 1);
      classes[breaking][instance->canonical_key()] =
          e.counts.front().second.value.convert_to<std::uint64_t>();
    });
    CHECK(summary.proven);
  }
  CHECK(classes[1].size() == 252);  // multisets of 5 from 6 values: C(10, 5)
  CHECK(classes[0] == classes[1]);
}

TEST_CASE("template: the example spec's puzzle is the least total with one split, by brute force",
          "[template]") {
  const std::string dir = std::string(PUZZLEGEN_SOURCE_DIR) + "/puzzles/template/";
  Spec spec = load_spec(dir + "unique-split.yaml", with_template());
  std::vector<Json> found;
  const RunSummary summary =
      generate(spec, [&](const InstancePtr& instance, const Evaluation&, std::size_t,
                         const std::string&) { found.push_back(instance->to_json()); });
  REQUIRE(summary.proven);
  REQUIRE(summary.best);
  // Brute force: every set of 6 different numbers from 1 to 12.
  std::uint64_t least = UINT64_MAX;
  for (unsigned mask = 0; mask < (1u << 12); ++mask) {
    if (__builtin_popcount(mask) != 6) continue;
    std::vector<int> numbers;
    for (int v = 1; v <= 12; ++v)
      if (mask >> (v - 1) & 1) numbers.push_back(v);
    if (brute_force_splits(numbers, true) == 1) {
      std::uint64_t total = 0;
      for (const int v : numbers) total += static_cast<std::uint64_t>(v);
      least = std::min(least, total);
    }
  }
  CHECK(*summary.best == least);
  REQUIRE(!found.empty());
  CHECK(brute_force_splits(numbers_of(found.back()), true) == 1);
}

TEST_CASE("template: walking classes finds the exhaustive walk's classes", "[template][classes]") {
  // The growth (strategy classes) against every sorted list of numbers (exhaustive): the same
  // classes, the same counts and class sizes, and the sizes sum to the number of lists of n
  // numbers in any order, counted directly: largest^n, or largest!/(largest - n)! distinct.
  struct Case {
    int n, largest;
    bool distinct;
    std::uint64_t lists;
  };
  // The last case is an empty space (3 distinct numbers from 1..2): both walks must print
  // nothing and still prove it.
  for (const Case c : {Case{5, 6, false, 7776}, Case{4, 9, true, 3024}, Case{2, 3, false, 9},
                       Case{3, 2, true, 0}}) {
    INFO("n " << c.n << ", largest " << c.largest << ", distinct " << c.distinct);
    std::map<std::string, std::map<std::vector<int>, std::pair<std::uint64_t, std::uint64_t>>>
        found;
    for (const std::string strategy : {"exhaustive", "classes"}) {
      const Spec spec = spec_of("puzzle: partition\nparameters: {n: " + std::to_string(c.n) +
                                "}\ninstance: {largest: " + std::to_string(c.largest) +
                                ", distinct: " + (c.distinct ? "true" : "false") +
                                "}\nsolutions: {split: {min: 0}}\ngenerate: {instances: all, "
                                "strategy: " +
                                strategy + "}\n");
      std::uint64_t lists = 0;
      const RunSummary summary = generate(spec, [&](const InstancePtr& instance,
                                                    const Evaluation& e, std::size_t,
                                                    const std::string&) {
        const auto size = e.class_size->convert_to<std::uint64_t>();
        lists += size;
        CHECK(found[strategy]
                  .emplace(instance->canonical_key(),
                           std::pair{e.counts.at(0).second.value.convert_to<std::uint64_t>(), size})
                  .second);
      });
      CHECK(summary.proven);
      CHECK(lists == c.lists);
    }
    CHECK(found["classes"] == found["exhaustive"]);
  }
}
