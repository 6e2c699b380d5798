// End-to-end: the real `puzzlegen` executable on real files, checked through its exit codes
// and its machine-readable output.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "cli/run.hpp"

using nlohmann::json;
using namespace cli_test;

TEST_CASE("cli: every malformed spec and instance gets file:line:col, the field, exit 2",
          "[cli][bad-input]") {
  int files = 0;
  for (const auto& entry : fs::directory_iterator(source("tests/bad_input"))) {
    const std::string text = slurp(entry.path());
    const std::string expect_tag = "# expect: ", command_tag = "# command: ";
    const auto e = text.find(expect_tag), c = text.find(command_tag);
    REQUIRE(e != std::string::npos);
    REQUIRE(c != std::string::npos);
    const std::string expected =
        text.substr(e + expect_tag.size(), text.find('\n', e) - e - expect_tag.size());
    const std::string command =
        text.substr(c + command_tag.size(), text.find('\n', c) - c - command_tag.size());
    const std::string where = expected.substr(0, expected.find(' '));
    const std::string message = expected.substr(expected.find(' ') + 1);
    const Result r = run(command + " " + entry.path().string());
    INFO(entry.path().filename().string() << "\nstderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());  // no partial output
    CHECK_THAT(r.err, Catch::Contains(entry.path().string() + ":" + where + ": error: "));
    CHECK_THAT(r.err, Catch::Contains(message));
    ++files;
  }
  CHECK(files >= 15);
}

TEST_CASE("cli: bad command lines exit 2", "[cli][bad-input]") {
  CHECK(run("solve /nonexistent/instance.yaml").exit_code == 2);
  CHECK(run("describe no-such-family").exit_code == 2);
  CHECK(run("frobnicate").exit_code == 2);
  CHECK(run("solve " + source("instances/instant-insanity/classical.yaml") + " --modulo sideways")
            .exit_code == 2);
  CHECK(run("generate " + source("specs/instant-insanity/unique-tower.yaml") + " --time-limit soon")
            .exit_code == 2);
  CHECK(run("--help").exit_code == 0);
}

TEST_CASE("cli: solve's JSON contract on the classical instance", "[cli]") {
  const std::string classical = source("instances/instant-insanity/classical.yaml");
  Result r = run("solve " + classical + " --format json");
  REQUIRE(r.exit_code == 0);
  json j = json::parse(r.out);
  CHECK(j["counts"]["all-different"]["count"] == 8);
  CHECK(j["counts"]["all-different"]["exact"] == true);
  CHECK(j["counts"]["all-equal"]["count"] == 0);
  CHECK(j["convention"]["count-as"] == "orientations");
  CHECK(j["convention"]["modulo"] == "none");
  CHECK(j["difficulty"]["all-different"]["level"].is_string());
  // Without the grade, the same counts and no difficulty.
  r = run("solve " + classical + " --no-difficulty --format json");
  REQUIRE(r.exit_code == 0);
  CHECK(json::parse(r.out)["counts"] == j["counts"]);
  CHECK_FALSE(json::parse(r.out).contains("difficulty"));

  r = run("solve " + classical + " --count-as orientations --modulo tower-rotation --format json");
  j = json::parse(r.out);
  CHECK(j["counts"]["all-different"]["count"] == 2);
  CHECK(j["convention"]["modulo"] == "tower-rotation");

  r = run("solve " + classical + " --cap 3 --format json");
  j = json::parse(r.out);
  CHECK(j["counts"]["all-different"]["exact"] == false);

  r = run("solve " + classical + " --format yaml");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("all-different:"));
}

