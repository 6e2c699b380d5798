// A plugin family that breaks the family contract on purpose, for the contract checks
// (framework/contract.hpp, `puzzlegen selftest`) to catch: its instance files do not read back
// as the same instance (to_json writes n + 1), and its instance space ignores its instance
// constraint (`even`), which satisfies() checks.
#include "plugin.hpp"

namespace {

using namespace puzzlegen;

class Number final : public Instance {
 public:
  explicit Number(int n) : n(n) {}
  Json to_json() const override { return {{"puzzle", "broken"}, {"n", n + 1}}; }
  std::vector<int> canonical_key() const override { return {n}; }
  std::string render_text() const override { return std::to_string(n) + "\n"; }
  render::Drawing draw(double) const override {
    render::Drawing d;
    d.width = d.height = 10;
    return d;
  }
  const int n;
};

class NumberSpace final : public InstanceSpace {
 public:
  NumberSpace() : x_(*this, 0, 5) { Gecode::branch(*this, x_, Gecode::INT_VAL_MIN()); }
  NumberSpace(NumberSpace& other) : InstanceSpace(other) { x_.update(*this, other.x_); }
  Gecode::Space* copy() override { return new NumberSpace(*this); }
  std::unique_ptr<Instance> instance() const override { return std::make_unique<Number>(x_.val()); }

 private:
  Gecode::IntVar x_;
};

class Broken final : public FamilyOf<Number> {
 public:
  std::string name() const override { return "broken"; }
  std::string summary() const override { return "a number, written out wrongly"; }
  std::vector<OptionInfo> parameters() const override { return {}; }
  std::vector<OptionInfo> instance_constraints() const override {
    return {OptionInfo::boolean("even", "the number is even", true)};
  }
  std::vector<OptionInfo> solution_options() const override { return {}; }
  std::vector<KindInfo> kinds() const override { return {{"one", "the number itself"}}; }
  std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                          const std::string& file) const override {
    reject_unknown_keys(document, {"puzzle", "n"}, "", file);
    return std::make_unique<Number>(read_int(document["n"], file, "n", 0, 99, "a number"));
  }
  OptionValues parameters_of(const Number&) const override { return {}; }
  bool satisfies(const Number& number, const OptionValues& constraints) const override {
    return !constraints.boolean("even") || number.n % 2 == 0;
  }
  Count count(const Number& number, const std::string&, const OptionValues&, std::uint64_t,
              const Limits&) const override {
    return {number.n == 99 ? 0 : 1, true};
  }
  std::unique_ptr<Solution> first_solution(const Number&, const std::string&,
                                           const Limits&) const override {
    return nullptr;
  }
  std::unique_ptr<InstanceSpace> instance_space(const OptionValues&, const OptionValues&,
                                                const InstanceSearch&) const override {
    return std::make_unique<NumberSpace>();
  }
  std::unique_ptr<Instance> random_instance(const OptionValues&, const OptionValues&,
                                            const std::map<std::string, Bounds>&,
                                            Rng& rng) const override {
    return std::make_unique<Number>(2 * static_cast<int>(rng.below(3)));
  }
  // Said to have a solution, and has none.
  std::unique_ptr<Instance> planted_instance(const OptionValues&, const std::string&, const Limits&,
                                             Rng&) const override {
    return std::make_unique<Number>(99);
  }
};

std::unique_ptr<Family> make_broken() {
  return std::make_unique<Broken>();
}

}  // namespace

PUZZLEGEN_PLUGIN(make_broken)
