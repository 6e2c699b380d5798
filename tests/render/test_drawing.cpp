// The drawings each family makes, read back as XML: the structure a printed puzzle needs
// (one net per cube, six faces per net, a label on every face, a legend) and the facts an
// answer key shows (the tower's sides, the 2-factors, the solid's one-colour faces).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "builtin.hpp"
#include "cli/run.hpp"
#include "family.hpp"
#include "instance_file.hpp"
#include "render/drawing.hpp"
#include "render/xml.hpp"
#include "svg_support.hpp"

using namespace puzzlegen;
using namespace render_test;

namespace {

LoadedInstance load(const std::string& relative) {
  return load_instance(std::string(PUZZLEGEN_SOURCE_DIR) + "/" + relative, builtin_families());
}

std::string svg_of(const render::Drawing& drawing) {
  return render::svg_document(drawing);
}

// Every net has six faces named by their place, each face a fill, a hatching and a label.
void check_nets(const pugi::xml_document& doc, std::size_t cubes) {
  const auto nets = doc.select_nodes("//g[@class='net']");
  REQUIRE(nets.size() == cubes);
  for (const auto& net : nets) {
    CHECK(count(net.node(), ".//g[@class='face']") == 6);
    std::set<std::string> sides;
    for (const auto& face : net.node().select_nodes(".//g[@class='face']")) {
      sides.insert(face.node().attribute("data-side").value());
      CHECK(std::string(face.node().child("text").child_value()).size() >= 1);
      CHECK(count(face.node(), "rect") == 2);  // the fill and the outline
      // The hatching (all but the first colour class have one) stays inside its face.
      const auto outline = face.node().child("rect");
      const double x = outline.attribute("x").as_double(), y = outline.attribute("y").as_double(),
                   w = outline.attribute("width").as_double();
      if (const auto hatching = face.node().find_child_by_attribute("path", "class", "hatching")) {
        std::string d = hatching.attribute("d").value();
        std::replace_if(
            d.begin(), d.end(), [](char ch) { return ch == 'M' || ch == 'L' || ch == ','; }, ' ');
        std::istringstream coordinates(d);
        int points = 0;
        for (double px, py; coordinates >> px >> py; ++points) {
          CHECK(px >= x - 0.01);
          CHECK(px <= x + w + 0.01);
          CHECK(py >= y - 0.01);
          CHECK(py <= y + w + 0.01);
        }
        CHECK(points >= 2);
      }
    }
    CHECK(sides == std::set<std::string>{"top", "left", "front", "right", "back", "bottom"});
    CHECK(count(net.node(), ".//polygon[@class='tab']") == 7);  // glue tabs
  }
}

}  // namespace

TEST_CASE("xml: text and attributes are escaped, HTML containers never self-close", "[render]") {
  render::Element p("p");
  p.set("title", "a \"quoted\" <value> & more").text("1 < 2 & 3 > 2");
  CHECK(p.str() ==
        "<p title=\"a &quot;quoted&quot; &lt;value&gt; &amp; more\">1 &lt; 2 &amp; 3 "
        "&gt; 2</p>");
  CHECK(render::Element("div").str() == "<div></div>");
  CHECK(render::Element("rect").str() == "<rect/>");
  CHECK(render::number(12.0) == "12");
  CHECK(render::number(-0.004) == "0");
  CHECK(render::number(2.456) == "2.46");
}

TEST_CASE("drawing: Instant Insanity nets, tower sides and 2-factors", "[render]") {
  const auto loaded = load("instances/instant-insanity/classical.yaml");
  const auto doc = parse(svg_of(loaded.instance->draw(puzzlegen::render::kPageWidth)));
  check_nets(doc, 4);
  // The legend: one disc per colour, named.
  CHECK(count(doc, "//g[@class='legend']/g[@class='disc']") == 4);
  CHECK(face_colours(doc, "//g[@class='legend']/g[@class='disc']") ==
        std::vector<std::string>{"red", "green", "blue", "white"});

  const auto solution = loaded.family->first_solution(*loaded.instance, "all-different",
                                                      Limits::within(std::chrono::seconds(10)));
  REQUIRE(solution);
  const auto answer = parse(svg_of(solution->draw()));
  // The tower, top cube first, four sides a row: every side (column) shows every colour once.
  const auto sides = face_colours(answer, "//g[@class='tower']//g[@class='face']");
  REQUIRE(sides.size() == 16);
  for (int column = 0; column < 4; ++column) {
    std::set<std::string> seen;
    for (int row = 0; row < 4; ++row)
      seen.insert(sides[static_cast<std::size_t>(4 * row + column)]);
    CHECK(seen.size() == 4);
  }
  // The multigraph: 3 edges per cube; the front/back and the left/right edges are 2-factors.
  CHECK(count(answer, "//path[starts-with(@class,'edge ')]") == 12);
  for (const char* role : {"front-back", "left-right"}) {
    const auto edges =
        answer.select_nodes((std::string("//path[@class='edge ") + role + "']").c_str());
    REQUIRE(edges.size() == 4);
    std::map<std::string, int> degree;
    std::set<std::string> cubes;
    for (const auto& edge : edges) {
      std::istringstream ends(edge.node().attribute("data-ends").value());
      for (std::string colour; ends >> colour;) ++degree[colour];
      cubes.insert(edge.node().attribute("data-cube").value());
    }
    INFO(role);
    CHECK(cubes.size() == 4);  // one edge from every cube
    CHECK(degree ==
          std::map<std::string, int>{{"blue", 2}, {"green", 2}, {"red", 2}, {"white", 2}});
  }
}

