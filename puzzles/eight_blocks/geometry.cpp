#include "geometry.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>

namespace puzzlegen::eight_blocks {

namespace {

// Conway's table as Haraguchi uses it (his Figure 1 is lost from our copy of the paper). Each
// entry is a cube of variety (i, j): the colours p..u on its right, left, back, front, top and
// bottom faces. It was rebuilt from the text: (1, 2) and (2, 1) have exactly the corner triples
// the paper lists, the mirror of (i, j) is (j, i) (Property 1), the five varieties of a row or
// a column are pairwise incompatible (Property 2), and the paper's worked example holds for
// its instance (1). tests/eight_blocks checks all of these; docs/eight-blocks.md says how the
// remaining freedom was fixed.
constexpr std::array<std::array<const char*, 5>, 6> kConway = {{
    {"prqsut", "puqtrs", "ptqrsu", "pqrust", "psqutr"},
    {"prqstu", "pqrtsu", "psqtur", "ptqurs", "puqrst"},
    {"puqtsr", "pqrtus", "prquts", "psqrut", "ptqsru"},
    {"ptqrus", "psqtru", "prqust", "puqstr", "pqrsut"},
    {"pqruts", "ptqusr", "psqrtu", "puqsrt", "prqtus"},
    {"psqurt", "puqrts", "ptqsur", "pqrstu", "prqtsu"},
}};

Colouring canonical(const Colouring& c) {
  Colouring best = c;
  for (const auto& r : rotations()) best = std::min(best, rotate(c, r));
  return best;
}

struct Tables {
  std::vector<Variety> varieties;
  std::map<Colouring, int> by_canonical;
  std::vector<int> mirror;
  std::map<Triple, std::vector<int>> with_triple;
  std::vector<std::array<int, kVarieties>> permutations;
};

const Tables& tables() {
  static const Tables t = [] {
    Tables out;
    for (int i = 1; i <= 6; ++i) {
      int k = 0;
      for (int j = 1; j <= 6; ++j) {
        if (i == j) continue;
        Variety v{i, j, {}, {}};
        const char* net = kConway[static_cast<std::size_t>(i - 1)][static_cast<std::size_t>(k++)];
        for (int f = 0; f < 6; ++f) v.colouring[static_cast<std::size_t>(f)] = net[f] - 'p';
        for (int corner = 0; corner < kCorners; ++corner)
          v.triples[static_cast<std::size_t>(corner)] = corner_triple(v.colouring, corner);
        std::sort(v.triples.begin(), v.triples.end());
        const int index = static_cast<int>(out.varieties.size());
        if (!out.by_canonical.emplace(canonical(v.colouring), index).second)
          throw std::logic_error("Conway's table lists a variety twice");
        for (const Triple tr : v.triples) out.with_triple[tr].push_back(index);
        out.varieties.push_back(v);
      }
    }
    for (const auto& v : out.varieties) {
      Colouring m = v.colouring;  // reflect in the plane x = 0: swap right and left
      std::swap(m[right], m[left]);
      out.mirror.push_back(out.by_canonical.at(canonical(m)));
    }
    std::array<int, 6> sigma{};
    std::iota(sigma.begin(), sigma.end(), 0);
    do {
      std::array<int, kVarieties> image{};
      for (int v = 0; v < kVarieties; ++v) {
        Colouring c = out.varieties[static_cast<std::size_t>(v)].colouring;
        for (auto& colour : c) colour = sigma[static_cast<std::size_t>(colour)];
        image[static_cast<std::size_t>(v)] = out.by_canonical.at(canonical(c));
      }
      out.permutations.push_back(image);
    } while (std::next_permutation(sigma.begin(), sigma.end()));
    return out;
  }();
  return t;
}

}  // namespace

const std::vector<Rotation>& rotations() {
  // Signed permutation matrices of determinant 1, acting on the face normals.
  static const std::vector<Rotation> all = [] {
    std::vector<Rotation> out;
    std::array<int, 3> axes = {0, 1, 2};
    do {
      for (int signs = 0; signs < 8; ++signs) {
        std::array<int, 3> sign{};
        for (int a = 0; a < 3; ++a) sign[static_cast<std::size_t>(a)] = (signs >> a & 1) ? -1 : 1;
        // Row a of the matrix has sign[a] in column axes[a]: new axis a = sign[a] * old axes[a].
        int inversions = 0;
        for (int a = 0; a < 3; ++a)
          for (int b = a + 1; b < 3; ++b)
            inversions += axes[static_cast<std::size_t>(a)] > axes[static_cast<std::size_t>(b)];
        const int det = (inversions % 2 ? -1 : 1) * sign[0] * sign[1] * sign[2];
        if (det != 1) continue;
        Rotation r{};
        for (int a = 0; a < 3; ++a)
          for (const int s : {1, -1}) {
            // The face with normal s * e_old goes to normal sign[a] * s * e_a, old = axes[a].
            const int old_face = 2 * axes[static_cast<std::size_t>(a)] + (s > 0 ? 0 : 1);
            const int new_face = 2 * a + (sign[static_cast<std::size_t>(a)] * s > 0 ? 0 : 1);
            r.to[static_cast<std::size_t>(old_face)] = new_face;
          }
        out.push_back(r);
      }
    } while (std::next_permutation(axes.begin(), axes.end()));
    return out;  // axes (0,1,2) with all signs + comes first: the identity
  }();
  return all;
}

Colouring rotate(const Colouring& c, const Rotation& r) {
  Colouring out{};
  for (int f = 0; f < 6; ++f)
    out[static_cast<std::size_t>(r.to[static_cast<std::size_t>(f)])] =
        c[static_cast<std::size_t>(f)];
  return out;
}

std::array<int, 3> corner_signs(int corner) {
  return {corner & 1 ? -1 : 1, corner & 2 ? -1 : 1, corner & 4 ? -1 : 1};
}

std::array<int, 3> corner_faces(int corner) {
  const auto s = corner_signs(corner);
  return {s[0] > 0 ? right : left, s[1] > 0 ? back : front, s[2] > 0 ? top : bottom};
}

Triple corner_triple(const Colouring& c, int corner) {
  const auto s = corner_signs(corner);
  const auto f = corner_faces(corner);
  // (x, y, z) normals are right-handed when sx sy sz = 1 and then run anticlockwise seen
  // from outside; clockwise is x, z, y.
  std::array<int, 3> t{};
  const auto at = [&](int k) {
    return c[static_cast<std::size_t>(f[static_cast<std::size_t>(k)])];
  };
  if (s[0] * s[1] * s[2] > 0)
    t = {at(0), at(2), at(1)};
  else
    t = {at(0), at(1), at(2)};
  std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
  return 36 * t[0] + 6 * t[1] + t[2];
}

std::string triple_name(Triple t) {
  const std::string letters = "pqrstu";
  return std::string("(") + letters[static_cast<std::size_t>(t / 36)] + "," +
         letters[static_cast<std::size_t>(t / 6 % 6)] + "," +
         letters[static_cast<std::size_t>(t % 6)] + ")";
}

const std::vector<Variety>& varieties() {
  return tables().varieties;
}

int variety_index(int row, int column) {
  if (row == column || row < 1 || row > 6 || column < 1 || column > 6) return -1;
  return 5 * (row - 1) + (column < row ? column - 1 : column - 2);
}

std::string variety_name(int v) {
  const auto& x = varieties()[static_cast<std::size_t>(v)];
  return "(" + std::to_string(x.row) + "," + std::to_string(x.column) + ")";
}

int parse_variety(const std::string& name) {
  std::string compact;
  for (const char ch : name)
    if (ch != ' ') compact += ch;
  if (compact.size() != 5 || compact[0] != '(' || compact[2] != ',' || compact[4] != ')') return -1;
  return variety_index(compact[1] - '0', compact[3] - '0');
}

int variety_of(const Colouring& c) {
  const auto& map = tables().by_canonical;
  const auto it = map.find(canonical(c));
  return it == map.end() ? -1 : it->second;
}

int mirror(int v) {
  return tables().mirror[static_cast<std::size_t>(v)];
}

bool compatible(int u, int v) {
  // A table: composability tests ask this in their inner loop.
  static const auto table = [] {
    std::array<std::array<bool, kVarieties>, kVarieties> out{};
    for (int a = 0; a < kVarieties; ++a)
      for (int b = 0; b < kVarieties; ++b) {
        const auto& ta = varieties()[static_cast<std::size_t>(a)].triples;
        const auto& tb = varieties()[static_cast<std::size_t>(b)].triples;
        out[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
            a != b && std::find_first_of(ta.begin(), ta.end(), tb.begin(), tb.end()) != ta.end();
      }
    return out;
  }();
  return table[static_cast<std::size_t>(u)][static_cast<std::size_t>(v)];
}

const std::vector<int>& varieties_with_triple(Triple t) {
  static const std::vector<int> none;
  const auto it = tables().with_triple.find(t);
  return it == tables().with_triple.end() ? none : it->second;
}

const std::vector<std::array<int, kVarieties>>& colour_permutations() {
  return tables().permutations;
}

Colouring shown(const PlacedCube& cube) {
  return rotate(varieties()[static_cast<std::size_t>(cube.variety)].colouring,
                rotations()[static_cast<std::size_t>(cube.rotation)]);
}

std::string corner_name(int corner) {
  const auto faces = corner_faces(corner);
  return std::string(kFaceNames[static_cast<std::size_t>(faces[2])]) + "-" +
         kFaceNames[static_cast<std::size_t>(faces[1])] + "-" +
         kFaceNames[static_cast<std::size_t>(faces[0])];
}

int check_solid(const std::vector<PlacedCube>& cubes) {
  if (cubes.size() != kCorners) return -1;
  std::array<bool, kCorners> filled{};
  std::array<int, 6> face_colour;
  face_colour.fill(-1);
  for (const auto& cube : cubes) {
    if (cube.corner < 0 || cube.corner >= kCorners || filled[static_cast<std::size_t>(cube.corner)])
      return -1;
    filled[static_cast<std::size_t>(cube.corner)] = true;
    const Colouring outside = shown(cube);
    // The cube's three outer faces lie on the solid's faces of the same slots.
    for (const int f : corner_faces(cube.corner)) {
      int& colour = face_colour[static_cast<std::size_t>(f)];
      if (colour == -1) colour = outside[static_cast<std::size_t>(f)];
      if (colour != outside[static_cast<std::size_t>(f)]) return -1;  // a face with two colours
    }
  }
  return variety_of(face_colour);  // -1 unless the six faces have six colours
}

}  // namespace puzzlegen::eight_blocks
