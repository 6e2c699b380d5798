// Instance files: YAML or JSON documents that say which family they belong to (`puzzle:`) and
// are read by that family of a registry.
#pragma once

#include <memory>
#include <string>

#include "registry.hpp"

namespace puzzlegen {

struct LoadedInstance {
  const Family* family = nullptr;
  std::unique_ptr<Instance> instance;
};
// Reads an instance file (YAML or JSON; "-" is standard input) and dispatches on its `puzzle:`.
LoadedInstance load_instance(const std::string& path, const Registry& registry);
// The same from the text of an instance file (or of a record `generate` printed).
LoadedInstance parse_instance(const std::string& text, const std::string& file,
                              const Registry& registry);

}  // namespace puzzlegen
