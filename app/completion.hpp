// Shell completion generated from the command line's own declaration, so it never lags
// behind a new command or option (`puzzlegen completion bash`, installed by cmake --install).
#pragma once

#include <CLI/CLI.hpp>

#include <map>
#include <string>

namespace puzzlegen::cli {

// `choices`: the words an option's value can take, keyed "COMMAND --option", or
// "* --option" for every command that has it.
std::string bash_completion(const CLI::App& app, const std::map<std::string, std::string>& choices);

}  // namespace puzzlegen::cli
