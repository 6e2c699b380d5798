// Eight Blocks walked by classes (strategy classes, puzzles/eight_blocks/growth.cpp) against the
// walk of every instance (strategy exhaustive): the same classes with the same counts and
// class sizes, at 2 to 4 cubes and at 8 with solids required, up to renaming colours and up
// to renaming and mirror images. The number of classes is also counted by Burnside's lemma
// from the groups' elements alone, and the class sizes must add up to the number of multisets
// of k cubes of 30 varieties, C(29 + k, k). Haraguchi's problems by classes give the answers
// the tree search gives.
#include <catch2/catch.hpp>

#include <map>

#include "builtin.hpp"
#include "eight_blocks/groups.hpp"
#include "eight_blocks/instance.hpp"
#include "generate.hpp"

using namespace puzzlegen;
using namespace puzzlegen::eight_blocks;

namespace {

// What a run found: by canonical key, the counts (as text) and the class size.
struct Found {
  std::map<std::vector<int>, std::pair<std::string, Natural>> classes;
  Natural instances = 0;  // class sizes added up
  RunSummary summary;
};

Found run(const std::string& text) {
  const Spec spec = parse_spec(text, "test.yaml", builtin_families());
  Found out;
  out.summary = generate(spec, [&](const InstancePtr& instance, const Evaluation& e, std::size_t,
                                   const std::string&) {
    REQUIRE(e.class_size);
    std::string counts;
    for (const auto& [kind, count] : e.counts) counts += kind + "=" + count.text() + " ";
    out.instances += *e.class_size;
    // No class twice.
    CHECK(out.classes.emplace(instance->canonical_key(), std::pair{counts, *e.class_size}).second);
  });
  return out;
}

std::string spec_text(const std::string& instance, const std::string& solutions,
                      const std::string& generate) {
  return "puzzle: eight-blocks\ninstance: " + instance + "\nsolutions: " + solutions +
         "\ngenerate: {instances: all, time-limit: 10m, " + generate + "}\n";
}

// Orbits of multisets of k cubes under a group of permutations of the varieties, by
// Burnside's lemma: the mean over the elements of the multisets each fixes. A multiset is
// fixed when it is constant on every cycle: the coefficient of t^k in the product over the
// cycles of 1 / (1 - t^length).
Natural burnside(const VarietyGroup& group, int k) {
  Natural fixed_sum = 0;
  for (const auto& g : group.elements()) {
    std::vector<Natural> ways(static_cast<std::size_t>(k + 1), 0);
    ways[0] = 1;
    std::array<bool, kVarieties> seen{};
    for (int start = 0; start < kVarieties; ++start) {
      if (seen[static_cast<std::size_t>(start)]) continue;
      int length = 0;
      for (int v = start; !seen[static_cast<std::size_t>(v)]; v = g[static_cast<std::size_t>(v)]) {
        seen[static_cast<std::size_t>(v)] = true;
        ++length;
      }
      for (int n = length; n <= k; ++n)
        ways[static_cast<std::size_t>(n)] += ways[static_cast<std::size_t>(n - length)];
    }
    fixed_sum += ways[static_cast<std::size_t>(k)];
  }
  return fixed_sum / group.order();
}

Natural multisets(int k) {  // C(29 + k, k)
  Natural out = 1;
  for (int i = 1; i <= k; ++i) out = out * (29 + i) / i;
  return out;
}

}  // namespace

TEST_CASE("eight blocks: walking classes finds the exhaustive walk's classes at 2 to 4 cubes",
          "[eight-blocks][classes]") {
  // Published nowhere; brute force over every multiset (class sizes test) agrees.
  const std::map<std::string, std::vector<int>> expected = {{kRenaming, {6, 24, 126}},
                                                            {kRenamingAndMirror, {5, 17, 80}}};
  for (const auto& [modulo, classes] : expected) {
    const VarietyGroup& group = VarietyGroup::of(
        modulo == kRenaming ? Convention::renaming : Convention::renaming_and_mirror);
    for (int k = 2; k <= 4; ++k) {
      INFO(modulo << ", " << k << " cubes");
      const std::string instance = "{size: " + std::to_string(k) + ", modulo: " + modulo + "}";
      const std::string solutions = "{composable-varieties: {min: 0}}";
      const Found by_classes = run(spec_text(instance, solutions, "strategy: classes"));
      const Found exhaustive = run(spec_text(instance, solutions, "strategy: exhaustive"));
      CHECK(by_classes.summary.proven);
      CHECK(exhaustive.summary.proven);
      CHECK(by_classes.classes.size() ==
            static_cast<std::size_t>(classes[static_cast<std::size_t>(k - 2)]));
      CHECK(Natural(by_classes.classes.size()) == burnside(group, k));
      CHECK(by_classes.classes == exhaustive.classes);
      CHECK(by_classes.instances == multisets(k));
      CHECK(exhaustive.instances == multisets(k));
    }
  }
}

