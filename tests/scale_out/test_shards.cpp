// Shards and merge: what merge refuses (exit 2), what it reports as unfinished (exit 3), and
// how --shard is read.
#include <catch2/catch.hpp>

#include <yaml-cpp/yaml.h>
#include <nlohmann/json.hpp>

#include "cli/run.hpp"

using nlohmann::json;
using namespace cli_test;

namespace {

// Question 3 with its ties counted: every shard searches its whole part.
const std::string q3 = source("tests/scale_out/loffler-q3-all-ties.yaml");
// A census small enough that its shards cost nothing beside what merge is asked to check.
const std::string census = source("tests/scale_out/census-n3.yaml");

// Runs shard k of n of `spec` into the scratch folder; returns its file.
std::string shard(const std::string& spec, unsigned k, unsigned n, const std::string& tag,
                  const std::string& extra = "") {
  const fs::path file =
      scratch_dir() / (tag + "-" + std::to_string(k) + "-of-" + std::to_string(n) + ".jsonl");
  const Result r = run("generate " + spec + " --shard " + std::to_string(k) + "/" +
                       std::to_string(n) + " -o " + file.string() + " " + extra);
  INFO(r.err);
  REQUIRE((r.exit_code == 0 || r.exit_code == 3));
  return file.string();
}

json summary_of(const std::string& text) {
  const auto lines = json_lines(text);
  REQUIRE_FALSE(lines.empty());
  return lines.back().at("summary");
}

// A shard's file as its records (the text before the summary) and its manifest, to be
// tampered with.
struct Parts {
  std::string records;
  json manifest;
};
Parts parts_of(const std::string& file) {
  const std::string text = slurp(file);
  const auto cut = text.rfind("{\"summary\"");
  return {text.substr(0, cut), json::parse(text.substr(cut))};
}

}  // namespace

TEST_CASE("shards: a shard's manifest says what it did", "[scale-out]") {
  const json m = summary_of(slurp(shard(q3, 2, 3, "manifest")));
  CHECK(m["shard"] == json({{"index", 2}, {"of", 3}}));
  CHECK(m["complete"] == true);
  CHECK(m["version"].is_string());
  CHECK(m["spec-sha256"].get<std::string>().size() == 64);
  CHECK(m["subproblems"]["total"].get<int>() >= 3);
  CHECK(m["subproblems"]["done"] == m["subproblems"]["mine"]);
  CHECK(m["optimal-keys"].size() == m["optimal-instances"].get<std::size_t>());
}

TEST_CASE("merge: missing and incomplete shards are named, exit 3, never proven", "[scale-out]") {
  const std::string a = shard(q3, 1, 3, "partial"), c = shard(q3, 3, 3, "partial");
  Result r = run("merge " + a + " " + c);
  CHECK(r.exit_code == 3);
  CHECK_THAT(r.err, Catch::Contains("missing shards: 2"));
  CHECK(summary_of(r.out)["proven"] == false);
  CHECK(summary_of(r.out)["shards"]["missing"] == json::array({2}));

  // A shard stopped by its node limit is incomplete, and says so.
  const std::string b = shard(q3, 2, 3, "partial", "--node-limit 5");
  CHECK(summary_of(slurp(b))["complete"] == false);
  r = run("merge " + a + " " + b + " " + c);
  CHECK(r.exit_code == 3);
  CHECK_THAT(r.err,
             Catch::Contains("incomplete shards (stopped before the end; run them again): 2"));
  CHECK(summary_of(r.out)["proven"] == false);
  CHECK(summary_of(r.out)["optimal-instances"].is_null());

  // Rerunning the shard replaces its file, and the merge is then proven.
  shard(q3, 2, 3, "partial");
  r = run("merge " + a + " " + b + " " + c);
  CHECK(r.exit_code == 0);
  CHECK(summary_of(r.out)["proven"] == true);
  CHECK(summary_of(r.out)["best"] == 2);
}

