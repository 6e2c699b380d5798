// Walking the classes of Instant Insanity instances (strategy `classes`).
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace puzzlegen {
class Growth;
}

namespace puzzlegen::instant_insanity {

// Sets of cubes grown one cube at a time, up to reordering cubes and renaming colours (the
// classes TowerInstance::canonical_key tells apart): each class comes out once, as the instance
// its key spells. A cube is its three opposite pairs (up to rotation and reflection), as
// everywhere in the family. `all_colours` keeps only cubes that show every colour, `distinct`
// only sets without a repeated cube. Null beyond 8 colours, where the key no longer factors out
// renaming colours.
std::unique_ptr<Growth> cube_set_growth(std::vector<std::string> colors, bool all_colours,
                                        bool distinct);

}  // namespace puzzlegen::instant_insanity
