#include "yaml_input.hpp"

#include <fstream>
#include <sstream>

#include "error.hpp"

namespace puzzlegen {

YAML::Node parse_yaml(const std::string& text, const std::string& file, const std::string& what) {
  YAML::Node document;
  try {
    document = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    throw InputError({file, e.mark.line + 1, e.mark.column + 1}, "", "not valid YAML: " + e.msg);
  }
  if (!document.IsMap())
    throw InputError(location_of(document, file), "",
                     what + " is a mapping of key: value lines at the top level");
  return document;
}

YAML::Node load_yaml_file(const std::string& path, const std::string& what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, "", "cannot read the file");
  std::stringstream text;
  text << in.rdbuf();
  return parse_yaml(text.str(), path, what);
}

LoadedInstance load_instance(const std::string& path, const Registry& registry) {
  const YAML::Node document = load_yaml_file(path, "an instance file");
  const YAML::Node puzzle = document["puzzle"];
  if (!puzzle)
    throw InputError(location_of(document, path), "puzzle",
                     "missing; say which family this instance belongs to");
  if (!puzzle.IsScalar()) throw InputError(location_of(puzzle, path), "puzzle", "expected a name");
  const Family& family = registry.get(puzzle.Scalar(), location_of(puzzle, path), "puzzle");
  return {&family, family.read_instance(document, path)};
}

}  // namespace puzzlegen
