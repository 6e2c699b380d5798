#include "drawing.hpp"

#include <algorithm>

namespace puzzlegen::eight_blocks {

namespace {

using render::Element;
using render::label;

std::array<int, 6> net_order(const Colouring& c) {
  return {c[top], c[left], c[front], c[right], c[back], c[bottom]};
}

// Where each of the solid's faces sits in a cross-shaped net of 2x2 blocks (in blocks), and
// which of its four squares a corner with signs s shows there, seen from outside with the net
// unfolded around the front face.
struct BlockPlace {
  int column, row;
};
BlockPlace block_of(int face) {
  switch (face) {
    case top:
      return {1, 0};
    case left:
      return {0, 1};
    case front:
      return {1, 1};
    case right:
      return {2, 1};
    case back:
      return {3, 1};
    default:
      return {1, 2};
  }
}
BlockPlace square_of(int face, const std::array<int, 3>& s) {
  const bool x = s[0] > 0, y = s[1] > 0, z = s[2] > 0;
  switch (face) {
    case front:
      return {x, !z};
    case right:
      return {y, !z};
    case back:
      return {!x, !z};
    case left:
      return {!y, !z};
    case top:
      return {x, !y};
    default:  // bottom
      return {x, y};
  }
}

Element number_tag(double x, double y, int number) {
  Element g("g");
  g.add(Element("rect")
            .set("x", x + 1.5)
            .set("y", y + 1.5)
            .set("width", 13)
            .set("height", 11)
            .set("fill", "#fff"));
  g.add(label(x + 8, y + 10.5, std::to_string(number), 9, "middle", "bold"));
  return g;
}

render::Palette palette_of(const BlocksInstance& instance) {
  return render::Palette(instance.colors(), instance.labels());
}

// The variety of each cube as numbered on the puzzle sheet (cube k is element k - 1).
std::vector<int> numbered_cubes(const Counts& counts) {
  std::vector<int> out;
  for (int v = 0; v < kVarieties; ++v)
    out.insert(out.end(), static_cast<std::size_t>(counts[static_cast<std::size_t>(v)]), v);
  return out;
}

}  // namespace

render::Drawing BlocksInstance::draw(double width) const {
  std::vector<std::array<int, 6>> nets;
  for (const int v : numbered_cubes(counts_))
    nets.push_back(net_order(varieties()[static_cast<std::size_t>(v)].colouring));
  // Eight cubes in two rows at 8.7 mm faces, so that two puzzles share an A4 page.
  return palette_of(*this).nets(nets, width, nets.size() > 4 ? 33 : render::Palette::kNetCell);
}

std::vector<render::Drawing> BlocksInstance::cut_outs(double scale) const {
  std::vector<std::array<int, 6>> nets;
  for (const int v : numbered_cubes(counts_))
    nets.push_back(net_order(varieties()[static_cast<std::size_t>(v)].colouring));
  return palette_of(*this).net_pieces(nets, render::Palette::kPupilNetCell * scale);
}

render::Drawing draw_assembly(const BlocksInstance& instance, int variety,
                              const std::vector<PlacedCube>& cubes) {
  const render::Palette colours = palette_of(instance);
  const Counts& counts = instance.counts();
  // Number each placed cube as the puzzle sheet does: the first unused cube of its variety.
  const std::vector<int> sheet = numbered_cubes(counts);
  std::vector<bool> used(sheet.size(), false);
  std::vector<int> numbers;
  for (const auto& cube : cubes) {
    std::size_t k = 0;
    while (k < sheet.size() && (used[k] || sheet[k] != cube.variety)) ++k;
    if (k == sheet.size()) throw std::logic_error("an assembly uses a cube the instance lacks");
    used[k] = true;
    numbers.push_back(static_cast<int>(k) + 1);
  }

  // The solid unfolded: six 2x2 blocks, each square coloured as the cube there shows it.
  constexpr double cell = 34, gap = 14, title = 36;
  const double block = 2 * cell + gap;
  render::Drawing solid;
  solid.content.set("class", "solid");
  solid.content.add(
      label(0, 13, "The solid, unfolded: variety " + variety_name(variety), 12, "start", "bold"));
  solid.content.add(label(0, 28, "numbers: the cube on each square", 10));
  for (std::size_t i = 0; i < cubes.size(); ++i) {
    const Colouring outside = shown(cubes[i]);
    const auto signs = corner_signs(cubes[i].corner);
    for (const int f : corner_faces(cubes[i].corner)) {
      const auto [bc, br] = block_of(f);
      const auto [sc, sr] = square_of(f, signs);
      const double x = bc * block + sc * cell, y = title + br * block + sr * cell;
      solid.content.add(colours.face(x, y, cell, outside[static_cast<std::size_t>(f)])
                            .set("data-side", kFaceNames[static_cast<std::size_t>(f)]));
      solid.content.add(number_tag(x, y, numbers[i]));
    }
  }
  for (int f = 0; f < 6; ++f) {
    const auto [bc, br] = block_of(f);
    solid.content.add(label(bc * block + cell, title + br * block + 2 * cell + 10,
                            kFaceNames[static_cast<std::size_t>(f)], 9, "middle"));
  }
  solid.width = 4 * block;
  solid.height = title + 3 * block + 6;

  // Corner by corner: the cube, and the colour it shows on each of the three sides of the solid
  // that meet there. Every corner has one face on each axis, so the columns name the axis: a
  // pupil reads "top-front-right: cube 4, top green, front red, right blue".
  constexpr double row = 28, face = 22;
  const std::array<double, 5> x = {0, 108, 146, 202, 258};
  const std::array<std::array<Face, 2>, 3> axes = {{{top, bottom}, {front, back}, {left, right}}};
  render::Drawing table;
  table.content.set("class", "corners");
  table.content.add(label(0, 13, "Corner by corner", 12, "start", "bold"));
  const std::array<const char*, 5> header = {"corner", "cube", "top/bottom", "front/back",
                                             "left/right"};
  for (std::size_t k = 0; k < header.size(); ++k)
    table.content.add(
        label(x[k] + (k < 2 ? 0 : face / 2 + 8), 32, header[k], 9.5, k < 2 ? "start" : "middle"));
  for (std::size_t i = 0; i < cubes.size(); ++i) {
    const double y = 40 + static_cast<double>(i) * row;
    const Colouring outside = shown(cubes[i]);
    Element r("g");
    r.set("class", "corner-row").set("data-variety", variety_name(cubes[i].variety));
    r.add(label(x[0], y + 15, corner_name(cubes[i].corner), 10.5));
    r.add(label(x[1] + 10, y + 15, std::to_string(numbers[i]), 11, "middle", "bold"));
    const auto faces = corner_faces(cubes[i].corner);
    for (std::size_t k = 0; k < axes.size(); ++k) {
      const auto f = *std::find_if(faces.begin(), faces.end(), [&](int side) {
        return side == axes[k][0] || side == axes[k][1];
      });
      r.add(colours.face(x[2 + k] + 8, y, face, outside[static_cast<std::size_t>(f)])
                .set("data-side", kFaceNames[static_cast<std::size_t>(f)]));
    }
    table.content.add(std::move(r));
  }
  table.width = x[4] + 60;  // beside the solid on the page
  table.height = 40 + static_cast<double>(cubes.size()) * row;

  std::vector<render::Drawing> parts;
  parts.push_back(std::move(solid));
  parts.push_back(std::move(table));
  render::Drawing d = render::flow(std::move(parts), render::kPageWidth, 24);
  d.colours = colours.colours();
  return d;
}

}  // namespace puzzlegen::eight_blocks
