// Reading YAML input with located errors. The spec reader, the option schema and every family's
// instance reader share these, so that a mistake gets the same message wherever it is made:
// each names file:line:col and the field, says what was expected and what was found
// ("expected an integer from 1 to 64, got 99"; "expected a list of colour names, got a mapping").
#pragma once

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "bounds.hpp"
#include "error.hpp"

namespace puzzlegen {

// --- Documents

// YAML text whose top level must be a mapping. Syntax errors, text that is not UTF-8 or holds
// characters YAML does not allow, duplicate keys, and trees too deep or too large become
// InputError. `what` names the document in messages ("a spec", "an instance file").
YAML::Node parse_yaml(const std::string& text, const std::string& file,
                      const std::string& what = "the file");
YAML::Node load_yaml_file(const std::string& path, const std::string& what = "the file");

// --- Positions

// Where `node` stands in `file` (line and column 0 for a node that is not in the file).
SourceLocation location_of(const YAML::Node& node, const std::string& file);

// --- Shapes

// What a node is, for "got ..." in messages: "a mapping", "a list", "nothing" (an empty or
// missing value), or a scalar's text in quotes.
std::string shape_of(const YAML::Node& node);
// Otherwise an InputError "expected EXPECTED, got a list" (or whatever it is).
void expect_mapping(const YAML::Node& node, const std::string& file, const std::string& field,
                    const std::string& expected = "a mapping of key: value");
void expect_sequence(const YAML::Node& node, const std::string& file, const std::string& field,
                     const std::string& expected);
// The text of a scalar; otherwise "expected EXPECTED, got a list" (EXPECTED: "a name").
const std::string& read_scalar(const YAML::Node& node, const std::string& file,
                               const std::string& field, const std::string& expected);

// --- Keys

// Throws for any key of `map` not in `allowed`, with a "did you mean" suggestion and the list
// of keys allowed there.
void reject_unknown_keys(const YAML::Node& map, const std::vector<std::string>& allowed,
                         const std::string& section, const std::string& file);

// --- Integers: one reader for every whole number, in a file or on the command line

// No bound on that side.
inline constexpr std::int64_t kNoLeast = std::numeric_limits<std::int64_t>::min();
inline constexpr std::int64_t kNoMost = std::numeric_limits<std::int64_t>::max();

// "WHAT from MIN to MAX", "WHAT of at least MIN", "WHAT of at most MAX" or "WHAT" (WHAT: "an
// integer", "a tower size").
std::string describe_integer(const std::string& what, std::int64_t min, std::int64_t max);
// An integer from min to max; otherwise an InputError "expected WHAT from MIN to MAX, got
// 'TEXT'" (not a whole number) or "..., got 99" (out of range).
std::int64_t parse_integer(const std::string& text, const SourceLocation& where,
                           const std::string& field, std::int64_t min, std::int64_t max,
                           const std::string& what = "an integer");
// The same for a YAML scalar ("..., got a list" for anything else).
std::int64_t read_integer(const YAML::Node& node, const std::string& file, const std::string& field,
                          std::int64_t min, std::int64_t max,
                          const std::string& what = "an integer");
// read_integer within an int's range.
int read_int(const YAML::Node& node, const std::string& file, const std::string& field, int min,
             int max, const std::string& what);
// A count: an integer of at least 0.
std::uint64_t read_count(const YAML::Node& node, const std::string& file, const std::string& field);

// --- Names

// A list of distinct, non-empty names (colours, say); otherwise an InputError at the entry that
// is not one: "expected a list of WHAT names", "expected a WHAT name", "WHAT 'x' is listed
// twice".
std::vector<std::string> read_names(const YAML::Node& list, const std::string& file,
                                    const std::string& field, const std::string& what = "");
// The same, with min_count to max_count names: "expected 6 WHAT names, got 7".
std::vector<std::string> read_names(const YAML::Node& list, const std::string& file,
                                    const std::string& field, const std::string& what,
                                    std::size_t min_count, std::size_t max_count);
// Where `name` is among `names`; otherwise "unknown WHAT 'x'; the WHATs are: ..." with the
// closest name as a suggestion.
int name_index(const std::string& name, const std::vector<std::string>& names,
               const SourceLocation& where, const std::string& field, const std::string& what);
// The same for the name a YAML scalar holds.
int read_name_index(const YAML::Node& node, const std::vector<std::string>& names,
                    const std::string& file, const std::string& field, const std::string& what);

// --- Bounds

// Reads one value of a bound at `node`, naming `field` in messages.
using BoundReader = std::function<std::uint64_t(const YAML::Node& node, const std::string& field)>;
// N (exactly N), {min: N}, {max: N}, {min: N, max: M} or {exactly: N}. `exactly` excludes min
// and max; min above max is an error. Values are counts (read_count) unless `value` reads
// them; `shape` names a value in messages ("N", "LEVEL").
Bounds read_bounds(const YAML::Node& node, const std::string& file, const std::string& field,
                   const BoundReader& value = nullptr, const std::string& shape = "N");

// --- Durations

// "90", "90s", "500ms", "10m", "1.5h", "1h30m" -> seconds; "none" -> 0 (no limit); throws
// InputError.
std::chrono::duration<double> parse_duration(const std::string& text, const SourceLocation& where,
                                             const std::string& field);
// The same for a YAML scalar.
std::chrono::duration<double> read_duration(const YAML::Node& node, const std::string& file,
                                            const std::string& field);

}  // namespace puzzlegen
