#include "contract.hpp"

#include <algorithm>
#include <exception>
#include <sstream>

#include "render/drawing.hpp"
#include "yaml_read.hpp"

namespace puzzlegen {

namespace {

class Checker {
 public:
  explicit Checker(ContractReport& report) : report_(report) {}

  // Records a failure of `what` unless `ok`; `context` says on what.
  bool expect(bool ok, const std::string& what) {
    ++report_.checks;
    if (!ok) report_.failures.push_back(context_.empty() ? what : context_ + ": " + what);
    return ok;
  }
  // Runs `step`, recording an exception it throws as a failure of `what`.
  bool run(const std::string& what, const std::function<void()>& step) {
    try {
      step();
      return true;
    } catch (const std::exception& e) {
      return expect(false, what + " threw: " + e.what());
    }
  }
  void within(std::string context) { context_ = std::move(context); }

 private:
  ContractReport& report_;
  std::string context_;
};

std::string brief(const Json& json) {
  std::string text = json.dump();
  return text.size() > 160 ? text.substr(0, 160) + "..." : text;
}

void check_drawing(Checker& c, const render::Drawing& drawing, const std::string& what) {
  c.expect(drawing.width > 0 && drawing.height > 0, what + " has a width and a height");
  c.run(what + " as SVG", [&] {
    c.expect(render::svg_document(drawing).find("<svg") != std::string::npos,
             what + " makes an SVG document");
  });
}

// Every integer value parameters_of reports equals the one asked for.
void check_parameters(Checker& c, const Family& family, const Instance& instance,
                      const OptionValues& asked) {
  const OptionValues reported = family.parameters_of(instance);
  for (const auto& [name, value] : reported.all())
    if (asked.has(name) && std::holds_alternative<std::int64_t>(value))
      c.expect(std::get<std::int64_t>(value) == asked.integer(name),
               "parameters_of says " + name + " = " +
                   std::to_string(std::get<std::int64_t>(value)) + ", asked for " +
                   std::to_string(asked.integer(name)));
}

void check_instance(Checker& c, const Family& family, const Instance& instance,
                    const OptionValues& parameters, const OptionValues& options,
                    const Limits& limits) {
  const Json json = instance.to_json();
  c.expect(json.value("puzzle", "") == family.name(),
           "to_json has puzzle: " + family.name() + " (got " + brief(json) + ")");
  // The instance file it writes reads back as the same instance.
  c.run("read_instance of to_json", [&] {
    const auto reread =
        family.read_instance(parse_yaml(json.dump(), "instance.json"), "instance.json");
    c.expect(reread->to_json() == json,
             "to_json read back gives " + brief(reread->to_json()) + ", not " + brief(json));
    c.expect(reread->canonical_key() == instance.canonical_key(),
             "the canonical key changes when the instance file is read back");
    // A class holds at least the instance itself, and it is the same read back.
    if (const auto size = instance.class_size()) {
      c.expect(*size >= 1, "class_size is at least 1");
      c.expect(reread->class_size() == size, "class_size changes when the file is read back");
    }
  });
  c.run("parameters_of", [&] { check_parameters(c, family, instance, parameters); });
  c.expect(!instance.render_text().empty(), "render_text is not empty");
  c.run("draw", [&] { check_drawing(c, instance.draw(render::kPageWidth), "draw()"); });
  for (const auto& measure : family.measures())
    c.run("measure " + measure.name, [&] { (void)family.measure(instance, measure.name); });
  const auto graded = family.graded_kinds();
  for (const auto& kind : family.kind_names()) {
    c.run("kind " + kind, [&] {
      const Count some = family.count(instance, kind, options, 1, limits);
      const auto solution = family.first_solution(instance, kind, limits);
      // A solution shown means one is counted (a kind that is an aggregate, such as Eight
      // Blocks' composable-varieties, shows none).
      if (some.stopped == StopReason::none && solution)
        c.expect(some.value >= 1, kind + ": first_solution finds one, count says 0");
      if (solution) {
        c.expect(!solution->render_text().empty(), kind + ": the solution's text is not empty");
        check_drawing(c, solution->draw(), kind + ": the solution's draw()");
      }
      if (std::find(graded.begin(), graded.end(), kind) == graded.end()) return;
      // A graded kind's model has a solution exactly when the puzzle has one, and the grade
      // says so.
      // A family without a GradedSpace grades by its own means (reasoned_grade), checked below.
      if (auto model = family.grading()->graded_space(instance, kind)) {
        const Count in_model = count_solutions<GradedSpace>(*model, 1, limits);
        if (in_model.stopped == StopReason::none)
          c.expect(
              (in_model.value >= 1) == (solution != nullptr),
              kind + ": the graded model has a solution exactly when first_solution finds one");
      }
      const auto g = family.grade_of(instance, kind, limits);
      if (!c.expect(g.has_value(), kind + ": grade_of grades a graded kind")) return;
      c.expect(g->solvable == (solution != nullptr),
               kind + ": the grade says solvable exactly when first_solution finds one");
      c.expect(g->level >= Grade::easy && g->level <= Grade::extreme,
               kind + ": the grade's level is from easy to extreme");
    });
  }
}

}  // namespace

ContractReport check_contract(const Family& family, const ContractOptions& options) {
  ContractReport report;
  report.family = family.name();
  Checker c(report);
  const Limits limits = Limits::within(options.time_limit);
  c.within("describing " + family.name());
  c.expect(!family.summary().empty(), "summary() is not empty");
  if (!c.expect(!family.kinds().empty(), "kinds() lists at least one kind")) return report;
  OptionValues parameters, constraints, solution_options;
  const bool defaults = c.run("the default options", [&] {
    parameters = read_options(YAML::Node(), family.parameters(), "parameters", "");
    constraints = read_options(YAML::Node(), family.instance_constraints(), "instance", "");
    solution_options = read_options(YAML::Node(), family.solution_options(), "solutions", "");
    family.check_parameters(parameters, {});
  });
  if (!defaults) return report;

  Rng rng(options.seed);
  for (int i = 0; i < options.random_instances; ++i) {
    c.within("random instance " + std::to_string(i + 1));
    std::unique_ptr<Instance> instance;
    if (!c.run("random_instance",
               [&] { instance = family.random_instance(parameters, constraints, {}, rng); }))
      break;
    if (!c.expect(instance != nullptr, "random_instance gives an instance")) break;
    c.within("random instance " + std::to_string(i + 1) + " " + brief(instance->to_json()));
    check_instance(c, family, *instance, parameters, solution_options, limits);
    if (options.each_instance) options.each_instance(*instance);
    // Local search's move, where the family supplies one (Family::neighbour): an instance like
    // any other, with the same parameters. Drawn from a source of its own, so that the random
    // instances checked are the same with or without it.
    Rng moves(mix64(options.seed) + static_cast<std::uint64_t>(i));
    std::unique_ptr<Instance> moved;
    if (c.run("neighbour", [&] { moved = family.neighbour(*instance, constraints, moves); }) &&
        moved) {
      c.within("random instance " + std::to_string(i + 1) + ", a neighbour " +
               brief(moved->to_json()));
      check_instance(c, family, *moved, parameters, solution_options, limits);
    }
  }
  // Local search's start, where the family can plant one (Family::planted_instance): an
  // instance like any other, with a solution of the kind it was drawn with.
  Rng planting(mix64(options.seed) ^ 0x9e3779b97f4a7c15ULL);
  for (const auto& kind : family.kind_names()) {
    c.within("an instance planted with a " + kind + " solution");
    std::unique_ptr<Instance> planted;
    if (!c.run("planted_instance",
               [&] { planted = family.planted_instance(parameters, kind, limits, planting); }) ||
        !planted)
      continue;
    c.within("an instance planted with a " + kind + " solution " + brief(planted->to_json()));
    check_instance(c, family, *planted, parameters, solution_options, limits);
    const Count some = family.count(*planted, kind, solution_options, 1, limits);
    if (some.stopped == StopReason::none)
      c.expect(some.value >= 1, "a planted instance has a " + kind + " solution");
  }
  // The first instances of the instance space meet its constraints and parameters.
  c.within("the instance space");
  int seen = 0;
  c.run("instance_space", [&] {
    InstanceSearch search;
    auto space = family.instance_space(parameters, constraints, search);
    if (!c.expect(space != nullptr, "instance_space gives a space")) return;
    enumerate<InstanceSpace>(*space, limits, [&](InstanceSpace& solved) {
      const auto instance = solved.instance();
      c.within("instance space, instance " + std::to_string(seen + 1) + " " +
               brief(instance->to_json()));
      c.expect(family.satisfies(*instance, constraints), "satisfies its instance constraints");
      check_parameters(c, family, *instance, parameters);
      return ++seen < options.space_instances;
    });
  });
  c.within("the instance space");
  c.expect(seen > 0, "the instance space has an instance within the time limit");

  // Declared clues (the minimal strategy): every clue kept gives the drawn puzzle back, and
  // the puzzle with none kept is an instance like any other.
  c.within("clues");
  if (const Clues* clues = family.clues()) {
    c.run("clued_solution and with_clues", [&] {
      const CluedSolution drawn = clues->clued_solution(parameters, constraints, rng);
      if (!c.expect(drawn.full != nullptr && drawn.clues > 0,
                    "clued_solution gives a puzzle and its clues"))
        return;
      const auto all = clues->with_clues(*drawn.full, std::vector<bool>(drawn.clues, true));
      c.expect(all && all->canonical_key() == drawn.full->canonical_key(),
               "with_clues, every clue kept, gives the drawn puzzle");
      const auto none = clues->with_clues(*drawn.full, std::vector<bool>(drawn.clues, false));
      if (!c.expect(none != nullptr, "with_clues, no clue kept, gives an instance")) return;
      c.within("clues, none kept " + brief(none->to_json()));
      check_instance(c, family, *none, parameters, solution_options, limits);
    });
    c.run("other_solutions agrees with counting", [&] {
      c.within("clues, other_solutions");
      const CluedSolution drawn = clues->clued_solution(parameters, constraints, rng);
      const std::string kind = family.kinds().front().name;
      // Every clue, none, and a random half; then, from every clue (where that puzzle is
      // unique), each of a few clues taken back.
      std::vector<std::vector<bool>> sets = {std::vector<bool>(drawn.clues, true),
                                             std::vector<bool>(drawn.clues, false)};
      std::vector<bool> half(drawn.clues);
      for (std::size_t i = 0; i < half.size(); ++i) half[i] = rng.below(2) == 1;
      sets.push_back(half);
      const auto unique = [&](const std::vector<bool>& kept) {
        const Count count =
            family.count(*clues->with_clues(*drawn.full, kept), kind, solution_options, 2, limits);
        return count.stopped == StopReason::none ? std::optional<bool>(count.value == 1)
                                                 : std::nullopt;
      };
      const auto check = [&](const std::vector<bool>& kept, int taken_back) {
        const auto found =
            clues->other_solutions(*drawn.full, kept, taken_back, kind, solution_options, limits);
        const auto one = unique(kept);
        if (!found || !found->decided || !one) return;  // not offered, or cut short
        c.expect(found->found.empty() == *one,
                 "other_solutions finds none exactly when the puzzle is unique (" +
                     std::to_string(std::count(kept.begin(), kept.end(), true)) +
                     " clues kept, clue taken back: " + std::to_string(taken_back) + ")");
        for (const auto& agrees : found->found) {
          bool agreeing = agrees.size() == kept.size();
          for (std::size_t i = 0; agreeing && i < kept.size(); ++i)
            agreeing = !kept[i] || agrees[i];
          c.expect(agreeing, "each other solution agrees with every clue kept");
        }
      };
      for (const auto& kept : sets) check(kept, -1);
      if (unique(sets.front()).value_or(false))
        for (std::size_t k = 0; k < 3 && drawn.clues > 0; ++k) {
          std::vector<bool> kept = sets.front();
          const auto clue = static_cast<int>(rng.below(drawn.clues));
          kept[static_cast<std::size_t>(clue)] = false;
          check(kept, clue);
        }
    });
  }

  // A capability the family implements is one it offers: deriving from CluesOf<I> and
  // forgetting clues() would switch the strategy off without a word.
  c.within("capabilities");
  c.expect(!dynamic_cast<const Clues*>(&family) || family.clues(),
           "a family that is a Clues returns it from clues()");
  c.expect(!dynamic_cast<const Classes*>(&family) || family.classes(),
           "a family that is a Classes returns it from classes()");
  c.expect(!dynamic_cast<const Grading*>(&family) || family.grading(),
           "a family that is a Grading returns it from grading()");
  c.expect(!dynamic_cast<const Verification*>(&family) || family.verification(),
           "a family that is a Verification returns it from verification()");
  return report;
}

}  // namespace puzzlegen
