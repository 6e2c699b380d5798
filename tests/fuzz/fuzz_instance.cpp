// libFuzzer target: every family's instance reader, through the dispatch on `puzzle:` (and the
// `instance:` of a generate record). What reads must write an instance file that reads back as
// the same instance (same canonical key); what does not read must raise InputError.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "builtin.hpp"
#include "instance_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto& families = puzzlegen::builtin_families();
  puzzlegen::LoadedInstance loaded;
  try {
    loaded = puzzlegen::parse_instance(std::string(reinterpret_cast<const char*>(data), size),
                                       "fuzz.yaml", families);
  } catch (const puzzlegen::InputError&) {
    return 0;
  } catch (const YAML::Exception&) {
    return 0;
  }
  const auto again =
      puzzlegen::parse_instance(loaded.instance->to_json().dump(), "again.json", families);
  if (again.instance->canonical_key() != loaded.instance->canonical_key()) std::abort();
  (void)loaded.instance->render_text();
  return 0;
}
