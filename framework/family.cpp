#include "family.hpp"

#include <algorithm>
#include <stdexcept>

#include "error.hpp"

namespace puzzlegen {

void InstanceSpace::constrain_measure(const std::string&, const Bounds&) {}

void InstanceSpace::post_bounds(Gecode::Home home, Gecode::IntVar x, const Bounds& bounds) {
  const auto clamp = [](std::uint64_t v) {
    return static_cast<int>(std::min<std::uint64_t>(v, Gecode::Int::Limits::max));
  };
  if (bounds.min) Gecode::rel(home, x, Gecode::IRT_GQ, clamp(*bounds.min));
  if (bounds.max) Gecode::rel(home, x, Gecode::IRT_LQ, clamp(*bounds.max));
}

Gecode::IntValBranch InstanceSearch::value_order() const {
  if (!randomized) return Gecode::INT_VAL_MIN();
  return Gecode::INT_VAL([seed = seed](const Gecode::Space&, Gecode::IntVar x, int i) {
    std::uint64_t h = mix64(seed ^ mix64(static_cast<std::uint64_t>(i)));
    h = mix64(h ^ static_cast<std::uint32_t>(x.min()));
    h = mix64(h ^ static_cast<std::uint32_t>(x.max()) ^ (std::uint64_t{x.size()} << 32));
    std::uint64_t k = h % x.size();
    for (Gecode::IntVarValues v(x); v(); ++v)
      if (k-- == 0) return v.val();
    return x.min();
  });
}

void Family::check_parameters(const OptionValues&, const SourceLocation&) const {}

std::vector<std::unique_ptr<Solution>> Family::distinct_solutions(const Instance& instance,
                                                                  const std::string& kind,
                                                                  std::size_t most,
                                                                  const Limits& limits) const {
  std::vector<std::unique_ptr<Solution>> out;
  if (most == 0) return out;
  if (auto first = first_solution(instance, kind, limits)) out.push_back(std::move(first));
  return out;
}

std::uint64_t Family::count_multiple(const std::string&, const OptionValues&) const {
  return 1;
}

std::unique_ptr<Instance> Family::printed_puzzle(const Instance&, const std::string&,
                                                 const Limits&) const {
  return nullptr;
}

Recount Verification::verify_class_size(const Instance&, const Limits&) const {
  return {};
}

std::vector<CensusFigure> Verification::census_figures(const OptionValues&,
                                                       const OptionValues&) const {
  return {};
}

std::optional<Listing> Verification::verify_space(
    const OptionValues&, const OptionValues&, const Limits&,
    const std::function<bool(const Instance&)>&) const {
  return std::nullopt;
}

std::vector<std::string> Family::impossible_instances(const OptionValues&,
                                                      const OptionValues&) const {
  return {};
}

std::uint64_t Family::measure(const Instance&, const std::string& name) const {
  throw std::logic_error(this->name() + " has no measure " + name);
}

std::unique_ptr<GradedSpace> Grading::graded_space(const Instance&, const std::string&) const {
  return nullptr;
}

std::optional<Grade> Grading::reasoned_grade(const Instance&, const std::string&,
                                             const Limits&) const {
  return std::nullopt;
}

Explanation Grading::explain(const Instance&, const std::string&, std::size_t, double,
                             const Limits&) const {
  return {};
}

std::optional<Grade> Family::grade_of(const Instance& instance, const std::string& kind,
                                      const Limits& limits) const {
  const Grading* graded = grading();
  if (!graded) return std::nullopt;
  const auto kinds = graded->graded_kinds();
  if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) return std::nullopt;
  if (auto reasoned = graded->reasoned_grade(instance, kind, limits)) return reasoned;
  const auto space = graded->graded_space(instance, kind);
  if (!space) return std::nullopt;
  return grade(*space, limits);
}

std::optional<Grade> Family::propagation_grade_of(const Instance& instance, const std::string& kind,
                                                  const Limits& limits) const {
  const Grading* graded = grading();
  if (!graded) return std::nullopt;
  const auto kinds = graded->graded_kinds();
  if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) return std::nullopt;
  const auto space = graded->graded_space(instance, kind);
  // Without a GradedSpace, the family's own grade is its propagation grade (a model family's
  // rungs are propagation strengths and probing).
  if (!space) return graded->reasoned_grade(instance, kind, limits);
  return grade(*space, limits);
}

std::vector<std::string> Family::graded_kinds() const {
  const Grading* graded = grading();
  return graded ? graded->graded_kinds() : std::vector<std::string>{};
}

std::vector<KindInfo> Family::every_measure() const {
  std::vector<KindInfo> out = measures();
  if (graded_kinds().empty()) return out;
  out.push_back({kDifficulty,
                 "how hard the puzzle is to solve: 1 easy (propagation alone), 2 medium (one "
                 "round of probing), 3 hard (several rounds), 4 extreme (search); names work too"});
  out.push_back({kSearchNodes, "nodes the search needs after probing (0 below extreme)"});
  out.push_back({kPropagationDifficulty,
                 "the grade by propagation and probing of the family's model (1-4), as families "
                 "without a ladder of techniques are graded"});
  return out;
}

std::map<std::string, Bounds> Family::implied_bounds(const OptionValues&) const {
  return {};
}

Json Family::solve_facts(const Instance&, const Limits&) const {
  return Json::object();
}

std::string Family::task(const Instance&, const std::string& kind) const {
  return "Find a solution of kind " + kind + ".";
}

Json Family::play(const Instance&, const std::string&) const {
  return nullptr;
}

std::string Family::count_phrase(const std::string& kind, const Count& count,
                                 const OptionValues& options) const {
  const std::string convention = convention_text(options);
  return count_words(count, kind + " solution", kind + " solutions") +
         (convention.empty() ? "" : " (" + convention + ")");
}

std::string Family::how_to_mark(const std::string&, const OptionValues&) const {
  return "";
}

std::vector<PrintSize> Family::print_sizes() const {
  return {{"1", "normal"}, {"1.25", "larger"}, {"1.5", "large"}, {"2", "largest"}};
}

std::vector<PrintSize> cube_net_sizes() {
  return {{"1", "for pupils to cut out (faces 20 mm)"},
          {"0.75", "smaller (faces 15 mm)"},
          {"0.55", "dense, fewer pages (faces 11 mm)"},
          {"1.3", "largest (faces 26 mm)"}};
}

std::string convention_text(const OptionValues& options) {
  std::string out;
  for (const auto& [name, value] : options.all())
    if (const auto* s = std::get_if<std::string>(&value))
      out += (out.empty() ? "" : ", ") + name + " " + *s;
  return out;
}

std::string count_words(const Count& count, const std::string& singular,
                        const std::string& plural) {
  if (!count.exact) return "at least " + to_string(count.value) + " " + plural;
  if (count.value == 0) return "no " + plural;
  if (count.value == 1) return "exactly one " + singular;
  return "exactly " + to_string(count.value) + " " + plural;
}

std::vector<std::string> Family::kind_names() const {
  std::vector<std::string> names;
  for (const auto& kind : kinds()) names.push_back(kind.name);
  return names;
}

void Family::check_kind(const std::string& kind, const SourceLocation& where,
                        const std::string& field) const {
  const auto names = kind_names();
  if (std::find(names.begin(), names.end(), kind) == names.end())
    throw InputError(where, field,
                     "unknown solution kind '" + kind + "'" + did_you_mean(kind, names));
}

}  // namespace puzzlegen
