// FamilyOf<I> and the typed capability bases: a family's methods receive its own instance type,
// cast in one place; and a family written against Family itself still builds and works.
#include <catch2/catch.hpp>

#include <algorithm>
#include <initializer_list>
#include <typeinfo>

#include "classes.hpp"
#include "contract.hpp"
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
                                            const std::map<std::string, Bounds>&,
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
    CHECK(family->how_to_mark("mark", {}).empty());
    // No optional capability unless the family offers it.
    CHECK(family->clues() == nullptr);
    CHECK(family->classes() == nullptr);
    CHECK(family->grading() == nullptr);
    CHECK(family->verification() == nullptr);
    CHECK(family->graded_kinds().empty());
    CHECK_FALSE(family->grade_of(three, "mark", {}));
    CHECK(family->every_measure().size() == 1);
  }
}

namespace {

// The typed capability bases, each returned as `this`.
class Capable final : public TallyBase<FamilyOf<Tally>>,
                      public CluesOf<Tally>,
                      public GradingOf<Tally>,
                      public VerificationOf<Tally> {
 public:
  const Clues* clues() const override { return this; }
  const Grading* grading() const override { return this; }
  const Verification* verification() const override { return this; }

  OptionValues parameters_of(const Tally&) const override { return {}; }
  bool satisfies(const Tally&, const OptionValues&) const override { return true; }
  Count count(const Tally& tally, const std::string&, const OptionValues&, std::uint64_t,
              const Limits&) const override {
    return {tally.n, true};
  }
  std::unique_ptr<Solution> first_solution(const Tally&, const std::string&,
                                           const Limits&) const override {
    return nullptr;
  }
  CluedSolution clued_solution(const OptionValues&, const OptionValues&, Rng&) const override {
    return {std::make_unique<Tally>(3), 3};
  }
  std::unique_ptr<Instance> with_clues(const Tally&, const std::vector<bool>& kept) const override {
    return std::make_unique<Tally>(static_cast<int>(std::count(kept.begin(), kept.end(), true)));
  }
  std::vector<std::string> graded_kinds() const override { return {"mark"}; }
  std::unique_ptr<GradedSpace> graded_space(const Tally&, const std::string&) const override {
    return nullptr;
  }
  std::optional<Grade> reasoned_grade(const Tally& tally, const std::string&,
                                      const Limits&) const override {
    Grade g;
    g.level = tally.n > 2 ? Grade::hard : Grade::easy;
    return g;
  }
  Recount verify_counts(const Tally& tally, const std::string&, const OptionValues&,
                        const Limits&) const override {
    return {Count{tally.n, true}, "counted on fingers"};
  }
  std::vector<CensusFigure> census_figures(const OptionValues&,
                                           const OptionValues&) const override {
    return {
        CensusFigure::of<Tally>("tallies", Natural(3), false,
                                [](const Tally& tally, const Limits&) -> std::optional<Natural> {
                                  return Natural(tally.n);
                                })};
  }
};

}  // namespace

TEST_CASE("family base: typed capabilities answer through their interfaces", "[family-of]") {
  const Capable capable;
  const Family& family = capable;
  const Tally three(3);
  Rng rng(1);
  REQUIRE(family.clues());
  const CluedSolution drawn = family.clues()->clued_solution({}, {}, rng);
  CHECK(family.clues()->with_clues(*drawn.full, {true, false, true})->canonical_key() ==
        std::vector<int>{2});
  REQUIRE(family.grading());
  CHECK(family.graded_kinds() == std::vector<std::string>{"mark"});
  CHECK(family.grade_of(three, "mark", {})->level == Grade::hard);
  CHECK_FALSE(family.grade_of(three, "other", {}));
  CHECK(family.grading()->explain(three, "mark", 3, 100, {}).steps.empty());
  CHECK(family.every_measure().size() > 1);  // the difficulty measures join
  REQUIRE(family.verification());
  CHECK(family.verification()->verify_counts(three, "mark", {}, {}).value->value == 3);
  // Not overridden: verify names the missing method itself.
  CHECK(family.verification()->verify_class_size(three, {}).method.empty());
  const auto figures = family.verification()->census_figures({}, {});
  REQUIRE(figures.size() == 1);
  CHECK(*figures.front().per_class(three, {}) == 3);
  // The one cast, in every typed base.
  const Other other;
  CHECK_THROWS_AS(family.clues()->with_clues(other, {}), std::bad_cast);
  CHECK_THROWS_AS(family.grading()->reasoned_grade(other, "mark", {}), std::bad_cast);
  CHECK_THROWS_AS(family.verification()->verify_counts(other, "mark", {}, {}), std::bad_cast);
  CHECK_THROWS_AS(figures.front().per_class(other, {}), std::bad_cast);
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

namespace {

// A family that implements a capability and forgets to offer it.
class Forgetful final : public TallyBase<FamilyOf<Tally>>, public Classes {
 public:
  OptionValues parameters_of(const Tally&) const override { return {}; }
  bool satisfies(const Tally&, const OptionValues&) const override { return true; }
  Count count(const Tally& tally, const std::string&, const OptionValues&, std::uint64_t,
              const Limits&) const override {
    return {tally.n, true};
  }
  std::unique_ptr<Solution> first_solution(const Tally&, const std::string&,
                                           const Limits&) const override {
    return nullptr;
  }
  std::unique_ptr<Growth> growth(const OptionValues&, const OptionValues&,
                                 const InstanceSearch&) const override {
    return nullptr;
  }
};

}  // namespace

TEST_CASE("family base: the contract checks catch a capability implemented but not offered",
          "[family-of][contract]") {
  const ContractReport report = check_contract(Forgetful{});
  CHECK(std::any_of(report.failures.begin(), report.failures.end(), [](const std::string& f) {
    return f.find("a family that is a Classes returns it from classes()") != std::string::npos;
  }));
}