TEST_CASE("merge: refuses what it cannot trust, exit 2", "[scale-out][bad-input]") {
  // Shards of a random run have nothing to share out.
  const Result random = run("generate " + census + " --strategy random --shard 1/2");
  CHECK(random.exit_code == 2);
  CHECK_THAT(random.err, Catch::Contains("shards need exhaustive, search, classes or local"));
  const std::string a = shard(q3, 1, 2, "refuse");
  const std::string other_spec = shard(census, 2, 2, "refuse");
  Result r = run("merge " + a + " " + other_spec);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("spec-sha256") && Catch::Contains("shards of different runs"));

  r = run("merge " + a + " " + a);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("shard 1 is also in"));

  const std::string other_count = shard(q3, 2, 3, "refuse");
  r = run("merge " + a + " " + other_count);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("shard.of"));

  const std::string other_seed = shard(q3, 2, 2, "refuse", "--seed 9");
  r = run("merge " + a + " " + other_seed);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("seed"));

  // A file cut off before its summary, and one that is not JSON.
  const fs::path cut = scratch_dir() / "cut.jsonl", junk = scratch_dir() / "junk.jsonl";
  std::ofstream(cut) << slurp(shard(census, 1, 2, "cut")).substr(0, 500);
  std::ofstream(junk) << "hello\n";
  r = run("merge " + cut.string());
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("cut.jsonl:"));
  r = run("merge " + junk.string());
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("junk.jsonl:1") && Catch::Contains("not JSON"));
  // A plain run's output is not a shard.
  const fs::path plain = scratch_dir() / "plain.jsonl";
  REQUIRE(run("generate " + q3 + " --format json -o " + plain.string()).exit_code == 0);
  r = run("merge " + plain.string());
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("generate --shard"));
  r = run("merge " + (scratch_dir() / "no-such-file").string());
  CHECK(r.exit_code == 2);
}

TEST_CASE("shards: --shard K/N and --shard slurm are read strictly", "[scale-out][bad-input]") {
  for (const char* bad :
       {"0/3", "4/3", "3", "a/b", "1/3x", "-1/3", "1/0", "1/100001", "slurm/x", "99999999999/3"}) {
    INFO(bad);
    const Result r = run("generate " + q3 + " --shard " + bad);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("--shard"));
    CHECK(r.out.empty());
  }
  // An empty value is not the whole run, and K and N are digits only: no sign, no spaces.
  for (const char* bad : {"", " ", "+1/3", " 1/3", "1/ 3", "1/3 ", "1/", "/3", "1//3", "1/3/4",
                          "slurm/", "slurm/+3"}) {
    INFO("'" << bad << "'");
    const Result r = run("generate " + q3 + " --shard '" + bad + "'");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("--shard: expected K/N (as in 3/16), slurm or slurm/N") &&
                          Catch::Contains("got '" + std::string(bad) + "'"));
    CHECK(r.out.empty());
  }
  Result r = run("generate " + q3 + " --shard slurm");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("SLURM_ARRAY_TASK_COUNT"));
  // slurm/N: the task's own number is K, for partial arrays such as --array=7,19.
  r = run_shell("SLURM_ARRAY_TASK_ID=2 " + std::string(PUZZLEGEN_EXE) + " generate " + q3 +
                " --shard slurm/3");
  CHECK(r.exit_code == 0);
  CHECK(summary_of(r.out)["shard"] == json({{"index", 2}, {"of", 3}}));
  r = run_shell("SLURM_ARRAY_TASK_ID=4 " + std::string(PUZZLEGEN_EXE) + " generate " + q3 +
                " --shard slurm/3");
  CHECK(r.exit_code == 2);
  // Arrays numbered from 0: task 0 of 0-2 is shard 1 of 3.
  r = run_shell("SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_COUNT=3 " +
                std::string(PUZZLEGEN_EXE) + " generate " + q3 + " --shard slurm");
  CHECK(r.exit_code == 0);
  CHECK(summary_of(r.out)["shard"] == json({{"index", 1}, {"of", 3}}));
}

