// Reading YAML documents from files with located errors, and instance files (which dispatch
// on their `puzzle:` key to a family of a registry).
#pragma once

#include <yaml-cpp/yaml.h>

#include <memory>
#include <string>

#include "registry.hpp"

namespace puzzlegen {

// Reads an instance file (YAML or JSON) and dispatches on its `puzzle:` key.
struct LoadedInstance {
  const Family* family = nullptr;
  std::unique_ptr<Instance> instance;
};
LoadedInstance load_instance(const std::string& path, const Registry& registry);
// The same from the text of an instance file (or of a record `generate` printed).
LoadedInstance parse_instance(const std::string& text, const std::string& file,
                              const Registry& registry);
// YAML text whose top level must be a mapping; syntax errors become InputError. `what` names
// the document in messages ("a spec", "an instance file").
YAML::Node parse_yaml(const std::string& text, const std::string& file,
                      const std::string& what = "the file");
YAML::Node load_yaml_file(const std::string& path, const std::string& what = "the file");

}  // namespace puzzlegen
