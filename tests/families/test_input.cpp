// Families read their fields with the framework's readers: the same mistake gets the same rule
// and the same message in a family's field as in the spec's own fields.
#include <catch2/catch.hpp>

#include "builtin.hpp"
#include "framework/input_error.hpp"
#include "instance_file.hpp"
#include "spec.hpp"
#include "yaml_read.hpp"

using namespace puzzlegen;

namespace {

// The message of the InputError `read` throws ("no error" if none), without file and field.
template <class Read>
std::string message_of(Read read) {
  const auto e = input_test::input_error(read);
  return e ? e->message() : "no error";
}

std::string spec_error(const std::string& text) {
  return message_of([&] { parse_spec(text, "t.yaml", builtin_families()); });
}

std::string instance_error(const std::string& text) {
  return message_of([&] { parse_instance(text, "t.yaml", builtin_families()); });
}

}  // namespace

TEST_CASE("input: Eight Blocks' per-variety bounds follow the spec's bounds", "[input]") {
  const std::string per_variety = "puzzle: eight-blocks\ninstance:\n  per-variety: {\"(1,2)\": ";
  const std::string kind = "puzzle: instant-insanity\nsolutions:\n  all-different: ";
  for (const std::string bounds :
       {"{min: 1, exactly: 2}", "{max: 1, exactly: 1}", "{min: 3, max: 1}", "[1, 2]", "{least: 1}",
        "{min: many}", "{min: -1}", "{exactly: {}}"}) {
    INFO(bounds);
    const std::string error = spec_error(kind + bounds + "\n");
    CHECK(error != "no error");
    CHECK(spec_error(per_variety + bounds + "}\n") == error);
  }
  CHECK(spec_error(per_variety + "{min: 1, exactly: 2}}\n") ==
        "give either exactly or min/max, not both");
}

TEST_CASE("input: Eight Blocks' per-variety bounds have no maximum of their own", "[input]") {
  const auto spec = [](const std::string& bounds) {
    return parse_spec(
        "puzzle: eight-blocks\ninstance: {max-per-variety: 8, per-variety: "
        "{\"(1,2)\": " +
            bounds + "}}\n",
        "t.yaml", builtin_families());
  };
  CHECK_NOTHROW(spec("{max: 5000}"));
  CHECK_NOTHROW(spec("5000"));
  // Bounds beyond max-per-variety: no instance meets them, and none is refused for them.
  const auto instance = parse_instance(
      "puzzle: eight-blocks\ncounts: [[0,3,0,0,0,0], [0,0,0,0,0,0], [0,0,0,0,0,0], "
      "[0,0,0,0,0,0], [0,0,0,0,0,0], [0,0,0,0,0,0]]\n",
      "t.yaml", builtin_families());
  const auto satisfies = [&](const std::string& bounds) {
    const Spec s = spec(bounds);
    return s.family->satisfies(*instance.instance, s.instance);
  };
  CHECK(satisfies("{min: 2}"));
  CHECK(satisfies("{max: 5000}"));
  CHECK(satisfies("3"));
  CHECK_FALSE(satisfies("{max: 2}"));
  CHECK_FALSE(satisfies("{min: 5000}"));
}

TEST_CASE("input: the 36 Cube's colour names are read like every list of names", "[input]") {
  const std::string board = "puzzle: cube36\nboard: [[1,2,3],[2,3,1],[3,1,2]]\ncolors: ";
  for (const std::string colors :
       {"red", "{red: 1}", "[red, red, blue]", "[red, [green], blue]", "[red, '', blue]"}) {
    INFO(colors);
    const YAML::Node node = YAML::Load(colors);
    const std::string shared = message_of([&] { read_names(node, "t.yaml", "colors", "colour"); });
    CHECK(shared != "no error");
    CHECK(instance_error(board + colors + "\n") == shared);
  }
  // The number of names, worded like any other list of names whose number is fixed.
  CHECK(instance_error(board + "[red, green]\n") == "expected 3 colour names, got 2");
  CHECK(instance_error("puzzle: eight-blocks\ncounts: [[0,3,0,0,0,0], [0,0,0,0,0,0], "
                       "[0,0,0,0,0,0], [0,0,0,0,0,0], [0,0,0,0,0,0], [0,0,0,0,0,0]]\n"
                       "colors: [a, b, c]\n") == "expected 6 colour names, got 3");
  CHECK(spec_error("puzzle: eight-blocks\nparameters: {colors: [a, b, c]}\n") ==
        "expected 6 names, got 3");
}

TEST_CASE("input: whole numbers get one wording in families' fields and the spec's", "[input]") {
  // Out of range: the number; not a number: the text in quotes.
  CHECK(instance_error("puzzle: cube36\nboard: [[1,2,3],[2,3,1],[3,1,7]]\n") ==
        "expected a tower size from 1 to 3, got 7");
  CHECK(instance_error("puzzle: cube36\nboard: [[1,2,3],[2,3,1],[3,1,x]]\n") ==
        "expected a tower size from 1 to 3, got 'x'");
  CHECK(spec_error("puzzle: instant-insanity\nparameters: {cubes: 99}\n") ==
        "expected an integer from 1 to 64, got 99");
  CHECK(spec_error("puzzle: instant-insanity\ngenerate: {threads: 257}\n") ==
        "expected an integer from 1 to 256, or auto, got 257");
  CHECK(spec_error("puzzle: instant-insanity\ngenerate: {threads: many}\n") ==
        "expected an integer from 1 to 256, or auto, got 'many'");
  CHECK(spec_error("puzzle: instant-insanity\ngenerate: {threads: auto}\n") == "no error");
}
