#include "families.hpp"

#include <string_view>

#include "builtin.hpp"

namespace puzzlegen::cli {

namespace {
Registry& registry() {
  static Registry registry = [] {
    Registry r;
    add_builtin_families(r);
    return r;
  }();
  return registry;
}
}  // namespace

const Registry& families() {
  return registry();
}

void load_plugins(const std::vector<std::string>& files, const char* plugin_path) {
  for (const auto& file : files) registry().load_plugin(file);
  if (plugin_path) registry().load_plugin_path(plugin_path, "PUZZLEGEN_PLUGIN_PATH");
}

std::vector<std::string> plugin_arguments(int argc, const char* const* argv) {
  std::vector<std::string> files;
  const std::string_view option = "--plugin", with_value = "--plugin=";
  for (int i = 1; i < argc; ++i) {
    const std::string_view argument = argv[i];
    if (argument == "--") break;
    if (argument == option && i + 1 < argc)
      files.emplace_back(argv[++i]);
    else if (argument.substr(0, with_value.size()) == with_value)
      files.emplace_back(argument.substr(with_value.size()));
  }
  return files;
}

}  // namespace puzzlegen::cli
