// The families known to a run, looked up by name (with a "did you mean" for a typo).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "family.hpp"

namespace puzzlegen {

class Registry {
 public:
  void add(std::unique_ptr<Family> family);
  const Family* find(const std::string& name) const;
  // The family called `name`, or an InputError at `where`/`field` with a "did you mean".
  const Family& get(const std::string& name, const SourceLocation& where,
                    const std::string& field) const;
  std::vector<std::string> names() const;
  const std::vector<std::unique_ptr<Family>>& families() const { return families_; }

 private:
  std::vector<std::unique_ptr<Family>> families_;
};

}  // namespace puzzlegen
