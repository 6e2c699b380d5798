// Drawing blocks shared by every family: coloured faces that stay readable in black-and-white
// print, cube nets to cut out, legends, and SVG documents. A family draws its instances and
// solutions as a Drawing; the CLI puts drawings into SVG files, HTML pages and worksheets.
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "xml.hpp"

namespace puzzlegen::render {

// The printable width of an A4 page with the worksheets' margins (182 mm), in CSS pixels.
inline constexpr double kPageWidth = 680;

// A colour as drawn: its name (for the legend and the fill, when it names a colour) and the
// short label printed on every face of that colour.
struct Colour {
  std::string name;
  std::string label;
};

// An SVG group in its own coordinates, from (0,0) to (width,height), and the colours its faces
// use, which are drawn as a legend underneath.
struct Drawing {
  Element content{"g"};
  double width = 0;
  double height = 0;
  std::vector<Colour> colours;
  // Printed size per drawn unit: svg() enlarges the whole drawing (legend too) by it.
  double scale = 1;
};

// Faces of colour i: a fill (the named colour where the name is one, a distinct hue
// otherwise), a hatching of its own, and the colour's label on a white disc.
class Palette {
 public:
  explicit Palette(std::vector<Colour> colours) : colours_(std::move(colours)) {}
  // Colour i named names[i] and labelled labels[i] (the two lists have the same length).
  Palette(const std::vector<std::string>& names, const std::vector<std::string>& labels);
  const std::vector<Colour>& colours() const { return colours_; }

  std::string fill(int colour) const;
  // <g class="face" data-colour="NAME">: a square with its top-left corner at (x, y).
  Element face(double x, double y, double size, int colour) const;
  // A disc of the colour with its label (graph vertices, legend swatches).
  Element disc(double cx, double cy, double radius, int colour) const;

  // A cross-shaped net to cut out and fold, with glue tabs, standing upright: top; left,
  // front, right, back; bottom. `faces` holds the colours in that order. <g class="net"> with six
  // faces, net_width(cell) by net_height(cell) with the title, its top-left corner at the origin.
  Element cube_net(double cell, const std::array<int, 6>& faces, const std::string& title) const;
  static double net_width(double cell);
  static double net_height(double cell);
  // What to do with the nets, for a puzzle's task: the lines as cube_net draws them.
  static constexpr const char* kNetHowTo =
      "cut along the solid lines, fold along the dashed ones and glue the grey tabs inside";
  // Nets "Cube 1", "Cube 2", ... in rows no wider than `width`; more than 4 alike in a row are
  // one net, "Cubes 5–1004: 1000 alike".
  Drawing nets(const std::vector<std::array<int, 6>>& cubes, double width,
               double cell = kNetCell) const;
  // The same nets one drawing each, then the legend alone (Instance::cut_outs).
  std::vector<Drawing> net_pieces(const std::vector<std::array<int, 6>>& cubes, double cell) const;

  // A face on a net to cut out: 44 CSS px, 11.6 mm in print. Four nets stand side by side
  // across a page, so a four-cube puzzle takes one row.
  static constexpr double kNetCell = 44;
  // A face pupils cut out and glue well: 76 CSS px, 20 mm in print (a worksheet's default).
  static constexpr double kPupilNetCell = 76;

 private:
  Element mark(const std::string& css_class, const Element& outline, const std::string& hatching,
               double cx, double cy, double radius, int colour) const;

  std::vector<Colour> colours_;
};

// Where a net's faces are: the order of Palette::cube_net's `faces`.
inline constexpr std::array<const char*, 6> kNetFaces = {"top",   "left", "front",
                                                         "right", "back", "bottom"};

// Text in the drawings' font; `anchor` is start, middle or end.
Element label(double x, double y, const std::string& text, double size = 12,
              const std::string& anchor = "start", const std::string& weight = "normal");

// Lays drawings out in rows no wider than `width` (at least one per row), `gap` apart.
Drawing flow(std::vector<Drawing> parts, double width, double gap);
// `top` over `bottom`, `gap` apart; the colours are top's, or bottom's when top has none.
Drawing stack(Drawing top, Drawing bottom, double gap);

// <svg> of a drawing with its legend below: self-contained (hatchings are drawn lines), its
// width and height `drawing.scale` times its view box.
Element svg(const Drawing& drawing);
// The width and height svg(drawing) prints at, in CSS px.
std::pair<double, double> printed_size(const Drawing& drawing);
// A standalone SVG file.
std::string svg_document(const Drawing& drawing);

}  // namespace puzzlegen::render
