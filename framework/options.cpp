#include "options.hpp"

#include <algorithm>
#include <set>

namespace puzzlegen {

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : sep) + item;
  return out;
}

namespace {
std::string qualified(const std::string& section, const std::string& key) {
  return section.empty() ? key : section + "." + key;
}

std::optional<std::int64_t> parse_integer(const std::string& text) {
  if (text.empty()) return std::nullopt;
  std::size_t pos = 0;
  try {
    const long long value = std::stoll(text, &pos, 10);
    if (pos != text.size()) return std::nullopt;
    return value;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

void check_range(const OptionInfo& info, std::int64_t value, const SourceLocation& where,
                 const std::string& field) {
  if (info.max >= info.min && (value < info.min || value > info.max))
    throw InputError(where, field,
                     "expected an integer from " + std::to_string(info.min) + " to " +
                         std::to_string(info.max) + ", got " + std::to_string(value));
}

OptionValue read_value(const OptionInfo& info, const YAML::Node& node, const std::string& file,
                       const std::string& field) {
  const SourceLocation where = location_of(node, file);
  if (info.type == OptionType::CountOrNames && node.IsSequence()) {
    const std::vector<std::string> names = read_names(node, file, field);
    const auto n = static_cast<std::int64_t>(names.size());
    if (info.max >= info.min && (n < info.min || n > info.max))
      throw InputError(where, field,
                       "expected " +
                           (info.min == info.max
                                ? std::to_string(info.min)
                                : std::to_string(info.min) + " to " + std::to_string(info.max)) +
                           " names, got " + std::to_string(n));
    return names;
  }
  if (info.type == OptionType::Structured) return info.read(node, file, field);
  if (!node.IsScalar())
    throw InputError(
        where, field,
        "expected " + describe_type(info) + ", got a " + (node.IsMap() ? "mapping" : "list"));
  return parse_option_text(info, node.Scalar(), where, field);
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

int read_int(const YAML::Node& node, const std::string& file, const std::string& field, int min,
             int max, const std::string& what) {
  const std::string expected =
      "expected " + what + " from " + std::to_string(min) + " to " + std::to_string(max);
  if (!node.IsScalar()) throw InputError(location_of(node, file), field, expected);
  const std::string& text = node.Scalar();
  std::size_t pos = 0;
  int value = 0;
  try {
    value = std::stoi(text, &pos);
  } catch (const std::exception&) {
    pos = 0;
  }
  if (pos == 0 || pos != text.size() || value < min || value > max)
    throw InputError(location_of(node, file), field, expected + ", got '" + text + "'");
  return value;
}

std::vector<std::string> read_names(const YAML::Node& list, const std::string& file,
                                    const std::string& field, const std::string& what) {
  const std::string name = what.empty() ? "name" : what + " name";
  if (!list.IsSequence())
    throw InputError(location_of(list, file), field, "expected a list of " + name + "s");
  std::vector<std::string> names;
  std::set<std::string> seen;
  for (const auto& item : list) {
    if (!item.IsScalar() || item.Scalar().empty())
      throw InputError(location_of(item, file), field, "expected a " + name);
    if (!seen.insert(item.Scalar()).second)
      throw InputError(location_of(item, file), field,
                       (what.empty() ? "name" : what) + " '" + item.Scalar() + "' is listed twice");
    names.push_back(item.Scalar());
  }
  return names;
}

int read_name_index(const YAML::Node& node, const std::vector<std::string>& names,
                    const std::string& file, const std::string& field, const std::string& what) {
  if (!node.IsScalar())
    throw InputError(location_of(node, file), field, "expected a " + what + " name");
  const auto it = std::find(names.begin(), names.end(), node.Scalar());
  if (it != names.end()) return static_cast<int>(it - names.begin());
  std::string message = "unknown " + what + " '" + node.Scalar() + "'; the " + what + "s are:";
  for (const auto& n : names) message += " " + n;
  throw InputError(location_of(node, file), field, message + did_you_mean(node.Scalar(), names));
}

SourceLocation location_of(const YAML::Node& node, const std::string& file) {
  const YAML::Mark mark = node.Mark();
  if (mark.is_null()) return {file, 0, 0};
  return {file, mark.line + 1, mark.column + 1};
}

std::string describe_type(const OptionInfo& info) {
  switch (info.type) {
    case OptionType::Boolean:
      return "true or false";
    case OptionType::Integer:
      return info.max >= info.min
                 ? "an integer from " + std::to_string(info.min) + " to " + std::to_string(info.max)
                 : "an integer";
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
    case OptionType::CountOrNames: {
      const auto value = parse_integer(text);
      if (!value)
        throw InputError(where, field, "expected " + describe_type(info) + ", got '" + text + "'");
      check_range(info, *value, where, field);
      return *value;
    }
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

void reject_unknown_keys(const YAML::Node& map, const std::vector<std::string>& allowed,
                         const std::string& section, const std::string& file) {
  for (const auto& entry : map) {
    if (!entry.first.IsScalar())
      throw InputError(location_of(entry.first, file), section.empty() ? "<key>" : section,
                       "a key must be a plain name, not a list or mapping");
    const std::string key = entry.first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::string message = "unknown key" + did_you_mean(key, allowed);
    if (!allowed.empty()) message += "; allowed here: " + join(allowed, ", ");
    throw InputError(location_of(entry.first, file), qualified(section, key), message);
  }
}

OptionValues read_options(const YAML::Node& map, const std::vector<OptionInfo>& infos,
                          const std::string& section, const std::string& file) {
  if (map && !map.IsNull() && !map.IsMap())
    throw InputError(location_of(map, file), section, "expected a mapping of key: value");
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
