// `puzzlegen render` and `puzzlegen worksheet` end to end: the files they write, read back as
// XML; their errors; and a real browser printing a worksheet.
#include <png.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "cli/run.hpp"
#include "render/html.hpp"
#include "svg_support.hpp"

using namespace cli_test;
using namespace render_test;

namespace {

struct Sheet {
  pugi::xml_document doc;
  pugi::xml_node body;
};

// The body's children in order, as "puzzle", "page-break", "answer-key" (other elements: tag).
std::vector<std::string> outline(const pugi::xml_node& body) {
  std::vector<std::string> out;
  for (const auto& child : body.children()) {
    const std::string cls = child.attribute("class").value();
    out.push_back(cls.empty() ? child.name() : cls);
  }
  return out;
}

// Checks what every worksheet must be: self-contained, puzzles first, then a page break, then
// the answer key with one answer per puzzle.
void check_worksheet(const pugi::xml_document& doc, std::size_t puzzles) {
  const pugi::xml_node body = doc.child("html").child("body");
  REQUIRE(body);
  CHECK(doc.child("html").child("head").child("style"));
  // Nothing fetched: no links, images or external references. The one script is the
  // players', inline and last, when a puzzle can be played on screen.
  const bool playable = count(doc, "//section[@class='puzzle']/div[@class='play']") > 0;
  CHECK(count(doc, "//script") == (playable ? 1 : 0));
  CHECK(count(doc, "//script[@src]") == 0);
  CHECK(count(doc, "//link") == 0);
  CHECK(count(doc, "//img") == 0);
  CHECK(count(doc, "//*[@src]") == 0);
  CHECK(count(doc, "//*[@href]") == 0);
  std::vector<std::string> expected = {"h1", "name-line", "sheet-code"};
  expected.insert(expected.end(), puzzles, "puzzle");
  expected.push_back("page-break");
  expected.push_back("answer-key");
  if (playable) expected.push_back("script");
  CHECK(outline(body) == expected);
  const auto answers = doc.select_nodes("//section[@class='answer-key']/section[@class='answer']");
  REQUIRE(answers.size() == puzzles);
  for (const auto& answer : answers) {
    // The technical line, small, after the drawings.
    const std::string line = answer.node().select_node("p[@class='note']").node().child_value();
    CHECK_THAT(line, Catch::Matches("Seed [0-9]+: .*(exactly|at least|no) .*"));
    CHECK(count(answer.node(), ".//svg") >= 1);  // a drawn solution
  }
}

// The first page's size in PDF points, rounded.
std::pair<int, int> page_size(const std::string& pdf) {
  std::smatch box;
  if (!std::regex_search(pdf, box,
                         std::regex("/MediaBox\\s*\\[\\s*0 0 ([0-9.]+) ([0-9.]+)\\s*\\]")))
    return {0, 0};
  return {static_cast<int>(std::lround(std::stod(box[1]))),
          static_cast<int>(std::lround(std::stod(box[2])))};
}

pugi::xml_document read_xml(const fs::path& path) {
  return parse(slurp(path));
}

}  // namespace

TEST_CASE("worksheet: Instant Insanity, four distinct puzzles and their answer key",
          "[render][cli]") {
  const fs::path sheet = scratch_dir() / "ii.html";
  const Result r = run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") +
                       " --count 4 -o " + sheet.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.empty());
  const auto doc = read_xml(sheet);
  check_worksheet(doc, 4);
  std::set<std::vector<std::string>> drawn;
  for (const auto& puzzle : doc.select_nodes("//section[@class='puzzle']")) {
    CHECK(count(puzzle.node(), ".//g[@class='net']") == 4);
    for (const auto& net : puzzle.node().select_nodes(".//g[@class='net']")) {
      CHECK(count(net.node(), ".//g[@class='face']") == 6);
      // Cut lines solid, fold lines dashed: 5 folds between faces and 7 at the tabs.
      CHECK(count(net.node(), ".//g[@class='fold']/line[@stroke-dasharray]") == 12);
      CHECK(count(net.node(), ".//polygon[@class='tab'][@stroke-dasharray]") == 0);
    }
    CHECK_THAT(puzzle.node().select_node(".//p").node().child_value(),
               Catch::Contains("cut along the solid lines, fold along the dashed ones"));
    drawn.insert(face_colours(puzzle.node()));
  }
  CHECK(drawn.size() == 4);  // no puzzle printed twice
  // The spec asks for exactly one tower up to tower symmetry, and the key says so: in plain
  // words first, with how to mark a tower turned round, then in the technical line.
  for (const auto& answer : doc.select_nodes("//section[@class='answer']")) {
    const auto lines = answer.node().select_nodes("p");
    REQUIRE(lines.size() == 3);
    CHECK_THAT(lines[0].node().child_value(), Catch::EndsWith("One answer, drawn below."));
    CHECK_THAT(lines[1].node().child_value(), Catch::StartsWith("The same tower turned round"));
    CHECK_THAT(lines[2].node().child_value(),
               Catch::Contains("exactly one all-different solution up to turning or flipping"));
  }
}

