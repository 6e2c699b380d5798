// Runtime plugins through the real executable: the template family loaded by --plugin and by
// PUZZLEGEN_PLUGIN_PATH is listed with its origin and works in every command; every way a
// plugin can be wrong is a clear error, exit 2, with nothing on standard output.
#include <catch2/catch.hpp>

#include "cli/run.hpp"

using namespace cli_test;

namespace {
const std::string kTemplate = PUZZLEGEN_TEMPLATE_PLUGIN;
const std::string kTestPlugins = PUZZLEGEN_TEST_PLUGIN_DIR;
std::string with_template(const std::string& args) {
  return "--plugin " + kTemplate + " " + args;
}
}  // namespace

TEST_CASE("plugins: a family loaded at start-up works in every command", "[plugins][cli]") {
  const Result listed = run(with_template("list"));
  REQUIRE(listed.exit_code == 0);
  CHECK(listed.out.find("partition\n") != std::string::npos);
  CHECK(listed.out.find("from: plugin " + kTemplate) != std::string::npos);
  CHECK(listed.out.find("from: built in") != std::string::npos);

  // --plugin=FILE after the command, and the JSON origin.
  const Result json = run("list --format json --plugin=" + kTemplate);
  REQUIRE(json.exit_code == 0);
  const auto families = nlohmann::json::parse(json.out).at("families");
  CHECK(families.back().at("name") == "partition");
  CHECK(families.back().at("origin") == kTemplate);

  CHECK(run(with_template("describe partition")).out.find("largest") != std::string::npos);
  const std::string example = source("puzzles/template/example.yaml");
  const Result solved = run(with_template("solve --format json " + example));
  REQUIRE(solved.exit_code == 0);
  CHECK(nlohmann::json::parse(solved.out).dump().find("\"split\"") != std::string::npos);
  // The family's solution option became a flag of solve.
  CHECK(run(with_template("solve --modulo none " + example)).out.find("split: 10") !=
        std::string::npos);
  const Result generated =
      run(with_template("generate --format json " + source("puzzles/template/unique-split.yaml")));
  REQUIRE(generated.exit_code == 0);
  CHECK(json_lines(generated.out).back().at("summary").at("proven") == true);
  CHECK(run(with_template("render --format svg " + example)).out.find("<svg") != std::string::npos);
  // Without the plugin the family is unknown, with the usual error.
  const Result unknown = run("solve " + example);
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("unknown puzzle family 'partition'") != std::string::npos);
}

TEST_CASE("plugins: PUZZLEGEN_PLUGIN_PATH loads every .so of its directories", "[plugins][cli]") {
  const fs::path dir = scratch_dir() / "plugin-path";
  fs::create_directories(dir);
  fs::copy_file(kTemplate, dir / "partition.so", fs::copy_options::overwrite_existing);
  const Result r = run_shell("PUZZLEGEN_PLUGIN_PATH=/nonexistent-is-skipped-no:" + dir.string() +
                             " " + PUZZLEGEN_EXE + " list");
  CHECK(r.exit_code == 2);  // a directory that does not exist is an error, not skipped
  CHECK(r.err.find("'/nonexistent-is-skipped-no' is not a directory") != std::string::npos);
  const Result ok =
      run_shell("PUZZLEGEN_PLUGIN_PATH=" + dir.string() + ": " + PUZZLEGEN_EXE + " list");
  REQUIRE(ok.exit_code == 0);
  CHECK(ok.out.find("from: plugin " + (dir / "partition.so").string()) != std::string::npos);
}

