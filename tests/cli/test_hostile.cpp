// Careless and hostile input, end to end: every file puzzlegen reads is a bounded regular file
// (or standard input), every file it writes is a regular file it may replace, a spec's `given:`
// stays inside its folder, and the commands compose (records, specs and instances go where a
// user would pass them). Each case checks the exit code, the message and that nothing else was
// written.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include "cli/run.hpp"

using nlohmann::json;
using namespace cli_test;

namespace {

fs::path write(const std::string& name, const std::string& text) {
  const fs::path path = scratch_dir() / name;
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
  return path;
}

void expect_bad_input(const Result& r, const std::string& message) {
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::Contains(message));
}

const std::string kClassical = source("instances/instant-insanity/classical.yaml");

}  // namespace

TEST_CASE("hostile: only bounded regular files are read, or standard input",
          "[cli][bad-input][hostile]") {
  expect_bad_input(run("validate " + scratch_dir().string()), "is a directory");
  expect_bad_input(run("solve /dev/zero"), "is a character device");
  const fs::path fifo = scratch_dir() / "fifo.yaml";
  fs::remove(fifo);
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  expect_bad_input(run("solve " + fifo.string()), "is a FIFO");  // and does not block
  expect_bad_input(run("generate " + fifo.string()), "is a FIFO");
  const fs::path big = write("big.yaml", "# " + std::string(5 << 20, 'x') + "\npuzzle: x\n");
  expect_bad_input(run("validate " + big.string()), "larger than 4 MiB");

  // "-" is standard input, for instances and specs alike.
  Result r = run_shell("cat " + kClassical + " | " + PUZZLEGEN_EXE + " solve --format json -");
  CHECK(r.exit_code == 0);
  CHECK(json::parse(r.out)["counts"]["all-different"]["count"] == 8);
  r = run_shell("cat " + source("specs/instant-insanity/unique-tower.yaml") + " | " +
                PUZZLEGEN_EXE + " validate -");
  CHECK(r.exit_code == 0);
}

TEST_CASE("hostile: text that is not UTF-8 is refused where it is", "[cli][bad-input][hostile]") {
  const fs::path latin1 = write("latin1.yaml",
                                "puzzle: instant-insanity\ncolors: [r\xe9"
                                "d, green, "
                                "blue, white]\ncubes: []\n");
  expect_bad_input(run("solve --format json " + latin1.string()),
                   latin1.string() + ":2:11: error: not UTF-8 text");
  // Characters YAML does not allow, which its reader would turn into bytes that are not UTF-8
  // in a colour name (and JSON output could not write): NUL, other C0 and C1 controls, DEL,
  // NEL and the Unicode line separators, here in a colour name.
  const std::vector<std::pair<std::string, std::string>> controls = {
      {std::string("gr\0een", 6), "U+0000"},
      {"gr\x01"
       "een",
       "U+0001"},
      {"gr\x7f"
       "een",
       "U+007F"},
      {"gr\xc2\x85"
       "een",
       "U+0085"},
      {"gr\xc2\x9b"
       "een",
       "U+009B"},
      {"gr\xe2\x80\xa8"
       "een",
       "U+2028"},
      {"gr\xef\xbf\xbe"
       "een",
       "U+FFFE"}};
  for (const auto& [name, code] : controls) {
    const fs::path file = write("control.yaml", "puzzle: cube36\ncolors: [red, " + name +
                                                    ", blue, white, orange, yellow]\n"
                                                    "board: []\n");
    INFO(code);
    expect_bad_input(run("render --format json " + file.string()),
                     file.string() + ":2:17: error: control character " + code);
  }
  // Tabs, line ends (LF and CRLF) and non-ASCII letters stay allowed.
  std::string classical =
      "# r\xc3\xa9"
      "d\tand green\n" +
      slurp(source("instances/instant-insanity/classical.yaml"));
  for (std::size_t at = 0; (at = classical.find('\n', at)) != std::string::npos; at += 2)
    classical.replace(at, 1, "\r\n");
  const fs::path fine = write("fine.yaml", classical);
  CHECK(run("render --format json " + fine.string()).exit_code == 0);
}

