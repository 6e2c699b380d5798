// Instant Insanity counted and classified a second way, for `puzzlegen verify`: nothing here uses
// the Gecode models (model.cpp) or the rotation tables (rotations.cpp).
//
// A cube turned is the pair of opposite faces at front and back, in order, and another pair at
// left and right, in order: 6 x 4 = 24 ways, one per rotation. All-different towers are counted
// through the colour multigraph (an edge per pair of opposite faces): a tower is two
// edge-disjoint 2-factors taking one edge of every cube, each cycle of which is turned one of
// two ways. Towers whose sides are each one colour are counted colour by colour (the four
// sides' colours, then each cube's turns showing them). Orbits under the tower group are
// counted as orbits, on explicit towers.
#pragma once

#include "instance.hpp"

namespace puzzlegen::instant_insanity {

// `kind` (all-different, all-equal, monochrome-sides) in the convention `options`.
Recount count_by_graph(const TowerInstance& tower, const std::string& kind,
                       const OptionValues& options, const Limits& limits);

// How many instances share the tower's class (colour relabellings of its multiset of cubes),
// by orbit-stabiliser.
Recount class_size_again(const TowerInstance& tower, const Limits& limits);

// The number of instances with n cubes (multisets of cube kinds: cubes up to rotation and
// reflection), under the per-cube constraints, for n <= 8.
std::vector<CensusFigure> cube_census_figures(int n, bool every_cube_all_colours,
                                              bool distinct_cubes);

// Every instance with these colours (n cubes) meeting the per-cube constraints: every multiset
// (or set) of n kinds of cube, visited when it is the least of its orbit under the n!
// renamings of the colours (its kinds, sorted, against each renaming's). nullopt when that is
// more than about 10^8 steps.
std::optional<Listing> list_towers(const std::vector<std::string>& colors,
                                   bool every_cube_all_colours, bool distinct_cubes,
                                   const Limits& limits,
                                   const std::function<bool(const Instance&)>& visit);

}  // namespace puzzlegen::instant_insanity
