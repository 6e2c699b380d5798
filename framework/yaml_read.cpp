#include "yaml_read.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <set>
#include <unordered_map>

#include "files.hpp"

namespace puzzlegen {

namespace {

// Limits on a document's shape, far beyond any spec or instance file: aliases can make a small
// file a huge tree for whoever walks it, and deep nesting can exhaust the stack.
constexpr int kMaxDepth = 64;
constexpr std::size_t kMaxNodes = 1'000'000;

// Refuses duplicate keys (YAML forbids them; yaml-cpp keeps both and lookups see the first),
// documents nested deeper than kMaxDepth and trees (aliases expanded) of more than kMaxNodes.
void check_shape(const YAML::Node& node, const std::string& file, int depth, std::size_t& nodes) {
  if (++nodes > kMaxNodes)
    throw InputError(location_of(node, file), "",
                     "more than " + std::to_string(kMaxNodes) +
                         " values once aliases are expanded: not a spec or an instance file");
  if (depth > kMaxDepth)
    throw InputError(location_of(node, file), "",
                     "nested more than " + std::to_string(kMaxDepth) + " levels deep");
  if (node.IsSequence())
    for (const auto& item : node) check_shape(item, file, depth + 1, nodes);
  if (!node.IsMap()) return;
  std::unordered_map<std::string, YAML::Mark> keys;
  for (const auto& entry : node) {
    if (entry.first.IsScalar()) {
      const auto [seen, fresh] = keys.emplace(entry.first.Scalar(), entry.first.Mark());
      if (!fresh)
        throw InputError(location_of(entry.first, file), seen->first,
                         "duplicate key (first at line " + std::to_string(seen->second.line + 1) +
                             ", column " + std::to_string(seen->second.column + 1) +
                             "): give each key once");
    }
    check_shape(entry.second, file, depth + 1, nodes);
  }
}

// YAML is Unicode text; a byte sequence that is not UTF-8 would reach names printed in JSON,
// which must be UTF-8, so it is refused where it is, with its line and column.
void check_utf8(const std::string& text, const std::string& file) {
  int line = 1, column = 1;
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    std::size_t length = byte < 0x80           ? 1
                         : (byte >> 5) == 0x6  ? 2
                         : (byte >> 4) == 0xe  ? 3
                         : (byte >> 3) == 0x1e ? 4
                                               : 0;
    bool valid = length != 0 && i + length <= text.size();
    for (std::size_t k = 1; valid && k < length; ++k)
      valid = (static_cast<unsigned char>(text[i + k]) >> 6) == 0x2;
    if (valid && length > 1) {  // no overlong forms, surrogates or values beyond U+10FFFF
      std::uint32_t code = byte & (0x7f >> length);
      for (std::size_t k = 1; k < length; ++k)
        code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3f);
      valid = code >= (length == 2   ? 0x80u
                       : length == 3 ? 0x800u
                                     : 0x10000u) &&
              (code < 0xd800 || code > 0xdfff) && code <= 0x10ffff;
    }
    if (!valid)
      throw InputError(
          {file, line, column}, "",
          "not UTF-8 text (byte " + std::to_string(byte) + "): save the file as UTF-8");
    // YAML allows only printable characters (and tab, line feed, carriage return); the YAML
    // reader turns others, such as a NUL byte, into bytes that are not UTF-8 in a name. NEL and
    // the Unicode line and paragraph separators are refused too: they would break lines.
    std::uint32_t code = length == 1 ? byte : byte & (0x7fu >> length);
    for (std::size_t k = 1; k < length; ++k)
      code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3f);
    const bool printable =
        code == 0x9 || code == 0xa || code == 0xd || (code >= 0x20 && code <= 0x7e) ||
        (code >= 0xa0 && code <= 0xd7ff && code != 0x2028 && code != 0x2029) ||
        (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
    if (!printable) {
      char hex[16];
      std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(code));
      throw InputError(
          {file, line, column}, "",
          std::string("control character ") + hex + " is not allowed in YAML text: remove it");
    }
    if (byte == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    i += length;
  }
}

}  // namespace

YAML::Node parse_yaml(const std::string& text, const std::string& file, const std::string& what) {
  check_utf8(text, file);
  YAML::Node document;
  try {
    document = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    throw InputError({file, e.mark.line + 1, e.mark.column + 1}, "", "not valid YAML: " + e.msg);
  }
  if (!document.IsMap())
    throw InputError(location_of(document, file), "",
                     what + " is a mapping of key: value lines at the top level");
  std::size_t nodes = 0;
  check_shape(document, file, 0, nodes);
  return document;
}