TEST_CASE("hostile: duplicate keys, deep nesting and alias bombs are refused with a location",
          "[cli][bad-input][hostile]") {
  const fs::path duplicate =
      write("duplicate.yaml", "puzzle: instant-insanity\ncubes: []\npuzzle: cube36\n");
  expect_bad_input(run("solve " + duplicate.string()),
                   duplicate.string() +
                       ":3:1: error: puzzle: duplicate key (first at line 1, "
                       "column 1)");
  const fs::path nested =
      write("nested.yaml", "puzzle: " + std::string(100, '[') + std::string(100, ']') + "\n");
  const Result deep = run("solve " + nested.string());
  CHECK(deep.exit_code == 2);
  CHECK(deep.out.empty());
  // Ten levels of ten aliases each: 10^10 values once expanded.
  std::string bomb = "puzzle: instant-insanity\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i <= 10; ++i) {
    bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int k = 0; k < 10; ++k) bomb += std::string(k ? ", " : "") + "*a" + std::to_string(i - 1);
    bomb += "]\n";
  }
  expect_bad_input(run("solve " + write("bomb.yaml", bomb).string()),
                   "values once aliases are expanded");
}

TEST_CASE("hostile: output files are regular files, never directories, devices or links",
          "[cli][bad-input][hostile]") {
  const std::string spec = source("specs/instant-insanity/unique-tower.yaml");
  const fs::path dir = scratch_dir() / "out-dir";
  fs::create_directories(dir);
  expect_bad_input(run("generate " + spec + " -o " + dir.string()), "is a directory");
  CHECK(std::distance(fs::directory_iterator(scratch_dir()), fs::directory_iterator()) ==
        std::count_if(
            fs::directory_iterator(scratch_dir()), fs::directory_iterator(),
            [](const auto& e) { return e.path().string().find(".tmp-") == std::string::npos; }));
  // An error once the run has started (here, a family that cannot walk classes for this spec)
  // leaves neither the file nor the temporary file it was being written to.
  const fs::path started = scratch_dir() / "started.jsonl";
  fs::remove(started);
  expect_bad_input(run("generate " + source("specs/cube36/unique-n4.yaml") +
                       " --strategy classes -o " + started.string()),
                   "does not declare how its instances grow");
  CHECK_FALSE(fs::exists(started));
  CHECK(std::none_of(
      fs::directory_iterator(scratch_dir()), fs::directory_iterator(),
      [](const auto& e) { return e.path().string().find(".tmp-") != std::string::npos; }));
  expect_bad_input(run("render " + kClassical + " -o /dev/null"), "is a character device");
  expect_bad_input(run("generate " + spec + " -o " + (dir / "no/such/folder.txt").string()),
                   "no folder");
  // A link is refused, and its target is left as it was.
  const fs::path target = write("target.txt", "keep me\n"), link = scratch_dir() / "link.txt";
  fs::remove(link);
  fs::create_symlink(target, link);
  expect_bad_input(run("render " + kClassical + " -o " + link.string()), "is a symbolic link");
  CHECK(slurp(target) == "keep me\n");
  CHECK(fs::is_symlink(link));
  // With --pdf the PDF goes beside the page: the page cannot be the PDF itself.
  expect_bad_input(run("worksheet " + spec + " --pdf -o " + (scratch_dir() / "x.pdf").string()),
                   "the page itself cannot be");
  CHECK(!fs::exists(scratch_dir() / "x.pdf"));
}

