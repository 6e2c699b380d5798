#include "instance.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <sstream>

#include "error.hpp"
#include "names.hpp"
#include "symmetry.hpp"

namespace puzzlegen::instant_insanity {

namespace {

int colour_index(const YAML::Node& node, const std::vector<std::string>& colors,
                 const std::string& file, const std::string& field) {
  return read_name_index(node, colors, file, field, "colour");
}

Cube read_cube(const YAML::Node& node, const std::vector<std::string>& colors,
               const std::string& file, const std::string& field) {
  Cube cube;
  if (node.IsMap()) {  // a net: the six faces by name
    cube.written_as_net = true;
    const std::vector<std::string> names(kFaceNames.begin(), kFaceNames.end());
    reject_unknown_keys(node, names, field, file);
    for (int f = 0; f < kFaces; ++f) {
      const YAML::Node face = node[kFaceNames[f]];
      if (!face)
        throw InputError(location_of(node, file), field,
                         std::string("the net has no '") + kFaceNames[f] +
                             "' face; a cube net names all six faces: top, bottom, front, back, "
                             "left, right");
      cube.faces[f] = colour_index(face, colors, file, field + "." + kFaceNames[f]);
    }
    return cube;
  }
  if (!node.IsSequence() || node.size() != 3)
    throw InputError(location_of(node, file), field,
                     "a cube is three pairs of opposite faces, [[a, b], [c, d], [e, f]], or a net "
                     "{top: .., bottom: .., front: .., back: .., left: .., right: ..}; got " +
                         (node.IsSequence() ? std::to_string(node.size()) + " pairs"
                                            : std::string("something else")));
  for (int p = 0; p < 3; ++p) {
    const YAML::Node pair = node[p];
    const std::string pair_field = field + "[" + std::to_string(p) + "]";
    if (!pair.IsSequence() || pair.size() != 2)
      throw InputError(location_of(pair, file), pair_field,
                       "a pair of opposite faces is a list of two colours");
    for (int k = 0; k < 2; ++k)
      cube.faces[2 * p + k] = colour_index(pair[k], colors, file, pair_field);
  }
  return cube;
}

}  // namespace

std::array<int, kFaces> Cube::pairs_key() const {
  return relabelled_pairs_key(*this, {});
}

std::array<int, kFaces> relabelled_pairs_key(const Cube& cube, const std::vector<int>& relabel) {
  std::array<std::array<int, 2>, 3> pairs{};
  for (int p = 0; p < 3; ++p) {
    int a = cube.faces[2 * p], b = cube.faces[2 * p + 1];
    if (!relabel.empty()) a = relabel[a], b = relabel[b];
    pairs[p] = {std::min(a, b), std::max(a, b)};
  }
  std::sort(pairs.begin(), pairs.end());
  return {pairs[0][0], pairs[0][1], pairs[1][0], pairs[1][1], pairs[2][0], pairs[2][1]};
}

Sides sides_of(const Cube& cube, int rotation) {
  const auto& shows = rotations()[rotation].shows;
  Sides out{};
  for (int s = 0; s < kSides; ++s) out[s] = cube.faces[shows[kSideFaces[s]]];
  return out;
}

std::vector<std::string> default_colors(int n) {
  static const std::vector<std::string> names = {
      "red",  "green", "blue", "white", "yellow", "orange", "purple", "black",
      "pink", "brown", "grey", "cyan",  "lime",   "navy",   "olive",  "teal"};
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i)
    out.push_back(i < static_cast<int>(names.size()) ? names[i] : "c" + std::to_string(i + 1));
  return out;
}

TowerInstance::TowerInstance(std::vector<std::string> colors, std::vector<Cube> cubes)
    : colors_(std::move(colors)),
      cubes_(std::move(cubes)),
      abbreviations_(unique_prefixes(colors_)) {}

Json TowerInstance::to_json() const {
  Json cubes = Json::array();
  for (const auto& cube : cubes_) {
    if (cube.written_as_net) {
      Json net;
      for (int f = 0; f < kFaces; ++f) net[kFaceNames[f]] = colors_[cube.faces[f]];
      cubes.push_back(net);
    } else {
      Json pairs = Json::array();
      for (int p = 0; p < 3; ++p)
        pairs.push_back({colors_[cube.faces[2 * p]], colors_[cube.faces[2 * p + 1]]});
      cubes.push_back(pairs);
    }
  }
  return {{"puzzle", "instant-insanity"}, {"colors", colors_}, {"cubes", cubes}};
}

