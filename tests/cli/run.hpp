// Helpers for end-to-end tests: run the real `puzzlegen` executable (or any shell fragment)
// and read what it wrote.
#pragma once

#include <sys/wait.h>

#include <nlohmann/json.hpp>

#include "files.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace cli_test {

struct Result {
  int exit_code = -1;
  std::string out, err;
};

inline std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// This test process's scratch folder, removed when the process exits.
inline fs::path scratch_dir() {
  static const puzzlegen::TemporaryFolder folder("puzzlegen-cli-");
  return folder.path();
}

// Runs a shell fragment, capturing its standard output and error.
inline Result run_shell(const std::string& script) {
  const fs::path out = scratch_dir() / "stdout", err = scratch_dir() / "stderr";
  const std::string command =
      "(" + script + ") >" + out.string() + " 2>" + err.string() + " </dev/null";
  const int status = std::system(command.c_str());
  Result r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

inline Result run(const std::string& args) {
  return run_shell(std::string(PUZZLEGEN_EXE) + " " + args);
}

// The objects of a JSON Lines text (generate --format json, shards, merge), in order.
inline std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(nlohmann::json::parse(line));
  return out;
}

inline std::string source(const std::string& relative) {
  return std::string(PUZZLEGEN_SOURCE_DIR) + "/" + relative;
}

}  // namespace cli_test