TEST_CASE("eight blocks: walking classes with solids required and forbidden, sizes in a range",
          "[eight-blocks][classes]") {
  // Required solids (the walk keeps only the renamings that keep {(1,2), (2,1)}, so several
  // walked classes share a key), a number of solids at several sizes, forbidden solids: each
  // as the tree search finds it.
  const std::vector<std::pair<std::string, std::string>> specs = {
      {"{size: 8}", "{composable: [\"(1,2)\", \"(2,1)\"]}"},
      {"{size: 8, modulo: color-renaming-and-mirror}", "{composable: [\"(1,2)\", \"(2,1)\"]}"},
      {"{size: {min: 7, max: 8}, max-per-variety: 1}", "{composable-varieties: {exactly: 1}}"},
      {"{size: 8, max-per-variety: 2, per-variety: {\"(1,2)\": {min: 2}}}",
       "{composable: [\"(1,2)\"], not-composable: [\"(2,1)\", \"(1,3)\"]}"},
      {"{size: {max: 9}}", "{composable: [\"(1,2)\", \"(2,1)\", \"(1,3)\"]}"},
      // Three cubes of one variety: varieties two behind the most are settled, which the
      // walk's completion test uses.
      {"{size: 8, per-variety: {\"(1,2)\": {min: 3}}}",
       "{composable: [\"(1,2)\"], not-composable: [\"(2,1)\", \"(1,3)\", \"(1,4)\"]}"},
  };
  for (const auto& [instance, solutions] : specs) {
    INFO(instance << " " << solutions);
    const Found by_classes = run(spec_text(instance, solutions, "strategy: classes"));
    const Found exhaustive = run(spec_text(instance, solutions, "strategy: exhaustive"));
    CHECK(by_classes.summary.proven);
    CHECK(exhaustive.summary.proven);
    CHECK_FALSE(by_classes.classes.empty());
    CHECK(by_classes.classes == exhaustive.classes);
  }
}

TEST_CASE("eight blocks: Haraguchi's MINUNIVERSAL and MAXINFEASIBLE by classes, proven",
          "[eight-blocks][classes]") {
  const auto best = [](const std::string& text) {
    const Spec spec = parse_spec(text, "test.yaml", builtin_families());
    const RunSummary summary = generate(
        spec, [](const InstancePtr&, const Evaluation&, std::size_t, const std::string&) {});
    CHECK(summary.proven);
    CHECK(summary.exhausted);
    return summary;
  };
  const RunSummary universal = best(
      "puzzle: eight-blocks\nsolutions: {composable: all}\nobjective: {minimize: size}\n"
      "generate: {strategy: classes, time-limit: 10m}\n");
  REQUIRE(universal.best);
  CHECK(*universal.best == 12);
  // Every infeasible instance of 23 cubes: two classes under renaming colours, N and its mirror
  // image, which are one class when mirror images count as the same: 120 instances.
  for (const auto& [modulo, classes] :
       std::vector<std::pair<std::string, std::size_t>>{{kRenaming, 2}, {kRenamingAndMirror, 1}}) {
    INFO(modulo);
    const RunSummary infeasible =
        best("puzzle: eight-blocks\ninstance: {modulo: " + modulo +
             "}\nsolutions: {composable: none}\nobjective: {maximize: size, ties: all}\n"
             "generate: {strategy: classes, time-limit: 10m}\n");
    REQUIRE(infeasible.best);
    CHECK(*infeasible.best == 23);
    CHECK(infeasible.optimal_instances == classes);
    CHECK(infeasible.optimal_instances_in_classes == 120);
  }
}
