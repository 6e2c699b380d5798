// Counting on several threads: the same exact count as on one, whether the search is small
// enough to finish alone (kAloneNodes) or large enough to start the threads.
#include <gecode/int.hh>

#include <catch2/catch.hpp>

#include "solve.hpp"

namespace {

using namespace puzzlegen;

// The permutations of 1..n: n! solutions, about 2 n! nodes.
class Permutations : public Gecode::Space {
 public:
  explicit Permutations(int n) : x_(*this, n, 1, n) {
    Gecode::distinct(*this, x_);
    Gecode::branch(*this, x_, Gecode::INT_VAR_NONE(), Gecode::INT_VAL_MIN());
  }
  Permutations(Permutations& other) : Gecode::Space(other) { x_.update(*this, other.x_); }
  Gecode::Space* copy() override { return new Permutations(*this); }

 private:
  Gecode::IntVarArray x_;
};

}  // namespace

TEST_CASE("count: the same exact count on 1, 2 and 64 threads, small and large", "[solve]") {
  for (const auto& [n, solutions] : {std::pair{4, 24ULL}, std::pair{8, 40320ULL}}) {
    for (const unsigned threads : {1u, 2u, 64u}) {
      INFO("n = " << n << ", threads " << threads);
      Permutations root(n);
      const Count count = count_solutions(root, 0, Limits::within({}, 0, threads));
      CHECK(count.exact);
      CHECK(count.value == solutions);
    }
  }
  // A node limit below the threads' start is kept: the count says "at least".
  Permutations root(8);
  const Count cut = count_solutions(root, 0, Limits::within({}, 1000, 2));
  CHECK_FALSE(cut.exact);
  CHECK(cut.stopped == StopReason::node_limit);
}

TEST_CASE("count: threads 0 means every usable core", "[solve]") {
  CHECK(usable_cores() >= 1);
  CHECK(Limits::within({}, 0, 0).threads == usable_cores());
}
