#include "rotations.hpp"

#include <algorithm>
#include <stdexcept>

namespace puzzlegen::instant_insanity {

namespace {
using Vec = std::array<int, 3>;
// Outward normals of the face slots: x to the right, y away from the viewer, z up.
constexpr std::array<Vec, kFaces> kNormals = {Vec{0, 0, 1}, Vec{0, 0, -1}, Vec{0, -1, 0},
                                              Vec{0, 1, 0}, Vec{-1, 0, 0}, Vec{1, 0, 0}};

Vec rotated(const Matrix& m, const Vec& v) {
  Vec out{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) out[i] += m[i][j] * v[j];
  return out;
}

int determinant(const Matrix& m) {
  return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
         m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
         m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

int face_of(const Vec& normal) {
  for (int f = 0; f < kFaces; ++f)
    if (kNormals[f] == normal) return f;
  throw std::logic_error("not a face normal");
}

std::vector<Rotation> build_rotations() {
  // Every signed permutation matrix with determinant +1 is a rotation of the cube: 3! axis
  // permutations x 2^3 signs, half of them proper, 24 in all.
  std::vector<Rotation> out;
  std::array<int, 3> axes = {0, 1, 2};
  do {
    for (int signs = 0; signs < 8; ++signs) {
      Matrix m{};
      for (int row = 0; row < 3; ++row) m[row][axes[row]] = (signs >> row & 1) ? -1 : 1;
      if (determinant(m) != 1) continue;
      Rotation r{m, {}};
      // The face with normal n ends up at slot R n; so slot w shows the face R^-1 w = R^T w.
      for (int f = 0; f < kFaces; ++f) r.shows[face_of(rotated(m, kNormals[f]))] = f;
      out.push_back(r);
    }
  } while (std::next_permutation(axes.begin(), axes.end()));
  return out;  // the identity comes first: axes (0,1,2) with no sign flips
}

Matrix multiply(const Matrix& a, const Matrix& b) {
  Matrix m{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) m[i][j] += a[i][k] * b[k][j];
  return m;
}
}  // namespace

const std::vector<Rotation>& rotations() {
  static const std::vector<Rotation> all = build_rotations();
  return all;
}

int compose(int a, int b) {
  const Matrix m = multiply(rotations()[a].matrix, rotations()[b].matrix);
  const auto& all = rotations();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].matrix == m) return static_cast<int>(i);
  throw std::logic_error("rotations are not closed under composition");
}

std::vector<TowerSymmetry> tower_group(bool with_flips) {
  std::vector<TowerSymmetry> out;
  const auto& all = rotations();
  for (std::size_t g = 0; g < all.size(); ++g) {
    const int up = all[g].matrix[2][2];  // image of +z along z
    if (up == 1 || (with_flips && up == -1)) {
      // Turning the tower by g: world slot w now shows what slot g^-1 w showed before.
      TowerSymmetry s{static_cast<int>(g), {}};
      for (int s_new = 0; s_new < kSides; ++s_new) {
        const int old_slot = all[g].shows[kSideFaces[s_new]];
        s.perm[s_new] = static_cast<int>(std::find(kSideFaces.begin(), kSideFaces.end(), old_slot) -
                                         kSideFaces.begin());
      }
      out.push_back(s);
    }
  }
  return out;
}

}  // namespace puzzlegen::instant_insanity