namespace {
// A cube up to rotation and reflection as one integer: its three opposite pairs, each sorted
// and packed into 16 bits (colours < 256), sorted. Comparing codes compares pairs_key()s.
std::uint64_t cube_code(const Cube& cube, const int* relabel) {
  std::array<std::uint64_t, 3> pair{};
  for (int p = 0; p < 3; ++p) {
    int a = relabel[cube.faces[2 * p]], b = relabel[cube.faces[2 * p + 1]];
    if (a > b) std::swap(a, b);
    pair[p] = static_cast<std::uint64_t>(a * 256 + b);
  }
  if (pair[0] > pair[1]) std::swap(pair[0], pair[1]);
  if (pair[1] > pair[2]) std::swap(pair[1], pair[2]);
  if (pair[0] > pair[1]) std::swap(pair[0], pair[1]);
  return pair[0] << 32 | pair[1] << 16 | pair[2];
}
}  // namespace

std::array<int, kMostCubes> TowerInstance::canonical_relabelling() const {
  // The least, over colour relabellings, of the sorted list of cube codes. Exact for n <= 8
  // colours (n! relabellings, enumerated in place); beyond that only cube order and face
  // pairing are factored out. This runs once per candidate in every generator: no allocation
  // inside the loop.
  const int n = static_cast<int>(colors_.size());
  std::array<int, kMostCubes> relabel{};
  std::iota(relabel.begin(), relabel.begin() + n, 0);
  std::array<int, kMostCubes> best_relabel = relabel;
  std::vector<std::uint64_t> best(cubes_.size()), current(cubes_.size());
  auto codes_under = [&](std::vector<std::uint64_t>& out) {
    for (std::size_t i = 0; i < cubes_.size(); ++i) out[i] = cube_code(cubes_[i], relabel.data());
    std::sort(out.begin(), out.end());
  };
  codes_under(best);
  if (n <= 8) {
    while (std::next_permutation(relabel.begin(), relabel.begin() + n)) {
      codes_under(current);
      if (current < best) {
        best.swap(current);
        best_relabel = relabel;
      }
    }
  }
  return best_relabel;
}

std::vector<int> TowerInstance::canonical_key() const {
  const std::array<int, kMostCubes> relabel = canonical_relabelling();
  std::vector<std::uint64_t> codes(cubes_.size());
  for (std::size_t i = 0; i < cubes_.size(); ++i) codes[i] = cube_code(cubes_[i], relabel.data());
  std::sort(codes.begin(), codes.end());
  std::vector<int> key;
  key.reserve(codes.size() * kFaces);
  for (const std::uint64_t code : codes)
    for (int shift : {32, 16, 0}) {
      const int pair = static_cast<int>(code >> shift & 65535);
      key.push_back(pair / 256);
      key.push_back(pair % 256);
    }
  return key;
}

TowerForm TowerInstance::canonical_form() const {
  const std::array<int, kMostCubes> relabel = canonical_relabelling();
  std::vector<std::string> names(colors_.size());
  std::vector<int> colour_of(colors_.size());
  for (std::size_t c = 0; c < colors_.size(); ++c) {
    names[static_cast<std::size_t>(relabel[c])] = colors_[c];
    colour_of[static_cast<std::size_t>(relabel[c])] = static_cast<int>(c);
  }
  std::vector<std::uint64_t> codes(cubes_.size());
  for (std::size_t i = 0; i < cubes_.size(); ++i) codes[i] = cube_code(cubes_[i], relabel.data());
  std::vector<int> order(cubes_.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return codes[static_cast<std::size_t>(a)] < codes[static_cast<std::size_t>(b)];
  });
  std::vector<Cube> cubes;
  for (const int i : order) {
    Cube cube = cubes_[static_cast<std::size_t>(i)];
    for (int& face : cube.faces) face = relabel[static_cast<std::size_t>(face)];
    cubes.push_back(cube);
  }
  return {TowerInstance(std::move(names), std::move(cubes)), std::move(order),
          std::move(colour_of)};
}

