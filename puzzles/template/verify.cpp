// The template's second method for `puzzlegen verify`: brute force, sharing nothing with the
// Gecode model of family.cpp. Every subset of the cards is tried as group A; a class is counted
// by choosing the positions of each value in turn.
#include "verify.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace puzzlegen::partition {

Recount splits_by_brute_force(const std::vector<int>& numbers, bool modulo_swap) {
  const int n = static_cast<int>(numbers.size());
  const int total = std::accumulate(numbers.begin(), numbers.end(), 0);
  std::uint64_t splits = 0;
  for (std::uint32_t group_a = 0; group_a < (1u << n); ++group_a) {
    // Modulo swapping the groups, card 1 is in group A: each unordered split once.
    if (modulo_swap && !(group_a & 1u)) continue;
    int sum = 0;
    for (int i = 0; i < n; ++i)
      if (group_a >> i & 1u) sum += numbers[static_cast<std::size_t>(i)];
    splits += 2 * sum == total ? 1 : 0;
  }
  return {Count{splits, true, StopReason::none},
          "every one of the 2^" + std::to_string(n) + " groups A tried"};
}

Recount orderings_by_positions(const std::vector<int>& numbers) {
  // Choose the places of each value in turn among those left: C(left, copies) each.
  std::map<int, int> copies;
  for (const int v : numbers) ++copies[v];
  Natural orderings = 1;
  int left = static_cast<int>(numbers.size());
  for (const auto& [value, k] : copies) {
    Natural choose = 1;
    for (int j = 1; j <= k; ++j) choose = choose * (left - k + j) / j;
    orderings *= choose;
    left -= k;
  }
  return {Count{orderings, true, StopReason::none},
          "the places of each value chosen in turn among those left"};
}

}  // namespace puzzlegen::partition
