// A plugin as a build of another puzzlegen release would make it: the loader must refuse it
// before calling anything in it (the factory below must never run).
#include <cstdlib>

#include "plugin.hpp"

#undef PUZZLEGEN_VERSION
#define PUZZLEGEN_VERSION "0.0.1"

namespace {
std::unique_ptr<puzzlegen::Family> never_called() {
  std::abort();
}
}  // namespace

PUZZLEGEN_PLUGIN(never_called)
