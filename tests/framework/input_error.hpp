// For tests of error messages: what reading some input threw.
#pragma once

#include <optional>

#include "error.hpp"

namespace input_test {

// The InputError `read` throws, or nothing when it reads.
template <class Read>
std::optional<puzzlegen::InputError> input_error(Read read) {
  try {
    read();
  } catch (const puzzlegen::InputError& e) {
    return e;
  }
  return std::nullopt;
}

}  // namespace input_test