TEST_CASE("shards: SIGTERM and Ctrl-C keep what was done and mark the shard incomplete",
          "[scale-out]") {
  for (const char* signal : {"TERM", "INT", "HUP"}) {
    INFO(signal);
    const fs::path file = scratch_dir() / (std::string("signalled-") + signal + ".jsonl");
    fs::remove(file);
    // The n = 8 census runs for minutes a shard: the signal always arrives mid-run.
    const Result r =
        run_shell(std::string(PUZZLEGEN_EXE) + " generate " +
                  source("specs/cube36/census-n8.yaml") + " --shard 1/4 -o " + file.string() +
                  " & pid=$!; sleep 1; kill -" + signal + " $pid; wait $pid");
    CHECK(r.exit_code == 3);
    const json m = summary_of(slurp(file));
    CHECK(m["complete"] == false);
    CHECK(m["proven"] == false);
    CHECK(m["stopped"] == "interrupted");
  }
}

TEST_CASE("merge: a manifest with a wrong field is bad input (exit 2), never a crash",
          "[scale-out][bad-input]") {
  const auto [records, manifest] = parts_of(shard(q3, 1, 1, "mutate"));
  const std::vector<std::pair<json::json_pointer, json>> mutations = {
      {json::json_pointer("/summary/complete"), nullptr},
      {json::json_pointer("/summary/proven"), "yes"},
      {json::json_pointer("/summary/shard/of"), 4294967295ULL},
      {json::json_pointer("/summary/shard/index"), 0},
      {json::json_pointer("/summary/seed"), -1},
      {json::json_pointer("/summary/best"), "two"},
      {json::json_pointer("/summary/optimal-keys"), json::array({"x"})},
      {json::json_pointer("/summary/subproblems"), 3},
      {json::json_pointer("/summary/seconds"), -5},
      {json::json_pointer("/summary/instances-wanted"), "some"},
      {json::json_pointer("/summary/minimize"), nullptr},
  };
  for (const auto& [where, value] : mutations) {
    json bad = manifest;
    bad[where] = value;
    const fs::path file = scratch_dir() / "mutated.jsonl";
    std::ofstream(file) << records << bad.dump() << "\n";
    const Result r = run("merge " + file.string());
    INFO(where.to_string() << " = " << value.dump() << "\n" << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(where.to_string().substr(1).substr(
                          where.to_string().substr(1).find('/') + 1, 4)));
  }
  // A record without its key.
  const fs::path file = scratch_dir() / "keyless.jsonl";
  json record = json::parse(records.substr(0, records.find('\n')));
  record.erase("key");
  std::ofstream(file) << record.dump() << "\n" << manifest.dump() << "\n";
  const Result r = run("merge " + file.string());
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("key"));
}

TEST_CASE("merge: a manifest that contradicts itself, or records from another shard, are exit 2",
          "[scale-out][bad-input]") {
  const auto [records, manifest] = parts_of(shard(census, 1, 2, "consistent"));
  const json& parts = manifest["summary"]["subproblems"];
  REQUIRE(manifest["summary"]["complete"] == true);
  REQUIRE(parts["mine"].get<int>() >= 2);
  REQUIRE_FALSE(records.empty());
  const fs::path file = scratch_dir() / "contradicts.jsonl";
  const auto merged = [&](const std::string& lines, const json& summary) {
    std::ofstream(file) << lines << summary.dump() << "\n";
    return run("merge " + file.string());
  };
  CHECK(merged(records, manifest).exit_code == 3);  // as written: shard 2 is missing

  // Complete, yet it says it searched fewer subproblems than it had; or more.
  json bad = manifest;
  bad["summary"]["subproblems"]["done"] = parts["mine"].get<int>() - 1;
  Result r = merged(records, bad);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains(file.string()) && Catch::Contains("summary.exhausted") &&
                        Catch::Contains("subproblems were searched"));
  CHECK(r.out.empty());
  bad["summary"]["complete"] = false;  // merely incomplete: fine, and not proven
  bad["summary"]["exhausted"] = false;
  bad["summary"]["proven"] = false;
  CHECK(merged(records, bad).exit_code == 3);
  bad = manifest;
  bad["summary"]["subproblems"]["done"] = parts["mine"].get<int>() + 1;
  r = merged(records, bad);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("summary.subproblems.done"));
  bad = manifest;
  bad["summary"]["proven"] = false;
  bad["summary"]["exhausted"] = false;  // yet complete
  CHECK(merged(records, bad).exit_code == 2);

  // A record from a subproblem of shard 2 (odd subproblems), or from none at all; as written
  // (merge reads such a line as text) and with its fields in another order (as JSON).
  const std::string line = records.substr(0, records.find('\n'));
  auto foreign = nlohmann::ordered_json::parse(line);
  foreign["subproblem"] = foreign["subproblem"].get<std::size_t>() + 1;
  json beyond = json::parse(line);
  beyond["subproblem"] = parts["total"].get<std::size_t>() * 2;
  for (const std::string& record : {foreign.dump(), beyond.dump()}) {
    r = merged(record + "\n" + records, manifest);
    INFO(record.substr(0, 40) << "\n" << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(file.string() + ":1") &&
                          Catch::Contains("is not a subproblem of shard 1 of 2"));
  }
}