TEST_CASE("cli: generated instances are confirmed by solve and check", "[cli]") {
  const std::string spec = source("specs/instant-insanity/unique-tower.yaml");
  const Result r = run("generate " + spec + " --instances 3 --format json");
  REQUIRE(r.exit_code == 0);
  const auto lines = json_lines(r.out);
  REQUIRE(lines.size() == 4);
  CHECK(lines.back()["summary"]["instances"] == 3);
  CHECK(lines.back()["summary"]["proven"] == false);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    CHECK(lines[i]["seed"] == 7);
    CHECK(lines[i]["parameters"]["cubes"] == 4);
    CHECK(lines[i]["spec-sha256"].get<std::string>().size() == 64);
    const fs::path saved = scratch_dir() / ("instance" + std::to_string(i) + ".json");
    std::ofstream(saved) << lines[i]["instance"].dump();
    const Result solved = run("solve " + saved.string() +
                              " --count-as arrangements --modulo tower-symmetry --format json");
    REQUIRE(solved.exit_code == 0);
    CHECK(json::parse(solved.out)["counts"]["all-different"] ==
          json({{"count", 1}, {"exact", true}}));
    CHECK(run("check " + saved.string() + " --spec " + spec).exit_code == 0);
  }
  // The classical puzzle has exactly one tower up to tower symmetry, so it passes this spec;
  // a spec asking for two fails with exit 1.
  CHECK(run("check " + source("instances/instant-insanity/classical.yaml") + " --spec " + spec)
            .exit_code == 0);
  const fs::path two = scratch_dir() / "two.yaml";
  std::ofstream(two)
      << "puzzle: instant-insanity\nsolutions: {modulo: tower-rotation, all-different: 2}\n";
  CHECK(run("check " + source("instances/instant-insanity/classical.yaml") + " --spec " +
            two.string())
            .exit_code == 0);
  std::ofstream(two)
      << "puzzle: instant-insanity\nsolutions: {modulo: tower-rotation, all-different: 3}\n";
  const Result failed = run("check " + source("instances/instant-insanity/classical.yaml") +
                            " --spec " + two.string());
  CHECK(failed.exit_code == 1);
  CHECK_THAT(failed.out,
             Catch::Contains("FAIL") && Catch::Contains("all-different: 2, wanted exactly 3"));
}

TEST_CASE("cli: the n = 5 and n = 6 unique-tower specs give puzzles solve confirms", "[cli]") {
  for (const std::string name : {"unique-tower-n5", "unique-tower-n6"}) {
    const Result r =
        run("generate " + source("specs/instant-insanity/" + name + ".yaml") + " --format json");
    REQUIRE(r.exit_code == 0);
    const auto lines = json_lines(r.out);
    REQUIRE(lines.size() == 2);
    const fs::path saved = scratch_dir() / (name + ".json");
    std::ofstream(saved) << lines[0]["instance"].dump();
    const Result solved =
        run("solve " + saved.string() +
            " --count-as arrangements --modulo tower-symmetry --kind all-different --format json");
    CHECK(json::parse(solved.out)["counts"]["all-different"] ==
          json({{"count", 1}, {"exact", true}}));
  }
}

TEST_CASE("cli: same spec and seed give byte-identical output", "[cli]") {
  const std::string spec = source("specs/instant-insanity/unique-tower.yaml");
  for (const std::string strategy : {"search", "random"}) {
    for (const std::string format : {"json", "text"}) {
      const std::string args =
          "generate " + spec + " --instances 4 --strategy " + strategy + " --format " + format;
      const Result a = run(args), b = run(args);
      CHECK(a.exit_code == 0);
      CHECK(a.out == b.out);
      CHECK_FALSE(a.out.empty());
    }
  }
}

TEST_CASE("cli: --strategy classes walks classes", "[cli][classes]") {
  // --strategy classes is accepted, and walks the classes that exhaustive finds.
  const std::string spec = source("tests/scale_out/census-n3-classes.yaml");
  const Result exhaustive = run("generate " + spec + " --strategy exhaustive --format json");
  const Result classes = run("generate " + spec + " --strategy classes --format json");
  REQUIRE(classes.exit_code == 0);
  REQUIRE(exhaustive.exit_code == 0);
  const json summary = json_lines(classes.out).back()["summary"];
  CHECK(summary["strategy"] == "classes");
  CHECK(summary["proven"] == true);
  CHECK(summary["instances"] == 801);
  CHECK(summary["instances-in-classes"] ==
        json_lines(exhaustive.out).back()["summary"]["instances-in-classes"]);
}