YAML::Node load_yaml_file(const std::string& path, const std::string& what) {
  return parse_yaml(read_input_file(path, what), path == "-" ? "<standard input>" : path, what);
}

SourceLocation location_of(const YAML::Node& node, const std::string& file) {
  const YAML::Mark mark = node.Mark();
  if (mark.is_null()) return {file, 0, 0};
  return {file, mark.line + 1, mark.column + 1};
}

std::string shape_of(const YAML::Node& node) {
  // A key that is missing gives a node that is not even null: asking its type would throw.
  if (!node.IsDefined() || node.IsNull()) return "nothing";
  if (node.IsMap()) return "a mapping";
  if (node.IsSequence()) return "a list";
  return "'" + node.Scalar() + "'";
}

namespace {
InputError expected_here(const YAML::Node& node, const std::string& file, const std::string& field,
                         const std::string& expected) {
  return InputError(location_of(node, file), field,
                    "expected " + expected + ", got " + shape_of(node));
}
}  // namespace

void expect_mapping(const YAML::Node& node, const std::string& file, const std::string& field,
                    const std::string& expected) {
  if (!node.IsDefined() || !node.IsMap()) throw expected_here(node, file, field, expected);
}

void expect_sequence(const YAML::Node& node, const std::string& file, const std::string& field,
                     const std::string& expected) {
  if (!node.IsDefined() || !node.IsSequence()) throw expected_here(node, file, field, expected);
}

const std::string& read_scalar(const YAML::Node& node, const std::string& file,
                               const std::string& field, const std::string& expected) {
  if (!node.IsDefined() || !node.IsScalar()) throw expected_here(node, file, field, expected);
  return node.Scalar();
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
    throw InputError(location_of(entry.first, file), section.empty() ? key : section + "." + key,
                     message);
  }
}

std::string describe_integer(const std::string& what, std::int64_t min, std::int64_t max) {
  if (min == kNoLeast && max == kNoMost) return what;
  if (max == kNoMost) return what + " of at least " + std::to_string(min);
  if (min == kNoLeast) return what + " of at most " + std::to_string(max);
  return what + " from " + std::to_string(min) + " to " + std::to_string(max);
}

std::int64_t parse_integer(const std::string& text, const SourceLocation& where,
                           const std::string& field, std::int64_t min, std::int64_t max,
                           const std::string& what) {
  const std::string expected = "expected " + describe_integer(what, min, max);
  std::size_t used = 0;
  long long value = 0;
  try {
    // Digits with an optional minus, nothing around them: stoll alone would skip spaces and
    // take a plus sign.
    if (!text.empty() && (std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '-'))
      value = std::stoll(text, &used, 10);
  } catch (const std::exception&) {  // not a number, or beyond 64 bits
    used = 0;
  }
  if (used == 0 || used != text.size())
    throw InputError(where, field, expected + ", got '" + text + "'");
  if (value < min || value > max)
    throw InputError(where, field, expected + ", got " + std::to_string(value));
  return value;
}

std::int64_t read_integer(const YAML::Node& node, const std::string& file, const std::string& field,
                          std::int64_t min, std::int64_t max, const std::string& what) {
  return parse_integer(read_scalar(node, file, field, describe_integer(what, min, max)),
                       location_of(node, file), field, min, max, what);
}

int read_int(const YAML::Node& node, const std::string& file, const std::string& field, int min,
             int max, const std::string& what) {
  return static_cast<int>(read_integer(node, file, field, min, max, what));
}

std::uint64_t read_count(const YAML::Node& node, const std::string& file,
                         const std::string& field) {
  return static_cast<std::uint64_t>(read_integer(node, file, field, 0, kNoMost));
}

