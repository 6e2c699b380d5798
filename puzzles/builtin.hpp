// The families compiled into puzzlegen.
#pragma once

#include "registry.hpp"

namespace puzzlegen {

// Every built-in family (puzzles/builtin.cpp).
const Registry& builtin_families();

}  // namespace puzzlegen
