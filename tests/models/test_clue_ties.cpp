// Clue ties (models/clue_ties.hpp): taken out exactly where a clue says "empty, or equal" to
// its own solution variable and nothing else, with the same counts; kept wherever a clue is
// read in any other way.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "clue_ties.hpp"
#include "compiler.hpp"
#include "flatzinc_model.hpp"
#include "manifest.hpp"

using namespace puzzlegen;
using namespace puzzlegen::models;

namespace {

// Two cells of values 1 to 3 that differ, each with a clue from 0 (none) to 3, tied as
// MiniZinc flattens `givens[i] > 0 -> grid[i] = givens[i]`; `extra` lines are added before the
// solve item, `solve` replaces it.
std::string two_cells(const std::string& extra = "", const std::string& solve = "solve satisfy;",
                      const std::string& clue_type = "var 0..3") {
  return clue_type + ": g1;\n" + clue_type +
         ": g2;\n"
         "var 1..3: s1;\nvar 1..3: s2;\n"
         "var bool: b1 :: var_is_introduced :: is_defined_var;\n"
         "var bool: b2 :: var_is_introduced :: is_defined_var;\n"
         "var bool: b3 :: var_is_introduced :: is_defined_var;\n"
         "var bool: b4 :: var_is_introduced :: is_defined_var;\n"
         "array [1..2] of var int: givens :: output_array([1..2]) = [g1,g2];\n"
         "array [1..2] of var int: grid :: output_array([1..2]) = [s1,s2];\n"
         "constraint int_ne(s1,s2);\n"
         "constraint int_le_reif(g1,0,b1) :: defines_var(b1);\n"
         "constraint int_eq_reif(s1,g1,b2) :: defines_var(b2);\n"
         "constraint array_bool_or([b1,b2],true);\n"
         "constraint int_le_reif(g2,0,b3) :: defines_var(b3);\n"
         "constraint int_eq_reif(s2,g2,b4) :: defines_var(b4);\n"
         "constraint array_bool_or([b3,b4],true);\n" +
         extra + solve + "\n";
}

Natural count(std::unique_ptr<ModelSpace> space, const CompiledModel& model) {
  if (space->failed()) return Natural(0);
  const Count c = count_assignments(std::move(space), model.find("grid")->elements, 0, Limits{});
  REQUIRE(c.exact);
  return c.value;
}

// Every clue pair from -1 to 4 counted both ways: the clues fixed on the whole model, and on
// the untied one their values checked and the solution variables fixed.
void same_counts(const std::string& flatzinc, const UntiedClues& untied) {
  const CompiledModel whole(flatzinc, "whole"), posed(untied.flatzinc, "untied");
  int compared = 0;
  for (int a = -1; a <= 4; ++a)
    for (int b = -1; b <= 4; ++b) {
      const std::vector<int> clues{a, b};
      auto w = whole.clone();
      for (std::size_t k = 0; k < 2; ++k) w->fix(whole.find("givens")->elements[k], clues[k]);
      auto u = posed.clone();
      for (std::size_t k = 0; k < 2; ++k) {
        if (clues[k] < untied.domains[k].first || clues[k] > untied.domains[k].second)
          u->fail();
        else if (clues[k] != 0)
          u->fix(posed.find("grid")->elements[k], clues[k]);
      }
      INFO("clues " << a << " " << b);
      CHECK(count(std::move(w), whole) == count(std::move(u), posed));
      ++compared;
    }
  CHECK(compared == 36);
}

}  // namespace

TEST_CASE("clue ties that say 'empty, or equal' are taken out, with the same counts",
          "[models][clue-ties]") {
  SECTION("as MiniZinc flattens an implication") {
    const std::string flatzinc = two_cells();
    const auto untied = untie_clues(flatzinc, "givens", "grid", 0);
    REQUIRE(untied);
    CHECK(untied->domains == std::vector<std::pair<int, int>>{{0, 3}, {0, 3}});
    for (const char* gone : {"givens", "g1", "b1", "int_le_reif", "int_eq_reif", "array_bool_or"})
      CHECK(untied->flatzinc.find(gone) == std::string::npos);
    CHECK(untied->flatzinc.find("int_ne(s1,s2)") != std::string::npos);
    same_counts(flatzinc, *untied);
  }
  SECTION("written as a disjunction, and with a narrower clue domain") {
    const std::string flatzinc =
        "var 0..2: g1;\nvar 0..2: g2;\nvar 1..3: s1;\nvar 1..3: s2;\n"
        "array [1..2] of var int: givens :: output_array([1..2]) = [g1,g2];\n"
        "array [1..2] of var int: grid :: output_array([1..2]) = [s1,s2];\n"
        "var bool: e1;\nvar bool: z1;\nvar bool: e2;\nvar bool: z2;\n"
        "constraint int_ne(s1,s2);\n"
        "constraint int_eq_reif(s1,g1,e1);\nconstraint int_eq_reif(g1,0,z1);\n"
        "constraint bool_clause([e1,z1],[]);\n"
        "constraint int_eq_reif(s2,g2,e2);\nconstraint int_eq_reif(g2,0,z2);\n"
        "constraint bool_clause([e2,z2],[]);\nsolve satisfy;\n";
    const auto untied = untie_clues(flatzinc, "givens", "grid", 0);
    REQUIRE(untied);
    CHECK(untied->domains == std::vector<std::pair<int, int>>{{0, 2}, {0, 2}});
    same_counts(flatzinc, *untied);  // a clue of 3 has no solution either way
  }
}