TEST_CASE("drawing: the 36 Cube board and a solution", "[render]") {
  const auto loaded = load("instances/cube36/physical-puzzle.yaml");
  const auto doc = parse(svg_of(loaded.instance->draw(puzzlegen::render::kPageWidth)));
  const auto cells = doc.select_nodes("//g[@class='cell']");
  REQUIRE(cells.size() == 36);
  std::map<std::string, int> sizes;
  for (const auto& cell : cells) ++sizes[cell.node().attribute("data-size").value()];
  CHECK(sizes ==
        std::map<std::string, int>{{"1", 6}, {"2", 6}, {"3", 6}, {"4", 6}, {"5", 6}, {"6", 6}});
  CHECK(count(doc, "//g[@class='legend']/g[@class='disc']") == 6);

  const auto solution = loaded.family->first_solution(*loaded.instance, "solution",
                                                      Limits::within(std::chrono::seconds(10)));
  REQUIRE(solution);
  const auto answer = parse(svg_of(solution->draw()));
  const auto colours = face_colours(answer, "//g[@class='placement']//g[@class='face']");
  REQUIRE(colours.size() == 36);
  for (int i = 0; i < 6; ++i) {  // Latin: each row and each column shows six colours
    std::set<std::string> row, column;
    for (int j = 0; j < 6; ++j) {
      row.insert(colours[static_cast<std::size_t>(6 * i + j)]);
      column.insert(colours[static_cast<std::size_t>(6 * j + i)]);
    }
    CHECK(row.size() == 6);
    CHECK(column.size() == 6);
  }
  // The physical puzzle needs its two special towers, outlined in the answer.
  CHECK(count(answer, "//rect[@class='special']") == 2);
}

TEST_CASE("drawing: Eight Blocks nets, the solid's faces and the corner table", "[render]") {
  const auto loaded = load("instances/eight-blocks/example-1.yaml");
  const auto doc = parse(svg_of(loaded.instance->draw(puzzlegen::render::kPageWidth)));
  check_nets(doc, 9);
  CHECK(count(doc, "//g[@class='legend']/g[@class='disc']") == 6);

  const auto solution = loaded.family->first_solution(*loaded.instance, "(1,2)",
                                                      Limits::within(std::chrono::seconds(10)));
  REQUIRE(solution);
  const auto answer = parse(svg_of(solution->draw()));
  // Six faces of four squares; each face one colour, the six faces six colours.
  std::map<std::string, std::set<std::string>> by_side;
  for (const auto& face : answer.select_nodes("//g[@class='solid']//g[@class='face']"))
    by_side[face.node().attribute("data-side").value()].insert(
        face.node().attribute("data-colour").value());
  REQUIRE(by_side.size() == 6);
  std::set<std::string> colours;
  for (const auto& [side, seen] : by_side) {
    INFO(side);
    CHECK(seen.size() == 1);
    colours.insert(*seen.begin());
  }
  CHECK(colours.size() == 6);
  CHECK(count(answer, "//g[@class='solid']//g[@class='face']") == 24);
  CHECK(count(answer, "//g[@class='corner-row']") == 8);
  // The corner table's three columns are the axes: a corner's row shows, in order, its face on
  // top or bottom, on front or back, on left or right, each the colour the solid has there.
  const std::vector<std::set<std::string>> axes = {
      {"top", "bottom"}, {"front", "back"}, {"left", "right"}};
  for (const auto& row : answer.select_nodes("//g[@class='corner-row']")) {
    const std::string corner = row.node().child("text").child_value();
    INFO(corner);
    const auto faces = row.node().select_nodes("g[@class='face']");
    REQUIRE(faces.size() == 3);
    for (std::size_t k = 0; k < 3; ++k) {
      const std::string side = faces[k].node().attribute("data-side").value();
      CHECK(axes[k].count(side) == 1);
      CHECK(corner.find(side) != std::string::npos);
      REQUIRE(by_side.count(side) == 1);
      CHECK(*by_side[side].begin() == faces[k].node().attribute("data-colour").value());
    }
  }
}