TEST_CASE("hostile: a spec's given file stays inside the spec's folder",
          "[cli][bad-input][hostile]") {
  const fs::path folder = scratch_dir() / "given" / "specs";
  fs::create_directories(folder);
  fs::copy_file(kClassical, folder / "mine.yaml", fs::copy_options::overwrite_existing);
  write("given/secret.yaml", "puzzle: instant-insanity\nsecret: do not print me\n");
  const std::string head = "puzzle: instant-insanity\nsolutions: {all-different: {min: 1}}\n";
  const auto spec = [&](const std::string& name, const std::string& given) {
    return write("given/specs/" + name, head + "given: " + given + "\n").string();
  };
  // Run from a folder that does not contain the spec, so the root is the spec's folder.
  fs::create_directories(scratch_dir() / "elsewhere");
  const std::string cd = "cd " + (scratch_dir() / "elsewhere").string() + " && ";
  Result r = run_shell(cd + PUZZLEGEN_EXE + " generate " + spec("ok.yaml", "mine.yaml"));
  CHECK(r.exit_code == 0);
  // A spec named without a folder, in the working directory, finds its given file there.
  r = run_shell("cd " + folder.string() + " && " + PUZZLEGEN_EXE + " generate ok.yaml");
  INFO(r.err);
  CHECK(r.exit_code == 0);
  expect_bad_input(run_shell(cd + PUZZLEGEN_EXE + " generate " + spec("abs.yaml", "/etc/passwd")),
                   "an absolute path");
  r = run_shell(cd + PUZZLEGEN_EXE + " generate " + spec("up.yaml", "../secret.yaml"));
  expect_bad_input(r, "the file lies outside");
  CHECK(r.err.find("do not print me") == std::string::npos);
  fs::remove(folder / "link.yaml");
  fs::create_symlink(scratch_dir() / "given" / "secret.yaml", folder / "link.yaml");
  expect_bad_input(
      run_shell(cd + PUZZLEGEN_EXE + " generate " + spec("link-spec.yaml", "link.yaml")),
      "the file lies outside");
  // The working directory changes nothing: not even from a folder that holds both files.
  for (const fs::path& from : {scratch_dir() / "given", folder, fs::path("/")}) {
    INFO(from);
    r = run_shell("cd " + from.string() + " && " + PUZZLEGEN_EXE + " generate " +
                  (folder / "up.yaml").string());
    expect_bad_input(r, "the file lies outside " + folder.string());
    CHECK(r.err.find("do not print me") == std::string::npos);
  }
  // --given-root widens it on purpose; the file is then read (and its mistake reported).
  r = run_shell(cd + PUZZLEGEN_EXE + " --given-root " + (scratch_dir() / "given").string() +
                " generate " + spec("up.yaml", "../secret.yaml"));
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("secret.yaml:2:1: error"));
  // So does a tree marker at the top of a folder of specs and instances, from anywhere.
  write("given/.puzzlegen-tree", "");
  for (const fs::path& from : {scratch_dir() / "elsewhere", folder}) {
    r = run_shell("cd " + from.string() + " && " + PUZZLEGEN_EXE + " generate " +
                  (folder / "up.yaml").string());
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("secret.yaml:2:1: error"));
  }
  fs::remove(scratch_dir() / "given" / ".puzzlegen-tree");
}

TEST_CASE("hostile: shipped specs that name instance files run from any folder", "[cli][hostile]") {
  const std::string spec = source("specs/instant-insanity/loffler-q1.yaml");
  std::string first;
  for (const std::string& from :
       {source("specs/instant-insanity"), source(""), scratch_dir().string(), std::string("/")}) {
    INFO(from);
    const Result r =
        run_shell("cd " + from + " && " + PUZZLEGEN_EXE + " generate --format json " + spec);
    REQUIRE(r.exit_code == 0);
    if (first.empty()) first = r.out;
    CHECK(r.out == first);
  }
}

