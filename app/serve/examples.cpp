#include "serve/examples.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "families.hpp"

namespace puzzlegen::cli {

namespace {

namespace fs = std::filesystem;

std::string file_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct PluginExamples {
  std::vector<ServedSpec> specs;
  std::string levels;  // levels.tsv lines, their paths as specs names them
};

// Read once, when the page is first served: plugins are loaded before the server starts, and
// never after.
const PluginExamples& plugin_examples() {
  static const PluginExamples examples = [] {
    PluginExamples out;
    for (const auto& family : families().families()) {
      const auto kinds = family->graded_kinds();
      const std::string& origin = families().origin(*family);
      if (origin == "built in" || kinds.empty()) continue;
      const std::string prefix = "plugin/" + family->name();
      // A model family's origin is its folder, a C++ plugin's its library.
      std::error_code ignored;
      const fs::path folder =
          (fs::is_directory(origin, ignored) ? fs::path(origin) : fs::path(origin).parent_path()) /
          "serve";
      std::vector<fs::path> files;
      for (const auto& entry : fs::directory_iterator(folder, ignored))
        if (entry.path().extension() == ".yaml") files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      for (const auto& file : files) {
        const std::string text = file_text(file);
        // The label: the spec's first line, when it is a comment.
        std::string label = family->title();
        if (text.rfind("# ", 0) == 0) label = text.substr(2, text.find('\n') - 2);
        out.specs.push_back({prefix + "/" + file.filename().string(), label, text});
      }
      if (!files.empty()) {
        std::istringstream lines(file_text(folder / "levels.tsv"));
        for (std::string line; std::getline(lines, line);)
          if (!line.empty() && line.front() != '#') out.levels += prefix + "/" + line + "\n";
        continue;
      }
      out.specs.push_back({prefix, family->title() + ": exactly one solution",
                           "# " + family->title() +
                               " puzzles with exactly one solution, drawn at random.\npuzzle: " +
                               family->name() + "\nsolutions: {" + kinds.front() +
                               ": {exactly: 1}}\ngenerate: {strategy: random}\n"});
    }
    return out;
  }();
  return examples;
}

}  // namespace

const std::vector<ServedSpec>& offered_specs() {
  static const std::vector<ServedSpec> specs = [] {
    std::vector<ServedSpec> out = served_specs();
    const auto& plugins = plugin_examples().specs;
    out.insert(out.end(), plugins.begin(), plugins.end());
    return out;
  }();
  return specs;
}

const std::string& plugin_levels() {
  return plugin_examples().levels;
}

}  // namespace puzzlegen::cli