TEST_CASE("worksheet: paper size and where the answer key goes", "[render][cli]") {
  const std::string spec = source("specs/instant-insanity/unique-tower.yaml");
  const fs::path a4 = scratch_dir() / "paper-a4.html";
  REQUIRE(run("worksheet " + spec + " --count 2 -o " + a4.string()).exit_code == 0);
  CHECK_THAT(slurp(a4), Catch::Contains("@page { size: A4;"));

  // Letter, with the key in a file of its own beside the sheet.
  const fs::path letter = scratch_dir() / "paper-letter.html";
  const fs::path key = scratch_dir() / "paper-letter-key.html";
  fs::remove(key);
  Result r =
      run("worksheet " + spec + " --count 2 --paper letter --key separate -o " + letter.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(slurp(letter), Catch::Contains("@page { size: letter;"));
  const auto sheet = read_xml(letter);
  const std::vector<std::string> puzzles_only = {"h1",     "name-line", "sheet-code",
                                                 "puzzle", "puzzle",    "script"};
  CHECK(outline(sheet.child("html").child("body")) == puzzles_only);
  REQUIRE(fs::exists(key));
  const auto key_doc = read_xml(key);
  CHECK_THAT(slurp(key), Catch::Contains("@page { size: letter;"));
  CHECK(count(key_doc, "//section[@class='answer-key']/section[@class='answer']") == 2);
  // The same puzzles as the sheet: the key's seeds are the sheet's.
  CHECK_THAT(key_doc.child("html").child("head").child("title").child_value(),
             Catch::Contains("answer key"));

  // No key at all: the puzzles alone, and no key file.
  const fs::path bare = scratch_dir() / "paper-bare.html";
  const fs::path bare_key = scratch_dir() / "paper-bare-key.html";
  fs::remove(bare_key);
  REQUIRE(run("worksheet " + spec + " --count 2 --key none -o " + bare.string()).exit_code == 0);
  CHECK(outline(read_xml(bare).child("html").child("body")) == puzzles_only);
  CHECK_FALSE(fs::exists(bare_key));

  // Bad values are refused before any work.
  for (const std::string bad : {" --paper a5", " --key inside"}) {
    r = run("worksheet " + spec + bad + " -o " + (scratch_dir() / "never.html").string());
    CHECK(r.exit_code == 2);
    CHECK_FALSE(fs::exists(scratch_dir() / "never.html"));
  }
}

TEST_CASE("worksheet: --scale enlarges the puzzles as far as the page allows", "[render][cli]") {
  // Each puzzle's drawing: printed size over drawn size, and the printed size itself.
  struct Printed {
    double scale, width, height;
  };
  const auto printed = [](const fs::path& sheet) {
    std::vector<Printed> out;
    const auto doc = read_xml(sheet);
    // The drawings of nets and boards (not the legend alone, a figure of its own after nets).
    for (const auto& svg : doc.select_nodes(
             "//section[@class='puzzle']//svg[.//g[@class='net'] or .//g[@class='cell']]")) {
      std::istringstream box(svg.node().attribute("viewBox").value());
      double x = 0, y = 0, w = 0, h = 0;
      box >> x >> y >> w >> h;
      const double width = svg.node().attribute("width").as_double();
      out.push_back({width / w, width, svg.node().attribute("height").as_double()});
    }
    return out;
  };
  // A4's height between the margins less the sheet's title, a heading and the task, in CSS px.
  const double a4_room = (297 - 22) * 96 / 25.4 - 200, letter_room = (279.4 - 22) * 96 / 25.4 - 200;

  const std::string ii = source("specs/instant-insanity/unique-tower.yaml");
  // Nets are a figure each, drawn larger rather than scaled: twice as many nets' worth of
  // faces at 2 as at 1, each net within the page's width.
  const fs::path plain = scratch_dir() / "scale-1.html", larger = scratch_dir() / "scale-1.5.html";
  REQUIRE(run("worksheet " + ii + " --count 2 --key none -o " + plain.string()).exit_code == 0);
  Result r = run("worksheet " + ii + " --count 2 --key none --scale 1.5 -o " + larger.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto before = printed(plain), after = printed(larger);
  REQUIRE(before.size() == 2 * 4);
  REQUIRE(after.size() == 2 * 4);
  for (std::size_t i = 0; i < after.size(); ++i) {
    CHECK(before[i].scale == Approx(1));
    CHECK(after[i].width <= 680.01);
    CHECK(after[i].height <= a4_room);
    CHECK(after[i].width == Approx(before[i].width * 1.5).epsilon(0.02));
  }

  // Three times larger: a net wider than the page is shrunk to fit it, on Letter's page too.
  const fs::path huge = scratch_dir() / "scale-3.html";
  r = run("worksheet " + ii + " --count 1 --key none --paper letter --scale 3 -o " + huge.string());
  REQUIRE(r.exit_code == 0);
  const auto most = printed(huge);
  REQUIRE(most.size() == 4);
  for (const auto& net : most) {
    CHECK(net.scale < 1);
    CHECK(net.width <= 680.01);
    CHECK(net.height <= letter_room + 0.01);
  }

  // A board wider than the page at that scale is shrunk to the page's width.
  const fs::path board = scratch_dir() / "scale-board.html";
  REQUIRE(run("worksheet " + source("specs/cube36/unique-n5.yaml") +
              " --count 1 --key none --scale 3 -o " + board.string())
              .exit_code == 0);
  const auto boards = printed(board);
  REQUIRE(boards.size() == 1);
  CHECK(boards[0].scale > 1);
  CHECK(boards[0].width <= 680.01);

  for (const std::string bad : {"0.2", "4", "big"}) {
    r = run("worksheet " + ii + " --scale " + bad + " -o " +
            (scratch_dir() / "never.html").string());
    INFO(bad);
    CHECK(r.exit_code == 2);
    CHECK_FALSE(fs::exists(scratch_dir() / "never.html"));
  }
}

TEST_CASE("worksheet: nets to cut out have faces of at least 18 mm by default, on A4 and Letter",
          "[render][cli]") {
  // A face's printed side: its square's side in the drawing times the SVG's enlargement.
  const auto faces_mm = [](const fs::path& sheet) {
    std::vector<double> out;
    const auto doc = read_xml(sheet);
    for (const auto& svg : doc.select_nodes("//section[@class='puzzle']//svg")) {
      std::istringstream box(svg.node().attribute("viewBox").value());
      double x = 0, y = 0, w = 0, h = 0;
      box >> x >> y >> w >> h;
      const double scale = svg.node().attribute("width").as_double() / w;
      for (const auto& rect :
           svg.node().select_nodes(".//g[@class='net']//g[@class='face']/rect[1]"))
        out.push_back(rect.node().attribute("width").as_double() * scale * 25.4 / 96);
    }
    return out;
  };
  for (const std::string paper : {"a4", "letter"})
    for (const auto& [spec, cubes] : std::vector<std::pair<std::string, std::size_t>>{
             {"specs/instant-insanity/unique-tower.yaml", 4},
             {"specs/instant-insanity/unique-tower-n5.yaml", 5},
             {"specs/eight-blocks/eight-cubes-one-solid.yaml", 8}}) {
      INFO(spec << " on " << paper);
      const fs::path sheet = scratch_dir() / "faces.html";
      const Result r = run("worksheet " + source(spec) + " --count 2 --key none --paper " + paper +
                           " -o " + sheet.string());
      INFO(r.err);
      REQUIRE(r.exit_code == 0);
      const auto faces = faces_mm(sheet);
      REQUIRE(faces.size() == 2 * cubes * 6);
      CHECK(*std::min_element(faces.begin(), faces.end()) >= 18);
      CHECK(*std::max_element(faces.begin(), faces.end()) <= 22);
      // Denser on request: 11 mm faces.
      REQUIRE(run("worksheet " + source(spec) + " --count 1 --key none --scale 0.55 --paper " +
                  paper + " -o " + sheet.string())
                  .exit_code == 0);
      const auto dense = faces_mm(sheet);
      REQUIRE(!dense.empty());
      CHECK(dense.front() == Approx(11).epsilon(0.02));
    }
}

TEST_CASE(
    "worksheet: an example refuses what it cannot make before any work, and fewer come on request",
    "[render][cli][difficulty]") {
  const fs::path sheet = scratch_dir() / "refused.html";
  const std::string tower = source("specs/instant-insanity/unique-tower.yaml");
  // The 36 Cube's ladder has no medium rung (a board has no signs).
  Result r = run("worksheet " + source("specs/cube36/unique-n4.yaml") + " --difficulty medium -o " +
                 sheet.string());
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--difficulty") &&
                        Catch::Contains("no medium puzzle of this kind was found in") &&
                        Catch::Contains("it makes any level (30 or more), easy"));
  r = run("worksheet " + tower + " --difficulty extreme --count 7 -o " + sheet.string());
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--count") && Catch::Contains("at most 6 puzzles"));
  CHECK_FALSE(fs::exists(sheet));

  // 3x3 boards with one solution are 11: asked for 30, nothing without --allow-fewer, the 11
  // with it, saying so.
  const fs::path spec = scratch_dir() / "few.yaml";
  std::ofstream(spec) << "puzzle: cube36\nparameters: {n: 3}\n"
                         "solutions: {modulo: color-relabelling, solution: {exactly: 1}}\n"
                         "generate: {strategy: exhaustive}\n";
  r = run("worksheet " + spec.string() + " --count 30 -o " + sheet.string());
  CHECK(r.exit_code == 1);
  CHECK_FALSE(fs::exists(sheet));
  r = run("worksheet " + spec.string() + " --count 30 --allow-fewer -o " + sheet.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.err, Catch::Contains("found 11 of the 30") &&
                        Catch::Contains("the sheet has the 11 found"));
  CHECK(count(read_xml(sheet), "//section[@class='puzzle']") == 11);
}

TEST_CASE(
    "worksheet: --explain gives each answer its first steps, marked on a drawing, and says when "
    "a guess is needed",
    "[render][cli][difficulty]") {
  const fs::path sheet = scratch_dir() / "explained.html";
  Result r = run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") +
                 " --count 2 --difficulty easy --explain 4 -o " + sheet.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  auto doc = read_xml(sheet);
  CHECK(count(doc, "//section[@class='answer explained']") == 2);
  CHECK(count(doc, "//ol[@class='steps']") == 2);
  CHECK(count(doc, "//ol[@class='steps']/li") == 8);
  // The cubes the steps are about are tinted, and their nets say which steps.
  CHECK(count(doc, "//section[@class='answer explained']//*[local-name()='rect'][@class='step']") >=
        2);
  // An extreme 36 Cube board: singles and sets stall. Either what-ifs end it, and the key gives
  // them as steps with the level saying how many and how long; or they do not (after some, or
  // none), and the key says a guess is needed, the level trial and error.
  r = run("worksheet " + source("specs/cube36/unique-n5.yaml") +
          " --count 1 --difficulty extreme --explain 50 -o " + sheet.string());
  REQUIRE(r.exit_code == 0);
  const std::string page = slurp(sheet);
  const bool stalls = page.find("No first step follows") != std::string::npos ||
                      page.find("no step follows without a guess") != std::string::npos;
  const bool what_ifs = page.find(": if it were, ") != std::string::npos;
  CHECK((what_ifs || stalls));
  CHECK(page.find(stalls ? "extreme (trial and error: " : "what-if") != std::string::npos);
  // A family without a ladder prints no steps and no such sentence.
  r = run("worksheet " + source("specs/eight-blocks/eight-cubes-one-solid.yaml") +
          " --count 1 --explain 3 -o " + sheet.string());
  REQUIRE(r.exit_code == 0);
  doc = read_xml(sheet);
  CHECK(count(doc, "//ol[@class='steps']") == 0);
  CHECK(slurp(sheet).find("guess") == std::string::npos);
}

TEST_CASE("worksheet: --hide-level leaves the level off the sheet, not off the key",
          "[render][cli][difficulty]") {
  const fs::path sheet = scratch_dir() / "hidden-level.html";
  const Result r = run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") +
                       " --count 1 --difficulty hard --hide-level -o " + sheet.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto doc = read_xml(sheet);
  CHECK(std::string(doc.select_node("//section[@class='puzzle']//h2").node().child_value()) ==
        "Puzzle 1");
  CHECK(std::string(doc.select_node("//section[@class='answer']/p").node().child_value()) ==
        "Level: hard. One answer, drawn below.");
}

// Every text label in an SVG as the box it prints in: its anchor point moved by the translations
// of the groups around it, as wide as its characters in DejaVu Sans (advance widths in ems,
// rounded up: digits 0.64, capitals 0.7, most lower case 0.6, f r t 0.4, i j l 0.28, a space
// 0.32) and from the ascent to the descent.
struct TextBox {
  std::string text;
  double left, top, right, bottom;
};
double ems(const std::string& text) {
  double out = 0;
  for (const unsigned char c : text) {
    if ((c & 0xC0) == 0x80) continue;  // a UTF-8 continuation byte
    out += std::isdigit(c)                    ? 0.64
           : std::isupper(c) || c >= 0x80     ? 0.7
           : c == 'i' || c == 'j' || c == 'l' ? 0.28
           : c == 'f' || c == 'r' || c == 't' ? 0.4
           : c == ' '                         ? 0.32
           : std::islower(c)                  ? 0.6
                                              : 0.4;
  }
  return out;
}
void text_boxes(const pugi::xml_node& node, double dx, double dy, std::vector<TextBox>& out) {
  for (const auto& child : node.children()) {
    double x = dx, y = dy;
    const std::string transform = child.attribute("transform").value();
    if (transform.rfind("translate(", 0) == 0) {
      std::istringstream by(transform.substr(10));
      double tx = 0, ty = 0;
      char comma = 0;
      by >> tx >> comma >> ty;
      x += tx;
      y += ty;
    }
    if (std::string(child.name()) == "text") {
      const std::string text = child.child_value();
      const double size = child.attribute("font-size").as_double(16);
      const double width = size * ems(text);
      const std::string anchor = child.attribute("text-anchor").value();
      const double ax = x + child.attribute("x").as_double(),
                   ay = y + child.attribute("y").as_double();
      const double left = anchor == "middle" ? ax - width / 2 : anchor == "end" ? ax - width : ax;
      out.push_back({text, left, ay - 0.75 * size, left + width, ay + 0.22 * size});
    } else {
      text_boxes(child, x, y, out);
    }
  }
}

TEST_CASE("worksheet: no two labels in an answer key's drawings overlap", "[render][cli]") {
  for (const auto& [spec, count] : std::vector<std::pair<std::string, int>>{
           {"specs/instant-insanity/unique-tower.yaml", 12},
           {"specs/instant-insanity/unique-tower-n5.yaml", 8},
           {"specs/instant-insanity/unique-tower-n6.yaml", 3},
           {"specs/cube36/unique-n5.yaml", 3},
           {"specs/eight-blocks/eight-cubes-one-solid.yaml", 2}}) {
    INFO(spec);
    const fs::path sheet = scratch_dir() / "labels.html";
    const Result r = run("worksheet " + source(spec) + " --count " + std::to_string(count) +
                         " -o " + sheet.string());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto doc = read_xml(sheet);
    std::size_t drawings = 0, labels = 0;
    for (const auto& svg : doc.select_nodes("//section[@class='answer-key']//svg")) {
      ++drawings;
      std::vector<TextBox> boxes;
      text_boxes(svg.node(), 0, 0, boxes);
      labels += boxes.size();
      for (std::size_t i = 0; i < boxes.size(); ++i)
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
          const TextBox &a = boxes[i], &b = boxes[j];
          const double across = std::min(a.right, b.right) - std::max(a.left, b.left);
          const double down = std::min(a.bottom, b.bottom) - std::max(a.top, b.top);
          INFO("'" << a.text << "' at (" << a.left << ", " << a.top << ") and '" << b.text
                   << "' at (" << b.left << ", " << b.top << ")");
          CHECK_FALSE((across > 0.5 && down > 0.5));
        }
    }
    CHECK(drawings >= static_cast<std::size_t>(count));
    CHECK(labels > 0);
  }
}

