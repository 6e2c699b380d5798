// What several commands print alike: a result in the chosen format, and solution counts.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "family.hpp"
#include "output.hpp"

namespace puzzlegen::cli {

// `document` as JSON or YAML, or `text` for the text format.
void print(std::ostream& out, Format format, const Json& document, const std::string& text);

// " (modulo none)" after a heading, or nothing for a family with a single convention.
std::string convention_suffix(const OptionValues& options);

// One line per kind, the counts aligned, each saying where it stopped.
std::string counts_text(const std::vector<std::pair<std::string, Count>>& counts);
Json counts_json(const std::vector<std::pair<std::string, Count>>& counts);

// An instance as `generate --format text` prints it: drawn, its class, and its counts under
// "counts" and `convention` (convention_suffix).
std::string instance_text(const Instance& instance, const std::optional<Natural>& class_size,
                          const std::string& convention,
                          const std::vector<std::pair<std::string, Count>>& counts);

// `content` to the file `path`, written atomically, or to `out` for "" and "-".
void write_output(const std::string& path, const std::string& content, std::ostream& out);

}  // namespace puzzlegen::cli
