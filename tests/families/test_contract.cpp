// The contract every family keeps, checked the same way for each built-in family and for the
// template loaded as a plugin: instance files round-trip, parameters and constraints agree
// with what was asked, drawings are well-formed SVG, counts agree with first solutions, and
// the instance space yields only instances that meet its constraints, and graded kinds' models
// are solvable exactly when the puzzle is.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>

#include "builtin.hpp"
#include "family.hpp"
#include "render/drawing.hpp"
#include "render/svg_support.hpp"
#include "yaml_read.hpp"

using namespace puzzlegen;

namespace {

const Registry& every_family() {
  static const Registry registry = [] {
    Registry r;
    add_builtin_families(r);
    r.load_plugin(PUZZLEGEN_TEMPLATE_PLUGIN);
    return r;
  }();
  return registry;
}

void check_drawing(const render::Drawing& drawing) {
  CHECK(drawing.width > 0);
  CHECK(drawing.height > 0);
  const auto doc = render_test::parse(render::svg_document(drawing));
  CHECK(doc.child("svg"));
}

// Every value parameters_of reports equals the one asked for.
void check_parameters(const Family& family, const Instance& instance, const OptionValues& asked) {
  const OptionValues reported = family.parameters_of(instance);
  for (const auto& [name, value] : reported.all())
    if (asked.has(name) && std::holds_alternative<std::int64_t>(value))
      CHECK(std::get<std::int64_t>(value) == asked.integer(name));
}

}  // namespace

TEST_CASE("contract: the template plugin is loaded next to the built-in families", "[contract]") {
  REQUIRE(every_family().find("partition"));
  CHECK(every_family().origin(*every_family().find("partition")).find("partition.so") !=
        std::string::npos);
  CHECK(every_family().origin(*every_family().find("cube36")) == "built in");
}

TEST_CASE("contract: every family keeps the family contract", "[contract]") {
  const Limits limits = Limits::within(std::chrono::seconds(10));
  for (const auto& family : every_family().families()) {
    INFO("family " << family->name());
    CHECK(!family->summary().empty());
    REQUIRE(!family->kinds().empty());
    const OptionValues parameters =
        read_options(YAML::Node(), family->parameters(), "parameters", "");
    const OptionValues constraints =
        read_options(YAML::Node(), family->instance_constraints(), "instance", "");
    const OptionValues options =
        read_options(YAML::Node(), family->solution_options(), "solutions", "");
    family->check_parameters(parameters, {});

    Rng rng(2026);
    for (int i = 0; i < 6; ++i) {
      const auto instance = family->random_instance(parameters, constraints, rng);
      INFO("instance " << instance->to_json().dump());
      // The instance file it writes reads back as the same instance.
      const auto reread =
          family->read_instance(parse_yaml(instance->to_json().dump(), "t.json"), "t.json");
      CHECK(reread->to_json() == instance->to_json());
      CHECK(reread->canonical_key() == instance->canonical_key());
      // A class holds at least the instance itself, and it is the same read back.
      if (const auto size = instance->class_size()) {
        CHECK(*size >= 1);
        CHECK(reread->class_size() == size);
      }
      CHECK(instance->to_json().value("puzzle", "") == family->name());
      check_parameters(*family, *instance, parameters);
      CHECK(!instance->render_text().empty());
      check_drawing(instance->draw(puzzlegen::render::kPageWidth));
      for (const auto& measure : family->measures()) (void)family->measure(*instance, measure.name);
      for (const auto& kind : family->kind_names()) {
        const Count some = family->count(*instance, kind, options, 1, limits);
        const auto solution = family->first_solution(*instance, kind, limits);
        // A solution shown means one is counted (a kind that is an aggregate, such as Eight
        // Blocks' composable-varieties, shows none).
        if (some.stopped == StopReason::none && solution) CHECK(some.value >= 1);
        if (solution) {
          CHECK(!solution->render_text().empty());
          check_drawing(solution->draw());
        }
        // A graded kind's model has a solution exactly when the puzzle has one, and the grade
        // says so.
        const auto graded = family->graded_kinds();
        if (std::find(graded.begin(), graded.end(), kind) == graded.end()) continue;
        INFO("graded kind " << kind);
        auto model = family->graded_space(*instance, kind);
        const Count in_model = count_solutions<GradedSpace>(*model, 1, limits);
        CHECK((in_model.value >= 1) == (solution != nullptr));
        const auto g = family->grade_of(*instance, kind, limits);
        REQUIRE(g);
        CHECK(g->solvable == (solution != nullptr));
        CHECK(g->level >= Grade::easy);
        CHECK(g->level <= Grade::extreme);
      }
    }

    // The first instances of the instance space meet its constraints and parameters.
    InstanceSearch search;
    auto space = family->instance_space(parameters, constraints, search);
    int seen = 0;
    enumerate<InstanceSpace>(*space, limits, [&](InstanceSpace& solved) {
      const auto instance = solved.instance();
      INFO("instance " << instance->to_json().dump());
      CHECK(family->satisfies(*instance, constraints));
      check_parameters(*family, *instance, parameters);
      return ++seen < 20;
    });
    CHECK(seen > 0);
  }
}
