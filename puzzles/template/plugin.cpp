// What makes the template a plugin: its one exported entry point, listing its families.
#include "plugin.hpp"

namespace puzzlegen::partition {
std::unique_ptr<Family> make_family();
}

PUZZLEGEN_PLUGIN(puzzlegen::partition::make_family)
