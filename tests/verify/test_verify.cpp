// `puzzlegen verify` end to end: shipped results verify; tampered ones are caught, each FAILED
// naming the record, exit 1; a family without second methods is never verified (exit 3).

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "cli/run.hpp"

using nlohmann::json;
using ordered = nlohmann::ordered_json;
using namespace cli_test;

namespace {

const std::string census7 = source("docs/data/cube36-census-n7.jsonl");
const std::string census7_spec = source("specs/cube36/census-n7.yaml");
const std::string with_template = std::string("--plugin ") + PUZZLEGEN_TEMPLATE_PLUGIN + " ";
// Specs name their `given:` instances relative to themselves, inside the source tree.
const std::string given_root = std::string("--given-root ") + PUZZLEGEN_SOURCE_DIR + " ";

std::vector<std::string> lines_of(const std::string& file) {
  std::vector<std::string> out;
  std::istringstream in(slurp(file));
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

std::string write(const std::string& name, const std::vector<std::string>& lines) {
  const fs::path file = scratch_dir() / name;
  std::ofstream out(file);
  for (const auto& line : lines) out << line << "\n";
  return file.string();
}

// Whether the report has a claim with this verdict at `where` (file:line) on `topic`.
bool reports(const std::string& report, const std::string& verdict, const std::string& where,
             const std::string& topic) {
  std::istringstream in(report);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(verdict + "  " + where + "  [" + topic + "]", 0) == 0) return true;
  return false;
}

// Generates `spec` into the scratch folder (JSON Lines) and returns the file.
std::string generated(const std::string& spec, const std::string& name,
                      const std::string& extra = "") {
  const std::string file = (scratch_dir() / name).string();
  const Result r = run(given_root + extra + "generate " + spec + " --format json -q -o " + file);
  INFO(r.err);
  REQUIRE((r.exit_code == 0 || r.exit_code == 1));
  return file;
}

// A template spec with several instances in several shards, quick to search again.
std::string partition_spec() {
  const fs::path file = scratch_dir() / "partition-all.yaml";
  std::ofstream(file) << "puzzle: partition\nparameters: {n: 4}\ninstance: {largest: 6}\n"
                         "solutions: {split: {min: 1}}\n"
                         "generate: {instances: all, strategy: exhaustive}\n";
  return file.string();
}

struct Shards {
  std::vector<std::string> files;
  std::string merged;
};
Shards partition_shards(const std::string& tag) {
  Shards out;
  for (int k = 1; k <= 3; ++k) {
    out.files.push_back((scratch_dir() / (tag + "-" + std::to_string(k) + ".jsonl")).string());
    const Result r = run(with_template + "generate " + partition_spec() + " --shard " +
                         std::to_string(k) + "/3 -q -o " + out.files.back());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
  }
  out.merged = (scratch_dir() / (tag + "-merged.jsonl")).string();
  REQUIRE(run("merge -q " + out.files[0] + " " + out.files[1] + " " + out.files[2] + " -o " +
              out.merged)
              .exit_code == 0);
  return out;
}

}  // namespace

// How long verifying takes beside generating is a bench row (bench/run.py), not a test.
TEST_CASE("verify: the committed n = 7 census verifies", "[verify][cli]") {
  const Result verified = run("verify " + census7 + " --spec " + census7_spec);
  INFO(verified.out.substr(0, 2000) << verified.err);
  CHECK(verified.exit_code == 0);
  CHECK_THAT(verified.out, Catch::Contains("978 claims, 978 verified, 0 not verifiable, 0 FAILED"));
  // The class sizes sum to the number of 7x7 Latin squares; the classes fold 564 isotopy classes.
  CHECK(reports(verified.out, "verified", census7 + ":325", "census"));
  CHECK_THAT(verified.out, Catch::Contains("61479419904000: the 324 classes make 61479419904000"));
  CHECK_THAT(verified.out, Catch::Contains("564: the 324 classes make 564"));
  CHECK(reports(verified.out, "verified", census7 + ":325", "proven"));
  // The same with two threads, and as JSON.
  const Result json_run =
      run("verify " + census7 + " --spec " + census7_spec + " --threads 2 --format json");
  CHECK(json_run.exit_code == 0);
  const json report = json::parse(json_run.out);
  CHECK(report["summary"]["verified"] == 978);
  CHECK(report["summary"]["exit"] == 0);
}

