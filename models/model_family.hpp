// A model family: the family contract over MiniZinc models. Each (kind, size parameters) pair
// is compiled once (compiler.hpp) and parsed once per thread (flatzinc_model.hpp); an instance
// is its data, fixed on a clone of the compiled space; a solution is a distinct assignment of
// the manifest's solution variables that extends to the whole model.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "compiler.hpp"
#include "family.hpp"
#include "flatzinc_model.hpp"
#include "manifest.hpp"

namespace puzzlegen::models {

using Sizes = std::map<std::string, std::int64_t>;  // by the model's names

class ModelInstance : public Instance {
 public:
  ModelInstance(std::shared_ptr<const Manifest> manifest, Sizes sizes,
                std::map<std::string, std::vector<int>> data)
      : manifest_(std::move(manifest)), sizes_(std::move(sizes)), data_(std::move(data)) {}
  Json to_json() const override;
  std::vector<int> canonical_key() const override;
  std::optional<Natural> class_size() const override { return Natural(1); }
  std::string render_text() const override;
  render::Drawing draw(double width) const override;

  const Sizes& sizes() const { return sizes_; }
  const std::map<std::string, std::vector<int>>& data() const { return data_; }
  const Manifest& manifest() const { return *manifest_; }
  std::shared_ptr<const Manifest> shared_manifest() const { return manifest_; }

 private:
  std::shared_ptr<const Manifest> manifest_;
  Sizes sizes_;
  std::map<std::string, std::vector<int>> data_;  // row-major
};

// Every model family grades (the rungs any model has) and verifies counts (a second
// flattening); CluedModelFamily below adds clues where the manifest declares them.
class ModelFamily : public FamilyOf<ModelInstance>,
                    public GradingOf<ModelInstance>,
                    public VerificationOf<ModelInstance> {
 public:
  // Reads the manifest and compiles each kind's model with the default sizes, so that a bad
  // model is reported (InputError) when the family is loaded, before any search.
  explicit ModelFamily(Manifest manifest);
  ~ModelFamily() override;
  // Drops the compiled models (at exit, while Gecode's FlatZinc library is still there).
  void release();

  std::string name() const override { return manifest_->name; }
  std::string summary() const override { return manifest_->summary; }
  std::string title() const override { return manifest_->title; }
  std::string task(const ModelInstance& instance, const std::string& kind) const override;
  std::string count_phrase(const std::string& kind, const Count& count,
                           const OptionValues& options) const override;
  std::vector<OptionInfo> parameters() const override;
  std::vector<OptionInfo> instance_constraints() const override { return {}; }
  std::vector<OptionInfo> solution_options() const override { return {}; }
  std::vector<KindInfo> kinds() const override;
  std::vector<KindInfo> measures() const override;
  std::uint64_t measure(const ModelInstance& instance, const std::string& name) const override;

  std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                          const std::string& file) const override;
  OptionValues parameters_of(const ModelInstance& instance) const override;
  // Whether the instance meets the manifest's instance model (true without one).
  bool satisfies(const ModelInstance& instance, const OptionValues& constraints) const override;
  Count count(const ModelInstance& instance, const std::string& kind, const OptionValues& options,
              std::uint64_t cap, const Limits& limits) const override;
  std::unique_ptr<Solution> first_solution(const ModelInstance& instance, const std::string& kind,
                                           const Limits& limits) const override;

  std::unique_ptr<InstanceSpace> instance_space(const OptionValues& parameters,
                                                const OptionValues& constraints,
                                                const InstanceSearch& search) const override;
  std::unique_ptr<Instance> random_instance(const OptionValues& parameters,
                                            const OptionValues& constraints,
                                            const std::map<std::string, Bounds>& measures,
                                            Rng& rng) const override;
  // Local search's move, for a model without clues: one element of the instance's data given
  // another value in its declared range (the instance model, if any, is left to the judge).
  std::unique_ptr<Instance> neighbour(const Instance& instance, const OptionValues& constraints,
                                      Rng& rng) const override;
  // An instance drawn with one `kind` solution: the kind's model solved with its data free, the
  // solution's variables first and every value in a seeded order.
  std::unique_ptr<Instance> planted_instance(const OptionValues& parameters,
                                             const std::string& kind, const Limits& limits,
                                             Rng& rng) const override;
  const Grading* grading() const override { return this; }
  const Verification* verification() const override { return this; }
  // The grade any model gets: the weakest consistency that solves it (model_family.cpp).
  std::vector<std::string> graded_kinds() const override;
  std::optional<Grade> reasoned_grade(const ModelInstance& instance, const std::string& kind,
                                      const Limits& limits) const override;
  Recount verify_counts(const ModelInstance& instance, const std::string& kind,
                        const OptionValues& options, const Limits& limits) const override;

 protected:
  // A whole solution of the first kind with every clue empty, drawn with `seed`; null when
  // there is none or, `stopped` says, none was drawn in the time a draw has.
  std::unique_ptr<ModelInstance> solved_full(const Sizes& sizes, std::uint64_t seed,
                                             StopReason* stopped = nullptr) const;
  // `full` with only the clues `kept`.
  std::unique_ptr<ModelInstance> keeping(const ModelInstance& full,
                                         const std::vector<bool>& kept) const;
  // Clues::other_solutions for a family with clues.
  std::optional<OtherSolutions> others_than(const ModelInstance& full,
                                            const std::vector<bool>& kept, int taken_back,
                                            const std::string& kind, const Limits& limits) const;
  Sizes sizes_of(const OptionValues& parameters) const;
  const Manifest& manifest() const { return *manifest_; }

 private:
  struct Compiled;
  const Compiled& compiled(const KindModel& kind, const Sizes& sizes, Library library,
                           Strength strength = Strength::as_posted) const;
  const KindModel& kind_model(const std::string& kind) const;
  // The model a puzzle is posed on to be counted: `model`, or, once it has been posed often,
  // the same with its clues untied. Not for grades or first solutions, which are asked far
  // less often: the untied model is parsed again (0.15 s for a 20x20 Nonogram's).
  const Compiled& posing(const Compiled& model) const;
  // A clone of the model with the instance's data fixed on it.
  std::unique_ptr<ModelSpace> posed(const Compiled& model, const ModelInstance& instance) const;
  Count count_with(const ModelInstance& instance, const KindModel& kind, std::uint64_t cap,
                   const Limits& limits, Library library) const;

  std::shared_ptr<const Manifest> manifest_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::unique_ptr<Compiled>> compiled_;
};

// A model family whose manifest declares clues: `minimal` takes them away one at a time.
class CluedModelFamily : public ModelFamily, public CluesOf<ModelInstance> {
 public:
  using ModelFamily::ModelFamily;
  const Clues* clues() const override { return this; }
  CluedSolution clued_solution(const OptionValues& parameters, const OptionValues& constraints,
                               Rng& rng) const override;
  std::unique_ptr<Instance> with_clues(const ModelInstance& full,
                                       const std::vector<bool>& kept) const override {
    return keeping(full, kept);
  }
  std::optional<OtherSolutions> other_solutions(const ModelInstance& full,
                                                const std::vector<bool>& kept, int taken_back,
                                                const std::string& kind, const OptionValues&,
                                                const Limits& limits) const override {
    return others_than(full, kept, taken_back, kind, limits);
  }
  std::string clue_measure() const override { return "givens"; }
};

// The family a manifest describes.
std::unique_ptr<Family> make_model_family(Manifest manifest);

}  // namespace puzzlegen::models
