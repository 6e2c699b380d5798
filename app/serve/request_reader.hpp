// What a request to `puzzlegen serve` asks for, read and checked: its JSON body, its fields,
// its spec, and the command line of the run it asks for. Anything the server will not carry
// out is a Refusal with the HTTP status and the words the page shows.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "serve/server.hpp"
#include "spec.hpp"

namespace puzzlegen::cli {

// A request the server will not carry out: its HTTP status and why, for the page.
struct Refusal {
  int status;
  std::string message;
  std::string field;  // the request's field at fault, or ""
};

// The fields each request may have.
extern const std::vector<std::string> kCheckFields, kSheetFields, kInstancesFields;

// The JSON object of a request's body, with no field but `fields`.
Json request_object(const std::string& body, const std::vector<std::string>& fields);
// A field that is text, one of `allowed` (any, when empty); `fallback` when absent.
std::string text_field(const Json& body, const std::string& field, const std::string& fallback,
                       const std::vector<std::string>& allowed);
// A field that is a whole number from `least` to `most`; `fallback` when absent or null.
std::uint64_t whole_field(const Json& body, const std::string& field, std::uint64_t fallback,
                          std::uint64_t least, std::uint64_t most);

// The seed asked for, as --seed takes it; nullopt when the request has none. A whole number
// from 0 to 2^63 - 1, or its digits as text; anything else (null, a sign, a fraction, a word)
// is refused rather than left to the spec's seed.
std::optional<std::string> seed_field(const Json& body);

// The spec a request names (a served example) or carries (YAML), written to spec.yaml in the
// run's folder and read as the command line would read it: the same errors, and `given:`
// files only inside that folder, which holds nothing else. Throws InputError for a bad spec.
Spec request_spec(const Json& body, const ServeLimits& limits, const std::filesystem::path& folder);

// The command line (after the executable's name) of the run a request for a sheet, or a
// designer's listing of instances, asks for: worksheet or generate on spec.yaml in the run's
// folder.
std::vector<std::string> sheet_arguments(const Json& body, const Spec& spec,
                                         const ServeLimits& limits);
std::vector<std::string> instances_arguments(const Json& body, const Spec& spec,
                                             const ServeLimits& limits);

}  // namespace puzzlegen::cli