TEST_CASE("cli: --strategy minimal needs declared clues and a one-solution kind", "[cli]") {
  // Instant Insanity declares no clues: refused before any output, naming the field. (The
  // strategy itself is tested on a family that declares clues, the Futoshiki plugin.)
  const std::string tower = source("specs/instant-insanity/unique-tower.yaml");
  Result r = run("generate " + tower + " --strategy minimal");
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::Contains("generate.strategy") && Catch::Contains("declares no clues"));
  // A spec with no kind bounded to exactly one solution has no puzzle to make minimal.
  const fs::path spec = scratch_dir() / "minimal-no-unique.yaml";
  std::ofstream(spec) << "puzzle: cube36\nparameters: {n: 4}\n"
                         "solutions: {solution: {min: 1}}\ngenerate: {strategy: minimal}\n";
  r = run("generate " + spec.string());
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::Contains("solutions") && Catch::Contains("exactly 1 solution"));
}

TEST_CASE("cli: exit codes for proven non-existence and limits", "[cli]") {
  const fs::path none = scratch_dir() / "impossible.yaml";
  std::ofstream(none) << "puzzle: instant-insanity\nparameters: {cubes: 3}\n"
                         "solutions: {all-equal: {min: 1}}\n";
  Result r = run("generate " + none.string() + " --format json");
  CHECK(r.exit_code == 1);
  CHECK(json_lines(r.out).back()["summary"]["proven"] == true);

  r = run("generate " + source("specs/instant-insanity/unique-tower.yaml") +
          " --strategy exhaustive --instances 1000000 --node-limit 50 --format json");
  CHECK(r.exit_code == 3);
  CHECK(json_lines(r.out).back()["summary"]["stopped"] == "node-limit");
}

TEST_CASE("cli: Ctrl-C prints what was found and proven so far", "[cli]") {
  // Five cubes, fewest all-different towers: far more than a second of search.
  const fs::path spec = scratch_dir() / "long.yaml";
  std::ofstream(spec) << "puzzle: instant-insanity\nparameters: {cubes: 5}\n"
                         "solutions: {count-as: arrangements, all-different: {min: 1}}\n"
                         "objective: {minimize: all-different}\n"
                         "generate: {strategy: exhaustive, time-limit: 10m}\n";
  const Result r = run_shell(std::string(PUZZLEGEN_EXE) + " generate " + spec.string() +
                             " --format json & pid=$!; sleep 1; kill -INT $pid; wait $pid");
  CHECK(r.exit_code == 3);
  const auto lines = json_lines(r.out);
  REQUIRE_FALSE(lines.empty());
  const json summary = lines.back()["summary"];
  CHECK(summary["stopped"] == "interrupted");
  CHECK(summary["proven"] == false);
  CHECK(summary["instances"] == lines.size() - 1);  // every improvement was already printed
}

TEST_CASE("cli: solve --kind counts only the kinds asked for", "[cli]") {
  const std::string classical = source("instances/instant-insanity/classical.yaml");
  Result r =
      run("solve " + classical + " --kind all-different --count-as decompositions --format json");
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  CHECK(j["counts"].size() == 1);
  CHECK(j["counts"]["all-different"]["count"] == 1);
  r = run("solve " + classical + " --kind all-diferent");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("did you mean 'all-different'"));
}

TEST_CASE("cli: solve takes many files in one process, each as it alone would print", "[cli]") {
  const std::string classical = source("instances/instant-insanity/classical.yaml");
  const std::string pairs = source("instances/instant-insanity/same-colour-pairs.yaml");
  const std::string blocks = source("instances/eight-blocks/example-1.yaml");
  const std::string flags = " --no-difficulty --format json";
  const Result both = run("solve " + classical + " " + pairs + " " + blocks + " --cap 5" + flags);
  REQUIRE(both.exit_code == 0);
  std::istringstream lines(both.out);
  std::vector<json> records;
  for (std::string line; std::getline(lines, line);) records.push_back(json::parse(line));
  REQUIRE(records.size() == 3);
  std::size_t i = 0;
  for (const auto& file : {classical, pairs, blocks}) {
    const Result alone = run("solve " + file + " --cap 5" + flags);
    REQUIRE(alone.exit_code == 0);
    CHECK(records[i++] == json::parse(alone.out));
  }
  // A bad file anywhere is exit 2 before anything is printed.
  const Result bad = run("solve " + classical + " /nonexistent/instance.yaml" + flags);
  CHECK(bad.exit_code == 2);
  CHECK(bad.out.empty());
}

