#include "manifest.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "files.hpp"
#include "yaml_read.hpp"

namespace puzzlegen::models {

namespace {

namespace fs = std::filesystem;

bool is_identifier(const std::string& text) {
  if (text.empty() || !std::isalpha(static_cast<unsigned char>(text[0]))) return false;
  return std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

std::string key_of(std::string name) {
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

// Tokens of an expression: numbers, names and the operators + - *.
std::vector<std::string> tokens_of(const Expression& e) {
  std::vector<std::string> tokens;
  const std::string& t = e.text;
  for (std::size_t i = 0; i < t.size();) {
    const char c = t[i];
    if (c == ' ') {
      ++i;
    } else if (c == '+' || c == '-' || c == '*') {
      tokens.emplace_back(1, c);
      ++i;
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t j = i;
      while (j < t.size() && (std::isalnum(static_cast<unsigned char>(t[j])) || t[j] == '_')) ++j;
      tokens.push_back(t.substr(i, j - i));
      i = j;
    } else {
      throw InputError(
          e.where, e.text,
          std::string("expected a number, a parameter's name, +, - or *; got '") + c + "'");
    }
  }
  if (tokens.empty()) throw InputError(e.where, e.text, "expected an integer expression");
  return tokens;
}

Expression read_expression(const YAML::Node& node, const std::string& file,
                           const std::string& field) {
  Expression e{read_scalar(node, file, field, "an integer or an expression such as n*n"),
               location_of(node, file)};
  tokens_of(e);  // syntax now, names once the parameters are known
  return e;
}

std::int64_t read_int64(const YAML::Node& node, const std::string& file, const std::string& field) {
  return read_integer(node, file, field, -1000000, 1000000);
}

void read_sizes(const YAML::Node& node, const std::string& file, Manifest& m) {
  if (!node) return;
  expect_mapping(node, file, "parameters", "a mapping of parameter name: {min, max, default}");
  for (const auto& item : node) {
    const std::string name = item.first.as<std::string>();
    const std::string field = "parameters." + name;
    if (!is_identifier(name))
      throw InputError(location_of(item.first, file), field,
                       "expected a MiniZinc identifier (letters, digits, _)");
    const YAML::Node& p = item.second;
    expect_mapping(p, file, field, "a mapping with min, max, default and help");
    reject_unknown_keys(p, {"min", "max", "default", "help"}, field, file);
    SizeParameter s;
    s.name = name;
    s.key = key_of(name);
    s.min = p["min"] ? read_int64(p["min"], file, field + ".min") : 1;
    s.max = p["max"] ? read_int64(p["max"], file, field + ".max") : 64;
    if (s.max < s.min)
      throw InputError(location_of(p["max"], file), field + ".max",
                       "expected at least min (" + std::to_string(s.min) + ")");
    s.default_value =
        p["default"] ? read_integer(p["default"], file, field + ".default", s.min, s.max) : s.min;
    s.help = p["help"] ? read_scalar(p["help"], file, field + ".help", "a sentence") : name;
    m.sizes.push_back(s);
  }
}

void read_data(const YAML::Node& node, const std::string& file, Manifest& m) {
  if (!node) return;
  expect_mapping(node, file, "instance", "a mapping of data name: {dims, min, max}");
  for (const auto& item : node) {
    const std::string name = item.first.as<std::string>();
    const std::string field = "instance." + name;
    if (!is_identifier(name))
      throw InputError(location_of(item.first, file), field,
                       "expected a MiniZinc identifier (letters, digits, _)");
    const YAML::Node& p = item.second;
    expect_mapping(p, file, field, "a mapping with dims, min, max and help");
    reject_unknown_keys(p, {"dims", "min", "max", "help"}, field, file);
    DataParameter d;
    d.name = name;
    d.key = key_of(name);
    d.where = location_of(item.first, file);
    if (p["dims"]) {
      expect_sequence(p["dims"], file, field + ".dims", "a list of sizes ([n, n])");
      for (std::size_t i = 0; i < p["dims"].size(); ++i)
        d.dims.push_back(read_expression(p["dims"][i], file, field + ".dims"));
      if (d.dims.size() > 2)
        throw InputError(location_of(p["dims"], file), field + ".dims",
                         "expected at most 2 dimensions, got " + std::to_string(d.dims.size()));
    }
    for (const char* bound : {"min", "max"})
      if (!p[bound])
        throw InputError(d.where, field + "." + bound, "missing: the values' range is needed");
    d.min = read_expression(p["min"], file, field + ".min");
    d.max = read_expression(p["max"], file, field + ".max");
    d.help = p["help"] ? read_scalar(p["help"], file, field + ".help", "a sentence") : name;
    m.data.push_back(d);
  }
}

std::string model_file(const YAML::Node& node, const std::string& file, const std::string& field,
                       const std::string& folder) {
  const std::string model = read_scalar(node, file, field, "a MiniZinc file (.mzn)");
  if (model.size() < 5 || model.substr(model.size() - 4) != ".mzn")
    throw InputError(location_of(node, file), field,
                     "expected a MiniZinc file (.mzn), got '" + model + "'");
  if (fs::path(model).is_absolute() || model.find("..") != std::string::npos)
    throw InputError(location_of(node, file), field,
                     "expected a file in the manifest's folder, got '" + model + "'");
  if (!fs::is_regular_file(fs::path(folder) / model))
    throw InputError(location_of(node, file), field, "no such file: " + model);
  return model;
}

void read_kinds(const YAML::Node& root, const std::string& file, Manifest& m) {
  if (root["model"] && root["kinds"])
    throw InputError(location_of(root["kinds"], file), "kinds",
                     "give either model (one kind, `solution`) or kinds, not both");
  if (root["model"]) {
    m.kinds.push_back({"solution", "a solution of the puzzle",
                       model_file(root["model"], file, "model", m.folder),
                       location_of(root["model"], file)});
    return;
  }
  if (!root["kinds"])
    throw InputError({file, 1, 1}, "model", "missing: the MiniZinc model (model: NAME.mzn)");
  expect_mapping(root["kinds"], file, "kinds", "a mapping of kind name: {model, help}");
  for (const auto& item : root["kinds"]) {
    const std::string name = item.first.as<std::string>();
    const std::string field = "kinds." + name;
    expect_mapping(item.second, file, field, "a mapping with model and help");
    reject_unknown_keys(item.second, {"model", "help"}, field, file);
    if (!item.second["model"])
      throw InputError(location_of(item.first, file), field + ".model", "missing");
    m.kinds.push_back({name,
                       item.second["help"]
                           ? read_scalar(item.second["help"], file, field + ".help", "a sentence")
                           : name,
                       model_file(item.second["model"], file, field + ".model", m.folder),
                       location_of(item.first, file)});
  }
  if (m.kinds.empty()) throw InputError(location_of(root["kinds"], file), "kinds", "no kind given");
}

std::map<std::int64_t, std::string> read_texts(const YAML::Node& node, const std::string& file,
                                               const std::string& field) {
  std::map<std::int64_t, std::string> texts;
  if (!node) return texts;
  expect_mapping(node, file, field, "a mapping of value: text");
  for (const auto& item : node)
    texts[read_int64(item.first, file, field)] =
        read_scalar(item.second, file, field, "a short text");
  return texts;
}

void read_drawing(const YAML::Node& node, const std::string& file, Manifest& m) {
  if (!node) return;
  expect_mapping(node, file, "draw", "a mapping (cells, solution, symbols, ...)");
  reject_unknown_keys(node,
                      {"cells", "solution", "symbols", "solution-symbols", "blank", "across",
                       "down", "marks", "top", "bottom", "left", "right", "boxes", "regions",
                       "shade", "shade-data", "solution-shade"},
                      "draw", file);
  GridDrawing g;
  // Instance data named by `key`, with `dims` dimensions (or `or_dims`, when not 0).
  auto data_name = [&](const char* key, std::size_t dims, std::size_t or_dims = 0) -> std::string {
    if (!node[key]) return "";
    const std::string name = read_scalar(node[key], file, std::string("draw.") + key, "a name");
    const DataParameter* d = m.find_data(name);
    if (!d || (d->dims.size() != dims && d->dims.size() != or_dims))
      throw InputError(location_of(node[key], file), std::string("draw.") + key,
                       "expected instance data with " + std::to_string(dims) +
                           (or_dims ? " or " + std::to_string(or_dims) : std::string()) +
                           " dimensions (declared under instance:), got '" + name + "'");
    return name;
  };
  auto values = [&](const char* key) {
    std::set<std::int64_t> out;
    if (!node[key]) return out;
    const std::string field = std::string("draw.") + key;
    expect_sequence(node[key], file, field, "a list of values");
    for (const auto& v : node[key]) out.insert(read_int64(v, file, field));
    return out;
  };
  g.cells = data_name("cells", 2);
  if (g.cells.empty())
    throw InputError(location_of(node, file), "draw.cells", "missing: the board's instance data");
  if (node["solution"]) {
    g.solution = read_scalar(node["solution"], file, "draw.solution", "a model variable's name");
    g.solution_where = location_of(node["solution"], file);
  }
  g.symbols = read_texts(node["symbols"], file, "draw.symbols");
  g.solution_symbols = g.symbols;
  if (node["solution-symbols"])
    g.solution_symbols = read_texts(node["solution-symbols"], file, "draw.solution-symbols");
  g.shade = values("shade");
  g.solution_shade = values("solution-shade");
  g.shade_data = data_name("shade-data", 2);
  if (!g.shade_data.empty()) {
    const auto text = [](const DataParameter& d) {
      std::vector<std::string> out;
      for (const auto& e : d.dims) out.push_back(e.text);
      return out;
    };
    if (text(*m.find_data(g.shade_data)) != text(*m.find_data(g.cells)))
      throw InputError(location_of(node["shade-data"], file), "draw.shade-data",
                       "expected instance data of the same dims as the board '" + g.cells + "'");
  }
  g.regions = data_name("regions", 2);
  if (node["blank"]) g.blank = read_int64(node["blank"], file, "draw.blank");
  g.across = data_name("across", 2);
  g.down = data_name("down", 2);
  g.marks = read_texts(node["marks"], file, "draw.marks");
  g.top = data_name("top", 1, 2);
  g.bottom = data_name("bottom", 1, 2);
  g.left = data_name("left", 1, 2);
  g.right = data_name("right", 1, 2);
  if (node["boxes"]) {
    expect_sequence(node["boxes"], file, "draw.boxes", "[rows, columns] of a box");
    if (node["boxes"].size() != 2)
      throw InputError(location_of(node["boxes"], file), "draw.boxes",
                       "expected [rows, columns] of a box");
    g.box_rows = read_expression(node["boxes"][0], file, "draw.boxes");
    g.box_columns = read_expression(node["boxes"][1], file, "draw.boxes");
  }
  m.drawing = g;
}

}  // namespace

std::int64_t Expression::evaluate(const std::map<std::string, std::int64_t>& sizes) const {
  // Sums of products, left to right.
  const auto tokens = tokens_of(*this);
  std::int64_t total = 0, product = 1;
  int sign = 1;
  bool expect_operand = true, negative = false;
  for (const std::string& t : tokens) {
    if (expect_operand && t == "-" && !negative) {
      negative = true;  // a unary minus: -1
      continue;
    }
    if (expect_operand) {
      std::int64_t value;
      if (std::isdigit(static_cast<unsigned char>(t[0]))) {
        value = std::stoll(t);
      } else {
        const auto it = sizes.find(t);
        if (it == sizes.end()) {
          std::vector<std::string> known;
          for (const auto& [name, v] : sizes) known.push_back(name);
          throw InputError(where, text,
                           "unknown parameter '" + t + "'" + did_you_mean(t, known) +
                               "; the parameters are: " + join(known, ", "));
        }
        value = it->second;
      }
      product *= negative ? -value : value;
      negative = false;
      expect_operand = false;
    } else if (t == "*") {
      expect_operand = true;
    } else if (t == "+" || t == "-") {
      total += sign * product;
      product = 1;
      sign = t == "+" ? 1 : -1;
      expect_operand = true;
    } else {
      throw InputError(where, text, "expected +, - or * before '" + t + "'");
    }
  }
  if (expect_operand) throw InputError(where, text, "the expression ends with an operator");
  return total + sign * product;
}

std::vector<std::string> Expression::names() const {
  std::vector<std::string> out;
  for (const auto& t : tokens_of(*this))
    if (std::isalpha(static_cast<unsigned char>(t[0])) || t[0] == '_') out.push_back(t);
  return out;
}

const DataParameter* Manifest::find_data(const std::string& name) const {
  for (const auto& d : data)
    if (d.name == name) return &d;
  return nullptr;
}

std::vector<int> Manifest::dims_of(const DataParameter& d,
                                   const std::map<std::string, std::int64_t>& sizes) const {
  std::vector<int> dims;
  for (const auto& e : d.dims) {
    const std::int64_t n = e.evaluate(sizes);
    if (n < 0 || n > 100000)
      throw InputError(e.where, d.name, "a dimension of " + std::to_string(n) + " is out of range");
    dims.push_back(static_cast<int>(n));
  }
  return dims;
}

Manifest read_manifest(const std::string& path) {
  Manifest m;
  const fs::path given(path);
  m.file = fs::is_directory(given) ? (given / "family.yaml").string() : path;
  m.folder = fs::path(m.file).parent_path().string();
  if (m.folder.empty()) m.folder = ".";
  const std::string& file = m.file;
  const YAML::Node root = load_yaml_file(file, "a model family's manifest");
  reject_unknown_keys(root,
                      {"family", "title", "summary", "task", "parameters", "instance", "solution",
                       "model", "kinds", "instance-model", "clues", "draw"},
                      "", file);
  if (!root["family"]) throw InputError({file, 1, 1}, "family", "missing: the family's name");
  m.name = read_scalar(root["family"], file, "family", "a name");
  if (m.name.empty() || !std::all_of(m.name.begin(), m.name.end(), [](char c) {
        return std::islower(static_cast<unsigned char>(c)) ||
               std::isdigit(static_cast<unsigned char>(c)) || c == '-';
      }))
    throw InputError(location_of(root["family"], file), "family",
                     "expected a name of lower-case letters, digits and '-', got '" + m.name + "'");
  m.title = root["title"] ? read_scalar(root["title"], file, "title", "a title") : m.name;
  if (!root["summary"])
    throw InputError({file, 1, 1}, "summary", "missing: one line on the puzzle");
  m.summary = read_scalar(root["summary"], file, "summary", "a sentence");
  if (root["task"]) m.task = read_scalar(root["task"], file, "task", "a sentence");
  read_sizes(root["parameters"], file, m);
  read_data(root["instance"], file, m);
  if (m.data.empty())
    throw InputError({file, 1, 1}, "instance",
                     "missing: the instance data (the model's var arrays a puzzle fixes)");
  // Every name an expression uses must be a size parameter.
  std::map<std::string, std::int64_t> defaults;
  for (const auto& s : m.sizes) defaults[s.name] = s.default_value;
  for (const auto& d : m.data) {
    m.dims_of(d, defaults);
    d.min.evaluate(defaults);
    d.max.evaluate(defaults);
  }
  if (root["solution"]) {
    const YAML::Node& s = root["solution"];
    if (s.IsScalar())
      m.solution.push_back(read_scalar(s, file, "solution", "a model variable's name"));
    else
      m.solution = read_names(s, file, "solution", "model variable");
    m.solution_where = location_of(s, file);
    for (const auto& name : m.solution)
      if (m.find_data(name))
        throw InputError(location_of(s, file), "solution",
                         "'" + name + "' is instance data, not a solution variable");
  }
  read_kinds(root, file, m);
  if (root["instance-model"])
    m.instance_model =
        KindModel{"instance-model", "what every valid instance meets",
                  model_file(root["instance-model"], file, "instance-model", m.folder),
                  location_of(root["instance-model"], file)};
  if (root["clues"]) {
    const YAML::Node& c = root["clues"];
    expect_mapping(c, file, "clues", "a mapping with data, empty and solution");
    reject_unknown_keys(c, {"data", "empty", "solution"}, "clues", file);
    for (const char* key : {"data", "empty", "solution"})
      if (!c[key]) throw InputError(location_of(c, file), std::string("clues.") + key, "missing");
    DeclaredClues clues{
        read_scalar(c["data"], file, "clues.data", "instance data's name"),
        read_int64(c["empty"], file, "clues.empty"),
        read_scalar(c["solution"], file, "clues.solution", "a model variable's name"),
        location_of(c["solution"], file)};
    if (!m.find_data(clues.data))
      throw InputError(
          location_of(c["data"], file), "clues.data",
          "expected instance data (declared under instance:), got '" + clues.data + "'");
    m.clues = clues;
  }
  read_drawing(root["draw"], file, m);
  return m;
}

}  // namespace puzzlegen::models
