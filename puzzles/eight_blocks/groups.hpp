// Symmetries of Eight Blocks instances as permutations of the 30 varieties, and canonical forms
// of count vectors under them: the colour renamings (720), the renamings with mirror images
// (1,440: a mirror image of a cube of variety v is a cube of variety mirror(v), and a mirror
// image of an instance builds exactly the mirror images of its solids), and the subgroups of
// either that keep a spec's bounds.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "geometry.hpp"

namespace puzzlegen::eight_blocks {

// Which instances count as the same (a spec's `instance: {modulo: ...}`): those that differ by
// renaming the colours, or also those that are mirror images of each other.
enum class Convention { renaming, renaming_and_mirror };
inline constexpr const char* kRenaming = "color-renaming";
inline constexpr const char* kRenamingAndMirror = "color-renaming-and-mirror";

// A permutation of the varieties: variety v goes to position to[v].
using VarietyMap = std::array<std::uint8_t, kVarieties>;

class VarietyGroup {
 public:
  // The group made of `elements`, which must be one: closed under composition, identity included.
  explicit VarietyGroup(std::vector<VarietyMap> elements);
  // The renamings of the colours (geometry's colour_permutations), identity first.
  static const VarietyGroup& renamings();
  // Those and each of them after a mirror image: 1,440 elements, the renamings first.
  static const VarietyGroup& with_mirrors();
  static const VarietyGroup& of(Convention convention);
  // The elements g that keep `same`: same(v, g(v)) for every variety v. When `same` is an
  // equivalence (such as "has the same bounds in the spec"), they make a subgroup.
  VarietyGroup keeping(const std::function<bool(int, int)>& same) const;

  std::size_t order() const { return to_.size(); }
  const std::vector<VarietyMap>& elements() const { return to_; }
  // Where element g takes variety v.
  int apply(std::size_t g, int v) const { return to_[g][static_cast<std::size_t>(v)]; }
  // The variety element g takes to position p (g's inverse).
  int preimage(std::size_t g, int p) const { return from_[g][static_cast<std::size_t>(p)]; }
  // The image of `counts` under element g: the count of v moves to position g(v).
  Counts image(const Counts& counts, std::size_t g) const;
  // The canonical form of `counts`: its greatest image, comparing count vectors position by
  // position. `to_form` (when not null) receives the elements that take `counts` to it, one
  // per automorphism of `counts`, in no particular order.
  Counts canonical(const Counts& counts, std::vector<std::uint32_t>* to_form = nullptr) const;
  // How many elements fix `counts`: the size of its orbit is order() / automorphisms().
  std::size_t automorphisms(const Counts& counts) const;

 private:
  std::vector<VarietyMap> to_;
  std::vector<VarietyMap> from_;  // the inverses: position p holds the count of from_[g][p]
  // The elements as a trie of their inverses (from_[g][0], from_[g][1], ...): a node at depth
  // p holds the elements that agree on positions 0 to p - 1, and its children split them by
  // the variety they bring to position p. canonical() walks it a position at a time, keeping
  // only the children that put the most cubes there, so it compares whole images only of the
  // few elements left where the trie ends (a handful of positions settles an element).
  struct TrieNode {
    std::uint32_t first_child = 0;  // children are consecutive in trie_
    std::uint16_t children = 0;     // 0: a single element, `element`
    std::uint8_t variety = 0;       // what its elements bring to the position its parent splits
    std::uint32_t element = 0;
  };
  std::vector<TrieNode> trie_;  // trie_[0] is the root, at depth 0
};

}  // namespace puzzlegen::eight_blocks
