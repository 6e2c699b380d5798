// The generic grade (framework/difficulty.hpp) on small clause models whose reasoning is known
// by hand, and on random ones, whose grade must not depend on the order of the decisions.
#include <catch2/catch.hpp>

#include <gecode/minimodel.hh>

#include <numeric>
#include <random>

#include "bounds.hpp"
#include "difficulty.hpp"

using namespace puzzlegen;

namespace {

// A literal: variable v, true when `positive`.
struct Literal {
  int v;
  bool positive;
};
using Clause = std::vector<Literal>;

// 0/1 variables and clauses, each a linear constraint whose bounds propagation is unit
// propagation; `order` lists the variables in the order decisions() gives them.
class Clauses final : public GradedSpace {
 public:
  Clauses(int n, const std::vector<Clause>& clauses, std::vector<int> order = {})
      : x_(*this, n, 0, 1), order_(std::move(order)) {
    if (order_.empty()) {
      order_.resize(static_cast<std::size_t>(n));
      std::iota(order_.begin(), order_.end(), 0);
    }
    for (const auto& clause : clauses) {
      Gecode::IntArgs coefficients;
      Gecode::IntVarArgs vars;
      int negatives = 0;
      for (const auto& literal : clause) {
        coefficients << (literal.positive ? 1 : -1);
        vars << x_[literal.v];
        negatives += literal.positive ? 0 : 1;
      }
      Gecode::linear(*this, coefficients, vars, Gecode::IRT_GQ, 1 - negatives);
    }
    Gecode::branch(*this, x_, Gecode::INT_VAR_NONE(), Gecode::INT_VAL_MIN());
  }
  Clauses(Clauses& other) : GradedSpace(other), order_(other.order_) { x_.update(*this, other.x_); }
  Gecode::Space* copy() override { return new Clauses(*this); }
  Gecode::IntVarArgs decisions() const override {
    Gecode::IntVarArgs out;
    for (const int v : order_) out << x_[v];
    return out;
  }

 private:
  Gecode::IntVarArray x_;
  std::vector<int> order_;
};

Literal pos(int v) {
  return {v, true};
}
Literal neg(int v) {
  return {v, false};
}

}  // namespace

TEST_CASE("grade: propagation, probing and search on models reasoned by hand", "[difficulty]") {
  SECTION("a unit clause is propagation alone") {
    Clauses space(2, {{pos(0)}, {neg(0), pos(1)}});
    const Grade g = grade(space, Limits{});
    CHECK(g.level == Grade::easy);
    CHECK(g.solvable);
    CHECK(g.probes == 0);
  }
  SECTION("a = 0 fails both ways on b: one round of probing") {
    // (a or b) (a or not b) (not a or b): unit propagation alone decides nothing.
    Clauses space(2, {{pos(0), pos(1)}, {pos(0), neg(1)}, {neg(0), pos(1)}});
    const Grade g = grade(space, Limits{});
    CHECK(g.level == Grade::medium);
    CHECK(g.rounds == 1);
    CHECK(g.name() == "medium");
  }
  SECTION("several solutions: probing stalls and search finds one") {
    Clauses space(2, {{pos(0), pos(1)}});
    const Grade g = grade(space, Limits{});
    CHECK(g.level == Grade::extreme);
    CHECK(g.solvable);
    CHECK(g.search_nodes.exact);
    CHECK(g.search_nodes.value >= 1);
  }
  SECTION("contradictory units: no solution, shown by propagation") {
    Clauses space(1, {{pos(0)}, {neg(0)}});
    const Grade g = grade(space, Limits{});
    CHECK(g.level == Grade::easy);
    CHECK_FALSE(g.solvable);
  }
  SECTION("a contradiction only search finds: extreme, no solution") {
    // 3 pigeons in 2 holes: no single trial fails at once, yet there is no solution.
    std::vector<Clause> clauses;
    const auto p = [](int pigeon, int hole) { return 2 * pigeon + hole; };
    for (int i = 0; i < 3; ++i) clauses.push_back({pos(p(i, 0)), pos(p(i, 1))});
    for (int h = 0; h < 2; ++h)
      for (int i = 0; i < 3; ++i)
        for (int j = i + 1; j < 3; ++j) clauses.push_back({neg(p(i, h)), neg(p(j, h))});
    Clauses space(6, clauses);
    const Grade g = grade(space, Limits{});
    CHECK_FALSE(g.solvable);
    CHECK(g.level >= Grade::medium);
  }
}

