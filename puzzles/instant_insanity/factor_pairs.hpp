// All-different towers as pairs of edge-disjoint transversal 2-factors of the colour
// multigraph (de Carteblanche), searched jointly: every cube picks the pair facing front and
// back (H1) and the pair facing left and right (H2), and every colour is an end of exactly two
// H1 edges and two H2 edges. docs/counting.md explains the count.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "instance.hpp"
#include "solve.hpp"

namespace puzzlegen::instant_insanity {

// Unordered pairs {H1, H2} (decompositions), or with `orientations` the orientation tuples of
// the towers they give: each pair, in either order, gives 2^components(H1) x 2^components(H2).
// Stops once the count reaches `cap` (0: no cap), then not exact.
Count count_factor_pairs(const TowerInstance& instance, bool orientations, std::uint64_t cap,
                         const Limits& limits);

// One pair (H1, H2): per cube, the index of its pair in H1 and in H2; none when there is no
// such pair or a limit stopped the search.
std::optional<std::vector<std::array<int, 2>>> first_factor_pair(const TowerInstance& instance,
                                                                 const Limits& limits);

}  // namespace puzzlegen::instant_insanity
