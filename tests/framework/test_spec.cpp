#include <catch2/catch.hpp>

#include "builtin.hpp"
#include "spec.hpp"

using namespace puzzlegen;

namespace {
Spec parse(const std::string& text) {
  return parse_spec(text, "test.yaml", builtin_families());
}

// The error's "file:line:col: error: field: message" text.
std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}
}  // namespace

TEST_CASE("a full spec is read with defaults filled in", "[spec]") {
  const Spec spec = parse(R"(
puzzle: instant-insanity
parameters: {cubes: 4}
instance: {every-cube-uses-all-colors: true}
solutions:
  count-as: arrangements
  all-different: {min: 1, max: 3}
  all-equal: 0
objective: {minimize: all-different + all-equal}
generate: {instances: all, seed: 9, time-limit: 2m, threads: 2}
)");
  CHECK(spec.family->name() == "instant-insanity");
  CHECK(spec.parameters.integer("cubes") == 4);
  CHECK(spec.instance.boolean("every-cube-uses-all-colors"));
  CHECK(spec.solution_options.choice("count-as") == "arrangements");
  CHECK(spec.solution_options.choice("modulo") == "none");  // default
  CHECK(*spec.bounds.at("all-different").min == 1);
  CHECK(*spec.bounds.at("all-different").max == 3);
  CHECK(*spec.bounds.at("all-equal").max == 0);
  REQUIRE(spec.objective);
  CHECK(spec.objective->kinds == std::vector<std::string>{"all-different", "all-equal"});
  CHECK_FALSE(spec.generate.instances.has_value());
  CHECK(spec.generate.seed == 9);
  CHECK(spec.generate.time_limit.count() == Approx(120));
  CHECK(spec.sha256.size() == 64);
}

TEST_CASE("bounds decide capped counts correctly", "[spec]") {
  Bounds b;
  b.min = 1;
  b.max = 3;
  CHECK(b.decisive_cap() == 4);
  CHECK(b.admits({2, true}) == Bounds::Verdict::yes);
  CHECK(b.admits({0, true}) == Bounds::Verdict::no);
  CHECK(b.admits({4, false}) == Bounds::Verdict::no);       // at least 4 > 3
  CHECK(b.admits({2, false}) == Bounds::Verdict::unknown);  // at least 2: maybe 5
  Bounds lone_min;
  lone_min.min = 2;
  CHECK(lone_min.decisive_cap() == 2);  // counting to 2 decides "at least 2"
  lone_min = Bounds{};
  lone_min.min = 2;
  CHECK(lone_min.admits({2, false}) == Bounds::Verdict::yes);
}

TEST_CASE("the objective's bound comes from the bounds and the family's count multiples",
          "[spec]") {
  const auto bound = [](const std::string& text) {
    return parse("puzzle: instant-insanity\nparameters: {cubes: 4}\n" + text).objective_bound();
  };
  // Orientation tuples modulo the 4 turns: every nonzero count is at least 2 (even).
  const std::string modulo = "solutions:\n  count-as: orientations\n  modulo: tower-rotation\n";
  CHECK(bound(modulo + "  all-different: {min: 1}\nobjective: {minimize: all-different}\n") == 2);
  CHECK(bound(modulo + "  all-different: {min: 3}\nobjective: {minimize: all-different}\n") == 4);
  CHECK(bound(modulo + "  all-different: {min: 1}\n  all-equal: {min: 1}\n"
                       "objective: {minimize: all-different + all-equal}\n") == 4);
  // Orientation tuples, no quotient: multiples of 8.
  CHECK(bound("solutions: {count-as: orientations, all-different: {min: 1}}\n"
              "objective: {minimize: all-different}\n") == 8);
  CHECK(bound("objective: {minimize: all-different}\n") == 0);  // no minimum
  // Maximising needs a maximum on every kind.
  CHECK(bound(modulo + "  all-different: {max: 7}\nobjective: {maximize: all-different}\n") == 6);
  CHECK_FALSE(bound("objective: {maximize: all-different}\n"));
  CHECK_FALSE(bound("solutions: {all-different: {min: 1}}\n"));  // no objective
  // The spec's ties: one by default; all counts them.
  CHECK_FALSE(parse("puzzle: instant-insanity\nobjective: {minimize: all-different}\n")
                  .objective->count_ties);
  CHECK(parse("puzzle: instant-insanity\nobjective: {minimize: all-different, ties: all}\n")
            .objective->count_ties);
}

TEST_CASE("spec errors name file, line, column and field", "[spec][bad-input]") {
  CHECK_THAT(error_of("puzzle: instant-insanity\nsolution:\n  modulo: none\n"),
             Catch::Contains("test.yaml:2:1") && Catch::Contains("did you mean 'solutions'"));
  CHECK_THAT(
      error_of("puzzle: instant-insanty\n"),
      Catch::Contains("test.yaml:1:9") && Catch::Contains("did you mean 'instant-insanity'"));
  CHECK_THAT(
      error_of("puzzle: instant-insanity\nsolutions: {modulo: tower-rotations}\n"),
      Catch::Contains("solutions.modulo") && Catch::Contains("did you mean 'tower-rotation'"));
  CHECK_THAT(error_of("puzzle: instant-insanity\nsolutions: {all-different: {min: 3, max: 1}}\n"),
             Catch::Contains("min (3) is greater than max (1)"));
  CHECK_THAT(error_of("puzzle: instant-insanity\nparameters: {cubes: 99}\n"),
             Catch::Contains("parameters.cubes") && Catch::Contains("from 1 to 64"));
  CHECK_THAT(error_of("puzzle: instant-insanity\nparameters: {cubes: four}\n"),
             Catch::Contains("test.yaml:2:21"));
  CHECK_THAT(
      error_of("puzzle: instant-insanity\nobjective: {minimize: all-diferent}\n"),
      Catch::Contains("objective.minimize") && Catch::Contains("did you mean 'all-different'"));
  CHECK_THAT(error_of("puzzle: instant-insanity\nobjective: {minimize: all-different, ties: "
                      "some}\n"),
             Catch::Contains("test.yaml:2:44") && Catch::Contains("objective.ties") &&
                 Catch::Contains("expected all"));
  CHECK_THAT(error_of("puzzle: instant-insanity\nobjective: {ties: all}\n"),
             Catch::Contains("give exactly one of minimize, maximize"));
  CHECK_THAT(error_of("puzzle: [\n"), Catch::Contains("not valid YAML"));
  CHECK_THAT(error_of("- a\n- b\n"), Catch::Contains("a spec is a mapping"));
}