TEST_CASE("cli: a given instance that fails says why, optima report ties and the witness",
          "[cli]") {
  Result r = run("generate " + source("specs/instant-insanity/loffler-q2-classical.yaml") +
                 " --format json");
  CHECK(r.exit_code == 1);
  json summary = json_lines(r.out).back()["summary"];
  CHECK(summary["proven"] == true);
  CHECK(summary["given-failed"][0] == "all-equal: 0, wanted at least 1");

  // Three cubes: the fewest all-different towers, with ties and every convention.
  const fs::path spec = scratch_dir() / "fewest3.yaml";
  std::ofstream(spec) << "puzzle: instant-insanity\nparameters: {cubes: 3}\n"
                         "solutions: {all-different: {min: 1}}\n"
                         "objective: {minimize: all-different, ties: all}\n";
  r = run("generate " + spec.string() + " --format json");
  CHECK(r.exit_code == 0);
  summary = json_lines(r.out).back()["summary"];
  CHECK(summary["proven"] == true);
  CHECK(summary["optimal-instances"].get<int>() >= 1);
  // 3 ways to count x 3 groups x 2 stacking rules
  CHECK(summary["witness"]["counts-by-convention"].size() == 18);
}

TEST_CASE("cli: list, describe, validate, render", "[cli]") {
  Result r = run("list --format json");
  CHECK(r.exit_code == 0);
  CHECK(json::parse(r.out)["families"][0]["name"] == "instant-insanity");
  r = run("describe instant-insanity");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("tower-symmetry") && Catch::Contains("all-equal"));
  // A family's measures are part of what a spec can say.
  r = run("describe eight-blocks --format json");
  CHECK(json::parse(r.out)["measures"][0]["name"] == "size");
  CHECK(json::parse(r.out)["origin"] == "built in");
  CHECK_THAT(run("describe eight-blocks").out, Catch::Contains("measures (bound them"));
  // And the objectives it may optimise: kinds' counts, and measures.
  CHECK(json::parse(r.out)["objectives"].size() == 4);
  CHECK_THAT(run("describe eight-blocks").out, Catch::Contains("{minimize: size}"));
  r = run("validate " + source("specs/instant-insanity/unique-tower.yaml") + " --format json");
  CHECK(r.exit_code == 0);
  CHECK(json::parse(r.out)["bounds"]["all-different"] == "exactly 1");
  // The objective's bound, which a run may stop at: even counts, at least 1, so 2.
  r = run("validate " + source("specs/instant-insanity/loffler-q4.yaml") + " --format json");
  CHECK(json::parse(r.out)["objective-bound"] == 2);
  CHECK_THAT(run("validate " + source("specs/instant-insanity/loffler-q4.yaml")).out,
             Catch::Contains("objective bound: 2"));
  r = run("render " + source("instances/instant-insanity/classical.yaml") +
          " --solution all-different");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("front") && Catch::Contains("cube 4"));
}