std::vector<std::string> read_names(const YAML::Node& list, const std::string& file,
                                    const std::string& field, const std::string& what) {
  const std::string name = what.empty() ? "name" : what + " name";
  expect_sequence(list, file, field, "a list of " + name + "s");
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

std::vector<std::string> read_names(const YAML::Node& list, const std::string& file,
                                    const std::string& field, const std::string& what,
                                    std::size_t min_count, std::size_t max_count) {
  std::vector<std::string> names = read_names(list, file, field, what);
  if (names.size() < min_count || names.size() > max_count)
    throw InputError(location_of(list, file), field,
                     "expected " +
                         (min_count == max_count
                              ? std::to_string(min_count)
                              : std::to_string(min_count) + " to " + std::to_string(max_count)) +
                         " " + (what.empty() ? "" : what + " ") + "names, got " +
                         std::to_string(names.size()));
  return names;
}

int name_index(const std::string& name, const std::vector<std::string>& names,
               const SourceLocation& where, const std::string& field, const std::string& what) {
  const auto it = std::find(names.begin(), names.end(), name);
  if (it != names.end()) return static_cast<int>(it - names.begin());
  std::string message = "unknown " + what + " '" + name + "'; the " + what + "s are:";
  for (const auto& n : names) message += " " + n;
  throw InputError(where, field, message + did_you_mean(name, names));
}

int read_name_index(const YAML::Node& node, const std::vector<std::string>& names,
                    const std::string& file, const std::string& field, const std::string& what) {
  return name_index(read_scalar(node, file, field, "a " + what + " name"), names,
                    location_of(node, file), field, what);
}

Bounds read_bounds(const YAML::Node& node, const std::string& file, const std::string& field,
                   const BoundReader& value, const std::string& shape) {
  const BoundReader read = value ? value : [&](const YAML::Node& n, const std::string& f) {
    return read_count(n, file, f);
  };
  Bounds bounds;
  if (node.IsDefined() && node.IsScalar()) {  // shorthand: `all-different: 1` means exactly 1
    bounds.min = bounds.max = read(node, field);
    return bounds;
  }
  expect_mapping(node, file, field,
                 shape + ", {min: " + shape + "}, {max: " + shape + "}, {min: " + shape +
                     ", max: " + shape + "} or {exactly: " + shape + "}");
  reject_unknown_keys(node, {"min", "max", "exactly"}, field, file);
  if (node["exactly"]) {
    if (node["min"] || node["max"])
      throw InputError(location_of(node, file), field, "give either exactly or min/max, not both");
    bounds.min = bounds.max = read(node["exactly"], field + ".exactly");
  }
  if (node["min"]) bounds.min = read(node["min"], field + ".min");
  if (node["max"]) bounds.max = read(node["max"], field + ".max");
  if (bounds.min && bounds.max && *bounds.min > *bounds.max)
    throw InputError(location_of(node, file), field,
                     "min (" + std::to_string(*bounds.min) + ") is greater than max (" +
                         std::to_string(*bounds.max) + "): no instance can satisfy this");
  return bounds;
}

std::chrono::duration<double> parse_duration(const std::string& text, const SourceLocation& where,
                                             const std::string& field) {
  const auto bad = [&](const std::string& why) {
    return InputError(where, field,
                      "expected a positive duration such as 30s, 500ms, 10m, 1h or 1m30s, or "
                      "none; got '" +
                          text + "'" + why);
  };
  if (text == "none") return std::chrono::duration<double>(0);  // no limit
  // Numbers, each followed by a unit (a lone number is seconds): 90, 1.5h, 1h30m, 2m30s.
  static const std::array<std::pair<const char*, double>, 6> units = {
      {{"ms", 0.001}, {"min", 60}, {"s", 1}, {"m", 60}, {"h", 3600}, {"d", 86400}}};
  double total = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t used = 0;
    double value = 0;
    if (!std::isdigit(static_cast<unsigned char>(text[pos]))) throw bad("");
    try {
      value = std::stod(text.substr(pos), &used);
    } catch (const std::exception&) {
      throw bad("");
    }
    pos += used;
    double scale = 0;
    for (const auto& [unit, seconds] : units) {
      const std::size_t length = std::strlen(unit);
      if (text.compare(pos, length, unit) == 0) {
        scale = seconds;
        pos += length;
        break;
      }
    }
    if (scale == 0) {
      // A number without a unit is seconds, but only alone: "1h30" is ambiguous.
      if (pos != text.size() || used != text.size()) throw bad("");
      scale = 1;
    }
    total += value * scale;
  }
  if (!(total > 0)) throw bad("");
  // Far beyond any run; larger values would overflow the clock's deadline.
  constexpr double kMaxSeconds = 1e9;
  if (total > kMaxSeconds) throw bad(" (at most about 30 years: say none for no limit)");
  return std::chrono::duration<double>(total);
}

std::chrono::duration<double> read_duration(const YAML::Node& node, const std::string& file,
                                            const std::string& field) {
  return parse_duration(read_scalar(node, file, field, "a duration like 30s"),
                        location_of(node, file), field);
}

}  // namespace puzzlegen
