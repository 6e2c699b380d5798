// Exact whole numbers of any size. Counts are weighted (orientations, stackings, colourings)
// and summed, so they pass 2^64 long before a search could visit that many solutions; a count
// that wrapped would print as exact and be wrong.
#pragma once

// GCC 12 reports a false "maybe uninitialized" inside cpp_int's inline storage once inlined.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/multiprecision/cpp_int.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace puzzlegen {

using Natural = boost::multiprecision::cpp_int;

std::string to_string(const Natural& n);

// In JSON a number while it fits in 64 bits, otherwise its decimal digits as a string: JSON
// readers (nlohmann, Python's float fallback, JavaScript) would round a longer number.
nlohmann::ordered_json natural_json(const Natural& n);

// Reads what natural_json writes: a non-negative whole number, or a string of decimal digits.
std::optional<Natural> natural_from_json(const nlohmann::ordered_json& value);

// The value if it fits in 64 bits, else nullopt (for caps, which are only an optimisation).
std::optional<std::uint64_t> to_uint64(const Natural& n);

Natural factorial(int n);

// Adds `size` to `total`; a total with an unknown part (nullopt) stays unknown.
void add_known(std::optional<Natural>& total, const std::optional<Natural>& size);

}  // namespace puzzlegen