TEST_CASE("grade: a level ceiling stops the grade once the level is past it", "[difficulty]") {
  // (a or b) (a or not b) (not a or b): one round of probing, medium.
  const std::vector<Clause> medium{{pos(0), pos(1)}, {pos(0), neg(1)}, {neg(0), pos(1)}};
  const auto graded = [](const std::vector<Clause>& clauses, int n, int ceiling) {
    Clauses space(n, clauses);
    Limits limits;
    limits.level_ceiling = ceiling;
    return grade(space, limits);
  };
  SECTION("capped at easy: no probe is made, and the level is at least medium") {
    const Grade g = graded(medium, 2, Grade::easy);
    CHECK(g.past_ceiling);
    CHECK(g.level == Grade::medium);
    CHECK(g.probes == 0);
    const Count level = difficulty_measure(g, kDifficulty);
    CHECK_FALSE(level.exact);  // "at least medium"
    CHECK(Bounds{std::nullopt, Grade::easy}.admits(level) == Bounds::Verdict::no);
  }
  SECTION("capped at or above the level: the same grade as without a cap") {
    for (const int ceiling : {Grade::medium, Grade::hard, Grade::extreme}) {
      const Grade g = graded(medium, 2, ceiling);
      CHECK_FALSE(g.past_ceiling);
      CHECK(g.level == Grade::medium);
      CHECK(g.rounds == 1);
    }
  }
  SECTION("several solutions capped at hard: no search, and the level is extreme") {
    const Grade g = graded({{pos(0), pos(1)}}, 2, Grade::hard);
    CHECK(g.past_ceiling);
    CHECK(g.level == Grade::extreme);
    CHECK(g.search_nodes.value == 0);
    CHECK_FALSE(difficulty_measure(g, kSearchNodes).exact);
  }
}

TEST_CASE("grade: random clause models grade the same in any decision order", "[difficulty]") {
  std::mt19937 rng(2026);
  std::map<int, int> levels;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 8;
    std::vector<Clause> clauses;
    const int m = 20 + static_cast<int>(rng() % 16);
    for (int c = 0; c < m; ++c) {
      Clause clause;
      const int length = c == 0 ? 1 + static_cast<int>(rng() % 3) : 3;  // a unit clause at times
      for (int k = 0; k < length; ++k)
        clause.push_back({static_cast<int>(rng() % n), rng() % 2 == 0});
      clauses.push_back(clause);
    }
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    Clauses forward(n, clauses, order);
    std::shuffle(order.begin(), order.end(), rng);
    Clauses shuffled(n, clauses, order);
    std::reverse(order.begin(), order.end());
    Clauses reversed(n, clauses, order);
    const Grade a = grade(forward, Limits{}), b = grade(shuffled, Limits{}),
                c = grade(reversed, Limits{});
    INFO("trial " << trial);
    CHECK(a.level == b.level);
    CHECK(a.level == c.level);
    CHECK(a.rounds == b.rounds);
    CHECK(a.rounds == c.rounds);
    CHECK(a.solvable == b.solvable);
    ++levels[a.level];
  }
  UNSCOPED_INFO("levels " << levels[1] << " " << levels[2] << " " << levels[3] << " " << levels[4]);
  // The sample reaches every level, so the checks above compare real probing, not one path.
  for (int level = Grade::easy; level <= Grade::extreme; ++level) {
    INFO("level " << level);
    CHECK(levels[level] > 0);
  }
}

TEST_CASE("grade: levels by name", "[difficulty]") {
  CHECK(difficulty_level("easy") == 1);
  CHECK(difficulty_level("extreme") == 4);
  CHECK_FALSE(difficulty_level("brutal"));
  CHECK(difficulty_levels().size() == 4);
}
