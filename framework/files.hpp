// The files puzzlegen reads and writes, and the rules that keep it from harm: it reads only
// regular files (or standard input, named "-") up to a size limit, and writes only regular
// files, through a temporary file and a rename, never through a symbolic link.
#pragma once

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>

namespace puzzlegen {

// Specs and instance files are small; a larger file is refused rather than read until memory
// runs out (/dev/zero, a log given by mistake).
inline constexpr std::size_t kMaxInputBytes = 4 << 20;

// Throws InputError at `path` unless it is a regular file (saying what it is instead).
void check_input_file(const std::string& path, const std::string& what);

// The whole of `path` ("-": standard input), or an InputError at `path` saying what it is when
// it is not a regular file (a directory, a FIFO, a device), cannot be read, or is larger than
// `limit` bytes. `what` names the file in messages ("the spec", "an instance file").
std::string read_input_file(const std::string& path, const std::string& what,
                            std::size_t limit = kMaxInputBytes);

// Throws InputError (field `option`, e.g. "-o") unless `path` can be written as a new or
// replaced regular file: its folder exists, and it is not a directory, a device, a FIFO or a
// symbolic link. Commands call it before they start work, so a bad name costs nothing.
void check_output_file(const std::string& path, const std::string& option);

// A fresh name beside `path` (same folder, so a rename onto `path` is atomic), ending in
// `suffix`.
std::filesystem::path temporary_beside(const std::filesystem::path& path,
                                       const std::string& suffix = "");

// Writes `content` to `path` through a temporary file beside it and a rename (readers never
// see half a file); the temporary file is removed if anything fails.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

// A file written as a run goes, for output too large to hold: into a temporary file beside
// `path` (created, with the permissions of a file it replaces, when this object is made), which
// commit() renames onto `path`. Readers never see half a file; without commit() (an error, an
// exception) the temporary file is removed and `path` is left as it was.
class OutputFile {
 public:
  explicit OutputFile(std::filesystem::path path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  std::ostream& stream() { return out_; }
  // Throws OutputError when anything could not be written, removing the temporary file.
  void commit();

 private:
  void fail(int reason, const std::string& detail);
  std::filesystem::path path_, temporary_;
  std::ofstream out_;
  bool done_ = false;
};

// A file in a temporary folder holding output until it is complete (so that an error prints
// none of it), then copied to where it goes. OutputError when it cannot be written.
class SpoolFile {
 public:
  explicit SpoolFile(std::filesystem::path path);
  std::ostream& stream() { return out_; }
  const std::filesystem::path& path() const { return path_; }
  // Closes the file (to read it back).
  void close();
  // Closes the file and writes the whole of it to `out` (named `name` in an error).
  void copy_to(std::ostream& out, const std::string& name = "standard output");

 private:
  std::filesystem::path path_;
  std::ofstream out_;
};

// A new folder in the system's temporary directory (TMPDIR, else /tmp; `prefix` then random
// characters), readable by its user only, removed with everything in it when this object ends
// (an error, an exception). OutputError when it cannot be made.
class TemporaryFolder {
 public:
  explicit TemporaryFolder(const std::string& prefix);
  ~TemporaryFolder();
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace puzzlegen