TEST_CASE("plugins: the same file named twice is loaded once", "[plugins][cli]") {
  const fs::path dir = scratch_dir() / "plugin-path-twice";
  fs::create_directories(dir);
  fs::copy_file(kTemplate, dir / "partition.so", fs::copy_options::overwrite_existing);
  fs::create_symlink(dir / "partition.so", scratch_dir() / "partition-link.so");
  for (const std::string& named : {"--plugin " + kTemplate + " --plugin " + kTemplate,
                                   "--plugin " + (dir / "partition.so").string() + " --plugin " +
                                       (scratch_dir() / "partition-link.so").string()}) {
    INFO(named);
    const Result r = run(named + " list");
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("partition\n") == r.out.rfind("partition\n"));
  }
  const Result both = run_shell("PUZZLEGEN_PLUGIN_PATH=" + dir.string() + " " + PUZZLEGEN_EXE +
                                " --plugin " + (dir / "partition.so").string() + " list");
  REQUIRE(both.exit_code == 0);
  CHECK(both.out.find("partition\n") == both.out.rfind("partition\n"));
}

TEST_CASE("plugins: every wrong plugin is a clear error, exit 2, nothing on stdout",
          "[plugins][cli][bad-input]") {
  const fs::path copy = scratch_dir() / "copy-of-partition.so";
  fs::copy_file(kTemplate, copy, fs::copy_options::overwrite_existing);
  // A library cut short (a copy interrupted, a full disk): the loader would map past its end.
  const std::string library = slurp(kTemplate);
  auto cut = [&](std::size_t bytes) {
    const fs::path file = scratch_dir() / ("cut-" + std::to_string(bytes) + ".so");
    std::ofstream(file, std::ios::binary)
        .write(library.data(), static_cast<std::streamsize>(bytes));
    return file.string();
  };
  const fs::path text = scratch_dir() / "text.so";
  std::ofstream(text) << "not a library\n";
  const struct {
    std::string args, message;
  } cases[] = {
      {"--plugin " + kTemplate + " --plugin " + copy.string() + " list",
       "defines the family 'partition', which the plugin " + kTemplate + " defines already"},
      {"--plugin " + kTestPlugins + "/not_a_plugin.so list",
       "not a puzzlegen plugin: it exports no puzzlegen_plugin_entry"},
      {"--plugin " + kTestPlugins + "/other_version.so list",
       "built for another puzzlegen: the plugin says \"puzzlegen 0.0.1"},
      {"--plugin " + text.string() + " list", "cannot load it as a shared library"},
      {"--plugin " + cut(library.size() / 2) + " list", "the file is cut short"},
      {"--plugin " + cut(library.size() - library.size() / 100) + " list", "the file is cut short"},
      {"--plugin " + cut(4096) + " list", "the file is cut short"},
      // Shorter than an ELF header: the loader itself refuses it.
      {"--plugin " + cut(16) + " list", "cannot load it as a shared library"},
      {"--plugin " + (scratch_dir() / "missing.so").string() + " list", "no such file"},
      {"--plugin " + scratch_dir().string() + " list", "not a regular file"},
      // A bare name is a file in the working directory, never a search of system libraries.
      {"--plugin libm.so.6 list", "libm.so.6: error: plugin: no such file"},
  };
  for (const auto& c : cases) {
    INFO(c.args);
    const Result r = run(c.args);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(c.message) != std::string::npos);
  }
}

TEST_CASE("plugins: selftest runs the family contract on a plugin's families", "[plugins][cli]") {
  const Result kept = run(with_template("selftest"));
  CHECK(kept.exit_code == 0);
  CHECK(kept.out.find("PASS  partition: ") != std::string::npos);
  CHECK(kept.out.find("cube36") == std::string::npos);  // only the plugin's families
  const Result json = run(with_template("selftest --format json"));
  REQUIRE(json.exit_code == 0);
  CHECK(nlohmann::json::parse(json.out).at("passed") == true);

  const Result broken = run("--plugin " + kTestPlugins + "/broken.so selftest");
  CHECK(broken.exit_code == 1);
  CHECK(broken.out.find("FAIL  broken: ") != std::string::npos);
  CHECK(broken.out.find("to_json read back gives {\"puzzle\":\"broken\"") != std::string::npos);
  CHECK(broken.out.find("satisfies its instance constraints") != std::string::npos);
  // Families named are checked; an unknown one is bad input.
  CHECK(run(with_template("selftest partition")).out.find("PASS  partition") != std::string::npos);
  CHECK(run("selftest partition").exit_code == 2);
}
