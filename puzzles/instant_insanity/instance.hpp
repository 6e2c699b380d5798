// An Instant Insanity instance: n cubes coloured with n named colours.
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "family.hpp"
#include "rotations.hpp"

namespace puzzlegen::instant_insanity {

// The largest instance read (colours are packed in a byte in canonical keys).
inline constexpr int kMostCubes = 128;

struct Cube {
  std::array<int, kFaces> faces{};  // colour index per face slot (top, bottom, front, ...)
  bool written_as_net = false;      // keep the user's form (a net fixes the mirror image)

  // The cube up to rotation and reflection: its three opposite pairs, each sorted, sorted.
  // Everything the puzzle's counts depend on.
  std::array<int, kFaces> pairs_key() const;
};

// What a cube shows on the four sides in one orientation: colours at front, back, left, right.
using Sides = std::array<int, kSides>;
Sides sides_of(const Cube& cube, int rotation);

struct TowerForm;  // below

class TowerInstance final : public Instance {
 public:
  TowerInstance(std::vector<std::string> colors, std::vector<Cube> cubes);

  const std::vector<std::string>& colors() const { return colors_; }
  const std::vector<Cube>& cubes() const { return cubes_; }
  int size() const { return static_cast<int>(cubes_.size()); }
  // Shortest unique prefixes of the colour names, for compact text (R, G, B, W).
  const std::vector<std::string>& abbreviations() const { return abbreviations_; }

  Json to_json() const override;
  std::vector<int> canonical_key() const override;
  std::optional<Natural> class_size() const override;  // distinct colour relabellings
  // The class's representative as canonical_key() has it (TowerForm). Every tower of a class
  // gives the same one, names aside: what depends on it (a grade, the steps of a key) is then
  // the same for the whole class.
  TowerForm canonical_form() const;
  std::string render_text() const override;
  render::Drawing draw(double width) const override;
  std::vector<render::Drawing> cut_outs(
      double scale) const override;  // drawing.cpp  // drawing.cpp

 private:
  // The relabelling of colours (old index to new) under which the sorted cube codes are least.
  std::array<int, kMostCubes> canonical_relabelling() const;

  std::vector<std::string> colors_;
  std::vector<Cube> cubes_;
  std::vector<std::string> abbreviations_;
};

// A tower's class representative: colours relabelled (each name goes with its colour) and
// cubes in key order. cube_of[k] is the tower's cube at position k of the form, colour_of[r]
// the tower's colour that the form's colour r is.
struct TowerForm {
  TowerInstance tower;
  std::vector<int> cube_of, colour_of;
};

TowerInstance read_tower(const YAML::Node& document, const std::string& file);

// Default colour names for n colours: red, green, blue, white, then more.
std::vector<std::string> default_colors(int n);

// A cube key with colours relabelled by `relabel` (canonical pairs form).
std::array<int, kFaces> relabelled_pairs_key(const Cube& cube, const std::vector<int>& relabel);

}  // namespace puzzlegen::instant_insanity