std::optional<Natural> TowerInstance::class_size() const {
  // The key merges colour relabellings only up to 8 colours; beyond, each key is one instance.
  const int n = static_cast<int>(colors_.size());
  if (n > 8) return Natural(1);
  std::array<int, kMostCubes> relabel{};
  std::iota(relabel.begin(), relabel.begin() + n, 0);
  std::set<std::vector<std::uint64_t>> images;
  std::vector<std::uint64_t> codes(cubes_.size());
  do {
    for (std::size_t i = 0; i < cubes_.size(); ++i) codes[i] = cube_code(cubes_[i], relabel.data());
    std::sort(codes.begin(), codes.end());
    images.insert(codes);
  } while (std::next_permutation(relabel.begin(), relabel.begin() + n));
  return Natural(images.size());
}

std::string TowerInstance::render_text() const {
  std::ostringstream out;
  out << "Instant Insanity: " << cubes_.size() << " cubes, colours";
  for (std::size_t c = 0; c < colors_.size(); ++c)
    out << (c ? ", " : " ") << abbreviations_[c] << "=" << colors_[c];
  out << "\n";
  std::size_t width = 1;
  for (const auto& a : abbreviations_) width = std::max(width, a.size());
  auto cell = [&](int colour) {
    std::string s = abbreviations_[colour];
    return "[" + s + std::string(width - s.size(), ' ') + "]";
  };
  const std::string blank(width + 2, ' ');
  const std::string gap = "   ";
  // Cross-shaped nets side by side: top; left, front, right, back; bottom.
  std::ostringstream rows[4];
  for (std::size_t i = 0; i < cubes_.size(); ++i) {
    const auto& f = cubes_[i].faces;
    std::string label = "cube " + std::to_string(i + 1);
    label.resize(4 * (width + 2), ' ');
    rows[0] << label << gap;
    rows[1] << blank << cell(f[top]) << blank << blank << gap;
    rows[2] << cell(f[left]) << cell(f[front]) << cell(f[right]) << cell(f[back]) << gap;
    rows[3] << blank << cell(f[bottom]) << blank << blank << gap;
  }
  for (auto& row : rows) {
    std::string line = row.str();
    line.erase(line.find_last_not_of(' ') + 1);
    out << line << "\n";
  }
  out << "(net: top; left, front, right, back; bottom)\n";
  // The colour multigraph of the graph-theoretic solution: one edge per pair of opposite faces,
  // labelled with its cube.
  out << "colour multigraph (an edge per pair of opposite faces, labelled by cube):\n";
  std::map<std::pair<int, int>, std::vector<int>> edges;
  for (std::size_t i = 0; i < cubes_.size(); ++i)
    for (int p = 0; p < 3; ++p) {
      const int a = cubes_[i].faces[2 * p], b = cubes_[i].faces[2 * p + 1];
      edges[{std::min(a, b), std::max(a, b)}].push_back(static_cast<int>(i) + 1);
    }
  for (const auto& [ends, labels] : edges) {
    out << "  " << abbreviations_[ends.first] << "-" << abbreviations_[ends.second] << ":";
    for (const int label : labels) out << " " << label;
    out << (ends.first == ends.second ? "  (loop)\n" : "\n");
  }
  return out.str();
}

TowerInstance read_tower(const YAML::Node& document, const std::string& file) {
  reject_unknown_keys(document, {"puzzle", "colors", "cubes"}, "", file);
  std::vector<std::string> colors;
  if (const YAML::Node list = document["colors"])
    colors = read_names(list, file, "colors", "colour");
  const YAML::Node cubes = document["cubes"];
  if (!cubes || !cubes.IsSequence() || cubes.size() == 0)
    throw InputError(location_of(cubes ? cubes : document, file), "cubes",
                     "expected a list of cubes, each [[a, b], [c, d], [e, f]] or a net");
  const int n = static_cast<int>(cubes.size());
  if (n > kMostCubes)
    throw InputError(location_of(cubes, file), "cubes",
                     "at most " + std::to_string(kMostCubes) + " cubes are supported");
  if (colors.empty()) colors = default_colors(n);
  if (static_cast<int>(colors.size()) != n)
    throw InputError(location_of(document["colors"], file), "colors",
                     "Instant Insanity with " + std::to_string(n) + " cubes needs exactly " +
                         std::to_string(n) + " colours (each side shows every colour once); got " +
                         std::to_string(colors.size()));
  std::vector<Cube> parsed;
  for (int i = 0; i < n; ++i)
    parsed.push_back(read_cube(cubes[i], colors, file, "cubes[" + std::to_string(i) + "]"));
  return TowerInstance(std::move(colors), std::move(parsed));
}

}  // namespace puzzlegen::instant_insanity
