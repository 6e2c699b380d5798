// Mutation fuzzing of the spec and instance readers: whatever the bytes, reading either
// succeeds or raises InputError (which the CLI turns into file:line:col and exit 2). Any other
// exception, or a crash, is a bug.
#include <catch2/catch.hpp>

#include <fstream>
#include <functional>
#include <sstream>

#include "builtin.hpp"
#include "rng.hpp"
#include "spec.hpp"
#include "yaml_read.hpp"

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

// Mutates the seed files 3000 times; `read` must accept the text or throw InputError.
void fuzz(const std::vector<std::string>& seed_files, std::uint64_t rng_seed,
          const std::function<void(const std::string&)>& read) {
  std::vector<std::string> seeds;
  for (const auto& file : seed_files) {
    seeds.push_back(slurp(std::string(PUZZLEGEN_SOURCE_DIR) + "/" + file));
    REQUIRE_FALSE(seeds.back().empty());  // a renamed seed file must not fuzz an empty string
  }
  Rng rng(rng_seed);
  int accepted = 0, rejected = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string text = mutate(seeds[i % seeds.size()], rng);
    try {
      read(text);
      ++accepted;
    } catch (const InputError&) {
      ++rejected;
    } catch (const std::exception& e) {
      FAIL("unexpected " << e.what() << " for:\n" << text);
    }
  }
  CHECK(accepted > 0);
  CHECK(rejected > 0);
}

}  // namespace

TEST_CASE("fuzz: mutated specs raise InputError or parse", "[fuzz][bad-input]") {
  fuzz({"specs/instant-insanity/unique-tower.yaml", "specs/instant-insanity/loffler-q3.yaml",
        "specs/cube36/needs-special-pieces.yaml", "specs/cube36/euler-6.yaml"},
       2026, [](const std::string& text) { parse_spec(text, "fuzz.yaml", builtin_families()); });
}

TEST_CASE("fuzz: mutated instances raise InputError or read", "[fuzz][bad-input]") {
  const Family& family = *builtin_families().find("instant-insanity");
  fuzz({"instances/instant-insanity/classical.yaml"}, 1122, [&](const std::string& text) {
    family.read_instance(parse_yaml(text, "fuzz.yaml"), "fuzz.yaml");
  });
}

TEST_CASE("fuzz: mutated 36 Cube boards raise InputError or read", "[fuzz][bad-input]") {
  const Family& family = *builtin_families().find("cube36");
  fuzz({"instances/cube36/physical-puzzle.yaml", "instances/cube36/blog-board.yaml"}, 3344,
       [&](const std::string& text) {
         family.read_instance(parse_yaml(text, "fuzz.yaml"), "fuzz.yaml");
       });
}
