#include "registry.hpp"

#include <dlfcn.h>
#include <elf.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "error.hpp"
#include "plugin.hpp"

namespace puzzlegen {

const char* plugin_tag() {
  return PUZZLEGEN_PLUGIN_TAG;
}

namespace {

// Checks that the file holds every part of itself the loader would map: dlopen maps a shared
// library's segments as they are declared, and touching a page past the end of a truncated file
// kills the process with SIGBUS instead of failing. Files that are not ELF at all are left to
// dlopen, which refuses them with a message.
void check_complete_library(const std::string& path, const SourceLocation& where) {
  std::error_code error;
  const std::uint64_t size = std::filesystem::file_size(path, error);
  std::ifstream in(path, std::ios::binary);
  Elf64_Ehdr header{};
  if (error) return;                                                      // dlopen explains
  if (!in.read(reinterpret_cast<char*>(&header), sizeof header)) return;  // dlopen explains
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64)
    return;
  auto truncated = [&](const std::string& part) {
    return InputError(where, "plugin",
                      "the file is cut short (" + std::to_string(size) + " bytes, but its " + part +
                          " lies beyond that): copy or build it again");
  };
  auto beyond = [&](std::uint64_t offset, std::uint64_t length) {
    return offset > size || length > size - offset;
  };
  if (header.e_phentsize != sizeof(Elf64_Phdr) ||
      beyond(header.e_phoff, std::uint64_t{header.e_phnum} * sizeof(Elf64_Phdr)))
    throw truncated("program header table");
  if (header.e_shoff != 0 &&
      beyond(header.e_shoff, std::uint64_t{header.e_shnum} * std::uint64_t{header.e_shentsize}))
    throw truncated("section header table");
  std::vector<Elf64_Phdr> segments(header.e_phnum);
  in.seekg(static_cast<std::streamoff>(header.e_phoff));
  if (!in.read(reinterpret_cast<char*>(segments.data()),
               static_cast<std::streamsize>(segments.size() * sizeof(Elf64_Phdr))))
    throw truncated("program header table");
  for (const Elf64_Phdr& segment : segments)
    if (segment.p_type != PT_NULL && beyond(segment.p_offset, segment.p_filesz))
      throw truncated("segment at offset " + std::to_string(segment.p_offset));
}

}  // namespace

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
  if (is_model_family(file)) return load_model_family(file);
  if (!fs::is_regular_file(status))
    throw InputError(where, "plugin",
                     "not a regular file: a plugin is a shared library (.so), or a model "
                     "family's folder holding family.yaml, or its manifest");
  // An absolute path, so that dlopen never searches the system's library directories for a
  // file the user did not name.
  const std::string path = fs::canonical(file, error).string();
  if (error) throw InputError(where, "plugin", "cannot resolve the path: " + error.message());
  // The same file named twice (by --plugin and PUZZLEGEN_PLUGIN_PATH, say) is one plugin.
  if (std::find(library_files_.begin(), library_files_.end(), path) != library_files_.end()) return;
  check_complete_library(path, where);

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
      if (item.path().extension() == ".so" ||
          (item.is_directory() && fs::is_regular_file(item.path() / "family.yaml")))
        files.push_back(item.path());
    if (error)
      throw InputError({variable, 0, 0}, "", "cannot read '" + directory + "': " + error.message());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) load_plugin(file.string());
  }
}

bool Registry::is_model_family(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (fs::is_directory(path, error))
    return fs::is_regular_file(fs::path(path) / "family.yaml", error);
  const auto extension = fs::path(path).extension();
  return extension == ".yaml" || extension == ".yml";
}

void Registry::load_model_family(const std::string& path) {
  namespace fs = std::filesystem;
  const SourceLocation where{path, 0, 0};
  std::error_code error;
  if (fs::is_directory(path, error) && !fs::is_regular_file(fs::path(path) / "family.yaml", error))
    throw InputError(where, "plugin",
                     "a model family's folder holds family.yaml; this one does not");
  const std::string manifest = fs::canonical(path, error).string();
  if (error) throw InputError(where, "plugin", "cannot resolve the path: " + error.message());
  if (std::find(library_files_.begin(), library_files_.end(), manifest) != library_files_.end())
    return;
  // The adapter lives in a module of its own, loaded only now: it links Gecode's FlatZinc
  // library, which brings Gist and Qt that the rest of puzzlegen never loads.
  if (!models_module_) {
    std::vector<fs::path> candidates;
    Dl_info self{};
    if (dladdr(reinterpret_cast<void*>(&plugin_tag), &self) && self.dli_fname)
      candidates.push_back(fs::path(self.dli_fname).parent_path() / "puzzlegen" /
                           "puzzlegen-models.so");
    candidates.emplace_back(PUZZLEGEN_MODELS_MODULE_BUILT);
    std::string tried;
    for (const auto& candidate : candidates) {
      if (!fs::is_regular_file(candidate, error)) {
        tried += (tried.empty() ? "" : ", ") + candidate.string();
        continue;
      }
      // Never unloaded (RTLD_NODELETE): Gecode's FlatZinc library it brings keeps statics and
      // allocations of its own until the process ends, and a leak checker at exit must still
      // see whose they are.
      void* handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
      if (!handle) {
        const char* why = dlerror();
        throw InputError(where, "plugin",
                         "cannot load the model-family adapter " + candidate.string() + ": " +
                             (why ? why : "unknown"));
      }
      models_module_.reset(handle, [](void* h) { dlclose(h); });
      break;
    }
    if (!models_module_)
      throw InputError(where, "plugin",
                       "this puzzlegen was installed without its model-family adapter (looked "
                       "for " +
                           tried + ")");
  }
  using Loader = void (*)(const std::string&, std::unique_ptr<Family>&);
  const auto load =
      reinterpret_cast<Loader>(dlsym(models_module_.get(), "puzzlegen_load_model_family"));
  if (!load) throw InputError(where, "plugin", "the model-family adapter exports no loader");
  std::unique_ptr<Family> family;
  load(manifest, family);
  if (const Family* known = find(family->name()))
    throw InputError(where, "plugin",
                     "defines the family '" + family->name() + "', which " +
                         (origin(*known) == "built in" ? std::string("is built in")
                                                       : origin(*known) + " defines already"));
  library_files_.push_back(manifest);
  add(std::move(family), manifest);
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