TEST_CASE("verify: the shipped specs' results verify", "[verify][cli]") {
  for (const std::string spec :
       {"cube36/euler-4", "cube36/euler-5", "cube36/euler-6", "cube36/unique-n4",
        "cube36/needs-special-pieces", "instant-insanity/loffler-q1",
        "instant-insanity/loffler-q2-classical", "instant-insanity/loffler-q3",
        "instant-insanity/loffler-q4", "instant-insanity/unique-tower",
        "instant-insanity/unique-tower-n5", "instant-insanity/census-n4",
        "eight-blocks/eight-cubes-one-solid", "eight-blocks/universal-11",
        "eight-blocks/universal-12"}) {
    const std::string file = source("specs/" + spec + ".yaml");
    const std::string result = generated(file, "shipped.jsonl");
    const Result r =
        run(given_root + "verify " + result + " --spec " + file + " --time-limit 120s");
    INFO(spec << "\n" << r.out.substr(0, 3000) << r.err);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains(" 0 not verifiable, 0 FAILED"));
  }
  // The template, a plugin: brute force.
  const std::string spec = source("puzzles/template/unique-split.yaml");
  const std::string result = generated(spec, "template.jsonl", with_template);
  const Result r = run(with_template + "verify " + result + " --spec " + spec);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("every one of the 2^6 groups A tried"));
}

TEST_CASE("verify: proofs the first search made quickly are searched again another way",
          "[verify][cli]") {
  // Instant Insanity's spaces listed whole, each class judged by the second counts.
  for (const auto& [spec, listed] : std::vector<std::pair<std::string, std::string>>{
           {"instant-insanity/unique-tower-n6-all-colours",
            "[proven] proven: no instance meets the spec: listing every multiset of 6 cubes from "
            "the 15 kinds of cube"},
           {"instant-insanity/loffler-q5",
            "[proven] proven optimal: listing every multiset of 4 cubes from the 52 kinds of "
            "cube"}}) {
    const std::string file = source("specs/" + spec + ".yaml");
    const Result r =
        run("verify " + generated(file, "listed.jsonl") + " --spec " + file + " --time-limit 60s");
    INFO(spec << "\n" << r.out.substr(0, 3000) << r.err);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains(listed));
  }
}

TEST_CASE("verify: a class walk's proof is searched again with the family's symmetry breaking",
          "[verify][cli]") {
  // Eight Blocks' EXISTENCE by classes: without symmetry breaking the space is out of reach, so
  // the tree search with the family's lex-leader constraints checks it, last of three ways, each
  // before it having half the time left: of 20 s the plain searches spend 15, and the last
  // needs about 1 in a Release build, many times that under the sanitizers (CI leaves this test
  // to the Release pass).
  const std::string file = source("specs/eight-blocks/existence-row-1-by-classes.yaml");
  const Result r = run("verify " + generated(file, "existence-by-classes.jsonl") + " --spec " +
                       file + " --time-limit 20s");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("the exhaustive tree search with the family's symmetry "
                                    "breaking (lex-leader constraints"));
}

TEST_CASE("verify: a proven optimum the listed space beats is FAILED", "[verify][cli][tampered]") {
  // Loeffler's Q5 made to claim 27 (its record unchanged at 26): the space listed again finds 26.
  const std::string spec = source("specs/instant-insanity/loffler-q5.yaml");
  auto lines = lines_of(generated(spec, "q5.jsonl"));
  ordered summary = ordered::parse(lines.back());
  REQUIRE(summary["summary"]["best"] == 26);
  summary["summary"]["best"] = 27;
  lines.back() = summary.dump();
  const std::string file = write("q5-worse.jsonl", lines);
  const Result r = run("verify " + file + " --spec " + spec + " --time-limit 60s");
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK(reports(r.out, "FAILED", file + ":" + std::to_string(lines.size()), "proven"));
  CHECK_THAT(r.out, Catch::Contains("each judged by the second counts: no model, no propagation, "
                                    "no symmetry breaking in the search ("));
  CHECK_THAT(r.out, Catch::Contains("classes accepted) finds the best 26"));
}

