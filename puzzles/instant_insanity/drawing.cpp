#include "drawing.hpp"

#include "render/grid.hpp"
#include "render/play.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numbers>
#include <tuple>

namespace puzzlegen::instant_insanity {

namespace {

using render::Element;
using render::label;

constexpr double kCell = 30;

// A cube's faces in the order Palette::cube_net draws them.
std::array<int, 6> net_faces(const Cube& cube) {
  const auto& f = cube.faces;
  return {f[top], f[left], f[front], f[right], f[back], f[bottom]};
}

render::Palette palette_of(const TowerInstance& instance) {
  return render::Palette(instance.colors(), instance.abbreviations());
}

// The three pairs of opposite faces as the tower turns them, and how each is drawn in the
// multigraph: solid, dashed, dotted grey.
enum Role : int { facing_front = 0, facing_left = 1, hidden = 2 };
constexpr std::array<const char*, 3> kRoleNames = {"front-back", "left-right", "top-bottom"};

Element edge(const std::string& path, Role role) {
  Element p("path");
  p.set("class", std::string("edge ") + kRoleNames[role]).set("d", path).set("fill", "none");
  if (role == hidden)
    return p.set("stroke", "#9e9e9e").set("stroke-width", 1).set("stroke-dasharray", "1.5,3");
  p.set("stroke", "#000").set("stroke-width", 2.6);
  return role == facing_left ? p.set("stroke-dasharray", "9,4") : p;
}

// The tower as it stands, top cube first; columns walk round it: front, right, back, left.
render::Drawing sides_table(const TowerInstance& instance, const std::vector<int>& turns,
                            const render::Palette& palette) {
  constexpr std::array<Face, kSides> columns = {front, right, back, left};
  constexpr double left_margin = 62, top_margin = 20;
  render::Drawing d;
  d.content.set("class", "tower");
  for (int k = 0; k < kSides; ++k)
    d.content.add(label(left_margin + (k + 0.5) * kCell, 13, kFaceNames[columns[k]], 10, "middle"));
  const int n = instance.size();
  for (int row = 0; row < n; ++row) {
    const int i = n - 1 - row;
    const auto& shows =
        rotations()[static_cast<std::size_t>(turns[static_cast<std::size_t>(i)])].shows;
    const double y = top_margin + row * kCell;
    d.content.add(label(0, y + kCell / 2 + 4, "cube " + std::to_string(i + 1), 11));
    for (int k = 0; k < kSides; ++k)
      d.content.add(palette.face(left_margin + k * kCell, y, kCell,
                                 instance.cubes()[static_cast<std::size_t>(i)]
                                     .faces[static_cast<std::size_t>(shows[columns[k]])]));
  }
  d.width = left_margin + kSides * kCell;
  d.height = top_margin + n * kCell;
  return d;
}

// One edge per pair of opposite faces, labelled by its cube: solid for the pairs facing front
// and back, dashed for left and right, thin grey for top and bottom (hidden).
render::Drawing multigraph(const TowerInstance& instance, const std::vector<int>& turns,
                           const render::Palette& palette, bool two_factors) {
  const int n = instance.size();
  const double radius = 70 + 6 * n, node = 15;
  // Loops on one colour nest outwards, kLoopStep apart, so that their labels (at 3/4 of the
  // reach) stay clear of each other; the margin makes room for the outermost.
  constexpr double kLoopReach = 38, kLoopStep = 22;
  struct Edge {
    int cube, a, b;
    Role role;
  };
  std::map<std::pair<int, int>, std::vector<Edge>> bundles;  // parallel edges share a bundle
  for (int i = 0; i < n; ++i) {
    const auto& shows =
        rotations()[static_cast<std::size_t>(turns[static_cast<std::size_t>(i)])].shows;
    for (int pair = 0; pair < 3; ++pair) {
      const auto& f = instance.cubes()[static_cast<std::size_t>(i)].faces;
      const auto [a, b] = std::minmax(f[static_cast<std::size_t>(2 * pair)],
                                      f[static_cast<std::size_t>(2 * pair + 1)]);
      const Role role = shows[front] / 2 == pair  ? facing_front
                        : shows[left] / 2 == pair ? facing_left
                                                  : hidden;
      bundles[{a, b}].push_back({i + 1, a, b, role});
    }
  }
  std::size_t most_loops = 0;
  for (const auto& [ends, bundle] : bundles)
    if (ends.first == ends.second) most_loops = std::max(most_loops, bundle.size());
  const double outermost =
      most_loops == 0 ? 0 : kLoopReach + kLoopStep * static_cast<double>(most_loops - 1);
  const double margin = std::max(40.0, 0.75 * outermost + 14);
  const double cx = radius + margin, cy = radius + margin - 6;
  auto at = [&](int colour) {
    const double angle = -std::numbers::pi / 2 + 2 * std::numbers::pi * colour / n;
    return std::pair{cx + radius * std::cos(angle), cy + radius * std::sin(angle)};
  };
  render::Drawing d;
  d.content.set("class", "multigraph");
  Element edges("g"), labels("g"), nodes("g");
  // Labels sit on their edge, at the first point along it that keeps clear of the labels
  // already placed and of the colour discs (edges cross, so midpoints may coincide).
  constexpr double kLabelRadius = 7.5;
  std::vector<std::pair<double, double>> placed;
  const auto clearance = [&](double x, double y) {
    double least = 1e9;
    for (const auto& [px, py] : placed)
      least = std::min(least, std::hypot(x - px, y - py) - 2 * kLabelRadius);
    for (int c = 0; c < n; ++c) {
      const auto [nx, ny] = at(c);
      least = std::min(least, std::hypot(x - nx, y - ny) - node - kLabelRadius);
    }
    return least;
  };
  for (const auto& [ends, bundle] : bundles) {
    // Plain variables, not structured bindings: the lambdas below capture them by copy.
    const auto [from, to] = std::pair{at(ends.first), at(ends.second)};
    const double x1 = from.first, y1 = from.second, x2 = to.first, y2 = to.second;
    for (std::size_t k = 0; k < bundle.size(); ++k) {
      const Edge& e = bundle[k];
      const double spread = static_cast<double>(k) - (static_cast<double>(bundle.size()) - 1) / 2;
      std::function<std::pair<double, double>(double)> along;  // the edge at t in [0, 1]
      std::string path;
      if (e.a == e.b) {  // a loop, drawn outwards from the centre
        const double ux = (x1 - cx) / radius, uy = (y1 - cy) / radius;
        const double reach = kLoopReach + kLoopStep * static_cast<double>(k);
        const double px = -uy, py = ux;
        const double mx = x1 + ux * reach, my = y1 + uy * reach;
        path = "M" + render::number(x1) + "," + render::number(y1) + " C" +
               render::number(mx + px * 22) + "," + render::number(my + py * 22) + " " +
               render::number(mx - px * 22) + "," + render::number(my - py * 22) + " " +
               render::number(x1) + "," + render::number(y1);
        along = [=](double t) {  // the cubic's points: x1, m + p 22, m - p 22, x1
          const double a = (1 - t) * (1 - t) * (1 - t) + t * t * t, b = 3 * (1 - t) * (1 - t) * t,
                       c = 3 * (1 - t) * t * t;
          return std::pair{a * x1 + b * (mx + px * 22) + c * (mx - px * 22),
                           a * y1 + b * (my + py * 22) + c * (my - py * 22)};
        };
      } else {
        const double dx = x2 - x1, dy = y2 - y1, length = std::hypot(dx, dy);
        const double bend = 38 * spread;
        const double qx = (x1 + x2) / 2 - dy / length * bend,
                     qy = (y1 + y2) / 2 + dx / length * bend;
        path = "M" + render::number(x1) + "," + render::number(y1) + " Q" + render::number(qx) +
               "," + render::number(qy) + " " + render::number(x2) + "," + render::number(y2);
        along = [=](double t) {
          const double a = (1 - t) * (1 - t), b = 2 * (1 - t) * t, c = t * t;
          return std::pair{a * x1 + b * qx + c * x2, a * y1 + b * qy + c * y2};
        };
      }
      double mx = 0, my = 0, best = -1e9;
      for (int step = 0; step <= 26; ++step) {  // t = 0.5, 0.47, 0.53, 0.44, ... 0.11, 0.89
        const double t = 0.5 + (step % 2 == 0 ? 1 : -1) * 0.03 * ((step + 1) / 2);
        const auto [x, y] = along(t);
        const double clear = clearance(x, y);
        if (clear > best) std::tie(best, mx, my) = std::tuple{clear, x, y};
        if (clear >= 1) break;
      }
      placed.emplace_back(mx, my);
      Element p = edge(path, e.role);
      p.set("data-cube", std::to_string(e.cube))
          .set("data-ends", instance.colors()[static_cast<std::size_t>(e.a)] + " " +
                                instance.colors()[static_cast<std::size_t>(e.b)]);
      edges.add(std::move(p));
      labels.add(
          Element("circle").set("cx", mx).set("cy", my).set("r", kLabelRadius).set("fill", "#fff"));
      labels.add(label(mx, my + 3.8, std::to_string(e.cube), 10.5, "middle",
                       e.role == hidden ? "normal" : "bold"));
    }
  }
  for (int c = 0; c < n; ++c) {
    const auto [x, y] = at(c);
    nodes.add(palette.disc(x, y, node, c));
  }
  d.content.add(std::move(edges)).add(std::move(labels)).add(std::move(nodes));
  // A key to the three edge styles.
  const double ky = 2 * cy + 6;
  const std::array<std::string, 3> key = {
      two_factors ? "front and back (one 2-factor)" : "front and back",
      two_factors ? "left and right (the other)" : "left and right", "top and bottom (hidden)"};
  for (std::size_t k = 0; k < key.size(); ++k) {
    const double y = ky + 16 * static_cast<double>(k);
    d.content.add(
        edge("M0," + render::number(y) + " L34," + render::number(y), static_cast<Role>(k))
            .set("class", "key"));
    d.content.add(label(42, y + 4, key[k], 11));
  }
  d.width = 2 * cx;
  d.height = ky + 16 * 2 + 8;
  return d;
}

}  // namespace

render::Drawing TowerInstance::draw(double width) const {
  std::vector<std::array<int, 6>> nets;
  for (const auto& cube : cubes_) nets.push_back(net_faces(cube));
  return palette_of(*this).nets(nets, width);
}

std::vector<render::Drawing> TowerInstance::cut_outs(double scale) const {
  std::vector<std::array<int, 6>> nets;
  for (const auto& cube : cubes_) nets.push_back(net_faces(cube));
  return palette_of(*this).net_pieces(nets, render::Palette::kPupilNetCell * scale);
}

render::Drawing draw_tower(const TowerInstance& instance, const std::vector<int>& turns,
                           bool two_factors) {
  const render::Palette palette = palette_of(instance);
  std::vector<render::Drawing> parts;
  parts.push_back(sides_table(instance, turns, palette));
  parts.push_back(multigraph(instance, turns, palette, two_factors));
  render::Drawing d = render::flow(std::move(parts), render::kPageWidth, 36);
  d.colours = palette.colours();
  return d;
}

Json play_tower(const TowerInstance& instance, const std::string& kind) {
  render::PlayTower tower;
  render::describe_colours(palette_of(instance), tower.values, tower.names, tower.fills);
  for (const auto& cube : instance.cubes()) tower.cubes.push_back(cube.faces);
  tower.goal = kind;  // the kinds' names are the player's goals
  return tower.to_json();
}

render::Drawing draw_steps(const TowerInstance& tower,
                           const std::vector<std::vector<int>>& cubes_by_step) {
  const auto steps_at = render::step_numbers(cubes_by_step);
  const render::Palette palette = palette_of(tower);
  const double cell = render::Palette::kNetCell;
  std::vector<render::Drawing> nets;
  for (int i = 0; i < tower.size(); ++i) {
    const auto marked = steps_at.find(i);
    render::Drawing net;
    net.width = render::Palette::net_width(cell);
    net.height = render::Palette::net_height(cell);
    if (marked != steps_at.end()) net.content.add(render::step_tint(0, 0, net.width, net.height));
    net.content.add(
        palette.cube_net(cell, net_faces(tower.cubes()[static_cast<std::size_t>(i)]),
                         "Cube " + std::to_string(i + 1) +
                             (marked == steps_at.end() ? "" : " \u00b7 step " + marked->second)));
    nets.push_back(std::move(net));
  }
  render::Drawing d = render::flow(std::move(nets), render::kPageWidth, 10);
  d.colours = palette.colours();
  return d;
}

}  // namespace puzzlegen::instant_insanity
