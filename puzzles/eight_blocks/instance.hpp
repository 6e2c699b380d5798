// An Eight Blocks instance: a multiset of cubes, each coloured with the same six colours, kept
// as the number of cubes of each of the 30 varieties (Haraguchi's 6x6 matrix in Conway's
// labelling). The colours are p..u unless named (a spec's `parameters: {colors: [...]}`):
// names are for print only, colour i is row and column i + 1 of the matrix either way.
#pragma once

#include <array>

#include "family.hpp"
#include "geometry.hpp"
#include "groups.hpp"

namespace puzzlegen::eight_blocks {

// p, q, r, s, t, u: the colours' names unless a spec or an instance file names them.
const std::vector<std::string>& default_colors();

class BlocksInstance final : public Instance {
 public:
  // `convention`: which instances its key and class size count as the same (the spec's).
  explicit BlocksInstance(Counts counts, std::vector<std::string> colors = default_colors(),
                          Convention convention = Convention::renaming);

  const Counts& counts() const { return counts_; }
  const std::vector<std::string>& colors() const { return colors_; }
  // Labels on the faces: the names themselves when they are p..u, else their shortest
  // distinct prefixes (red, green -> R, G).
  const std::vector<std::string>& labels() const { return labels_; }
  bool named() const { return colors_ != default_colors(); }
  Convention convention() const { return convention_; }
  int size() const;

  Json to_json() const override;  // {puzzle: eight-blocks, counts: 6 rows of 6}
  // The greatest count vector over the convention's group (VarietyGroup::canonical): the 720
  // renamings of the colours, or those and their mirror images.
  std::vector<int> canonical_key() const override;
  // The instances in its class: the group's order over its automorphisms.
  std::optional<Natural> class_size() const override;
  std::string render_text() const override;
  render::Drawing draw(double width) const override;  // drawing.cpp
  std::vector<render::Drawing> cut_outs(double scale) const override;

 private:
  Counts counts_;
  std::vector<std::string> colors_;
  std::vector<std::string> labels_;
  Convention convention_;
};

// `counts:` (6 rows of 6 integers, diagonal 0) or `cubes:` (nets {right, left, back, front,
// top, bottom} with six different colours), or both (added up); `colors:` names the six colours
// (default p..u).
BlocksInstance read_blocks(const YAML::Node& document, const std::string& file);

// `per-variety: {"(1,2)": {min: 2}, "(3,4)": 1}` (bounds as a spec writes them, read_bounds) as
// {"(1,2)": {"min": 2}, "(3,4)": {"min": 1, "max": 1}}.
Json read_per_variety(const YAML::Node& node, const std::string& file, const std::string& field);

// "(1,2)" names, or "all" / "none" / "others" where allowed, for spec options.
Json read_variety_list(const YAML::Node& node, const std::string& file, const std::string& field,
                       const std::vector<std::string>& words);

}  // namespace puzzlegen::eight_blocks