TEST_CASE("drawing: Eight Blocks colours named in the spec reach the instance, nets and key",
          "[render][cli]") {
  const fs::path spec = cli_test::scratch_dir() / "named-blocks.yaml";
  {
    std::ofstream out(spec);
    out << "puzzle: eight-blocks\n"
           "parameters: {colors: [red, green, blue, yellow, white, orange]}\n"
           "instance: {size: 8, max-per-variety: 1}\n"
           "solutions: {composable-varieties: {exactly: 1}}\n"
           "generate: {strategy: search, seed: 1}\n";
  }
  const cli_test::Result made = cli_test::run("generate " + spec.string() + " --format yaml");
  INFO(made.err);
  REQUIRE(made.exit_code == 0);
  // The instance printed carries its names, and reads back as the same puzzle.
  const YAML::Node printed = YAML::Load(made.out);
  CHECK(printed["instance"]["colors"].size() == 6);
  CHECK(printed["instance"]["colors"][0].as<std::string>() == "red");
  const fs::path file = cli_test::scratch_dir() / "named-blocks-instance.yaml";
  {
    std::ofstream out(file);
    out << YAML::Dump(printed["instance"]) << "\n";
  }
  const auto loaded = load_instance(file.string(), builtin_families());
  const auto& family = *loaded.family;
  CHECK(loaded.instance->to_json() ==
        family.read_instance(YAML::Load(loaded.instance->to_json().dump()), "")->to_json());
  // Nets and the key's faces and legend use the names (red is drawn red).
  const auto nets = parse(svg_of(loaded.instance->draw(puzzlegen::render::kPageWidth)));
  const auto colours = face_colours(nets);
  REQUIRE(colours.size() == 48);
  CHECK(std::set<std::string>(colours.begin(), colours.end()) ==
        std::set<std::string>{"red", "green", "blue", "yellow", "white", "orange"});
  std::string kind;
  for (const auto& k : family.kind_names())
    if (k.front() == '(' &&
        family.first_solution(*loaded.instance, k, Limits::within(std::chrono::seconds(10))))
      kind = k;
  REQUIRE(!kind.empty());
  const auto solution =
      family.first_solution(*loaded.instance, kind, Limits::within(std::chrono::seconds(10)));
  CHECK_THAT(solution->render_text(), Catch::Contains("=red"));
  const auto key = parse(svg_of(solution->draw()));
  CHECK(count(key, "//g[@class='face'][@data-colour='red']") >= 4);
  CHECK(count(key, "//g[@class='face'][@data-colour='p']") == 0);
}

TEST_CASE("drawing: random instances of every family, and their solutions, are well-formed",
          "[render]") {
  Rng rng(2026);
  for (const auto& family : builtin_families().families()) {
    const OptionValues parameters =
        read_options(YAML::Node(), family->parameters(), "parameters", "");
    const OptionValues constraints =
        read_options(YAML::Node(), family->instance_constraints(), "instance", "");
    for (int i = 0; i < 10; ++i) {
      const auto instance = family->random_instance(parameters, constraints, {}, rng);
      INFO(family->name() << " " << instance->to_json().dump());
      const auto doc = parse(svg_of(instance->draw(puzzlegen::render::kPageWidth)));
      CHECK(count(doc, "//g[@class='legend']/g[@class='disc']") >= 1);
      for (const auto& kind : family->kind_names())
        if (const auto solution =
                family->first_solution(*instance, kind, Limits::within(std::chrono::seconds(5))))
          parse(svg_of(solution->draw()));
    }
  }
}

TEST_CASE("drawing: the Instant Insanity key's edge labels never overlap", "[render]") {
  // Crossing edges of the colour multigraph share midpoints (4 colours: the two diagonals),
  // so labels are moved along their edges until they clear each other and the colour discs.
  const Family& family = builtin_families().get("instant-insanity", {}, "");
  Rng rng(77);
  int drawn = 0;
  for (const int n : {4, 5, 6, 8}) {
    YAML::Node node;
    node["cubes"] = n;
    const OptionValues parameters = read_options(node, family.parameters(), "parameters", "");
    const OptionValues constraints =
        read_options(YAML::Node(), family.instance_constraints(), "instance", "");
    for (int i = 0; i < 300 && drawn < 12 * (n - 2); ++i) {
      const auto instance = family.random_instance(parameters, constraints, {}, rng);
      const auto solution = family.first_solution(*instance, "all-different",
                                                  Limits::within(std::chrono::seconds(5)));
      if (!solution) continue;
      ++drawn;
      INFO(instance->to_json().dump());
      const auto doc = parse(svg_of(solution->draw()));
      std::vector<std::pair<double, double>> labels;
      for (const auto& circle : doc.select_nodes("//g[@class='multigraph']//circle[@r='7.5']"))
        labels.emplace_back(circle.node().attribute("cx").as_double(),
                            circle.node().attribute("cy").as_double());
      REQUIRE(labels.size() == static_cast<std::size_t>(3 * n));  // one per pair of faces
      for (std::size_t a = 0; a < labels.size(); ++a)
        for (std::size_t b = a + 1; b < labels.size(); ++b)
          CHECK(std::hypot(labels[a].first - labels[b].first,
                           labels[a].second - labels[b].second) >= 15 - 1e-6);
    }
  }
  CHECK(drawn >= 30);
}
