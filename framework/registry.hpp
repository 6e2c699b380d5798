// The families known to a run, looked up by name (with a "did you mean" for a typo): the
// built-in ones and those of the plugins loaded into it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "family.hpp"

namespace puzzlegen {

class Registry {
 public:
  // `origin` says where the family came from ("built in", or a plugin's file). Names are
  // unique: adding a second family of a name is a programming error (std::logic_error).
  void add(std::unique_ptr<Family> family, const std::string& origin = "built in");
  // Loads the plugin `file` (a shared library exporting PUZZLEGEN_PLUGIN) and adds its
  // families; a file loaded already (the same file by another name included) is not loaded
  // again. Throws InputError, naming the file, if it cannot be loaded (cut short included), is
  // not a plugin, was built for another puzzlegen, or defines a family this registry has.
  void load_plugin(const std::string& file);
  // A model family (a folder holding family.yaml, or the manifest itself) is loaded through
  // the model-family adapter module, as a plugin is.
  // Every *.so file and model family folder, in name order, of each directory of a PATH-like
  // list ("dir1:dir2").
  // Empty entries are skipped; an entry that is not a directory is an InputError.
  void load_plugin_path(const std::string& directories, const std::string& variable);

  const Family* find(const std::string& name) const;
  // Whether `path` names a model family rather than a shared library.
  static bool is_model_family(const std::string& path);
  // The family called `name`, or an InputError at `where`/`field` with a "did you mean".
  const Family& get(const std::string& name, const SourceLocation& where,
                    const std::string& field) const;
  std::vector<std::string> names() const;
  const std::vector<std::unique_ptr<Family>>& families() const { return families_; }
  // Where `family` (one of families()) came from: "built in" or the plugin's file.
  const std::string& origin(const Family& family) const;

 private:
  void load_model_family(const std::string& path);
  // Declared before the families so that the libraries their code lives in close after them.
  std::vector<std::shared_ptr<void>> libraries_;
  std::vector<std::string> library_files_;  // canonical paths, to refuse loading one twice
  std::shared_ptr<void> models_module_;     // the model-family adapter, once one is loaded
  std::vector<std::unique_ptr<Family>> families_;
  std::vector<std::string> origins_;
};

}  // namespace puzzlegen