TEST_CASE("verify: shards and their merge verify together", "[verify][cli][scale-out]") {
  const Shards run_shards = partition_shards("together");
  const std::string all = run_shards.merged + " " + run_shards.files[0] + " " +
                          run_shards.files[1] + " " + run_shards.files[2];
  const Result r = run(with_template + "verify " + all + " --spec " + partition_spec());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(reports(r.out, "verified", run_shards.files[0], "shards"));  // the coverage
  CHECK_THAT(r.out, Catch::Contains("the shards cover each of the"));
  CHECK_THAT(r.out, Catch::Contains("the merged records are the shards' records, merged"));
  // The shards alone: their records, combined as merge combines them.
  const Result alone = run(with_template + "verify " + run_shards.files[0] + " " +
                           run_shards.files[1] + " " + run_shards.files[2]);
  INFO(alone.out);
  CHECK(alone.exit_code == 0);
  // A merged result without its shards: its records verify, and its proof by searching again;
  // without the spec, what was proven cannot be checked (exit 3).
  const Result merged =
      run(with_template + "verify " + run_shards.merged + " --spec " + partition_spec());
  INFO(merged.out);
  CHECK(merged.exit_code == 0);
  const Result unspecified = run(with_template + "verify " + run_shards.merged);
  CHECK(unspecified.exit_code == 3);
  CHECK_THAT(unspecified.out, Catch::Contains("give it with --spec"));
}

TEST_CASE("verify: a count changed by one is FAILED at its record", "[verify][cli][tampered]") {
  auto lines = lines_of(census7);
  ordered record = ordered::parse(lines[4]);
  auto& count = record["counts"]["solution"]["count"];
  REQUIRE(count == 8);
  count = 9;
  lines[4] = record.dump();
  const std::string file = write("count-plus-one.jsonl", lines);
  const Result r = run("verify " + file);
  INFO(r.out.substr(0, 3000));
  CHECK(r.exit_code == 1);
  CHECK(reports(r.out, "FAILED", file + ":5", "counts"));
  CHECK_THAT(r.out, Catch::Contains("gives 8; see it again: sed -n '5p' " + file +
                                    " | puzzlegen solve - --kind solution"));
}

TEST_CASE("verify: a class duplicated under a relabelling is FAILED at the copy",
          "[verify][cli][tampered]") {
  auto lines = lines_of(census7);
  // Record 3's board with its first two rows swapped and sizes 1 and 2 renamed: the same class.
  ordered record = ordered::parse(lines[2]);
  auto& board = record["instance"]["board"];
  std::swap(board[0], board[1]);
  for (auto& row : board)
    for (auto& size : row) size = size == 1 ? 2 : size == 2 ? 1 : size.get<int>();
  lines.insert(lines.end() - 1, record.dump());
  const std::string file = write("duplicated.jsonl", lines);
  const Result r = run("verify " + file);
  INFO(r.out.substr(0, 3000));
  CHECK(r.exit_code == 1);
  CHECK(reports(r.out, "FAILED", file + ":325", "class"));
  CHECK_THAT(r.out,
             Catch::Contains("the same instance up to the family's symmetries as " + file + ":3"));
  // Its own counts and class size are right: only the duplicate fails (and the summary's count).
  CHECK(reports(r.out, "verified", file + ":325", "counts"));
}

TEST_CASE("verify: a class size changed is FAILED at its record", "[verify][cli][tampered]") {
  auto lines = lines_of(census7);
  ordered record = ordered::parse(lines[6]);
  record["class-size"] = record["class-size"].get<std::uint64_t>() / 2;
  lines[6] = record.dump();
  const std::string file = write("class-size.jsonl", lines);
  const Result r = run("verify " + file + " --spec " + census7_spec);
  INFO(r.out.substr(0, 3000));
  CHECK(r.exit_code == 1);
  CHECK(reports(r.out, "FAILED", file + ":7", "class"));
  // The sum the summary states no longer holds either.
  CHECK(reports(r.out, "FAILED", file + ":325", "summary"));
}

