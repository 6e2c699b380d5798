// A plugin family whose instance space prunes wrongly by a bound: asked for numbers of at most
// m, its space posts fewer than m (off by one). Its judge is right, so a run is consistent with
// itself: a proven list that misses a class. `puzzlegen verify` must search the space again
// plainly (no bound posted) to catch it.
#include "plugin.hpp"

namespace {

using namespace puzzlegen;

class Number final : public Instance {
 public:
  explicit Number(int n) : n(n) {}
  Json to_json() const override { return {{"puzzle", "overpruned"}, {"n", n}}; }
  std::vector<int> canonical_key() const override { return {n}; }
  std::optional<Natural> class_size() const override { return Natural(1); }
  std::string render_text() const override { return std::to_string(n) + "\n"; }
  render::Drawing draw(double) const override { return {}; }
  const int n;
};

class NumberSpace final : public InstanceSpace {
 public:
  explicit NumberSpace(const InstanceSearch& search) : x_(*this, 0, 9) {
    if (const auto it = search.measure_bounds.find("value"); it != search.measure_bounds.end())
      constrain_measure("value", it->second);
    Gecode::branch(*this, x_, Gecode::INT_VAL_MIN());
  }
  NumberSpace(NumberSpace& other) : InstanceSpace(other) { x_.update(*this, other.x_); }
  Gecode::Space* copy() override { return new NumberSpace(*this); }
  std::unique_ptr<Instance> instance() const override { return std::make_unique<Number>(x_.val()); }
  void constrain_measure(const std::string&, const Bounds& bounds) override {
    Bounds wrong = bounds;
    if (wrong.max && *wrong.max > 0) *wrong.max -= 1;  // the defect
    post_bounds(*this, x_, wrong);
  }

 private:
  Gecode::IntVar x_;
};

class Overpruned final : public FamilyOf<Number>, public VerificationOf<Number> {
 public:
  const Verification* verification() const override { return this; }
  std::string name() const override { return "overpruned"; }
  std::string summary() const override { return "a number from 0 to 9, pruned wrongly"; }
  std::vector<OptionInfo> parameters() const override { return {}; }
  std::vector<OptionInfo> instance_constraints() const override { return {}; }
  std::vector<OptionInfo> solution_options() const override { return {}; }
  std::vector<KindInfo> kinds() const override { return {{"one", "the number itself"}}; }
  std::vector<KindInfo> measures() const override { return {{"value", "the number"}}; }
  std::uint64_t measure(const Number& number, const std::string&) const override {
    return static_cast<std::uint64_t>(number.n);
  }
  std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                          const std::string& file) const override {
    reject_unknown_keys(document, {"puzzle", "n"}, "", file);
    return std::make_unique<Number>(read_int(document["n"], file, "n", 0, 9, "a number"));
  }
  OptionValues parameters_of(const Number&) const override { return {}; }
  bool satisfies(const Number&, const OptionValues&) const override { return true; }
  Count count(const Number&, const std::string&, const OptionValues&, std::uint64_t,
              const Limits&) const override {
    return {1, true};
  }
  Recount verify_counts(const Number&, const std::string&, const OptionValues&,
                        const Limits&) const override {
    return {Count{1, true}, "one way to see a number"};
  }
  std::unique_ptr<Solution> first_solution(const Number&, const std::string&,
                                           const Limits&) const override {
    return nullptr;
  }
  std::unique_ptr<InstanceSpace> instance_space(const OptionValues&, const OptionValues&,
                                                const InstanceSearch& search) const override {
    return std::make_unique<NumberSpace>(search);
  }
  std::unique_ptr<Instance> random_instance(const OptionValues&, const OptionValues&,
                                            const std::map<std::string, Bounds>&,
                                            Rng& rng) const override {
    return std::make_unique<Number>(static_cast<int>(rng.below(10)));
  }
};

std::unique_ptr<Family> make_overpruned() {
  return std::make_unique<Overpruned>();
}

}  // namespace

PUZZLEGEN_PLUGIN(make_overpruned)
