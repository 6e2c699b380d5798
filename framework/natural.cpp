#include "natural.hpp"

#include <algorithm>
#include <limits>

namespace puzzlegen {

std::string to_string(const Natural& n) {
  return n.str();
}

std::optional<std::uint64_t> to_uint64(const Natural& n) {
  if (n < 0 || n > std::numeric_limits<std::uint64_t>::max()) return std::nullopt;
  return n.convert_to<std::uint64_t>();
}

nlohmann::ordered_json natural_json(const Natural& n) {
  if (const auto small = to_uint64(n)) return *small;
  return n.str();
}

std::optional<Natural> natural_from_json(const nlohmann::ordered_json& value) {
  if (value.is_number_unsigned()) return Natural(value.get<std::uint64_t>());
  if (value.is_number_integer())
    return value.get<std::int64_t>() < 0 ? std::nullopt
                                         : std::optional<Natural>(value.get<std::int64_t>());
  if (!value.is_string()) return std::nullopt;
  const auto& digits = value.get_ref<const std::string&>();
  if (digits.empty() || digits.size() > 4096 ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return Natural(digits);
}

void add_known(std::optional<Natural>& total, const std::optional<Natural>& size) {
  if (total && size)
    *total += *size;
  else
    total.reset();
}

Natural factorial(int n) {
  Natural out = 1;
  for (int k = 2; k <= n; ++k) out *= k;
  return out;
}

}  // namespace puzzlegen
