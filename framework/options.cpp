#include "options.hpp"

#include <algorithm>

namespace puzzlegen {

namespace {
std::string qualified(const std::string& section, const std::string& key) {
  return section.empty() ? key : section + "." + key;
}

OptionValue read_value(const OptionInfo& info, const YAML::Node& node, const std::string& file,
                       const std::string& field) {
  if (info.type == OptionType::CountOrNames && node.IsSequence()) {
    if (info.max < info.min) return read_names(node, file, field);
    return read_names(node, file, field, "", static_cast<std::size_t>(info.min),
                      static_cast<std::size_t>(info.max));
  }
  if (info.type == OptionType::Structured) return info.read(node, file, field);
  return parse_option_text(info, read_scalar(node, file, field, describe_type(info)),
                           location_of(node, file), field);
}

// The integers an option admits: its range, or any (max < min).
std::int64_t least(const OptionInfo& info) {
  return info.max >= info.min ? info.min : kNoLeast;
}
std::int64_t most(const OptionInfo& info) {
  return info.max >= info.min ? info.max : kNoMost;
}
}  // namespace

const OptionValue& OptionValues::at(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("option '" + name + "' not set");
  return it->second;
}

bool OptionValues::boolean(const std::string& name) const {
  return std::get<bool>(at(name));
}

std::int64_t OptionValues::integer(const std::string& name) const {
  const auto& v = at(name);
  if (const auto* names = std::get_if<std::vector<std::string>>(&v))
    return static_cast<std::int64_t>(names->size());
  return std::get<std::int64_t>(v);
}

const std::string& OptionValues::choice(const std::string& name) const {
  return std::get<std::string>(at(name));
}

std::vector<std::string> OptionValues::names(const std::string& name) const {
  if (const auto* names = std::get_if<std::vector<std::string>>(&at(name))) return *names;
  return {};
}

const nlohmann::ordered_json& OptionValues::structured(const std::string& name) const {
  return std::get<nlohmann::ordered_json>(at(name));
}

std::string describe_type(const OptionInfo& info) {
  switch (info.type) {
    case OptionType::Boolean:
      return "true or false";
    case OptionType::Integer:
      return describe_integer("an integer", least(info), most(info));
    case OptionType::Choice:
      return "one of: " + join(info.choices, ", ");
    case OptionType::CountOrNames:
      return "a number, or a list of distinct names";
    case OptionType::Structured:
      return info.shape;
  }
  return "a value";
}

OptionValue parse_option_text(const OptionInfo& info, const std::string& text,
                              const SourceLocation& where, const std::string& field) {
  switch (info.type) {
    case OptionType::Boolean:
      if (text == "true") return true;
      if (text == "false") return false;
      throw InputError(where, field, "expected true or false, got '" + text + "'");
    case OptionType::Integer:
      return parse_integer(text, where, field, least(info), most(info));
    case OptionType::CountOrNames:
      return parse_integer(text, where, field, least(info), most(info), "a number of names");
    case OptionType::Structured:
      throw InputError(where, field, "give " + info.shape + " in the spec file");
    case OptionType::Choice: {
      if (std::find(info.choices.begin(), info.choices.end(), text) != info.choices.end())
        return text;
      throw InputError(where, field,
                       "expected one of: " + join(info.choices, ", ") + "; got '" + text + "'" +
                           did_you_mean(text, info.choices));
    }
  }
  throw std::logic_error("unhandled option type");
}

OptionValues read_options(const YAML::Node& map, const std::vector<OptionInfo>& infos,
                          const std::string& section, const std::string& file) {
  if (map && !map.IsNull()) expect_mapping(map, file, section);
  std::vector<std::string> allowed;
  for (const auto& info : infos) allowed.push_back(info.name);
  if (map && map.IsMap()) reject_unknown_keys(map, allowed, section, file);

  OptionValues values;
  for (const auto& info : infos) {
    const std::string field = qualified(section, info.name);
    if (map && map.IsMap() && map[info.name]) {
      values.set(info.name, read_value(info, map[info.name], file, field));
    } else if (!info.default_value.empty()) {
      values.set(info.name, parse_option_text(info, info.default_value, {file, 0, 0}, field));
    }
  }
  return values;
}

}  // namespace puzzlegen
