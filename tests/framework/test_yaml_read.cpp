// The located YAML readers that the spec, the option schema and the families share.
#include <catch2/catch.hpp>

#include "framework/input_error.hpp"
#include "yaml_read.hpp"

using namespace puzzlegen;

namespace {

// "line:column field: message" of the InputError `read` throws, or "no error".
template <class Read>
std::string error_of(Read read) {
  const auto e = input_test::input_error(read);
  if (!e) return "no error";
  return std::to_string(e->where().line) + ":" + std::to_string(e->where().column) + " " +
         e->field() + ": " + e->message();
}

}  // namespace

TEST_CASE("yaml read: shapes say what was found", "[yaml-read]") {
  const YAML::Node doc = YAML::Load("a: [1, 2]\nb: {c: 1}\nc:\nd: text\n");
  CHECK(shape_of(doc["a"]) == "a list");
  CHECK(shape_of(doc["b"]) == "a mapping");
  CHECK(shape_of(doc["c"]) == "nothing");
  CHECK(shape_of(doc["d"]) == "'text'");
  CHECK(shape_of(doc["missing"]) == "nothing");
  CHECK(error_of([&] { expect_mapping(doc["a"], "f", "a"); }) ==
        "1:4 a: expected a mapping of key: value, got a list");
  CHECK(error_of([&] { expect_sequence(doc["b"], "f", "b", "a list of cubes"); }) ==
        "2:4 b: expected a list of cubes, got a mapping");
  CHECK(error_of([&] { read_scalar(doc["b"], "f", "b", "a name"); }) ==
        "2:4 b: expected a name, got a mapping");
  CHECK(read_scalar(doc["d"], "f", "d", "text") == "text");
  CHECK(error_of([] {
          reject_unknown_keys(YAML::Load("{colrs: 1}"), {"colors", "cubes"}, "top", "f");
        }) == "1:2 top.colrs: unknown key (did you mean 'colors'?); allowed here: colors, cubes");
}

TEST_CASE("yaml read: one integer reader, one wording", "[yaml-read]") {
  const SourceLocation here{"f", 1, 1};
  CHECK(parse_integer("42", here, "n", 1, 64) == 42);
  CHECK(parse_integer("-5", here, "n", kNoLeast, kNoMost) == -5);
  CHECK(error_of([&] { parse_integer("99", here, "n", 1, 64); }) ==
        "1:1 n: expected an integer from 1 to 64, got 99");
  CHECK(error_of([&] { parse_integer("four", here, "n", 1, 64, "a size"); }) ==
        "1:1 n: expected a size from 1 to 64, got 'four'");
  for (const char* bad : {"", "1.5", "3x", "99999999999999999999"})
    CHECK_THROWS_AS(parse_integer(bad, here, "n", kNoLeast, kNoMost), InputError);
  CHECK(describe_integer("an integer", kNoLeast, kNoMost) == "an integer");
  CHECK(describe_integer("an integer", 0, kNoMost) == "an integer of at least 0");
  CHECK(describe_integer("an integer", kNoLeast, 3) == "an integer of at most 3");

  const YAML::Node doc = YAML::Load("n: 7\nlist: [1]\nbig: 9223372036854775807\nneg: -1\n");
  CHECK(read_int(doc["n"], "f", "n", 1, 9, "a size") == 7);
  CHECK(read_integer(doc["n"], "f", "n", 1, 9) == 7);
  CHECK(error_of([&] { read_int(doc["list"], "f", "list", 1, 9, "a size"); }) ==
        "2:7 list: expected a size from 1 to 9, got a list");
  CHECK(read_count(doc["big"], "f", "big") == 9223372036854775807ULL);
  CHECK(error_of([&] { read_count(doc["neg"], "f", "neg"); }) ==
        "4:6 neg: expected an integer of at least 0, got -1");
}

