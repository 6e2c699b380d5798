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
  for (const auto& [order, expected] : isotopy_classes) {
    const int n = order;  // clang before 16 cannot capture a structured binding by reference
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

TEST_CASE("cube36: walking classes finds the census's classes, counts and sizes",
          "[cube36][census][classes]") {
  // The class walk (strategy classes) against the walk of every reduced board (exhaustive):
  // the same classes, the same counts, the same class sizes, and the sizes sum to the number
  // of Latin squares of order n (12, 576, 161280, 812851200; OEIS A002860).
  const std::map<int, Natural> squares = {{3, 12}, {4, 576}, {5, 161280}, {6, 812851200}};
  for (const auto& [n, expected_squares] : squares) {
    std::map<std::string, std::map<std::vector<int>, std::pair<std::string, Natural>>> found;
    for (const std::string strategy : {"exhaustive", "classes"}) {
      for (const unsigned threads : {1u, 3u}) {
        INFO("n " << n << ", " << strategy << ", threads " << threads);
        const Spec spec = parse_spec(
            "puzzle: cube36\nparameters: {n: " + std::to_string(n) +
                "}\ninstance: {latin: true}\nsolutions: {modulo: color-relabelling, solution: "
                "{min: 0}}\ngenerate: {instances: all, strategy: " +
                strategy + ", threads: " + std::to_string(threads) + ", time-limit: 10m}\n",
            "census.yaml", builtin_families());
        std::map<std::vector<int>, std::pair<std::string, Natural>> classes;
        Natural total = 0;
        const RunSummary summary = generate(
            spec,
            [&](const InstancePtr& instance, const Evaluation& e, std::size_t, const std::string&) {
              REQUIRE(e.class_size);
              total += *e.class_size;
              CHECK(classes
                        .emplace(instance->canonical_key(),
                                 std::pair{e.counts.at(0).second.text(), *e.class_size})
                        .second);
            });
        CHECK(summary.proven);
        CHECK(total == expected_squares);
        if (const auto it = found.find(strategy); it != found.end())
          CHECK(it->second == classes);  // threads do not change the answer
        found[strategy] = classes;
      }
    }
    CHECK(found["exhaustive"] == found["classes"]);
  }
}

TEST_CASE("cube36: a class walk's shards together make the whole census", "[cube36][classes]") {
  const auto spec_text = [](const std::string& shard_options) {
    return "puzzle: cube36\nparameters: {n: 6}\ninstance: {latin: true}\nsolutions: {modulo: "
           "color-relabelling, solution: {min: 0}}\ngenerate: {instances: all, strategy: "
           "classes, subproblems: 16" +
           shard_options + "}\n";
  };
  const Spec spec = parse_spec(spec_text(""), "census.yaml", builtin_families());
  std::set<std::vector<int>> whole;
  generate(spec, [&](const InstancePtr& instance, const Evaluation&, std::size_t,
                     const std::string&) { whole.insert(instance->canonical_key()); });
  for (const unsigned shards : {3u, 16u}) {
    INFO("shards " << shards);
    std::multiset<std::vector<int>> together;
    for (unsigned shard = 1; shard <= shards; ++shard) {
      const RunSummary summary = generate(
          spec,
          [&](const InstancePtr& instance, const Evaluation&, std::size_t, const std::string&) {
            together.insert(instance->canonical_key());
          },
          nullptr, Split{shard, shards});
      CHECK(summary.exhausted);
      CHECK(summary.subproblems_done == summary.subproblems_mine);
    }
    CHECK(together.size() == whole.size());
    CHECK(std::set<std::vector<int>>(together.begin(), together.end()) == whole);
  }
}
