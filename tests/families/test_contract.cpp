// The contract every family keeps (framework/contract.hpp, what `puzzlegen selftest` runs on a
// plugin), checked the same way for each built-in family and for the template loaded as a
// plugin: instance files round-trip, parameters and constraints agree with what was asked,
// drawings are well-formed SVG, counts agree with first solutions, the instance space yields
// only instances that meet its constraints, and graded kinds' models are solvable exactly when
// the puzzle is. And a family that breaks it is caught.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>

#include "builtin.hpp"
#include "contract.hpp"
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

}  // namespace

TEST_CASE("contract: the template plugin is loaded next to the built-in families", "[contract]") {
  REQUIRE(every_family().find("partition"));
  CHECK(every_family().origin(*every_family().find("partition")).find("partition.so") !=
        std::string::npos);
  CHECK(every_family().origin(*every_family().find("cube36")) == "built in");
}

TEST_CASE("contract: every family keeps the family contract", "[contract]") {
  // The checks a plugin runs on itself (puzzlegen selftest, framework/contract.hpp), and the
  // drawings of each instance read back by an XML parser.
  for (const auto& family : every_family().families()) {
    INFO("family " << family->name());
    ContractOptions options;
    int drawn = 0;
    options.each_instance = [&](const Instance& instance) {
      check_drawing(instance.draw(puzzlegen::render::kPageWidth));
      ++drawn;
    };
    const ContractReport report = check_contract(*family, options);
    for (const auto& failure : report.failures) FAIL_CHECK(failure);
    CHECK(report.checks > 20);
    CHECK(drawn == options.random_instances);
  }
}

TEST_CASE("contract: a broken family fails the checks, each named", "[contract]") {
  // The test plugin breaks the contract three times: its instance file does not read back as
  // the same instance, its instance space yields instances that break its constraint, and the
  // instance it plants a solution in has none.
  Registry registry;
  registry.load_plugin(PUZZLEGEN_BROKEN_PLUGIN);
  const ContractReport report = check_contract(*registry.find("broken"));
  CHECK(!report.passed());
  const auto has = [&](const std::string& words) {
    return std::any_of(report.failures.begin(), report.failures.end(),
                       [&](const std::string& f) { return f.find(words) != std::string::npos; });
  };
  CHECK(has("random instance 1 {\"puzzle\":\"broken\""));
  CHECK(has("to_json read back gives"));
  CHECK(has("satisfies its instance constraints"));
  CHECK(has("a planted instance has a one solution"));
}

TEST_CASE("contract: a family gives the words to mark answers in its own convention",
          "[contract][worksheet]") {
  const auto options = [](const Family& family, const std::string& yaml) {
    return read_options(YAML::Load(yaml), family.solution_options(), "solutions", "");
  };
  const Family& cube36 = *every_family().find("cube36");
  CHECK_THAT(cube36.how_to_mark("solution", options(cube36, "{modulo: color-relabelling}")),
             Catch::Contains("colours renamed is right too"));
  CHECK(cube36.how_to_mark("solution", options(cube36, "{modulo: none}")).empty());
  const Family& towers = *every_family().find("instant-insanity");
  CHECK_THAT(towers.how_to_mark("all-different", options(towers, "{modulo: tower-symmetry}")),
             Catch::Contains("turned upside down"));
  CHECK_THAT(towers.how_to_mark("all-different", options(towers, "{modulo: tower-rotation}")),
             Catch::StartsWith("The same tower turned round is the same answer"));
  CHECK(towers.how_to_mark("all-different", options(towers, "{}")).empty());
  // The template counts up to swapping its groups, and leaves the marking to the key's words.
  const Family& partition = *every_family().find("partition");
  CHECK(partition.how_to_mark("split", options(partition, "{modulo: swap}")).empty());
}
