#include "registry.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "error.hpp"
#include "plugin.hpp"

namespace puzzlegen {

const char* plugin_tag() {
  return PUZZLEGEN_PLUGIN_TAG;
}

void Registry::add(std::unique_ptr<Family> family, const std::string& origin) {
  if (find(family->name())) throw std::logic_error("two families are called " + family->name());
  families_.push_back(std::move(family));
  origins_.push_back(origin);
}

void Registry::load_plugin(const std::string& file) {
  namespace fs = std::filesystem;
  const SourceLocation where{file, 0, 0};
  std::error_code error;
  const fs::file_status status = fs::status(file, error);
  if (!fs::exists(status)) throw InputError(where, "plugin", "no such file");
  if (!fs::is_regular_file(status))
    throw InputError(where, "plugin", "not a regular file (a plugin is a shared library, .so)");
  // An absolute path, so that dlopen never searches the system's library directories for a
  // file the user did not name.
  const std::string path = fs::canonical(file, error).string();
  if (error) throw InputError(where, "plugin", "cannot resolve the path: " + error.message());
  for (std::size_t i = 0; i < library_files_.size(); ++i)
    if (library_files_[i] == path)
      throw InputError(where, "plugin",
                       "this plugin is already loaded (" + path +
                           "); name each plugin once, by --plugin or PUZZLEGEN_PLUGIN_PATH");

  dlerror();
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    throw InputError(where, "plugin",
                     std::string("cannot load it as a shared library: ") + (why ? why : "unknown"));
  }
  std::shared_ptr<void> library(handle, [](void* h) { dlclose(h); });

  using EntryFunction = const PluginEntry* (*)();
  void* symbol = dlsym(handle, plugin_entry_symbol);
  if (!symbol)
    throw InputError(where, "plugin",
                     std::string("not a puzzlegen plugin: it exports no ") + plugin_entry_symbol +
                         " (define one with PUZZLEGEN_PLUGIN, see docs/adding-a-family.md)");
  const PluginEntry* entry = reinterpret_cast<EntryFunction>(symbol)();
  if (!entry || entry->magic != plugin_magic)
    throw InputError(where, "plugin",
                     std::string("not a puzzlegen plugin: ") + plugin_entry_symbol +
                         " does not return a puzzlegen plugin entry");
  if (entry->abi != PUZZLEGEN_PLUGIN_ABI || !entry->built_for ||
      std::strcmp(entry->built_for, plugin_tag()) != 0) {
    std::ostringstream message;
    message << "built for another puzzlegen: the plugin says \""
            << (entry->built_for ? entry->built_for : "?") << "\" (plugin ABI " << entry->abi
            << "), this program is \"" << plugin_tag()
            << "\"; rebuild the plugin against this puzzlegen's SDK";
    throw InputError(where, "plugin", message.str());
  }
  if (entry->family_count == 0 || !entry->families)
    throw InputError(where, "plugin", "defines no family");

  // Families are added only once every one of them was made and is new, so a refused plugin
  // leaves the registry as it was.
  std::vector<std::unique_ptr<Family>> made;
  for (std::size_t i = 0; i < entry->family_count; ++i) {
    auto family = entry->families[i] ? entry->families[i]() : nullptr;
    if (!family)
      throw InputError(where, "plugin", "family factory " + std::to_string(i + 1) + " made none");
    made.push_back(std::move(family));
  }
  for (std::size_t i = 0; i < made.size(); ++i) {
    const std::string name = made[i]->name();
    if (std::any_of(made.begin(), made.begin() + i,
                    [&](const auto& family) { return family->name() == name; }))
      throw InputError(where, "plugin", "defines the family '" + name + "' twice");
    if (const Family* known = find(name))
      throw InputError(
          where, "plugin",
          "defines the family '" + name + "', which " +
              (origin(*known) == "built in" ? std::string("is built in")
                                            : "the plugin " + origin(*known) + " defines already"));
  }
  libraries_.push_back(std::move(library));
  library_files_.push_back(path);
  for (auto& family : made) add(std::move(family), path);
}

void Registry::load_plugin_path(const std::string& directories, const std::string& variable) {
  namespace fs = std::filesystem;
  std::istringstream list(directories);
  std::string directory;
  while (std::getline(list, directory, ':')) {
    if (directory.empty()) continue;
    std::error_code error;
    if (!fs::is_directory(directory, error))
      throw InputError({variable, 0, 0}, "",
                       "'" + directory + "' is not a directory (" + variable +
                           " lists directories of plugins, separated by ':')");
    std::vector<fs::path> files;
    for (const auto& item : fs::directory_iterator(directory, error))
      if (item.path().extension() == ".so") files.push_back(item.path());
    if (error)
      throw InputError({variable, 0, 0}, "", "cannot read '" + directory + "': " + error.message());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) load_plugin(file.string());
  }
}

const Family* Registry::find(const std::string& name) const {
  for (const auto& family : families_)
    if (family->name() == name) return family.get();
  return nullptr;
}

const Family& Registry::get(const std::string& name, const SourceLocation& where,
                            const std::string& field) const {
  if (const Family* family = find(name)) return *family;
  throw InputError(where, field,
                   "unknown puzzle family '" + name + "'" + did_you_mean(name, names()));
}

std::vector<std::string> Registry::names() const {
  std::vector<std::string> names;
  for (const auto& family : families_) names.push_back(family->name());
  return names;
}

const std::string& Registry::origin(const Family& family) const {
  for (std::size_t i = 0; i < families_.size(); ++i)
    if (families_[i].get() == &family) return origins_[i];
  throw std::logic_error("origin: not a family of this registry");
}

}  // namespace puzzlegen