TEST_CASE("merge: --format json (the default), yaml or text", "[scale-out]") {
  const std::string a = shard(census, 1, 2, "formats"), b = shard(census, 2, 2, "formats");
  const Result lines = run("merge " + a + " " + b);
  REQUIRE(lines.exit_code == 0);
  CHECK(run("merge --format json " + a + " " + b).out == lines.out);
  const auto records = json_lines(lines.out);
  const json summary = records.back().at("summary");

  const Result yaml = run("merge " + a + " " + b + " --format yaml");
  REQUIRE(yaml.exit_code == 0);
  const auto documents = YAML::LoadAll(yaml.out);
  REQUIRE(documents.size() == records.size());
  CHECK(documents.front()["instance"]["puzzle"].as<std::string>() == "instant-insanity");
  CHECK(documents.back()["summary"]["instances"].as<std::size_t>() ==
        summary["instances"].get<std::size_t>());
  CHECK(documents.back()["summary"]["proven"].as<bool>());

  // Text: the instances exactly as one process prints them, then the summary in words.
  const Result text = run("merge " + a + " " + b + " --format text");
  REQUIRE(text.exit_code == 0);
  const Result single = run("generate " + census + " --format text");
  REQUIRE(single.exit_code == 0);
  const auto at = text.out.find("\nsummary: "), single_at = single.out.find("\nsummary: ");
  REQUIRE(at != std::string::npos);
  CHECK(text.out.substr(0, at) == single.out.substr(0, single_at));
  CHECK_THAT(text.out.substr(at), Catch::StartsWith("\nsummary: 801 instances up to symmetry") &&
                                      Catch::Contains("from 2 of 2 shards") &&
                                      Catch::Contains("proven: the whole instance space"));
  // A missing shard is said in the text too, and the exit code is the same in every format.
  const Result partial = run("merge " + a + " --format text");
  CHECK(partial.exit_code == 3);
  CHECK_THAT(partial.out,
             Catch::Contains("missing shards: 2") && Catch::Contains("not proven: shards are"));
  CHECK(run("merge " + a + " --format xml").exit_code == 2);
}

TEST_CASE("merge: shards cut at a number of instances prove nothing about the rest",
          "[scale-out]") {
  // Two shards with at least one instance each: one process would stop at the first.
  const std::string a = shard(census, 1, 2, "wanted", "--instances 1");
  const std::string b = shard(census, 2, 2, "wanted", "--instances 1");
  const Result r = run("merge " + a + " " + b);
  CHECK(r.exit_code == 0);
  const json s = summary_of(r.out);
  CHECK(s["instances"] == 1);
  CHECK(s["proven"] == false);
  CHECK(s["exhausted"] == false);
  const Result single = run("generate " + census + " --instances 1 --format json");
  CHECK(summary_of(single.out)["exhausted"] == false);
  CHECK(single.out.substr(0, single.out.find('\n')) ==
        r.out.substr(0, r.out.find('\n')));  // the same first instance
  // Shards run with different numbers wanted are different runs.
  const std::string c = shard(census, 2, 2, "wanted", "--instances 2");
  CHECK(run("merge " + a + " " + c).exit_code == 2);
}