TEST_CASE("worksheet: a puzzle with few solutions shows every one in its key", "[render][cli]") {
  // Exactly two towers that look different: both are drawn, each captioned, and they differ.
  const fs::path spec = scratch_dir() / "two-towers.yaml";
  std::ofstream(spec) << "puzzle: instant-insanity\n"
                         "parameters: {cubes: 4, colors: [red, green, blue, white]}\n"
                         "instance: {every-cube-uses-all-colors: true}\n"
                         "solutions:\n"
                         "  count-as: arrangements\n"
                         "  modulo: tower-symmetry\n"
                         "  all-different: {exactly: 2}\n"
                         "generate: {instances: 1, strategy: search, seed: 3}\n";
  const fs::path sheet = scratch_dir() / "two-towers.html";
  const Result r = run("worksheet " + spec.string() + " --count 1 -o " + sheet.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto doc = read_xml(sheet);
  const auto figures = doc.select_nodes("//section[@class='answer']/figure");
  REQUIRE(figures.size() == 2);
  CHECK(std::string(figures[0].node().child("figcaption").child_value()) ==
        "all-different, 1 of the 2 that look different.");
  CHECK(std::string(figures[1].node().child("figcaption").child_value()) ==
        "all-different, 2 of the 2 that look different.");
  std::ostringstream first, second;
  figures[0].node().child("svg").print(first);
  figures[1].node().child("svg").print(second);
  CHECK(first.str() != second.str());
}

TEST_CASE("worksheet: the 36 Cube and Eight Blocks", "[render][cli]") {
  const fs::path boards = scratch_dir() / "cube36.html";
  REQUIRE(
      run("worksheet " + source("specs/cube36/unique-n5.yaml") + " --count 2 -o " + boards.string())
          .exit_code == 0);
  const auto doc = read_xml(boards);
  check_worksheet(doc, 2);
  CHECK(count(doc, "//section[@class='puzzle']//g[@class='cell']") == 2 * 25);
  CHECK(count(doc, "//section[@class='answer']//g[@class='placement']") == 2);

  const fs::path blocks = scratch_dir() / "blocks.html";
  const Result r = run("worksheet " + source("specs/eight-blocks/eight-cubes-one-solid.yaml") +
                       " --count 2 -o " + blocks.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto cubes = read_xml(blocks);
  check_worksheet(cubes, 2);
  CHECK(count(cubes, "//section[@class='puzzle']//g[@class='net']") == 2 * 8);
  CHECK(count(cubes, "//section[@class='answer']//g[@class='solid']") == 2);
}

TEST_CASE("worksheet: a 36 Cube puzzle has one answer as printed, the key's, letter for letter",
          "[render][cli]") {
  for (const std::string spec : {"unique-n4", "unique-n5"}) {
    const fs::path sheet = scratch_dir() / ("printed-" + spec + ".html");
    const Result made = run("worksheet " + source("specs/cube36/" + spec + ".yaml") +
                            " --count 3 -o " + sheet.string());
    INFO(spec << ": " << made.err);
    REQUIRE(made.exit_code == 0);
    const auto doc = read_xml(sheet);
    CHECK(slurp(sheet).find("rename") == std::string::npos);  // nothing left to rename
    const auto puzzles = doc.select_nodes("//section[@class='puzzle']");
    const auto answers = doc.select_nodes("//section[@class='answer']");
    REQUIRE(puzzles.size() == 3);
    REQUIRE(answers.size() == 3);
    for (std::size_t k = 0; k < puzzles.size(); ++k) {
      // The board as printed, read back from the drawing: sizes, and the given colours.
      const auto cells = puzzles[k].node().select_nodes(".//g[@class='cell']");
      const auto n = static_cast<std::size_t>(std::lround(std::sqrt(cells.size())));
      REQUIRE(n * n == cells.size());
      std::string board = "puzzle: cube36\nboard:\n", given = "given-colors:\n";
      std::vector<std::string> first_row;
      for (std::size_t i = 0; i < n; ++i) {
        board += "  - [";
        given += "  - [";
        for (std::size_t j = 0; j < n; ++j) {
          const pugi::xml_node cell = cells[i * n + j].node();
          board += std::string(j ? ", " : "") + cell.attribute("data-size").value();
          const std::string colour = cell.attribute("data-given").value();
          given += std::string(j ? ", " : "") + (colour.empty() ? "." : colour);
          if (i == 0)
            first_row.push_back(colour);
          else
            CHECK(colour.empty());  // only row 1 is given
        }
        board += "]\n";
        given += "]\n";
      }
      CHECK(std::count(first_row.begin(), first_row.end(), "") == 0);
      const fs::path printed =
          scratch_dir() / ("printed-" + spec + "-" + std::to_string(k) + ".yaml");
      std::ofstream(printed) << board << given;
      // Counted as printed, every colouring its own: exactly one.
      const Result solved = run("solve " + printed.string() + " --modulo none --format json");
      INFO(board << given << solved.err);
      REQUIRE(solved.exit_code == 0);
      const auto counts = nlohmann::json::parse(solved.out)["counts"];
      CHECK(counts["solution"]["count"] == 1);
      CHECK(counts["solution"]["exact"] == true);
      // The key's board agrees with the givens, and is a solution's colouring.
      const auto faces =
          answers[k].node().select_nodes(".//g[@class='placement']//g[@class='face']");
      REQUIRE(faces.size() == n * n);
      std::vector<std::string> key;
      for (const auto& face : faces) key.push_back(face.node().attribute("data-colour").value());
      CHECK(std::vector<std::string>(key.begin(), key.begin() + static_cast<long>(n)) == first_row);
      for (std::size_t i = 0; i < n; ++i) {
        std::set<std::string> row, column;
        for (std::size_t j = 0; j < n; ++j)
          row.insert(key[i * n + j]), column.insert(key[j * n + i]);
        CHECK(row.size() == n);
        CHECK(column.size() == n);
      }
    }
  }
}

TEST_CASE("worksheet: --difficulty prints puzzles of that level, graded on the sheet and key",
          "[render][cli][difficulty]") {
  // Four-cube puzzles with one tower reach every level of the ladder (of the 2,757 classes:
  // 189 easy, 348 medium, 2,214 hard, 6 extreme).
  for (const auto& [level, count] : std::vector<std::pair<std::string, int>>{
           {"easy", 3}, {"medium", 3}, {"hard", 3}, {"extreme", 1}}) {
    INFO("level " << level);
    const fs::path sheet = scratch_dir() / ("graded-" + level + ".html");
    const Result r =
        run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") + " --count " +
            std::to_string(count) + " --difficulty " + level + " -o " + sheet.string());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto doc = read_xml(sheet);
    check_worksheet(doc, static_cast<std::size_t>(count));
    for (const auto& heading : doc.select_nodes("//section[@class='puzzle']//h2"))
      CHECK_THAT(heading.node().child_value(), Catch::EndsWith(" \u00b7 " + level));
    for (const auto& answer : doc.select_nodes("//section[@class='answer']"))
      CHECK_THAT(answer.node().select_node("p[@class='note']").node().child_value(),
                 Catch::Contains("Difficulty: " + level + " ("));
  }
  // The same level in a spec, and `solve` grades what `generate` printed the same way.
  const fs::path spec = scratch_dir() / "medium.yaml";
  std::ofstream(spec) << "puzzle: instant-insanity\n"
                         "parameters: {cubes: 4, colors: [red, green, blue, white]}\n"
                         "instance: {every-cube-uses-all-colors: true, difficulty: medium}\n"
                         "solutions: {count-as: arrangements, modulo: tower-symmetry,\n"
                         "            all-different: 1}\n"
                         "generate: {strategy: search, seed: 3}\n";
  const Result generated = run("generate " + spec.string() + " --instances 2 --format json");
  INFO(generated.err);
  REQUIRE(generated.exit_code == 0);
  std::istringstream lines(generated.out);
  int graded = 0;
  for (std::string line; std::getline(lines, line);) {
    const auto record = nlohmann::json::parse(line);
    if (!record.contains("instance")) continue;
    const fs::path instance = scratch_dir() / "medium-instance.json";
    std::ofstream(instance) << record["instance"].dump();
    const Result solved = run("solve " + instance.string() + " --format json");
    REQUIRE(solved.exit_code == 0);
    CHECK(nlohmann::json::parse(solved.out)["difficulty"]["all-different"]["level"] == "medium");
    ++graded;
  }
  CHECK(graded == 2);
  // A family that does not grade says so before any work.
  const Result ungraded =
      run("worksheet " + source("specs/eight-blocks/eight-cubes-one-solid.yaml") +
          " --difficulty easy -o " + (scratch_dir() / "x.html").string());
  CHECK(ungraded.exit_code == 2);
  CHECK_THAT(ungraded.err, Catch::Contains("eight-blocks does not grade"));
  CHECK_FALSE(fs::exists(scratch_dir() / "x.html"));
}

TEST_CASE("worksheet: a sheet from several specs, a titled part each, numbered through",
          "[render][cli]") {
  const fs::path sheet = scratch_dir() / "mixed.html";
  const Result r = run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") + " " +
                       source("specs/cube36/unique-n5.yaml") + " --count 2,1 -o " + sheet.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto doc = read_xml(sheet);
  const pugi::xml_node body = doc.child("html").child("body");
  CHECK(outline(body) == std::vector<std::string>{"h1", "name-line", "sheet-code", "h2", "puzzle",
                                                  "puzzle", "h2", "puzzle", "page-break",
                                                  "answer-key", "script"});
  CHECK(std::string(body.child("h1").child_value()) == "Puzzles");
  const auto parts = doc.select_nodes("/html/body/h2");
  REQUIRE(parts.size() == 2);
  CHECK(std::string(parts[0].node().child_value()) == "Instant Insanity");
  CHECK(std::string(parts[1].node().child_value()) == "The 36 Cube");
  const auto puzzles = doc.select_nodes("//section[@class='puzzle']");
  REQUIRE(puzzles.size() == 3);
  CHECK(std::string(puzzles[2].node().attribute("id").value()) == "puzzle-3");
  CHECK(count(puzzles[0].node(), ".//g[@class='net']") == 4);
  CHECK(count(puzzles[2].node(), ".//g[@class='cell']") == 25);
  // The key: one part per spec, each naming its spec, three answers in order.
  const auto key_parts = doc.select_nodes("//section[@class='answer-key']/h2");
  REQUIRE(key_parts.size() == 2);
  CHECK_THAT(key_parts[1].node().child_value(), Catch::Contains("unique-n5.yaml"));
  const auto answers = doc.select_nodes("//section[@class='answer']");
  REQUIRE(answers.size() == 3);
  CHECK(std::string(answers[2].node().attribute("id").value()) == "answer-3");
  CHECK(count(answers[2].node(), ".//g[@class='placement']") == 1);

  // One count for all specs; counts that do not match the specs; a bad second spec: exit 2
  // before anything is generated or written.
  CHECK(run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") + " " +
            source("specs/cube36/unique-n5.yaml") + " --count 1 -o " + sheet.string())
            .exit_code == 0);
  CHECK(count(read_xml(sheet), "//section[@class='puzzle']") == 2);
  const fs::path never = scratch_dir() / "never-mixed.html";
  Result bad = run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") + " " +
                   source("specs/cube36/unique-n5.yaml") + " --count 1,2,3 -o " + never.string());
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("give one count for every spec"));
  bad = run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") + " " +
            source("tests/bad_input/spec-unknown-kind.yaml") + " -o " + never.string());
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("puzzle 1 of") == std::string::npos);
  CHECK_FALSE(fs::exists(never));
}