TEST_CASE("verify: a shard's record moved to another shard is FAILED where it lies",
          "[verify][cli][tampered][scale-out]") {
  const Shards s = partition_shards("moved");
  auto from = lines_of(s.files[0]), to = lines_of(s.files[1]);
  REQUIRE(from.size() >= 2);
  const std::string record = from.front();
  from.erase(from.begin());
  to.insert(to.end() - 1, record);
  const std::string a = write("moved-1.jsonl", from), b = write("moved-2.jsonl", to);
  const Result r = run(with_template + "verify " + a + " " + b + " " + s.files[2]);
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK(reports(r.out, "FAILED", b + ":" + std::to_string(to.size() - 1), "shards"));
  CHECK_THAT(r.out, Catch::Contains("is not a subproblem of shard 2 of 3"));
}

TEST_CASE("verify: a subproblem dropped from a manifest is FAILED at that manifest",
          "[verify][cli][tampered][scale-out]") {
  const Shards s = partition_shards("dropped");
  auto lines = lines_of(s.files[1]);
  ordered manifest = ordered::parse(lines.back());
  auto& parts = manifest["summary"]["subproblems"];
  parts["mine"] = parts["mine"].get<int>() - 1;
  parts["done"] = parts["done"].get<int>() - 1;
  lines.back() = manifest.dump();
  const std::string b = write("dropped-2.jsonl", lines);
  const Result r = run(with_template + "verify " + s.merged + " " + s.files[0] + " " + b + " " +
                       s.files[2] + " --spec " + partition_spec());
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK(reports(r.out, "FAILED", b + ":" + std::to_string(lines.size()), "shards"));
  CHECK_THAT(r.out, Catch::Contains("a subproblem is missing from its manifest"));
}

TEST_CASE("verify: a proven optimum with a better instance planted is FAILED at that instance",
          "[verify][cli][tampered]") {
  // Eight Blocks' MINUNIVERSAL: 12 cubes, proven. The result is made to claim 13 (a cube added to
  // its optimum), and the real optimum planted before it.
  const std::string spec = source("specs/eight-blocks/minuniversal.yaml");
  auto lines = lines_of(generated(spec, "minuniversal.jsonl"));
  REQUIRE(lines.size() >= 2);
  const std::string optimum = lines[lines.size() - 2];
  ordered worse = ordered::parse(optimum);
  worse["instance"]["counts"][0][1] = worse["instance"]["counts"][0][1].get<int>() + 1;
  ordered summary = ordered::parse(lines.back());
  summary["summary"]["best"] = 13;
  summary["summary"]["witness"]["instance"] = worse["instance"];
  lines.back() = summary.dump();
  lines[lines.size() - 2] = worse.dump();
  lines.insert(lines.end() - 2, optimum);  // planted: line lines.size() - 2
  const std::string file = write("better-planted.jsonl", lines);
  const Result r = run("verify " + file + " --spec " + spec + " --time-limit 10s");
  INFO(r.out.substr(0, 4000));
  CHECK(r.exit_code == 1);
  const std::string planted = file + ":" + std::to_string(lines.size() - 2);
  CHECK(reports(r.out, "FAILED", planted, "summary"));
  CHECK_THAT(r.out, Catch::Contains("this record meets the spec with minimize size = 12, better "
                                    "than the best the summary claims"));
}