TEST_CASE("yaml read: names", "[yaml-read]") {
  const YAML::Node doc = YAML::Load("ok: [red, green]\ntwice: [red, red]\nnot: red\n");
  CHECK(read_names(doc["ok"], "f", "ok", "colour") == std::vector<std::string>{"red", "green"});
  CHECK(error_of([&] { read_names(doc["twice"], "f", "twice", "colour"); }) ==
        "2:14 twice: colour 'red' is listed twice");
  CHECK(error_of([&] { read_names(doc["not"], "f", "not", "colour"); }) ==
        "3:6 not: expected a list of colour names, got 'red'");
  CHECK(error_of([&] { read_names(doc["ok"], "f", "ok", "colour", 6, 6); }) ==
        "1:5 ok: expected 6 colour names, got 2");
  CHECK(error_of([&] { read_names(doc["ok"], "f", "ok", "", 3, 5); }) ==
        "1:5 ok: expected 3 to 5 names, got 2");
  const std::vector<std::string> colours = {"red", "green", "blue"};
  CHECK(read_name_index(YAML::Load("blue"), colours, "f", "c", "colour") == 2);
  CHECK(error_of([&] { read_name_index(YAML::Load("gren"), colours, "f", "c", "colour"); }) ==
        "1:1 c: unknown colour 'gren'; the colours are: red green blue (did you mean 'green'?)");
}

TEST_CASE("yaml read: bounds", "[yaml-read]") {
  const auto bounds = [](const std::string& text) {
    return read_bounds(YAML::Load(text), "f", "k");
  };
  CHECK(bounds("3") == Bounds{3, 3});
  CHECK(bounds("{exactly: 2}") == Bounds{2, 2});
  CHECK(bounds("{min: 1}") == Bounds{1, std::nullopt});
  CHECK(bounds("{max: 4}") == Bounds{std::nullopt, 4});
  CHECK(bounds("{min: 1, max: 4}") == Bounds{1, 4});
  CHECK(bounds("{}") == Bounds{});
  CHECK(error_of([&] { bounds("{min: 1, exactly: 2}"); }) ==
        "1:1 k: give either exactly or min/max, not both");
  CHECK(error_of([&] { bounds("{min: 3, max: 1}"); }) ==
        "1:1 k: min (3) is greater than max (1): no instance can satisfy this");
  CHECK(error_of([&] { bounds("{least: 1}"); }) ==
        "1:2 k.least: unknown key; allowed here: min, max, exactly");
  CHECK(error_of([&] { bounds("[1]"); }) ==
        "1:1 k: expected N, {min: N}, {max: N}, {min: N, max: N} or {exactly: N}, got a list");
  CHECK(error_of([&] { bounds("{max: x}"); }) ==
        "1:7 k.max: expected an integer of at least 0, got 'x'");
  // Values read by the caller's reader, named in messages by its shape.
  const BoundReader letter = [](const YAML::Node& node, const std::string&) -> std::uint64_t {
    return static_cast<std::uint64_t>(node.Scalar()[0] - 'a' + 1);
  };
  CHECK(read_bounds(YAML::Load("{min: b, max: c}"), "f", "k", letter, "L") == Bounds{2, 3});
  CHECK(error_of([&] { read_bounds(YAML::Load("[a]"), "f", "k", letter, "L"); }) ==
        "1:1 k: expected L, {min: L}, {max: L}, {min: L, max: L} or {exactly: L}, got a list");
}

TEST_CASE("durations", "[yaml-read]") {
  const SourceLocation here{"x", 1, 1};
  CHECK(parse_duration("90", here, "t").count() == Approx(90));
  CHECK(parse_duration("500ms", here, "t").count() == Approx(0.5));
  CHECK(parse_duration("10m", here, "t").count() == Approx(600));
  CHECK(parse_duration("1.5h", here, "t").count() == Approx(5400));
  CHECK_THROWS_AS(parse_duration("soon", here, "t"), InputError);
  CHECK_THROWS_AS(parse_duration("-3s", here, "t"), InputError);
  CHECK_THROWS_AS(parse_duration("3 weeks", here, "t"), InputError);
  // Compound durations, no limit, and nothing that would overflow a deadline.
  CHECK(parse_duration("1m30s", here, "t").count() == Approx(90));
  CHECK(parse_duration("1h30m", here, "t").count() == Approx(5400));
  CHECK(parse_duration("2d", here, "t").count() == Approx(172800));
  CHECK(parse_duration("none", here, "t").count() == 0);
  for (const char* bad : {"", "0", "0s", "1m30", "m30", "1e300", "10000000000", "1s-2s", "1hh",
                          "nan", "inf", " 5s", "5s "})
    CHECK_THROWS_AS(parse_duration(bad, here, "t"), InputError);
}

TEST_CASE("yaml read: a duration must be a scalar", "[yaml-read]") {
  CHECK(read_duration(YAML::Load("90s"), "f", "t").count() == Approx(90));
  CHECK(error_of([] { read_duration(YAML::Load("[1]"), "f", "t"); }) ==
        "1:1 t: expected a duration like 30s, got a list");
}
