// A portable seeded random source: std::mt19937_64 is specified bit for bit by the standard,
// but std::uniform_int_distribution and std::shuffle are not, so the bounded draw and the
// shuffle are ours. Same seed, same sequence, on every standard library.
#pragma once

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace puzzlegen {

// A 64-bit mix (SplitMix64's finaliser): hashes small integers into well-spread seeds.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}

  // Uniform in [0, bound), by rejection (no modulo bias). bound must be > 0.
  std::uint64_t below(std::uint64_t bound) {
    std::uint64_t draw = engine_();
    // The rejection limit is above UINT64_MAX - bound, so almost every draw is under it
    // without the division that computes it (a hot path: Latin squares draw thousands).
    if (draw > UINT64_MAX - bound) {
      const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
      while (draw >= limit) draw = engine_();
    }
    return draw % bound;
  }

  template <class T>
  void shuffle(std::vector<T>& items) {  // Fisher-Yates
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(i)]);
  }

  std::uint64_t next() { return engine_(); }

 private:
  std::mt19937_64 engine_;
};

}  // namespace puzzlegen