// serve reads a sheet's progress as a program: JSON Lines on standard error, one event a line,
// never words it would have to parse.
TEST_CASE("worksheet: --progress-format json reports each part, puzzle and file as JSON Lines",
          "[render][cli]") {
  const fs::path sheet = scratch_dir() / "progress.html";
  const std::string specs = source("specs/instant-insanity/unique-tower.yaml") + " " +
                            source("specs/cube36/unique-n5.yaml");
  Result r = run("worksheet " + specs + " --count 2,1 --seed 11 --key separate -o " +
                 sheet.string() + " --progress-format json");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto events = json_lines(r.err);  // every line is JSON, or this throws
  REQUIRE(events.size() == 8);
  using nlohmann::json;
  CHECK(events[0] == json({{"event", "part"},
                           {"part", 1},
                           {"parts", 2},
                           {"spec", source("specs/instant-insanity/unique-tower.yaml")},
                           {"puzzles", 2}}));
  // Instant Insanity's puzzles each come from a seed of their own, the first the one asked for.
  CHECK(events[1] ==
        json({{"event", "puzzle"}, {"part", 1}, {"puzzle", 1}, {"of", 2}, {"seed", 11}}));
  CHECK(events[2]["event"] == "puzzle");
  CHECK(events[2]["puzzle"] == 2);
  CHECK(events[2]["seed"].get<std::uint64_t>() > 11);
  CHECK(events[3]["event"] == "part");
  CHECK(events[3]["part"] == 2);
  CHECK(events[4]["event"] == "puzzle");
  CHECK(events[4]["part"] == 2);
  CHECK(events[4]["of"] == 1);
  // Every puzzle found: the sheet is being drawn.
  CHECK(events[5] == json({{"event", "drawing"}}));
  CHECK(events[6] == json({{"event", "wrote"}, {"file", sheet.string()}}));
  CHECK(events[7]["event"] == "wrote");
  CHECK_THAT(events[7]["file"].get<std::string>(), Catch::EndsWith("progress-key.html"));

  // The default stays the lines a reader reads.
  r = run("worksheet " + specs + " --count 2,1 --seed 11 -o " + sheet.string());
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.err, Catch::StartsWith(source("specs/instant-insanity/unique-tower.yaml") +
                                      ":\npuzzle 1 of 2: seed 11\npuzzle 2 of 2: seed "));
  CHECK_THAT(r.err, Catch::EndsWith("wrote " + sheet.string() + "\n"));
  CHECK(run("worksheet " + specs + " -o " + sheet.string() + " --progress-format xml").exit_code ==
        2);
}