TEST_CASE("verify: a class dropped from a proven list is FAILED by searching again",
          "[verify][cli][tampered]") {
  // Every 4-card hand up to 6 with an equal split: no census figure, so the proof is checked by
  // the exhaustive search without symmetry breaking. One record is dropped, and the summary's
  // figures made to agree with what is left.
  const std::string spec = partition_spec();
  auto lines = lines_of(generated(spec, "partition-all.jsonl", with_template));
  REQUIRE(lines.size() > 3);
  const ordered dropped = ordered::parse(lines[1]);
  lines.erase(lines.begin() + 1);
  ordered summary = ordered::parse(lines.back());
  summary["summary"]["instances"] = summary["summary"]["instances"].get<int>() - 1;
  summary["summary"]["instances-in-classes"] =
      summary["summary"]["instances-in-classes"].get<int>() - dropped["class-size"].get<int>();
  lines.back() = summary.dump();
  const std::string file = write("dropped-class.jsonl", lines);
  const Result r = run(with_template + "verify " + file + " --spec " + spec);
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK(reports(r.out, "FAILED", file + ":" + std::to_string(lines.size()), "proven"));
  CHECK_THAT(r.out, Catch::Contains("1 classes it accepts are not in the result"));
  CHECK(reports(r.out, "verified", file + ":" + std::to_string(lines.size()), "summary"));
}

TEST_CASE("verify: a space pruned wrongly by a bound is FAILED by searching it plainly",
          "[verify][cli][tampered]") {
  // The family posts "at most 4" for "at most 5": the run lists 0..4 and calls it proven, and a
  // search again with the bound pruning would agree. Searched plainly, 5 is found.
  const std::string plugin = std::string("--plugin ") + PUZZLEGEN_OVERPRUNED_PLUGIN + " ";
  const fs::path spec = scratch_dir() / "overpruned.yaml";
  std::ofstream(spec) << "puzzle: overpruned\ninstance: {value: {max: 5}}\n"
                         "solutions: {one: {min: 1}}\ngenerate: {instances: all}\n";
  const std::string file = generated(spec.string(), "overpruned.jsonl", plugin);
  const auto lines = lines_of(file);
  REQUIRE(lines.size() == 6);  // 0..4, and the summary
  const Result r = run(plugin + "verify " + file + " --spec " + spec.string());
  INFO(r.out);
  CHECK(r.exit_code == 1);
  CHECK(reports(r.out, "FAILED", file + ":6", "proven"));
  CHECK_THAT(r.out, Catch::Contains("plainly (no bound of the spec pruning the space)"));
  CHECK_THAT(r.out, Catch::Contains("1 classes it accepts are not in the result"));
  // Each record is right on its own: only the list is short.
  CHECK(reports(r.out, "verified", file + ":5", "counts"));
}

TEST_CASE("verify: a family with no second method is not verifiable, exit 3, never 0",
          "[verify][cli]") {
  const std::string file = write(
      "tally.jsonl",
      {R"({"instance":{"puzzle":"tally","n":3},"parameters":{},"counts":{"mark":{"count":3,"exact":true}},"convention":{},"seed":1,"spec-sha256":"x","class-size":1})",
       R"({"summary":{"instances":1,"instances-in-classes":1,"proven":false,"exhausted":false,"explored":1,"strategy":"search","stopped":"none","seed":1,"convention":{},"spec-sha256":"x"}})"});
  const Result r = run(std::string("--plugin ") + PUZZLEGEN_UNVERIFIED_PLUGIN + " verify " + file);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(reports(r.out, "not verifiable", file + ":1", "counts"));
  CHECK_THAT(r.out, Catch::Contains("the family tally has no second counting method"));
  CHECK(reports(r.out, "not verifiable", file + ":1", "class"));
  CHECK_THAT(r.out, Catch::Contains("0 FAILED"));
}

TEST_CASE("verify: bad input is exit 2, naming the file and line", "[verify][cli][bad-input]") {
  const std::string junk = write("junk.jsonl", {"{\"instance\": 1}", "hello"});
  Result r = run("verify " + junk);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains(junk + ":2") && Catch::Contains("not JSON"));
  // A result checked against another spec than the one it answers.
  r = run("verify " + census7 + " --spec " + source("specs/cube36/euler-6.yaml"));
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("answers another spec"));
  r = run("verify " + (scratch_dir() / "no-such-result").string());
  CHECK(r.exit_code == 2);
  // Two results at once.
  r = run("verify " + census7 + " " + census7);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("a second result"));
}