TEST_CASE("hostile: commands compose: records are instances, specs are named as specs",
          "[cli][hostile]") {
  // A record printed by generate (JSON or YAML) goes back to solve, check and render.
  const std::string spec = source("specs/instant-insanity/unique-tower.yaml");
  for (const std::string format : {"json", "yaml"}) {
    const Result generated = run("generate --format " + format + " " + spec);
    REQUIRE(generated.exit_code == 0);
    std::string record = generated.out;
    if (format == "json")
      record = record.substr(0, record.find('\n'));
    else
      record = record.substr(0, record.find("\n---"));
    const fs::path file = write("record." + format, record + "\n");
    INFO(record);
    CHECK(run("solve " + file.string()).exit_code == 0);
    CHECK(run("check " + file.string() + " --spec " + spec).exit_code == 0);
    CHECK(run("render --format svg " + file.string()).exit_code == 0);
  }
  expect_bad_input(run("solve " + spec), "this file is a spec, not an instance file");
  // check judges the parameters too: four cubes do not meet a spec for five.
  const fs::path five = write("five.yaml",
                              "puzzle: instant-insanity\nparameters: {cubes: 5}\n"
                              "solutions: {all-different: {min: 1}}\n");
  const Result checked = run("check " + kClassical + " --spec " + five.string());
  CHECK(checked.exit_code == 1);
  CHECK_THAT(checked.out, Catch::Contains("parameters: cubes is 4, the spec asks for 5"));
}

TEST_CASE("hostile: help for a bare or mistyped command, --quiet", "[cli][bad-input][hostile]") {
  Result r = run("");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("generate") && Catch::Contains("worksheet"));
  r = run("generat specs/x.yaml");
  expect_bad_input(r, "unknown command 'generat' (did you mean 'generate'?)");
  // validate echoes the spec as understood, defaults included.
  r = run("validate " + source("specs/instant-insanity/unique-tower.yaml"));
  CHECK_THAT(r.out, Catch::Contains("parameters: {") && Catch::Contains("cubes: 4") &&
                        Catch::Contains("every-cube-uses-all-colors: true") &&
                        Catch::Contains("generate: {instances: 1, seed: 7"));
  const fs::path sheet = scratch_dir() / "quiet.html";
  r = run("-q worksheet " + source("specs/instant-insanity/unique-tower.yaml") + " --count 1 -o " +
          sheet.string());
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK(fs::exists(sheet));
}

TEST_CASE("hostile: counts past 2^64 are exact in every format and compared exactly",
          "[cli][hostile]") {
  // 64 towers of 24 distinct cubes in a fixed order; in any order, each stands for 24! towers.
  // In 64 bits the product wrapped and printed as exact; 24! is the published value.
  const std::string planted = source("bench/data/planted-24.yaml");
  const std::string order = " --count-as orientations --modulo none --kind all-different";
  Result fixed = run("solve --format json " + planted + order + " --cube-order fixed");
  REQUIRE(fixed.exit_code == 0);
  REQUIRE(json::parse(fixed.out)["counts"]["all-different"]["count"] == 64);
  const std::string expected = "39708697710927324119040000";  // 64 * 620448401733239439360000

  Result r = run("solve " + planted + order + " --cube-order free");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("all-different: " + expected + "\n"));
  r = run("solve --format json " + planted + order + " --cube-order free");
  const json counted = json::parse(r.out)["counts"]["all-different"];
  CHECK(counted["count"] == expected);  // digits, so that no JSON reader rounds them
  CHECK(counted["exact"] == true);
  r = run("solve --format yaml " + planted + order + " --cube-order free");
  CHECK_THAT(r.out, Catch::Contains("count: " + expected + "\n"));

  // A bound compares the whole number: a wrapped count could have passed `at most 1000`.
  const fs::path spec = write("big-count.yaml",
                              "puzzle: instant-insanity\n"
                              "parameters: {cubes: 24}\n"
                              "solutions:\n"
                              "  count-as: orientations\n"
                              "  cube-order: free\n"
                              "  all-different: {max: 1000}\n");
  r = run("check --spec " + spec.string() + " " + planted);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::Contains(expected + ", wanted at most 1000"));
}