TEST_CASE("worksheet: a spec without bounds still gets every count in its key", "[render][cli]") {
  const fs::path spec = scratch_dir() / "no-bounds.yaml";
  std::ofstream(spec) << "puzzle: instant-insanity\nparameters: {cubes: 4}\n"
                         "generate: {strategy: random, seed: 5}\n";
  const fs::path sheet = scratch_dir() / "no-bounds.html";
  const Result r = run("worksheet " + spec.string() + " --count 2 -o " + sheet.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto doc = read_xml(sheet);
  const auto answers = doc.select_nodes("//section[@class='answer']");
  REQUIRE(answers.size() == 2);
  for (const auto& answer : answers) {
    const std::string line = answer.node().select_node("p[@class='note']").node().child_value();
    for (const char* kind : {"all-different", "all-equal", "monochrome-sides"})
      CHECK_THAT(line, Catch::Contains(kind));
  }
}

TEST_CASE("worksheet: each puzzle is described for play on screen from what the sheet prints",
          "[render][cli]") {
  // Instant Insanity: the cubes to turn are the nets, face for face, and nothing else.
  const fs::path towers = scratch_dir() / "play-towers.html";
  Result r = run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") +
                 " --count 2 --key none -o " + towers.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  auto doc = read_xml(towers);
  const auto puzzles = doc.select_nodes("//section[@class='puzzle']");
  REQUIRE(puzzles.size() == 2);
  for (const auto& puzzle : puzzles) {
    const auto boxes = puzzle.node().select_nodes("div[@class='play']");
    REQUIRE(boxes.size() == 1);
    CHECK(std::string(boxes[0].node().child_value()).empty());  // the script fills it
    const auto play = nlohmann::json::parse(boxes[0].node().attribute("data-play").value());
    std::set<std::string> keys;
    for (const auto& [key, value] : play.items()) keys.insert(key);
    CHECK(keys == std::set<std::string>{"player", "values", "names", "fills", "cubes", "goal"});
    CHECK(play["player"] == "tower");
    CHECK(play["goal"] == "all-different");
    const auto nets = puzzle.node().select_nodes(".//g[@class='net']");
    REQUIRE(nets.size() == play["cubes"].size());
    // The play's slots: top, bottom, front, back, left, right.
    const std::vector<std::string> slots = {"top", "bottom", "front", "back", "left", "right"};
    for (std::size_t k = 0; k < nets.size(); ++k)
      for (std::size_t slot = 0; slot < slots.size(); ++slot) {
        const auto face = nets[k].node().select_node(
            (".//g[@class='face'][@data-side='" + slots[slot] + "']").c_str());
        const int colour = play["cubes"][k][slot];
        CHECK(play["names"][static_cast<std::size_t>(colour)] ==
              std::string(face.node().attribute("data-colour").value()));
      }
  }
  CHECK(count(doc, "//script") == 1);

  // The 36 Cube: a colour per cell; each colour once in every row, column and size, the sizes
  // those the board prints.
  const fs::path boards = scratch_dir() / "play-boards.html";
  r = run("worksheet " + source("specs/cube36/unique-n5.yaml") + " --count 1 --key none -o " +
          boards.string());
  REQUIRE(r.exit_code == 0);
  doc = read_xml(boards);
  const auto box = doc.select_node("//section[@class='puzzle']/div[@class='play']");
  REQUIRE(box);
  const auto play = nlohmann::json::parse(box.node().attribute("data-play").value());
  CHECK(play["player"] == "grid");
  CHECK(play["rows"] == 5);
  CHECK(play["columns"] == 5);
  CHECK(play["values"] == nlohmann::json({"a", "b", "c", "d", "e"}));
  std::vector<std::string> sizes;
  nlohmann::json givens = nlohmann::json::array();  // colours printed on the board, as indices
  bool any_given = false;
  for (const auto& cell : doc.select_nodes("//g[@class='board']/g[@class='cell']")) {
    sizes.push_back(cell.node().attribute("data-size").value());
    const std::string given = cell.node().attribute("data-given").value();
    any_given = any_given || !given.empty();
    nlohmann::json index = nullptr;
    for (std::size_t c = 0; c < play["names"].size(); ++c)
      if (play["names"][c] == given) index = c;
    givens.push_back(index);
  }
  CHECK(play["labels"] == nlohmann::json(sizes));
  if (any_given)
    CHECK(play["givens"] == givens);
  else
    CHECK_FALSE(play.contains("givens"));
  std::size_t lines = 0, by_size = 0;
  for (const auto& rule : play["rules"]) {
    REQUIRE(rule["rule"] == "distinct");
    const std::string where = rule["where"];
    if (where.rfind("on the cells of size ", 0) == 0) {
      ++by_size;
      for (const int cell : rule["cells"])
        CHECK("on the cells of size " + sizes[static_cast<std::size_t>(cell)] == where);
    } else {
      ++lines;
      CHECK(rule["cells"].size() == 5);
    }
  }
  CHECK(lines == 10);
  CHECK(by_size >= 1);

  // Eight Blocks has no player yet: no box, no script.
  const fs::path blocks = scratch_dir() / "play-blocks.html";
  r = run("worksheet " + source("specs/eight-blocks/eight-cubes-one-solid.yaml") +
          " --count 1 --key none -o " + blocks.string());
  REQUIRE(r.exit_code == 0);
  doc = read_xml(blocks);
  CHECK(count(doc, "//div[@class='play']") == 0);
  CHECK(count(doc, "//script") == 0);
}

TEST_CASE("worksheet: --versions K makes K labelled sheets with keys that share no puzzle",
          "[render][cli]") {
  const fs::path base = scratch_dir() / "class.html";
  const std::vector<std::string> letters = {"A", "B", "C"};
  for (const auto& letter : letters) {
    fs::remove(scratch_dir() / ("class-" + letter + ".html"));
    fs::remove(scratch_dir() / ("class-" + letter + "-key.html"));
  }
  fs::remove(base);
  const std::string spec = source("specs/instant-insanity/unique-tower.yaml");
  const Result r =
      run("worksheet " + spec + " --count 2 --versions 3 --key separate -o " + base.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_FALSE(fs::exists(base));  // the versions only
  std::set<std::vector<std::string>> drawn;
  std::set<std::string> codes, seeds;
  for (const auto& letter : letters) {
    const fs::path sheet = scratch_dir() / ("class-" + letter + ".html");
    const fs::path key = scratch_dir() / ("class-" + letter + "-key.html");
    REQUIRE(fs::exists(sheet));
    REQUIRE(fs::exists(key));
    const auto doc = read_xml(sheet);
    const auto key_doc = read_xml(key);
    const std::string label = "version " + letter;
    CHECK_THAT(doc.select_node("/html/body/h1").node().child_value(), Catch::EndsWith(label));
    const std::string code = doc.select_node("//p[@class='sheet-code']").node().child_value();
    CHECK_THAT(code, Catch::EndsWith(label));
    codes.insert(code);
    CHECK_THAT(key_doc.select_node("//section[@class='answer-key']/h1").node().child_value(),
               Catch::EndsWith(label));
    const std::string key_code =
        key_doc.select_node("//section[@class='answer-key']/p[@class='sheet-code']")
            .node()
            .child_value();
    CHECK_THAT(key_code, Catch::StartsWith(code.substr(0, code.find(" \u00b7 version"))));
    const auto puzzles = doc.select_nodes("//section[@class='puzzle']");
    CHECK(puzzles.size() == 2);
    for (const auto& puzzle : puzzles) drawn.insert(face_colours(puzzle.node()));
    const auto answers = key_doc.select_nodes("//section[@class='answer']");
    CHECK(answers.size() == 2);
    for (const auto& answer : answers) {
      const std::string line = answer.node().select_node("p[@class='note']").node().child_value();
      seeds.insert(line.substr(0, line.find(':')));
    }
  }
  CHECK(drawn.size() == 6);  // no puzzle on two sheets
  CHECK(seeds.size() == 6);
  CHECK(codes.size() == 3);

  // Refused before any work, nothing written: too many versions, none, and versions that
  // could differ in length.
  for (const std::string bad : {" --versions 27", " --versions 0", " --versions 2 --allow-fewer"}) {
    const fs::path never = scratch_dir() / "never-versions.html";
    const Result refused = run("worksheet " + spec + bad + " -o " + never.string());
    CHECK(refused.exit_code == 2);
    CHECK_THAT(refused.err, Catch::Contains("--versions"));
    CHECK_FALSE(fs::exists(never));
    CHECK_FALSE(fs::exists(scratch_dir() / "never-versions-A.html"));
  }
}

TEST_CASE("render: SVG and HTML of an instance and a solution", "[render][cli]") {
  const Result svg = run("render " + source("instances/instant-insanity/classical.yaml") +
                         " --format svg --solution all-different");
  REQUIRE(svg.exit_code == 0);
  const auto doc = parse(svg.out);
  CHECK(std::string(doc.first_child().name()) == "svg");
  CHECK(count(doc, "//g[@class='net']") == 4);
  CHECK(count(doc, "//g[@class='tower']") == 1);
  // Self-contained: hatchings are drawn lines, nothing refers to a definition elsewhere.
  CHECK(svg.out.find("url(") == std::string::npos);
  CHECK(count(doc, "//path[@class='hatching']") >= 8);

  const fs::path page = scratch_dir() / "board.html";
  REQUIRE(run("render " + source("instances/cube36/physical-puzzle.yaml") +
              " --format html --solution solution -o " + page.string())
              .exit_code == 0);
  const auto html = read_xml(page);
  CHECK(count(html, "//figure") == 2);
  CHECK(count(html, "//g[@class='placement']") == 1);
}

TEST_CASE("worksheet: errors leave no file behind", "[render][cli][bad-input]") {
  const fs::path sheet = scratch_dir() / "never.html";
  fs::remove(sheet);
  // No instance exists (proven): exit 1.
  Result r =
      run("worksheet " + source("specs/eight-blocks/universal-11.yaml") + " -o " + sheet.string());
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("found 0 of the 4"));
  // One class of universal instances of size 12 exists (proven): two cannot be printed.
  r = run("worksheet " + source("specs/eight-blocks/universal-12.yaml") + " --count 2 -o " +
          sheet.string());
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("found 1 of the 2 distinct puzzles asked for; the spec admits "
                                    "no more (proven); nothing written"));
  // --pdf without a browser: a clear message before any work, exit 2.
  r = run_shell("PUZZLEGEN_BROWSER=/nonexistent/chromium " + std::string(PUZZLEGEN_EXE) +
                " worksheet " + source("specs/instant-insanity/unique-tower.yaml") + " --pdf -o " +
                sheet.string());
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("apt-get install chromium"));
  // An unwritable output file.
  r = run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") +
          " -o /nonexistent/dir/sheet.html");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("/nonexistent/dir/sheet.html"));
  CHECK(run("worksheet " + source("specs/instant-insanity/unique-tower.yaml")).exit_code == 2);
  CHECK(run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") + " --count 0 -o " +
            sheet.string())
            .exit_code == 2);
  CHECK_FALSE(fs::exists(sheet));
  for (const auto& entry : fs::directory_iterator(scratch_dir()))
    CHECK(entry.path().filename().string().find(".tmp-") == std::string::npos);
}

