// FamilyOf<I>: a family's methods receive its own instance type, cast in one place; and a family
// written against Family itself, as plugins were before FamilyOf, still builds and works.
#include <catch2/catch.hpp>

#include <initializer_list>
#include <typeinfo>

#include "family.hpp"

using namespace puzzlegen;

namespace {

// An instance that is a number of tallies.
class Tally final : public Instance {
 public:
  explicit Tally(int n) : n(n) {}
  Json to_json() const override { return {{"puzzle", "tally"}, {"n", n}}; }
  std::vector<int> canonical_key() const override { return {n}; }
  std::string render_text() const override { return std::to_string(n); }
  render::Drawing draw(double) const override { return {}; }
  const int n;
};

// Another family's instance.
class Other final : public Instance {
 public:
  Json to_json() const override { return {}; }
  std::vector<int> canonical_key() const override { return {}; }
  std::string render_text() const override { return ""; }
  render::Drawing draw(double) const override { return {}; }
};

// What takes no instance, the same for both families below.
template <class Base>
class TallyBase : public Base {
 public:
  std::string name() const override { return "tally"; }
  std::string summary() const override { return "tallies"; }
  std::vector<OptionInfo> parameters() const override { return {}; }
  std::vector<OptionInfo> instance_constraints() const override { return {}; }
  std::vector<OptionInfo> solution_options() const override { return {}; }
  std::vector<KindInfo> kinds() const override { return {{"mark", "one tally mark"}}; }
  std::vector<KindInfo> measures() const override { return {{"n", "the number of tallies"}}; }
  std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                          const std::string& file) const override {
    return std::make_unique<Tally>(read_int(document["n"], file, "n", 0, 9, "a number"));
  }
  std::unique_ptr<InstanceSpace> instance_space(const OptionValues&, const OptionValues&,
                                                const InstanceSearch&) const override {
    return nullptr;
  }
  std::unique_ptr<Instance> random_instance(const OptionValues&, const OptionValues&,
                                            Rng&) const override {
    return std::make_unique<Tally>(1);
  }
};

class Typed final : public TallyBase<FamilyOf<Tally>> {
 public:
  std::uint64_t measure(const Tally& tally, const std::string&) const override {
    return static_cast<std::uint64_t>(tally.n);
  }
  OptionValues parameters_of(const Tally&) const override { return {}; }
  bool satisfies(const Tally& tally, const OptionValues&) const override { return tally.n > 0; }
  Count count(const Tally& tally, const std::string&, const OptionValues&, std::uint64_t,
              const Limits&) const override {
    return {tally.n, true};
  }
  std::unique_ptr<Solution> first_solution(const Tally&, const std::string&,
                                           const Limits&) const override {
    return nullptr;
  }
};

// Written as every family was before FamilyOf: it must keep building.
class Untyped final : public TallyBase<Family> {
 public:
  std::uint64_t measure(const Instance& instance, const std::string&) const override {
    return static_cast<std::uint64_t>(dynamic_cast<const Tally&>(instance).n);
  }
  OptionValues parameters_of(const Instance&) const override { return {}; }
  bool satisfies(const Instance& instance, const OptionValues&) const override {
    return dynamic_cast<const Tally&>(instance).n > 0;
  }
  Count count(const Instance& instance, const std::string&, const OptionValues&, std::uint64_t,
              const Limits&) const override {
    return {dynamic_cast<const Tally&>(instance).n, true};
  }
  std::unique_ptr<Solution> first_solution(const Instance&, const std::string&,
                                           const Limits&) const override {
    return nullptr;
  }
};

}  // namespace

TEST_CASE("family base: typed and untyped families answer alike through Family", "[family-of]") {
  const Typed typed;
  const Untyped untyped;
  const Tally three(3), none(0);
  for (const Family* family : std::initializer_list<const Family*>{&typed, &untyped}) {
    CHECK(family->measure(three, "n") == 3);
    CHECK(family->count(three, "mark", {}, 0, {}).value == 3);
    CHECK(family->satisfies(three, {}));
    CHECK_FALSE(family->satisfies(none, {}));
    // Family's defaults, through FamilyOf's typed hooks for the typed family.
    CHECK(family->task(three, "mark") == "Find a solution of kind mark.");
    CHECK(family->solve_facts(three, {}) == Json::object());
    CHECK(family->distinct_solutions(three, "mark", 4, {}).empty());
    CHECK_THROWS_AS(family->graded_space(three, "mark"), std::logic_error);
    // No second method: verify calls its claims not verifiable, and says why.
    const Recount again = family->verify_counts(three, "mark", {}, {});
    CHECK_FALSE(again.value);
    CHECK_THAT(again.method, Catch::Contains("no second counting method"));
    CHECK_FALSE(family->verify_class_size(three, {}).value);
    CHECK(family->census_figures({}, {}).empty());
  }
}

TEST_CASE("family base: another family's instance is refused by the one cast", "[family-of]") {
  const Typed typed;
  const Family& family = typed;
  const Other other;
  CHECK_THROWS_AS(family.measure(other, "n"), std::bad_cast);
  CHECK_THROWS_AS(family.count(other, "mark", {}, 0, {}), std::bad_cast);
  CHECK_THROWS_AS(family.parameters_of(other), std::bad_cast);
  CHECK_THROWS_AS(family.first_solution(other, "mark", {}), std::bad_cast);
}