TEST_CASE("hostile: instances at the readers' limits print and draw in bounded size",
          "[cli][hostile]") {
  // 257 bytes asking for 1,000 cubes of every variety: the text table widens instead of
  // failing, and the drawing shows each run of alike cubes once (it was 103 MB and 1.9 GB).
  std::string text = "puzzle: eight-blocks\ncounts:\n";
  for (int i = 0; i < 6; ++i) {
    text += "  - [";
    for (int j = 0; j < 6; ++j) text += std::string(j ? ", " : "") + (i == j ? "0" : "1000");
    text += "]\n";
  }
  const fs::path full = write("eight-blocks-full.yaml", text);
  Result r = run("render " + full.string());
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("  1    . 1000 1000 1000 1000 1000\n"));
  r = run("render --format svg " + full.string());
  CHECK(r.exit_code == 0);
  CHECK(r.out.size() < 1'000'000);
  CHECK_THAT(r.out, Catch::Contains("Cubes 1001\u20132000: 1000 alike"));
  r = run("solve " + full.string());
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("30000 cubes"));
}

TEST_CASE("hostile: output that cannot be written is an error, and a replaced file keeps its mode",
          "[cli][hostile]") {
  // A full disk behind `>` used to end with exit 0 and nothing written.
  for (const std::string& command :
       {"solve " + kClassical, "validate " + source("specs/instant-insanity/unique-tower.yaml"),
        std::string("list")}) {
    const Result r = run_shell(std::string(PUZZLEGEN_EXE) + " " + command + " > /dev/full");
    INFO(command << ": " << r.err);
    CHECK(r.exit_code == 5);
    CHECK_THAT(r.err, Catch::Contains("cannot write standard output: No space left on device"));
  }
  const fs::path kept = write("private.yaml", "old\n");
  fs::permissions(kept, fs::perms::owner_read | fs::perms::owner_write);
  const Result r = run("render -o " + kept.string() + " " + kClassical);
  CHECK(r.exit_code == 0);
  CHECK(fs::status(kept).permissions() == (fs::perms::owner_read | fs::perms::owner_write));
  CHECK(fs::file_size(kept) > 4);
}

TEST_CASE("hostile: validate warns about specs that can never be met, from the family's facts",
          "[cli][hostile]") {
  // Seven colours cannot all be on a six-faced cube, and orientation tuples come in whole
  // orbits of the tower group: 8 of them, counting modulo nothing.
  const fs::path spec = write("unmeetable.yaml",
                              "puzzle: instant-insanity\n"
                              "parameters: {cubes: 7}\n"
                              "instance: {every-cube-uses-all-colors: true}\n"
                              "solutions:\n"
                              "  count-as: orientations\n"
                              "  modulo: none\n"
                              "  all-different: {exactly: 2}\n");
  Result r = run("validate " + spec.string());
  CHECK(r.exit_code == 0);  // valid, and said to be unmeetable
  CHECK_THAT(r.out, Catch::Contains("valid instant-insanity spec"));
  CHECK_THAT(r.err, Catch::Contains("warning: every-cube-uses-all-colors: a cube has 6 faces"));
  CHECK_THAT(r.err, Catch::Contains("warning: all-different: exactly 2 can never hold"));
  CHECK_THAT(r.err, Catch::Contains("is a multiple of 8"));
  r = run("validate --format json " + spec.string());
  CHECK(json::parse(r.out)["warnings"].size() == 2);
  // Modulo turning the tower, counts are multiples of 2: at least 2 can hold, exactly 3 not.
  const fs::path rotation = write("rotation.yaml",
                                  "puzzle: instant-insanity\n"
                                  "parameters: {cubes: 4}\n"
                                  "solutions:\n"
                                  "  count-as: orientations\n"
                                  "  modulo: tower-rotation\n"
                                  "  all-different: {min: 2, max: 3}\n"
                                  "  all-equal: {exactly: 3}\n");
  r = run("validate " + rotation.string());
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.err, !Catch::Contains("all-different"));
  CHECK_THAT(r.err, Catch::Contains("all-equal: exactly 3 can never hold"));
  // Every shipped spec can be met (their given: files are in the project's instances/, the
  // project's root is their tree).
  for (const auto& entry : fs::recursive_directory_iterator(source("specs"))) {
    if (entry.path().extension() != ".yaml") continue;
    r = run("validate " + entry.path().string());
    INFO(entry.path());
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.err, !Catch::Contains("warning"));
  }
}