// Needs Debian's `chromium` (scripts/setup.sh installs it; CI runs this test).
TEST_CASE("browser: a worksheet prints to a two-page PDF and a screenshot that is not blank",
          "[render][browser]") {
  const auto browser = puzzlegen::render::find_browser();
  INFO("no headless Chromium: install Debian's chromium package");
  REQUIRE(browser);
  const fs::path sheet = scratch_dir() / "print.html";
  const Result r = run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") +
                       " --count 1 --pdf -o " + sheet.string());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  // One small puzzle: one page, and the answer key after the page break on a second.
  const std::string pdf = slurp(scratch_dir() / "print.pdf");
  REQUIRE(pdf.rfind("%PDF-", 0) == 0);
  std::smatch pages;
  REQUIRE(std::regex_search(pdf, pages, std::regex("/Type\\s*/Pages\\b[^>]*?/Count\\s+([0-9]+)")));
  CHECK(pages[1] == "2");
  // A4: 595 x 842 points.
  CHECK(page_size(pdf) == std::pair{595, 842});

  // Letter, 612 x 792 points, and its separate key printed too.
  const fs::path letter = scratch_dir() / "print-letter.html";
  const Result l = run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") +
                       " --count 1 --paper letter --key separate --pdf -o " + letter.string());
  INFO(l.err);
  REQUIRE(l.exit_code == 0);
  for (const char* name : {"print-letter.pdf", "print-letter-key.pdf"}) {
    const std::string printed = slurp(scratch_dir() / name);
    INFO(name);
    CHECK(page_size(printed) == std::pair{612, 792});
    REQUIRE(std::regex_search(printed, pages,
                              std::regex("/Type\\s*/Pages\\b[^>]*?/Count\\s+([0-9]+)")));
    CHECK(pages[1] == "1");
  }

  const fs::path png = scratch_dir() / "print.png";
  puzzlegen::render::screenshot(*browser, sheet, png, 800, 1000);
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  REQUIRE(png_image_begin_read_from_file(&image, png.string().c_str()));
  image.format = PNG_FORMAT_RGB;
  std::vector<png_byte> pixels(PNG_IMAGE_SIZE(image));
  REQUIRE(png_image_finish_read(&image, nullptr, pixels.data(), 0, nullptr));
  CHECK(image.width == 800);
  std::size_t inked = 0, coloured = 0;
  for (std::size_t i = 0; i + 2 < pixels.size(); i += 3) {
    const int r8 = pixels[i], g8 = pixels[i + 1], b8 = pixels[i + 2];
    if (std::min({r8, g8, b8}) < 200) ++inked;
    if (std::max({r8, g8, b8}) - std::min({r8, g8, b8}) > 60) ++coloured;  // a coloured face
  }
  const double total = static_cast<double>(image.width) * image.height;
  CHECK(inked / total > 0.02);
  CHECK(coloured / total > 0.01);

  // Dense enough to choose, on request: six puzzles of each family with nets on few A4 pages
  // at 11 mm faces (the key apart): four cubes a row, the nets flowing on across pages.
  for (const auto& [spec, most] : std::vector<std::pair<std::string, int>>{
           {"specs/instant-insanity/unique-tower.yaml", 3},
           {"specs/eight-blocks/eight-cubes-one-solid.yaml", 4}}) {
    const fs::path six = scratch_dir() / "six.html";
    const Result made = run("worksheet " + source(spec) +
                            " --count 6 --key none --scale 0.55 --pdf -o " + six.string());
    INFO(spec << ": " << made.err);
    REQUIRE(made.exit_code == 0);
    const std::string printed = slurp(scratch_dir() / "six.pdf");
    REQUIRE(std::regex_search(printed, pages,
                              std::regex("/Type\\s*/Pages\\b[^>]*?/Count\\s+([0-9]+)")));
    CHECK(std::stoi(pages[1]) <= most);
  }

  // Enlarged boards on Letter: each fills a page of its own and none is split across two.
  const fs::path big = scratch_dir() / "big.html";
  const Result enlarged =
      run("worksheet " + source("specs/cube36/unique-n5.yaml") +
          " --count 2 --scale 3 --paper letter --key none --pdf -o " + big.string());
  INFO(enlarged.err);
  REQUIRE(enlarged.exit_code == 0);
  const std::string big_pdf = slurp(scratch_dir() / "big.pdf");
  CHECK(page_size(big_pdf) == std::pair{612, 792});
  REQUIRE(
      std::regex_search(big_pdf, pages, std::regex("/Type\\s*/Pages\\b[^>]*?/Count\\s+([0-9]+)")));
  CHECK(pages[1] == "2");

  // Any file name reaches the browser: '#', '?', '%' and spaces are part of a file's name, not
  // of a URL.
  const fs::path odd = scratch_dir() / "week #3 ? 100% sheet.html";
  const Result named = run("worksheet " + source("specs/instant-insanity/unique-tower.yaml") +
                           " --count 1 --pdf -o '" + odd.string() + "'");
  INFO(named.err);
  CHECK(named.exit_code == 0);
  CHECK(slurp(scratch_dir() / "week #3 ? 100% sheet.pdf").rfind("%PDF-", 0) == 0);
}
