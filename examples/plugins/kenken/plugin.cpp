// The plugin's entry point: the families it adds to puzzlegen.
#include "plugin.hpp"

namespace kenken {
std::unique_ptr<puzzlegen::Family> make_family();
}

PUZZLEGEN_PLUGIN(kenken::make_family)
