// The family's census of Latin boards (every class under permuting rows, columns and sizes and
// transposing, as specs/cube36/census-n7.yaml asks at n = 7) checked against the literature:
// its classes must make up exactly the isotopy classes of Latin squares of order n: 1, 2, 2
// and 22 for n = 3..6 (and 564 at n = 7; McKay, Meynert and Myrvold, 2007). A class whose
// squares are isotopic to their transposes is one isotopy class, any other is two. Run on two
// threads, so the split is exercised too.
#include <catch2/catch.hpp>

#include <set>

#include "builtin.hpp"
#include "cube36/board.hpp"
#include "generate.hpp"
#include "latin.hpp"

using namespace puzzlegen;
using namespace puzzlegen::cube36;

TEST_CASE("cube36: the census of Latin boards covers the isotopy classes once each",
          "[cube36][census]") {
  const std::map<int, std::size_t> isotopy_classes = {{3, 1}, {4, 2}, {5, 2}, {6, 22}};
  for (const auto& [n, expected] : isotopy_classes) {
    INFO("n " << n);
    const Spec spec = parse_spec("puzzle: cube36\nparameters: {n: " + std::to_string(n) +
                                     "}\ninstance: {latin: true}\nsolutions: {modulo: "
                                     "color-relabelling, solution: {min: 0}}\ngenerate: "
                                     "{instances: all, threads: 2, time-limit: 10m}\n",
                                 "census.yaml", builtin_families());
    std::set<std::vector<int>> classes, isotopes;
    std::size_t self_transposed = 0;
    const RunSummary summary = generate(spec, [&](const InstancePtr& instance, const Evaluation& e,
                                                  std::size_t, const std::string&) {
      const auto& square = dynamic_cast<const Board&>(*instance).sizes();
      REQUIRE(is_latin(n, square));
      CHECK(classes.insert(isotopy_canonical_form(n, square)).second);  // no class twice
      REQUIRE(e.counts.size() == 1);
      CHECK(e.counts[0].second.exact);
      std::vector<int> transpose(square.size());
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) transpose[c * n + r] = square[r * n + c];
      const auto form = least_isotope(n, square), transposed = least_isotope(n, transpose);
      isotopes.insert(form);
      isotopes.insert(transposed);
      if (form == transposed) ++self_transposed;
    });
    CHECK(summary.proven);
    CHECK(isotopes.size() == expected);
    CHECK(2 * classes.size() - self_transposed == expected);
  }
}
