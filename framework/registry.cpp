#include "registry.hpp"

#include "error.hpp"

namespace puzzlegen {

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

}  // namespace puzzlegen
