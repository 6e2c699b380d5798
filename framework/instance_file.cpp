#include "instance_file.hpp"

#include "files.hpp"

namespace puzzlegen {

LoadedInstance load_instance(const std::string& path, const Registry& registry) {
  return parse_instance(read_input_file(path, "an instance file"),
                        path == "-" ? "<standard input>" : path, registry);
}

LoadedInstance parse_instance(const std::string& text, const std::string& file,
                              const Registry& registry) {
  YAML::Node document = parse_yaml(text, file, "an instance file");
  // A record that `generate` printed holds its instance under `instance:`.
  if (!document["puzzle"] && document["instance"] && document["instance"].IsMap())
    document = document["instance"];
  const YAML::Node puzzle = document["puzzle"];
  if (!puzzle)
    throw InputError(location_of(document, file), "puzzle",
                     "missing; say which family this instance belongs to");
  const Family& family = registry.get(read_scalar(puzzle, file, "puzzle", "a name"),
                                      location_of(puzzle, file), "puzzle");
  for (const char* key : {"solutions", "generate", "objective", "parameters", "given"})
    if (document[key])
      throw InputError(location_of(document[key], file), key,
                       "this file is a spec, not an instance file: give it to generate, "
                       "validate, worksheet or check --spec");
  return {&family, family.read_instance(document, file)};
}

}  // namespace puzzlegen
