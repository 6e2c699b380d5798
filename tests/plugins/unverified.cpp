// A plugin family with no second methods (no Verification, family.hpp): `puzzlegen verify`
// must call its claims not verifiable, never verified.
#include "plugin.hpp"

namespace {

using namespace puzzlegen;

class Tally final : public Instance {
 public:
  explicit Tally(int n) : n(n) {}
  Json to_json() const override { return {{"puzzle", "tally"}, {"n", n}}; }
  std::vector<int> canonical_key() const override { return {n}; }
  std::optional<Natural> class_size() const override { return Natural(1); }
  std::string render_text() const override { return std::to_string(n) + "\n"; }
  render::Drawing draw(double) const override { return {}; }
  const int n;
};

class Tallies final : public FamilyOf<Tally> {
 public:
  std::string name() const override { return "tally"; }
  std::string summary() const override { return "a number of tally marks"; }
  std::vector<OptionInfo> parameters() const override { return {}; }
  std::vector<OptionInfo> instance_constraints() const override { return {}; }
  std::vector<OptionInfo> solution_options() const override { return {}; }
  std::vector<KindInfo> kinds() const override { return {{"mark", "one tally mark"}}; }
  std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                          const std::string& file) const override {
    reject_unknown_keys(document, {"puzzle", "n"}, "", file);
    return std::make_unique<Tally>(read_int(document["n"], file, "n", 0, 9, "a number"));
  }
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

std::unique_ptr<Family> make_tallies() {
  return std::make_unique<Tallies>();
}

}  // namespace

PUZZLEGEN_PLUGIN(make_tallies)
