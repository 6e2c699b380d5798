#include "yaml_input.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

#include "error.hpp"
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

LoadedInstance load_instance(const std::string& path, const Registry& registry) {
  return parse_instance(read_input_file(path, "an instance file"),
                        path == "-" ? "<standard input>" : path, registry);
}

LoadedInstance parse_instance(const std::string& text, const std::string& file,
                              const Registry& registry) {
  YAML::Node document = parse_yaml(text, file, "an instance file");
  // A record that `generate` printed holds its instance under `instance:`.
  if (!document["puzzle"] && document["instance"] && document["instance"].IsMap())
    document = document["instance"];
  const YAML::Node puzzle = document["puzzle"];
  if (!puzzle)
    throw InputError(location_of(document, file), "puzzle",
                     "missing; say which family this instance belongs to");
  if (!puzzle.IsScalar()) throw InputError(location_of(puzzle, file), "puzzle", "expected a name");
  const Family& family = registry.get(puzzle.Scalar(), location_of(puzzle, file), "puzzle");
  for (const char* key : {"solutions", "generate", "objective", "parameters", "given"})
    if (document[key])
      throw InputError(location_of(document[key], file), key,
                       "this file is a spec, not an instance file: give it to generate, "
                       "validate, worksheet or check --spec");
  return {&family, family.read_instance(document, file)};
}

}  // namespace puzzlegen
