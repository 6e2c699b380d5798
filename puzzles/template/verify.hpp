// The template's second methods, for `puzzlegen verify` (verify.cpp).
#pragma once

#include <vector>

#include "family.hpp"

namespace puzzlegen::partition {

// The splits of `numbers` into two groups with equal sums, unordered with `modulo_swap`.
Recount splits_by_brute_force(const std::vector<int>& numbers, bool modulo_swap);
// The distinct orderings of `numbers` (the size of its class).
Recount orderings_by_positions(const std::vector<int>& numbers);

}  // namespace puzzlegen::partition
