// The plugin's entry point: the families it adds to puzzlegen.
#include "plugin.hpp"

namespace futoshiki {
std::unique_ptr<puzzlegen::Family> make_family();
}

PUZZLEGEN_PLUGIN(futoshiki::make_family)
