#include <catch2/catch.hpp>

#include "options.hpp"
#include "rng.hpp"
#include "spec.hpp"

using namespace puzzlegen;

TEST_CASE("portable RNG: fixed sequence for a seed", "[rng]") {
  // std::mt19937_64's 10000th output for the default seed is fixed by the standard; our
  // bounded draws and shuffles are built only on it, so they are the same everywhere.
  std::mt19937_64 reference;
  reference.discard(9999);
  CHECK(reference() == 9981545732273789042ULL);
  Rng a(42), b(42);
  for (int i = 0; i < 1000; ++i) CHECK(a.below(7) == b.below(7));
  Rng c(1);
  std::vector<int> hist(6, 0);
  for (int i = 0; i < 60000; ++i) ++hist[c.below(6)];
  for (int h : hist) CHECK(std::abs(h - 10000) < 500);
  std::vector<int> items = {0, 1, 2, 3, 4, 5, 6, 7};
  Rng d(3);
  d.shuffle(items);
  std::vector<int> sorted = items;
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
}

TEST_CASE("portable RNG: a bounded draw is the rejection rule's, for every size of bound",
          "[rng]") {
  // The rule: draws at or above the greatest multiple of the bound are drawn again; the rest
  // are taken modulo the bound. Bounds near 2^64 reject often, so both branches are met.
  for (const std::uint64_t bound :
       {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{7}, std::uint64_t{1} << 32,
        (std::uint64_t{1} << 63) + 5, UINT64_MAX / 3 * 2, UINT64_MAX - 1, UINT64_MAX}) {
    INFO(bound);
    std::mt19937_64 engine(9);
    Rng rng(9);
    for (int i = 0; i < 2000; ++i) {
      const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
      std::uint64_t draw = engine();
      while (draw >= limit) draw = engine();
      REQUIRE(rng.below(bound) == draw % bound);
    }
  }
}

TEST_CASE("did you mean", "[options]") {
  CHECK(closest_match("modulus", {"modulo", "count-as"}) == "modulo");
  CHECK(closest_match("zzzzzz", {"modulo", "count-as"}).empty());
}

TEST_CASE("sha256", "[output]") {
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}
