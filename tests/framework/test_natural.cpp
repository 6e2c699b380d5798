// Exact counts of any size: arithmetic past 2^64 stays exact, and JSON keeps every digit.
#include <catch2/catch.hpp>

#include "natural.hpp"

using namespace puzzlegen;

TEST_CASE("natural: counts past 2^64 stay exact", "[natural]") {
  // 24^14 wrapped to 2588976049459036160 in 64 bits.
  Natural power = 1;
  for (int k = 0; k < 14; ++k) power *= 24;
  CHECK(to_string(power) == "21035720123168587776");
  CHECK(to_string(factorial(21)) == "51090942171709440000");
  CHECK(to_string(factorial(0)) == "1");
  CHECK(to_uint64(power) == std::nullopt);
  CHECK(to_uint64(Natural(18446744073709551615ULL)) == 18446744073709551615ULL);
}

TEST_CASE("natural: JSON is a number while it fits, digits beyond", "[natural]") {
  CHECK(natural_json(Natural(8)) == 8);
  CHECK(natural_json(Natural(8)).is_number_unsigned());
  const auto big = natural_json(factorial(21));
  CHECK(big == "51090942171709440000");
  CHECK(natural_from_json(big) == factorial(21));
  CHECK(natural_from_json(nlohmann::ordered_json(7)) == Natural(7));
  for (const auto& bad :
       {nlohmann::ordered_json(-1), nlohmann::ordered_json(1.5), nlohmann::ordered_json("12a"),
        nlohmann::ordered_json(""), nlohmann::ordered_json("-3"), nlohmann::ordered_json(nullptr)})
    CHECK_FALSE(natural_from_json(bad).has_value());
}
