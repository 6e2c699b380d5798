// Shell completion generated from the command line's own declaration, so it never lags
// behind a new command or option (`puzzlegen completion bash`, installed by cmake --install).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "command.hpp"

namespace puzzlegen::cli {

// The values offered after an option are those `commands` recorded for it (Commands::choices,
// Commands::suggest), the list its check reads too; a positional's are offered in its place.
std::string bash_completion(const CLI::App& app, const Commands& commands);

}  // namespace puzzlegen::cli
