// The families a run of puzzlegen knows: the built-in ones, then the plugins it was given.
#pragma once

#include <string>
#include <vector>

#include "registry.hpp"

namespace puzzlegen::cli {

// Every command looks families up here.
const Registry& families();
// Loads the plugin files given by --plugin, in order, then every *.so in the directories of
// PUZZLEGEN_PLUGIN_PATH (`plugin_path`, null when unset). Throws InputError naming the file.
void load_plugins(const std::vector<std::string>& files, const char* plugin_path);
// The --plugin values in a command line (`--plugin FILE` or `--plugin=FILE`, before any `--`),
// which must be loaded before the command line itself is parsed: the families' solution
// options become flags of `solve`.
std::vector<std::string> plugin_arguments(int argc, const char* const* argv);

}  // namespace puzzlegen::cli
