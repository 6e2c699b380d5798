#include "drawing.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <map>

namespace puzzlegen::render {

namespace {

constexpr int kHatchings = 8;
constexpr double kLegendRow = 24;

// Hatchings are drawn as lines clipped to the face or disc, not as SVG patterns: Chromium
// prints pattern fills slowly and large (a 20-puzzle sheet took 5 s more and 10 MB).
constexpr double kHatchSpacing = 8;
constexpr const char* kHatchStroke = "#8c8c8c";  // opaque: transparency is slow to print too

// The part of the line {p : p . normal = offset} inside a rect or a circle, as "Mx,y Lx,y".
struct Outline {
  bool circle;
  double x, y, w, h;  // rect; for a circle: centre (x, y), radius w
};
std::string clipped(const Outline& o, double nx, double ny, double offset) {
  const double dx = -ny, dy = nx;                   // along the line
  const double px = nx * offset, py = ny * offset;  // its point nearest the origin
  double t0 = -1e9, t1 = 1e9;
  if (o.circle) {  // |p + t d - c|^2 = r^2, with |d| = 1
    const double ex = px - o.x, ey = py - o.y;
    const double b = ex * dx + ey * dy, c = ex * ex + ey * ey - o.w * o.w;
    const double disc = b * b - c;
    if (disc <= 0) return "";
    t0 = -b - std::sqrt(disc);
    t1 = -b + std::sqrt(disc);
  } else {                                       // Liang-Barsky against the four sides
    const auto clip = [&](double p, double q) {  // keep p t <= q
      if (std::abs(p) < 1e-12) return q >= 0;
      const double t = q / p;
      if (p < 0)
        t0 = std::max(t0, t);
      else
        t1 = std::min(t1, t);
      return true;
    };
    if (!clip(-dx, px - o.x) || !clip(dx, o.x + o.w - px) || !clip(-dy, py - o.y) ||
        !clip(dy, o.y + o.h - py))
      return "";
  }
  if (t1 - t0 < 0.5) return "";
  return "M" + number(px + t0 * dx) + "," + number(py + t0 * dy) + " L" + number(px + t1 * dx) +
         "," + number(py + t1 * dy) + " ";
}

// The path of hatching `kind` over the outline: none, rising diagonals, horizontal,
// cross-hatch, vertical, falling diagonals, grid, dots. Neighbours differ most, so that the
// first few colours (a four-colour puzzle's) stay apart in grey: rising and falling diagonals,
// alike in grey, are five colours apart.
std::string hatch_path(int kind, const Outline& o) {
  static constexpr int kPattern[] = {0, 1, 3, 5, 4, 2, 6, 7};
  static_assert(std::size(kPattern) == std::size_t{kHatchings});
  const int pattern = kPattern[kind % kHatchings];
  const double r = std::sqrt(0.5);
  std::vector<std::pair<double, double>> normals;
  switch (pattern) {
    case 1:
      normals = {{r, r}};
      break;
    case 2:
      normals = {{r, -r}};
      break;
    case 3:
      normals = {{0, 1}};
      break;
    case 4:
      normals = {{1, 0}};
      break;
    case 5:
      normals = {{r, r}, {r, -r}};
      break;
    case 6:
      normals = {{0, 1}, {1, 0}};
      break;
    default:
      break;
  }
  const double left = o.circle ? o.x - o.w : o.x, right = o.circle ? o.x + o.w : o.x + o.w;
  const double top = o.circle ? o.y - o.w : o.y, bottom = o.circle ? o.y + o.w : o.y + o.h;
  std::string d;
  for (const auto& [nx, ny] : normals) {
    // Offsets of the lines that can meet the bounding box, on the page's own grid.
    const double spacing = (nx != 0 && ny != 0) ? kHatchSpacing * r : kHatchSpacing;
    double lo = 1e9, hi = -1e9;
    for (const double x : {left, right})
      for (const double y : {top, bottom}) {
        lo = std::min(lo, x * nx + y * ny);
        hi = std::max(hi, x * nx + y * ny);
      }
    for (double k = std::ceil(lo / spacing); k * spacing <= hi; ++k)
      d += clipped(o, nx, ny, k * spacing);
  }
  if (pattern == 7)  // dots: short strokes on a 4-unit lattice, inside the outline
    for (double x = std::ceil(left / 4) * 4 + 1; x + 1 <= right; x += 4)
      for (double y = std::ceil(top / 4) * 4 + 1; y + 1 <= bottom; y += 4) {
        const bool inside = o.circle
                                ? std::hypot(x + 0.5 - o.x, y + 0.5 - o.y) < o.w - 1
                                : x >= o.x && x + 1 <= o.x + o.w && y >= o.y && y + 1 <= o.y + o.h;
        if (inside)
          d += "M" + number(x) + "," + number(y) + " L" + number(x + 1) + "," + number(y + 1) + " ";
      }
  if (!d.empty()) d.pop_back();
  return d;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Light enough that the hatching and black outlines show, dark enough to tell apart.
const std::map<std::string, std::string>& named_fills() {
  static const std::map<std::string, std::string> fills = {
      {"red", "#e57373"},    {"green", "#81c784"},  {"blue", "#64b5f6"},   {"white", "#ffffff"},
      {"yellow", "#fff176"}, {"orange", "#ffb74d"}, {"purple", "#ba68c8"}, {"violet", "#ba68c8"},
      {"black", "#757575"},  {"grey", "#bdbdbd"},   {"gray", "#bdbdbd"},   {"pink", "#f48fb1"},
      {"brown", "#a1887f"},  {"cyan", "#4dd0e1"},   {"magenta", "#f06292"}};
  return fills;
}

const std::array<const char*, 10> kHues = {"#e57373", "#81c784", "#64b5f6", "#fff176", "#ba68c8",
                                           "#ffb74d", "#4dd0e1", "#a1887f", "#f48fb1", "#bdbdbd"};

double text_width(const std::string& text, double size) {
  return 0.6 * size * static_cast<double>(text.size());
}

Element shape(const std::string& tag, std::initializer_list<std::pair<const char*, double>> at) {
  Element e(tag);
  for (const auto& [name, value] : at) e.set(name, value);
  return e;
}

Element translated(Element content, double x, double y) {
  Element g("g");
  g.set("transform", "translate(" + number(x) + "," + number(y) + ")");
  return g.add(std::move(content));
}

// A glue tab on the edge from (x1, y1) to (x2, y2), folded outwards to the left of the edge's
// direction (the net's faces are to its right).
Element tab(double x1, double y1, double x2, double y2, double depth) {
  const double dx = x2 - x1, dy = y2 - y1;
  const double nx = dy, ny = -dx;  // left normal, length = edge length
  const double k = depth / std::max(std::abs(dx), std::abs(dy));
  const double inset = 0.2;
  auto point = [](double x, double y) { return number(x) + "," + number(y) + " "; };
  Element p("polygon");
  p.set("class", "tab");
  p.set("points", point(x1, y1) + point(x1 + inset * dx + k * nx, y1 + inset * dy + k * ny) +
                      point(x2 - inset * dx + k * nx, y2 - inset * dy + k * ny) + point(x2, y2));
  // Its outline is cut (solid); the edge it shares with a face is a fold, drawn over it.
  p.set("fill", "#f2f2f2").set("stroke", "#000");
  return p;
}

// A fold line over a face edge that is drawn solid: white underneath, then black dashes.
Element fold(double x1, double y1, double x2, double y2) {
  Element g("g");
  g.set("class", "fold");
  for (const bool dashes : {false, true}) {
    Element line("line");
    line.set("x1", x1).set("y1", y1).set("x2", x2).set("y2", y2);
    if (dashes)
      line.set("stroke", "#000").set("stroke-width", 1).set("stroke-dasharray", "4,3");
    else
      line.set("stroke", "#fff").set("stroke-width", 2.5);
    g.add(std::move(line));
  }
  return g;
}

// The colours as a row of discs with their names, wrapped at `width`.
Drawing legend(const std::vector<Colour>& colours, double width) {
  Drawing key;
  key.content.set("class", "legend");
  if (colours.empty()) return key;
  const Palette palette(colours);
  double x = 0, y = kLegendRow / 2;
  for (std::size_t i = 0; i < colours.size(); ++i) {
    const std::string text = lower(colours[i].label) == lower(colours[i].name)
                                 ? colours[i].name
                                 : colours[i].label + " = " + colours[i].name;
    const double entry = 2 * 9 + 6 + text_width(text, 12);
    if (x > 0 && x + entry > width) {
      x = 0;
      y += kLegendRow;
    }
    key.content.add(palette.disc(x + 9, y, 9, static_cast<int>(i)));
    key.content.add(label(x + 24, y + 4, text));
    key.width = std::max(key.width, x + entry);
    x += entry + 18;
  }
  key.height = y + kLegendRow / 2;
  return key;
}

}  // namespace

Palette::Palette(const std::vector<std::string>& names, const std::vector<std::string>& labels) {
  for (std::size_t c = 0; c < names.size(); ++c) colours_.push_back({names[c], labels.at(c)});
}

std::string Palette::fill(int colour) const {
  const auto& name = colours_.at(static_cast<std::size_t>(colour)).name;
  const auto it = named_fills().find(lower(name));
  return it != named_fills().end() ? it->second
                                   : kHues[static_cast<std::size_t>(colour) % kHues.size()];
}

// A face or a disc: `outline` (a rect or circle) filled with the colour, again with its
// hatching and a black edge, then the label on a white disc of `radius` at (cx, cy).
Element Palette::mark(const std::string& css_class, const Element& outline,
                      const std::string& hatching, double cx, double cy, double radius,
                      int colour) const {
  const Colour& c = colours_.at(static_cast<std::size_t>(colour));
  Element g("g");
  g.set("class", css_class).set("data-colour", c.name);
  g.add(Element(outline).set("fill", fill(colour)));
  if (!hatching.empty())
    g.add(Element("path")
              .set("class", "hatching")
              .set("d", hatching)
              .set("stroke", kHatchStroke)
              .set("stroke-width", colour % kHatchings == 7 ? 1.6 : 1)
              .set("fill", "none"));
  g.add(Element(outline).set("fill", "none").set("stroke", "#000").set("stroke-width", 1.2));
  g.add(shape("circle", {{"cx", cx}, {"cy", cy}, {"r", radius}})
            .set("fill", "#fff")
            .set("stroke", "#555")
            .set("stroke-width", 0.6));
  const double font =
      std::min(radius * 1.3, 2.2 * radius / std::max<double>(1.0, 0.6 * c.label.size()));
  g.add(label(cx, cy + font * 0.36, c.label, font, "middle", "bold"));
  return g;
}

Element Palette::face(double x, double y, double size, int colour) const {
  return mark("face", shape("rect", {{"x", x}, {"y", y}, {"width", size}, {"height", size}}),
              hatch_path(colour, {false, x, y, size, size}), x + size / 2, y + size / 2, size * 0.3,
              colour);
}

Element Palette::disc(double cx, double cy, double radius, int colour) const {
  return mark("disc", shape("circle", {{"cx", cx}, {"cy", cy}, {"r", radius}}),
              hatch_path(colour, {true, cx, cy, radius, radius}), cx, cy, radius * 0.62, colour);
}

double Palette::net_width(double cell) {
  return 3.6 * cell;
}
double Palette::net_height(double cell) {
  return 4.35 * cell + 18;
}

Element Palette::cube_net(double cell, const std::array<int, 6>& faces,
                          const std::string& title) const {
  // Laid out as a cross 4 cells wide and 3 high: top (1,0); left (0,1), front (1,1), right
  // (2,1), back (3,1); bottom (1,2). Drawn turned a quarter clockwise, 3 wide and 4 high, so
  // that four nets stand side by side across a page: a rotation of the paper, so it folds into
  // the same cube (a reflection would give its mirror image). Offset by the tab depth so the
  // tabs stay inside the box.
  static constexpr std::array<std::array<int, 2>, 6> kCells = {
      {{1, 0}, {0, 1}, {1, 1}, {2, 1}, {3, 1}, {1, 2}}};
  const double d = 0.3 * cell;  // tab depth
  const double ox = d, oy = 18 + d;
  Element g("g");
  g.set("class", "net").set("data-title", title);
  g.add(label(0, 13, title, 13, "start", "bold"));
  // A point (cx, cy) of the cross's grid, turned: (x, y) -> (3 - y, x).
  auto at = [&](double cx, double cy) {
    return std::array<double, 2>{ox + (3 - cy) * cell, oy + cx * cell};
  };
  // Seven tabs, one per pair of edges glued together when the net is folded.
  const std::array<std::array<std::array<double, 2>, 2>, 7> edges = {{
      {at(1, 1), at(1, 0)},  // top's left edge, glued to left's top edge
      {at(1, 0), at(2, 0)},  // top's top edge, glued to back's top edge
      {at(2, 0), at(2, 1)},  // top's right edge, glued to right's top edge
      {at(2, 2), at(2, 3)},  // bottom's right edge
      {at(2, 3), at(1, 3)},  // bottom's bottom edge
      {at(1, 3), at(1, 2)},  // bottom's left edge
      {at(0, 2), at(0, 1)},  // left's left edge, glued to back's right edge
  }};
  for (const auto& [a, b] : edges) g.add(tab(a[0], a[1], b[0], b[1], d));
  for (std::size_t i = 0; i < 6; ++i) {
    const auto [cx, cy] = kCells[i];
    // The cell's top-left corner after turning is its old bottom-left one.
    const auto corner = at(cx, cy + 1);
    Element f = face(corner[0], corner[1], cell, faces[i]);
    f.set("data-side", kNetFaces[i]);
    g.add(std::move(f));
  }
  // Cut along the solid outline, fold along the dashed lines: the edges between two faces and
  // between a face and its tab.
  std::vector<std::array<std::array<double, 2>, 2>> folds = {{
      {at(1, 1), at(2, 1)},  // top | front
      {at(1, 1), at(1, 2)},  // left | front
      {at(2, 1), at(2, 2)},  // front | right
      {at(3, 1), at(3, 2)},  // right | back
      {at(1, 2), at(2, 2)},  // front | bottom
  }};
  folds.insert(folds.end(), edges.begin(), edges.end());
  for (const auto& [a, b] : folds) g.add(fold(a[0], a[1], b[0], b[1]));
  return g;
}

Drawing Palette::nets(const std::vector<std::array<int, 6>>& cubes, double width,
                      double cell) const {
  std::vector<Drawing> pieces = net_pieces(cubes, cell);
  pieces.pop_back();  // the legend: under the whole drawing instead
  Drawing d = flow(std::move(pieces), width, 10);
  d.colours = colours_;
  return d;
}

std::vector<Drawing> Palette::net_pieces(const std::vector<std::array<int, 6>>& cubes,
                                         double cell) const {
  // A run of more than 4 alike cubes is one net with its range: the drawing stays the size of
  // the distinct cubes, not of the count (a 300-byte instance may ask for 30,000 cubes).
  constexpr std::size_t kMostDrawnAlike = 4;
  std::vector<Drawing> parts;
  for (std::size_t i = 0; i < cubes.size();) {
    std::size_t run = 1;
    while (i + run < cubes.size() && cubes[i + run] == cubes[i]) ++run;
    const std::size_t drawn = run > kMostDrawnAlike ? 1 : run;
    for (std::size_t k = 0; k < drawn; ++k) {
      const std::size_t number = i + k + 1;
      Drawing net;
      net.content = cube_net(cell, cubes[i],
                             drawn == run ? "Cube " + std::to_string(number)
                                          : "Cubes " + std::to_string(number) + "\u2013" +
                                                std::to_string(i + run) + ": " +
                                                std::to_string(run) + " alike");
      net.width = net_width(cell);
      net.height = net_height(cell);
      parts.push_back(std::move(net));
    }
    i += run;
  }
  // The legend a piece of its own after the nets: under a net it would widen that net's figure
  // and push it off its row.
  Drawing legend;
  legend.colours = colours_;
  parts.push_back(std::move(legend));
  return parts;
}

Element label(double x, double y, const std::string& text, double size, const std::string& anchor,
              const std::string& weight) {
  Element t("text");
  t.set("x", x).set("y", y).set("font-size", size);
  if (anchor != "start") t.set("text-anchor", anchor);
  if (weight != "normal") t.set("font-weight", weight);
  return t.text(text);
}

Drawing flow(std::vector<Drawing> parts, double width, double gap) {
  Drawing out;
  double x = 0, y = 0, row_height = 0;
  for (auto& part : parts) {
    if (x > 0 && x + part.width > width) {
      x = 0;
      y += row_height + gap;
      row_height = 0;
    }
    out.content.add(translated(std::move(part.content), x, y));
    out.width = std::max(out.width, x + part.width);
    row_height = std::max(row_height, part.height);
    x += part.width + gap;
    if (out.colours.empty()) out.colours = part.colours;
  }
  out.height = y + row_height;
  return out;
}

Drawing stack(Drawing top, Drawing bottom, double gap) {
  Drawing out;
  out.width = std::max(top.width, bottom.width);
  out.height = top.height + gap + bottom.height;
  out.colours = top.colours.empty() ? bottom.colours : top.colours;
  out.content.add(std::move(top.content));
  out.content.add(translated(std::move(bottom.content), 0, top.height + gap));
  return out;
}

namespace {

constexpr double kSvgMargin = 8;

// The legend under a drawing: as wide as the drawing, or as 600 px print when that is wider.
Drawing legend_of(const Drawing& drawing) {
  return legend(drawing.colours, std::max(drawing.width, 600.0 / drawing.scale));
}

}  // namespace

namespace {

// The <svg>'s own size around a drawing and its legend `key`, before scaling.
std::pair<double, double> box(const Drawing& drawing, const Drawing& key) {
  return {std::max(drawing.width, key.width) + 2 * kSvgMargin,
          drawing.height + (key.height > 0 ? key.height + 12 : 0) + 2 * kSvgMargin};
}

}  // namespace

std::pair<double, double> printed_size(const Drawing& drawing) {
  const auto [width, height] = box(drawing, legend_of(drawing));
  return {width * drawing.scale, height * drawing.scale};
}

Element svg(const Drawing& drawing) {
  constexpr double margin = kSvgMargin;
  Drawing key = legend_of(drawing);
  const auto [width, height] = box(drawing, key);
  Element root("svg");
  root.set("xmlns", "http://www.w3.org/2000/svg")
      .set("width", width * drawing.scale)
      .set("height", height * drawing.scale)
      .set("viewBox", "0 0 " + number(width) + " " + number(height))
      .set("font-family", "DejaVu Sans, Arial, Helvetica, sans-serif");
  root.add(translated(drawing.content, margin, margin));
  if (key.height > 0)
    root.add(translated(std::move(key.content), margin, margin + drawing.height + 12));
  return root;
}

std::string svg_document(const Drawing& drawing) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg(drawing).str() + "\n";
}

}  // namespace puzzlegen::render
