// The family contract, checked: what every family must keep for the framework, the generators
// and the CLI to work with it (instance files round-trip, keys and class sizes survive a
// reading, parameters agree, drawings have a size, a solution shown is counted, graded models
// agree with the puzzle, instance spaces keep their constraints). The built-in families'
// tests run it, and so can a plugin's: `puzzlegen --plugin FILE selftest`, or in CMake
// `puzzlegen_add_contract_test(TARGET)` (docs/adding-a-family.md).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "family.hpp"

namespace puzzlegen {

struct ContractOptions {
  int random_instances = 6;             // drawn with random_instance, each checked
  std::uint64_t seed = 2026;            // of the draws
  int space_instances = 20;             // the first instances of the default instance space
  std::chrono::seconds time_limit{10};  // per search
  // Called with each instance checked (to look further at it: the built-in tests parse its
  // drawings as XML).
  std::function<void(const Instance&)> each_instance;
};

struct ContractReport {
  std::string family;
  int checks = 0;                     // conditions tested
  std::vector<std::string> failures;  // each: what was checked, on what, and what was found
  bool passed() const { return failures.empty(); }
};

// Checks `family` with its default parameters, instance constraints and solution options.
// Exceptions a family throws are failures too (named with the step that threw).
ContractReport check_contract(const Family& family, const ContractOptions& options = {});

}  // namespace puzzlegen