TEST_CASE("clues read in any other way keep their ties", "[models][clue-ties]") {
  const auto kept = [](const std::string& flatzinc) {
    return !untie_clues(flatzinc, "givens", "grid", 0).has_value();
  };
  // The reference: the same text with nothing added is untied.
  REQUIRE(!kept(two_cells()));
  SECTION("an empty clue that rules a value out") {
    CHECK(
        kept(two_cells("var bool: n1;\nconstraint int_ne_reif(s1,1,n1);\n"
                       "constraint bool_clause([n1],[b1]);\n")));
  }
  SECTION("a clue that bounds rather than gives") {
    std::string flatzinc = two_cells();
    flatzinc.replace(flatzinc.find("int_eq_reif(s1,g1,b2)"), 21, "int_le_reif(g1,s1,b2)");
    CHECK(kept(flatzinc));
  }
  SECTION("a clue tied to another cell's variable") {
    std::string flatzinc = two_cells();
    flatzinc.replace(flatzinc.find("int_eq_reif(s1,g1,b2)"), 21, "int_eq_reif(s2,g1,b2)");
    CHECK(kept(flatzinc));
  }
  SECTION("a clue read by another constraint") {
    CHECK(kept(two_cells("constraint int_ne(g1,2);\n")));
  }
  SECTION("two clues read together") {
    CHECK(kept(two_cells("constraint int_lin_le([1,1],[g1,g2],3);\n")));
  }
  SECTION("a clue's helper shown in the output") {
    std::string flatzinc = two_cells();
    flatzinc.replace(flatzinc.find("var bool: b1 ::"), 15, "var bool: b1 :: output_var ::");
    CHECK(kept(flatzinc));
  }
  SECTION("a clue named by the search annotation") {
    CHECK(kept(two_cells("",
                         "solve :: int_search([g1],input_order,indomain_min,complete) "
                         "satisfy;")));
  }
  SECTION("a clue domain too wide to ask about value by value") {
    CHECK(kept(two_cells("", "solve satisfy;", "var 0..200000")));
  }
  SECTION("a clue domain with holes") {
    CHECK(kept(two_cells("", "solve satisfy;", "var {0,1,3}")));
  }
  SECTION("no such clue array or solution") {
    CHECK(!untie_clues(two_cells(), "clues", "grid", 0));
    CHECK(!untie_clues(two_cells(), "givens", "answer", 0));
    CHECK(!untie_clues(two_cells(), "givens", "grid", 1));  // 1 is not its empty value
  }
}

TEST_CASE("the shipped model families whose clues are plain givens are untied",
          "[models][clue-ties]") {
  // Compiled by MiniZinc as the adapter compiles them; a machine without minizinc skips this
  // case (the ctest runs install it).
  if (std::system("command -v minizinc > /dev/null 2>&1") != 0) {
    WARN("minizinc is not installed: the shipped models are not compiled");
    return;
  }
  const std::filesystem::path models =
      std::filesystem::path(PUZZLEGEN_SOURCE_DIR) / "examples" / "models";
  // Magnets, Tents and Towers read their board for more than the value it gives (plates,
  // trees, the counts round the grid).
  const std::map<std::string, bool> expected{
      {"futoshiki", true}, {"kurodoko", true}, {"light-up", true}, {"magnets", false},
      {"mosaic", true},    {"nonogram", true}, {"sudoku", true},   {"takuzu", true},
      {"tents", false},    {"towers", false}};
  for (const auto& [name, untied] : expected) {
    const Manifest manifest = read_manifest((models / name / "family.yaml").string());
    REQUIRE(manifest.clues);
    std::map<std::string, std::int64_t> sizes;
    for (const auto& s : manifest.sizes) sizes[s.name] = s.default_value;
    const std::string flatzinc = with_strength(
        compile(manifest, manifest.kinds.front(), sizes, Library::gecode), Strength::counting);
    INFO(name);
    CHECK(untie_clues(flatzinc, manifest.clues->data, manifest.clues->solution,
                      static_cast<int>(manifest.clues->empty))
              .has_value() == untied);
  }
}
