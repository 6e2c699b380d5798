// Mutation fuzzing of the spec and instance readers: whatever the bytes, reading either
// succeeds or raises InputError (which the CLI turns into file:line:col and exit 2). Any other
// exception, or a crash, is a bug.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "rng.hpp"
#include "spec.hpp"

using namespace puzzlegen;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string mutate(std::string text, Rng& rng) {
  static const std::vector<std::string> tokens = {"{",       "}",
                                                  "[",       "]",
                                                  ":",       ",",
                                                  "-",       " ",
                                                  "\n",      "  ",
                                                  "'",       "\"",
                                                  "&a",      "*a",
                                                  "!!int",   "#",
                                                  "null",    "~",
                                                  "true",    "0",
                                                  "-1",      "99999999999999999999",
                                                  "red",     "all",
                                                  "min",     "max",
                                                  "exactly", "cubes",
                                                  "puzzle",  "? ",
                                                  "|",       ">",
                                                  "%",       "\t"};
  const int edits = 1 + static_cast<int>(rng.below(4));
  for (int e = 0; e < edits && !text.empty(); ++e) {
    const std::size_t at = rng.below(text.size());
    switch (rng.below(4)) {
      case 0:
        text.erase(at, 1 + rng.below(8));
        break;
      case 1:
        text.insert(at, tokens[rng.below(tokens.size())]);
        break;
      case 2:
        text[at] = static_cast<char>(32 + rng.below(95));
        break;
      default: {  // duplicate a line elsewhere
        const std::size_t start =
            text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at);
        const std::size_t end = text.find('\n', at);
        text.insert(rng.below(text.size()), text.substr(start, end - start));
      }
    }
  }
  return text;
}

}  // namespace

TEST_CASE("fuzz: mutated specs raise InputError or parse", "[fuzz][bad-input]") {
  const std::vector<std::string> seeds = {
      slurp(std::string(PUZZLEGEN_SOURCE_DIR) + "/specs/instant-insanity/unique-tower.yaml"),
      slurp(std::string(PUZZLEGEN_SOURCE_DIR) + "/specs/instant-insanity/loffler-q3-preview.yaml")};
  Rng rng(2026);
  int parsed = 0, rejected = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string text = mutate(seeds[i % seeds.size()], rng);
    try {
      parse_spec(text, "fuzz.yaml", builtin_families());
      ++parsed;
    } catch (const InputError&) {
      ++rejected;
    } catch (const std::exception& e) {
      FAIL("unexpected " << e.what() << " for:\n" << text);
    }
  }
  CHECK(parsed > 0);
  CHECK(rejected > 0);
}

TEST_CASE("fuzz: mutated instances raise InputError or read", "[fuzz][bad-input]") {
  const std::string seed =
      slurp(std::string(PUZZLEGEN_SOURCE_DIR) + "/specs/instant-insanity/classical.yaml");
  const Family& family = *builtin_families().find("instant-insanity");
  Rng rng(1122);
  int read = 0, rejected = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string text = mutate(seed, rng);
    try {
      const YAML::Node document = parse_yaml(text, "fuzz.yaml");
      family.read_instance(document, "fuzz.yaml");
      ++read;
    } catch (const InputError&) {
      ++rejected;
    } catch (const std::exception& e) {
      FAIL("unexpected " << e.what() << " for:\n" << text);
    }
  }
  CHECK(read > 0);
  CHECK(rejected > 0);
}
