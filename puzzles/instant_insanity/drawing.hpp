// Instant Insanity on paper: the cubes as nets to cut out, and a tower as its four sides next
// to the colour multigraph with the tower's two edge sets (its 2-factors) highlighted.
#pragma once

#include <vector>

#include "instance.hpp"

namespace puzzlegen::instant_insanity {

// `turns[i]` is cube i's orientation (an index into rotations()), cube 1 at the bottom. With
// `two_factors` (all-different towers) the key calls the two highlighted edge sets 2-factors.
render::Drawing draw_tower(const TowerInstance& instance, const std::vector<int>& turns,
                           bool two_factors);

// The puzzle's nets for a key that explains: each step's cubes tinted, and the step numbers in
// their titles ("Cube 3 · step 1,4").
render::Drawing draw_steps(const TowerInstance& tower,
                           const std::vector<std::vector<int>>& cubes_by_step);

// The cubes to turn on screen (render/play.hpp) until the tower's sides show what `kind`
// asks, each cube first as its net shows it.
Json play_tower(const TowerInstance& instance, const std::string& kind);

}  // namespace puzzlegen::instant_insanity
