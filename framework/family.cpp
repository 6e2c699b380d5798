#include "family.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "error.hpp"

namespace puzzlegen {

void Family::check_parameters(const OptionValues&, const SourceLocation&) const {}

std::uint64_t Family::measure(const Instance&, const std::string& name) const {
  throw std::logic_error(this->name() + " has no measure " + name);
}

std::map<std::string, Bounds> Family::implied_bounds(const OptionValues&) const {
  return {};
}

Json Family::solve_facts(const Instance&, const Limits&) const {
  return Json::object();
}

std::string Family::task(const Instance&, const std::string& kind) const {
  return "Find a solution of kind " + kind + ".";
}

std::string Family::count_phrase(const std::string& kind, const Count& count,
                                 const OptionValues& options) const {
  const std::string convention = convention_text(options);
  return count_words(count, kind + " solution", kind + " solutions") +
         (convention.empty() ? "" : " (" + convention + ")");
}

std::string convention_text(const OptionValues& options) {
  std::string out;
  for (const auto& [name, value] : options.all())
    if (const auto* s = std::get_if<std::string>(&value))
      out += (out.empty() ? "" : ", ") + name + " " + *s;
  return out;
}

std::string count_words(const Count& count, const std::string& singular,
                        const std::string& plural) {
  if (!count.exact) return "at least " + std::to_string(count.value) + " " + plural;
  if (count.value == 0) return "no " + plural;
  if (count.value == 1) return "exactly one " + singular;
  return "exactly " + std::to_string(count.value) + " " + plural;
}

std::vector<std::string> Family::kind_names() const {
  std::vector<std::string> names;
  for (const auto& kind : kinds()) names.push_back(kind.name);
  return names;
}

void Family::check_kind(const std::string& kind, const SourceLocation& where,
                        const std::string& field) const {
  const auto names = kind_names();
  if (std::find(names.begin(), names.end(), kind) == names.end())
    throw InputError(where, field,
                     "unknown solution kind '" + kind + "'" + did_you_mean(kind, names));
}

void Registry::add(std::unique_ptr<Family> family) {
  families_.push_back(std::move(family));
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
