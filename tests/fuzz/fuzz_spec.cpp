// libFuzzer target: the spec reader. Any bytes either read as a spec or raise InputError (or a
// YAML error, which the program reports the same way); anything else (a crash, another
// exception, a sanitizer report) is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "builtin.hpp"
#include "spec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    puzzlegen::parse_spec(std::string(reinterpret_cast<const char*>(data), size), "fuzz.yaml",
                          puzzlegen::builtin_families());
  } catch (const puzzlegen::InputError&) {
  } catch (const YAML::Exception&) {
  }
  return 0;
}
