// Typed, self-describing options. Families declare their parameters, instance constraints and
// solution options as OptionInfo lists; the framework reads and validates YAML against them
// generically, so every family gets the same error messages and `describe` output for free.
#pragma once

#include <yaml-cpp/yaml.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "yaml_read.hpp"

namespace puzzlegen {

enum class OptionType {
  Boolean,
  Integer,
  Choice,        // one of `choices`
  CountOrNames,  // a number n, or a list of n distinct names (colours, say)
  Structured,    // any YAML the family reads itself (a list of records, say), kept as JSON
};

// Reads and validates a Structured option's node; throws InputError naming file:line:col.
using StructuredReader = std::function<nlohmann::ordered_json(
    const YAML::Node& node, const std::string& file, const std::string& field)>;

struct OptionInfo {
  std::string name;
  OptionType type = OptionType::Integer;
  std::string help;
  std::string default_value;  // as a user would write it; "" = no default (unset)
  std::vector<std::string> choices;
  std::int64_t min = 0;
  std::int64_t max = -1;  // Integer and CountOrNames: inclusive range when max >= min
  StructuredReader read;  // Structured only
  std::string shape;      // Structured only: what the value looks like, for messages and help

  static OptionInfo boolean(std::string name, std::string help, bool default_value) {
    return {std::move(name),
            OptionType::Boolean,
            std::move(help),
            default_value ? "true" : "false",
            {},
            0,
            -1,
            {},
            {}};
  }
  static OptionInfo integer(std::string name, std::string help, std::string default_value,
                            std::int64_t min, std::int64_t max) {
    return {std::move(name),
            OptionType::Integer,
            std::move(help),
            std::move(default_value),
            {},
            min,
            max,
            {},
            {}};
  }
  static OptionInfo choice(std::string name, std::string help, std::string default_value,
                           std::vector<std::string> choices) {
    return {std::move(name),
            OptionType::Choice,
            std::move(help),
            std::move(default_value),
            std::move(choices),
            0,
            -1,
            {},
            {}};
  }
  static OptionInfo count_or_names(std::string name, std::string help, std::int64_t min,
                                   std::int64_t max) {
    return {std::move(name), OptionType::CountOrNames, std::move(help), "", {}, min, max, {}, {}};
  }
  // Unset unless given; `shape` says what it looks like ("a list of pieces").
  static OptionInfo structured(std::string name, std::string help, std::string shape,
                               StructuredReader read) {
    return {std::move(name), OptionType::Structured, std::move(help), "", {}, 0, -1,
            std::move(read), std::move(shape)};
  }
};

using OptionValue =
    std::variant<bool, std::int64_t, std::string, std::vector<std::string>, nlohmann::ordered_json>;

// Validated values keyed by option name; every declared option with a default is present.
class OptionValues {
 public:
  bool has(const std::string& name) const { return values_.count(name) != 0; }
  bool boolean(const std::string& name) const;
  std::int64_t integer(const std::string& name) const;  // also the n of CountOrNames
  const std::string& choice(const std::string& name) const;
  std::vector<std::string> names(const std::string& name) const;  // CountOrNames given as a list
  const nlohmann::ordered_json& structured(const std::string& name) const;
  void set(const std::string& name, OptionValue value) { values_[name] = std::move(value); }
  const std::map<std::string, OptionValue>& all() const { return values_; }

 private:
  const OptionValue& at(const std::string& name) const;
  std::map<std::string, OptionValue> values_;
};

// Reads `map` (may be null: defaults only) against `infos`; unknown keys, wrong types and
// out-of-range values raise InputError naming file:line:col and `section.key`.
OptionValues read_options(const YAML::Node& map, const std::vector<OptionInfo>& infos,
                          const std::string& section, const std::string& file);

// One option from a command-line or spec string (e.g. --modulo tower-rotation).
OptionValue parse_option_text(const OptionInfo& info, const std::string& text,
                              const SourceLocation& where, const std::string& field);

std::string describe_type(const OptionInfo& info);

}  // namespace puzzlegen
