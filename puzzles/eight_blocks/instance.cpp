#include "instance.hpp"

#include <algorithm>
#include <iomanip>
#include <set>
#include <sstream>

#include "names.hpp"

namespace puzzlegen::eight_blocks {

namespace {

// The most cubes of one variety an instance file may give: counts are ints, and tables and
// drawings stay legible.
constexpr int kMaxCubes = 1000;

}  // namespace

const std::vector<std::string>& default_colors() {
  static const std::vector<std::string> names = {"p", "q", "r", "s", "t", "u"};
  return names;
}

BlocksInstance::BlocksInstance(Counts counts, std::vector<std::string> colors,
                               Convention convention)
    : counts_(counts),
      colors_(std::move(colors)),
      labels_(colors_ == default_colors() ? colors_ : unique_prefixes(colors_)),
      convention_(convention) {
  if (colors_.size() != 6) throw std::logic_error("Eight Blocks has six colours");
}

int BlocksInstance::size() const {
  int total = 0;
  for (const int c : counts_) total += c;
  return total;
}

Json BlocksInstance::to_json() const {
  Json rows = Json::array();
  for (int i = 1; i <= 6; ++i) {
    Json row = Json::array();
    for (int j = 1; j <= 6; ++j)
      row.push_back(i == j ? 0 : counts_[static_cast<std::size_t>(variety_index(i, j))]);
    rows.push_back(row);
  }
  Json out = {{"puzzle", "eight-blocks"}};
  if (named()) out["colors"] = colors_;
  out["counts"] = rows;
  return out;
}

std::vector<int> BlocksInstance::canonical_key() const {
  const Counts form = VarietyGroup::of(convention_).canonical(counts_);
  return {form.begin(), form.end()};
}

std::optional<Natural> BlocksInstance::class_size() const {
  const VarietyGroup& group = VarietyGroup::of(convention_);
  return Natural(group.order() / group.automorphisms(counts_));
}

std::string BlocksInstance::render_text() const {
  // Columns as wide as the largest count (the reader allows up to kMaxCubes of a variety).
  const int most = *std::max_element(counts_.begin(), counts_.end());
  const int width = 1 + std::max<int>(2, static_cast<int>(std::to_string(most).size()));
  std::ostringstream out;
  out << "Eight Blocks: " << size() << " cubes (rows and columns of Conway's table)\n";
  if (named()) {
    out << "colours:";
    for (std::size_t c = 0; c < colors_.size(); ++c)
      out << " " << c + 1 << "=" << colors_[c] << (c + 1 < colors_.size() ? "," : "");
    out << "\n";
  }
  out << "   ";
  for (int j = 1; j <= 6; ++j) out << std::setw(width) << j;
  out << "\n";
  for (int i = 1; i <= 6; ++i) {
    out << "  " << i;
    for (int j = 1; j <= 6; ++j) {
      out << std::setw(width);
      if (i == j)
        out << ".";
      else
        out << counts_[static_cast<std::size_t>(variety_index(i, j))];
    }
    out << "\n";
  }
  return out.str();
}

BlocksInstance read_blocks(const YAML::Node& document, const std::string& file) {
  reject_unknown_keys(document, {"puzzle", "colors", "counts", "cubes"}, "", file);
  std::vector<std::string> colors = default_colors();
  if (const YAML::Node list = document["colors"])
    colors = read_names(list, file, "colors", "colour", 6, 6);
  Counts counts{};
  const YAML::Node matrix = document["counts"];
  const YAML::Node cubes = document["cubes"];
  if (!matrix && !cubes)
    throw InputError(location_of(document, file), "counts",
                     "missing: give counts (6 rows of 6 numbers of cubes, in Conway's labelling) "
                     "or cubes (a list of nets)");
  if (matrix) {
    if (!matrix.IsSequence() || matrix.size() != 6)
      throw InputError(location_of(matrix, file), "counts", "expected 6 rows of 6 integers");
    for (int i = 1; i <= 6; ++i) {
      const YAML::Node row = matrix[static_cast<std::size_t>(i - 1)];
      const std::string field = "counts[" + std::to_string(i) + "]";
      if (!row.IsSequence() || row.size() != 6)
        throw InputError(location_of(row, file), field, "expected a row of 6 integers");
      for (int j = 1; j <= 6; ++j) {
        const YAML::Node entry = row[static_cast<std::size_t>(j - 1)];
        const int value = read_int(entry, file, field, 0, kMaxCubes, "a number of cubes");
        if (i == j && value != 0)
          throw InputError(location_of(entry, file), field,
                           "the diagonal must be 0: there is no variety (" + std::to_string(i) +
                               "," + std::to_string(j) + ")");
        if (i != j) counts[static_cast<std::size_t>(variety_index(i, j))] += value;
      }
    }
  }
  if (cubes) {
    if (!cubes.IsSequence())
      throw InputError(location_of(cubes, file), "cubes", "expected a list of cube nets");
    for (std::size_t k = 0; k < cubes.size(); ++k) {
      const YAML::Node net = cubes[k];
      const std::string field = "cubes[" + std::to_string(k + 1) + "]";
      if (!net.IsMap())
        throw InputError(location_of(net, file), field,
                         "expected a net {right, left, back, front, top, bottom} of six colours");
      std::vector<std::string> faces(kFaceNames.begin(), kFaceNames.end());
      reject_unknown_keys(net, faces, field, file);
      Colouring c{};
      for (int f = 0; f < 6; ++f) {
        const YAML::Node colour = net[kFaceNames[static_cast<std::size_t>(f)]];
        if (!colour)
          throw InputError(location_of(net, file),
                           field + "." + kFaceNames[static_cast<std::size_t>(f)],
                           "missing: a net names the colour of all six faces");
        c[static_cast<std::size_t>(f)] = read_name_index(
            colour, colors, file, field + "." + kFaceNames[static_cast<std::size_t>(f)], "colour");
      }
      const int v = variety_of(c);
      if (v < 0)
        throw InputError(location_of(net, file), field,
                         "the six faces must have six different colours");
      ++counts[static_cast<std::size_t>(v)];
    }
  }
  return BlocksInstance(counts, std::move(colors));
}

Json read_per_variety(const YAML::Node& node, const std::string& file, const std::string& field) {
  expect_mapping(node, file, field, "a mapping such as {\"(1,2)\": {min: 2}, \"(3,4)\": 1}");
  Json out = Json::object();
  for (const auto& entry : node) {
    const std::string name = entry.first.IsScalar() ? entry.first.Scalar() : "";
    const int v = parse_variety(name);
    if (v < 0)
      throw InputError(location_of(entry.first, file), field,
                       "expected a variety (i,j) with i != j in 1..6, got '" + name + "'");
    const Bounds bounds = read_bounds(entry.second, file, field + "." + variety_name(v));
    Json range = Json::object();
    if (bounds.min) range["min"] = *bounds.min;
    if (bounds.max) range["max"] = *bounds.max;
    out[variety_name(v)] = range;
  }
  return out;
}

Json read_variety_list(const YAML::Node& node, const std::string& file, const std::string& field,
                       const std::vector<std::string>& words) {
  std::string expected = "expected a list of varieties such as [\"(1,2)\", \"(3,4)\"]";
  for (const auto& w : words) expected += ", or " + w;
  if (node.IsScalar() && std::find(words.begin(), words.end(), node.Scalar()) != words.end())
    return node.Scalar();
  if (!node.IsSequence()) throw InputError(location_of(node, file), field, expected);
  Json out = Json::array();
  std::set<int> seen;
  for (const auto& item : node) {
    const int v = item.IsScalar() ? parse_variety(item.Scalar()) : -1;
    if (v < 0)
      throw InputError(location_of(item, file), field,
                       "expected a variety (i,j) with i != j in 1..6, got '" +
                           (item.IsScalar() ? item.Scalar() : std::string("a list or mapping")) +
                           "'");
    if (!seen.insert(v).second)
      throw InputError(location_of(item, file), field, variety_name(v) + " is listed twice");
    out.push_back(variety_name(v));
  }
  return out;
}

}  // namespace puzzlegen::eight_blocks
