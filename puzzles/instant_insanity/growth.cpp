// Sets of cubes grown one cube at a time, one set per class under reordering cubes and renaming
// colours (classes.hpp): a census visits each class once instead of every sorted set of cubes.
#include "growth.hpp"

#include <algorithm>
#include <array>
#include <numeric>

#include "classes.hpp"
#include "instance.hpp"

namespace puzzlegen::instant_insanity {

namespace {

constexpr int kMostColours = 8;  // TowerInstance::canonical_key renames colours up to 8

// A cube as one int: its three opposite pairs, each sorted, sorted, four bits a colour
// (a0 b0 a1 b1 a2 b2 from the high bits down). Codes compare as the pairs do, so a sorted list
// of codes compares as the sorted cube list of TowerInstance::canonical_key.
int code_of(const std::array<int, kFaces>& pairs) {
  int code = 0;
  for (const int colour : pairs) code = code << 4 | colour;
  return code;
}

// The code of a cube with its colours renamed by `to`.
int renamed(int code, const std::array<int, kMostColours>& to) {
  std::array<int, 3> pair{};
  for (int p = 0; p < 3; ++p) {
    const int byte = code >> (16 - 8 * p) & 255;
    const int a = to[static_cast<std::size_t>(byte >> 4)];
    const int b = to[static_cast<std::size_t>(byte & 15)];
    pair[static_cast<std::size_t>(p)] = a < b ? a << 4 | b : b << 4 | a;
  }
  std::sort(pair.begin(), pair.end());
  return pair[0] << 16 | pair[1] << 8 | pair[2];
}

class CubeSets final : public Growth {
 public:
  CubeSets(std::vector<std::string> colors, bool all_colours, bool distinct)
      : n_(static_cast<int>(colors.size())), colors_(std::move(colors)), distinct_(distinct) {
    // Every cube as sorted pairs, in code order; with all_colours, those showing every colour.
    std::vector<std::array<int, 2>> pairs;
    for (int a = 0; a < n_; ++a)
      for (int b = a; b < n_; ++b) pairs.push_back({a, b});
    for (std::size_t p = 0; p < pairs.size(); ++p)
      for (std::size_t q = p; q < pairs.size(); ++q)
        for (std::size_t r = q; r < pairs.size(); ++r) {
          const std::array<int, kFaces> form = {pairs[p][0], pairs[p][1], pairs[q][0],
                                                pairs[q][1], pairs[r][0], pairs[r][1]};
          unsigned shown = 0;
          for (const int colour : form) shown |= 1u << colour;
          if (!all_colours || shown == (1u << n_) - 1) cubes_.push_back(code_of(form));
        }
    std::array<int, kMostColours> to{};
    std::iota(to.begin(), to.begin() + n_, 0);
    do renamings_.push_back(to);
    while (std::next_permutation(to.begin(), to.begin() + n_));
  }

  // No cube yet.
  Partial root() const override { return {}; }
  int depth() const override { return n_; }

  // The parent's cubes (sorted: a canonical form) and one more cube of any kind last (with
  // `distinct`, none the set has already).
  void extend(const Partial& parent,
              const std::function<void(const Partial& child)>& child) const override {
    Partial next = parent;
    next.push_back(0);
    for (const int cube : cubes_) {
      if (distinct_ && std::binary_search(parent.begin(), parent.end(), cube)) continue;
      next.back() = cube;
      child(next);
    }
  }

  // The canonical form of a set is the least, over renamings of the colours, of its sorted cube
  // codes (the family's canonical key). The canonical last cube is the form's last, the
  // greatest: the new cube is canonical when some renaming that gives the form takes it there.
  // Cubes with the same code are interchangeable (reordering cubes is a symmetry), so that
  // settles which step it is.
  Partial accept(const Partial& child) const override {
    const std::size_t k = child.size();
    std::array<int, kMostColours> image{}, best{};
    bool first = true, canonical = false;
    for (const auto& to : renamings_) {
      for (std::size_t i = 0; i < k; ++i) image[i] = renamed(child[i], to);
      const int added = image[k - 1];
      for (std::size_t i = 1; i < k; ++i)  // insertion sort: a handful of cubes
        for (std::size_t j = i; j > 0 && image[j - 1] > image[j]; --j)
          std::swap(image[j - 1], image[j]);
      const auto order = first ? std::strong_ordering::less
                               : std::lexicographical_compare_three_way(
                                     image.begin(), image.begin() + static_cast<std::ptrdiff_t>(k),
                                     best.begin(), best.begin() + static_cast<std::ptrdiff_t>(k));
      if (order < 0) {
        best = image;
        first = false;
        canonical = added == image[k - 1];
      } else if (order == 0) {
        canonical = canonical || added == image[k - 1];
      }
    }
    if (!canonical) return {};
    return Partial(best.begin(), best.begin() + static_cast<std::ptrdiff_t>(k));
  }

  // The leaf is the class's canonical key, cube by cube: the instance the exhaustive walk
  // prints for the class too (its lex-leader).
  std::unique_ptr<Instance> complete(const Partial& leaf) const override {
    std::vector<Cube> cubes;
    for (const int code : leaf) {
      Cube cube;
      for (int f = 0; f < kFaces; ++f)
        cube.faces[static_cast<std::size_t>(f)] = code >> (20 - 4 * f) & 15;
      cubes.push_back(cube);
    }
    return std::make_unique<TowerInstance>(colors_, std::move(cubes));
  }

 private:
  int n_;
  std::vector<std::string> colors_;
  bool distinct_;
  std::vector<int> cubes_;  // the codes of the cubes a set may have, in increasing order
  std::vector<std::array<int, kMostColours>> renamings_;  // every permutation of the colours
};

}  // namespace

std::unique_ptr<Growth> cube_set_growth(std::vector<std::string> colors, bool all_colours,
                                        bool distinct) {
  if (colors.empty() || colors.size() > static_cast<std::size_t>(kMostColours)) return nullptr;
  return std::make_unique<CubeSets>(std::move(colors), all_colours, distinct);
}

}  // namespace puzzlegen::instant_insanity
