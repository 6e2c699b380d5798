// libFuzzer target: merge's reader of shard files (JSON Lines records kept as text, and the
// manifest), run through the whole merge as `puzzlegen merge FILE` would. What it cannot
// trust must raise InputError; nothing else may escape, crash or leak.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "commands.hpp"
#include "error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // merge reads files by name: one private file, rewritten for each input.
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("fuzz-merge-" + std::to_string(::getpid())))
          .string();
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  std::ostringstream out, log;
  try {
    (void)puzzlegen::cli::merge({path, path}, "", puzzlegen::Format::json, out,
                                log);  // a shard twice, too
  } catch (const puzzlegen::InputError&) {
  }
  try {
    (void)puzzlegen::cli::merge({path}, "", puzzlegen::Format::json, out, log);
  } catch (const puzzlegen::InputError&) {
  }
  return 0;
}