TEST_CASE("cli: the 36 Cube's boards, counts and proofs from the shipped files", "[cli][cube36]") {
  auto solution_count = [](const std::string& args) {
    const Result r = run("solve " + args + " --format json");
    REQUIRE(r.exit_code == 0);
    return json::parse(r.out)["counts"]["solution"];
  };
  const std::string blog = source("instances/cube36/blog-board.yaml");
  CHECK(solution_count(blog) == json({{"count", 2880}, {"exact", true}}));
  CHECK(solution_count(blog + " --modulo color-relabelling") ==
        json({{"count", 4}, {"exact", true}}));
  const std::string physical = source("instances/cube36/physical-puzzle.yaml");
  CHECK(solution_count(physical + " --modulo none") == json({{"count", 96}, {"exact", true}}));
  const json solved = json::parse(run("solve " + physical + " --format json").out);
  CHECK(solved["counts"]["ordinary"]["count"] == 0);
  CHECK(solved["solutions"]["solution"]["special-placements"].size() == 2);

  // The same puzzle written as pedestal heights (height = 7 - tower size) counts the same.
  json pedestals = json::parse(run("render " + physical + " --format json").out)["instance"];
  json heights = json::array();
  for (const auto& row : pedestals["board"]) {
    json out = json::array();
    for (const auto& size : row) out.push_back(7 - size.get<int>());
    heights.push_back(out);
  }
  pedestals.erase("board");
  pedestals["pedestals"] = heights;
  const fs::path saved = scratch_dir() / "pedestals.json";
  std::ofstream(saved) << pedestals.dump();
  CHECK(solution_count(saved.string()) == json({{"count", 96}, {"exact", true}}));

  // Euler at n = 6: proven impossible, exit 1.
  const Result euler = run("generate " + source("specs/cube36/euler-6.yaml") +
                           " --time-limit 10m --format json");  // slow under sanitizers
  CHECK(euler.exit_code == 1);
  const auto summary = json_lines(euler.out).back()["summary"];
  CHECK(summary["proven"] == true);
  CHECK(summary["instances"] == 0);
}

TEST_CASE("cli: a generated unique 5x5 board is confirmed by solve", "[cli][cube36]") {
  const Result r = run("generate " + source("specs/cube36/unique-n5.yaml") + " --format json");
  REQUIRE(r.exit_code == 0);
  const auto lines = json_lines(r.out);
  REQUIRE(lines.size() == 4);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const fs::path saved = scratch_dir() / ("board" + std::to_string(i) + ".json");
    std::ofstream(saved) << lines[i]["instance"].dump();
    const Result solved =
        run("solve " + saved.string() + " --modulo color-relabelling --format json");
    REQUIRE(solved.exit_code == 0);
    CHECK(json::parse(solved.out)["counts"]["solution"] == json({{"count", 1}, {"exact", true}}));
  }
}

TEST_CASE("cli: boards that need the special towers", "[cli][cube36]") {
  const Result r = run("generate " + source("specs/cube36/needs-special-pieces.yaml") +
                       " --instances 1 --time-limit 10m --format json");
  REQUIRE(r.exit_code == 0);
  const auto lines = json_lines(r.out);
  REQUIRE(lines.size() == 2);
  const fs::path saved = scratch_dir() / "needs-special.json";
  std::ofstream(saved) << lines[0]["instance"].dump();
  const json solved = json::parse(run("solve " + saved.string() + " --format json").out);
  CHECK(solved["counts"]["solution"]["count"] >= 1);
  CHECK(solved["counts"]["ordinary"] == json({{"count", 0}, {"exact", true}}));
}

TEST_CASE("cli: negative whole numbers are refused, never wrapped around", "[cli][bad-input]") {
  const std::string spec = source("specs/instant-insanity/unique-tower.yaml");
  for (const std::string& args :
       {"solve " + source("instances/instant-insanity/classical.yaml") + " --cap -1",
        "generate " + spec + " --seed -1", "generate " + spec + " --node-limit -1",
        "generate " + spec + " --threads -1", "generate " + spec + " --threads 257",
        "generate " + spec + " --subproblems 0", "generate " + spec + " --time-limit 1e300",
        "worksheet " + spec + " --seed -1 -o " + (scratch_dir() / "never.html").string()}) {
    INFO(args);
    const Result r = run(args);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
  }
  CHECK_FALSE(fs::exists(scratch_dir() / "never.html"));
}

TEST_CASE("cli: describe lists the difficulty measures of a family that grades", "[cli]") {
  const json described = json::parse(run("describe instant-insanity --format json").out);
  std::vector<std::string> measures;
  for (const auto& m : described["measures"]) measures.push_back(m["name"]);
  CHECK(measures ==
        std::vector<std::string>{"difficulty", "search-nodes", "propagation-difficulty"});
  // They can be bounded, not optimised: objectives are the kinds' counts alone.
  CHECK(described["objectives"].size() == 2);
  CHECK_THAT(run("describe instant-insanity").out, Catch::Contains("\n  difficulty\n"));
  // A family that does not grade lists its own measures only.
  const json blocks = json::parse(run("describe eight-blocks --format json").out);
  CHECK(blocks["measures"].size() == 1);
}

TEST_CASE("cli: generate's records carry the measures, and its summary the search nodes", "[cli]") {
  const std::string spec = source("specs/eight-blocks/universal-12.yaml");
  const auto lines = json_lines(run("generate " + spec + " --format json").out);
  REQUIRE(lines.size() >= 2);
  CHECK(lines.front()["measures"] == json({{"size", 12}}));
  const json summary = lines.back()["summary"];
  CHECK(summary["nodes"].get<std::uint64_t>() > summary["explored"].get<std::uint64_t>());
  // random counts its draws as nodes, as node-limit does.
  const auto drawn =
      json_lines(run("generate " + source("specs/instant-insanity/unique-tower.yaml") +
                     " --strategy random --instances 2 --format json")
                     .out);
  CHECK(drawn.back()["summary"]["nodes"].get<std::uint64_t>() >=
        drawn.back()["summary"]["explored"].get<std::uint64_t>());
  CHECK_THAT(run("generate " + spec).out, Catch::Contains(" search nodes)"));
  // With the difficulty bounded, the grade made to judge it is recorded too.
  const auto graded =
      json_lines(run("generate " + source("specs/instant-insanity/unique-tower.yaml") +
                     " --difficulty medium --format json")
                     .out);
  REQUIRE(graded.size() >= 2);
  CHECK(graded.front()["measures"]["difficulty"] == 2);
  CHECK(graded.front()["measures"].contains("search-nodes"));
  CHECK_FALSE(graded.front()["measures"].contains("propagation-difficulty"));
  // The grade by propagation, bounded on its own: the classical ladder's grade may differ.
  const fs::path spec_file = scratch_dir() / "propagation-difficulty.yaml";
  std::ofstream(spec_file) << "puzzle: instant-insanity\nparameters: {cubes: 4}\n"
                              "instance: {every-cube-uses-all-colors: true, "
                              "propagation-difficulty: medium}\n"
                              "solutions: {modulo: tower-symmetry, count-as: arrangements, "
                              "all-different: {exactly: 1}}\n"
                              "generate: {instances: 3, strategy: random, seed: 3}\n";
  const auto by_propagation =
      json_lines(run("generate " + spec_file.string() + " --format json").out);
  REQUIRE(by_propagation.size() == 4);
  for (std::size_t k = 0; k + 1 < by_propagation.size(); ++k)
    CHECK(by_propagation[k]["measures"]["propagation-difficulty"] == 2);
}

TEST_CASE("cli: the boolean generate options are set on the command line", "[cli]") {
  const std::string spec = source("tests/scale_out/census-n3-classes.yaml");
  const Result on = run("generate " + spec + " --strategy exhaustive --format json");
  const Result off =
      run("generate " + spec + " --strategy exhaustive --symmetry-breaking false --format json");
  const Result again =
      run("generate " + spec + " --strategy exhaustive --symmetry-breaking true --format json");
  REQUIRE(on.exit_code == 0);
  REQUIRE(off.exit_code == 0);
  // Without symmetry breaking the search visits more nodes and finds the same classes.
  const auto summary = [](const Result& r) { return json_lines(r.out).back()["summary"]; };
  CHECK(summary(off)["nodes"].get<std::uint64_t>() > summary(on)["nodes"].get<std::uint64_t>());
  CHECK(summary(off)["instances"] == summary(on)["instances"]);
  CHECK(summary(again)["nodes"] == summary(on)["nodes"]);
  CHECK(run("generate " + spec + " --joint-model true --instances 1").exit_code == 0);
  const Result bad = run("generate " + spec + " --symmetry-breaking no");
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("--symmetry-breaking") &&
                          Catch::Contains("expected true or false, got 'no'"));
  CHECK(bad.out.empty());
}
