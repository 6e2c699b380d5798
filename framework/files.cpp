#include "files.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <random>
#include <stdexcept>
#include <vector>

#include "error.hpp"

namespace puzzlegen {

namespace fs = std::filesystem;

namespace {

// What a non-regular file is, in words.
std::string kind_of(fs::file_type type) {
  switch (type) {
    case fs::file_type::directory:
      return "a directory";
    case fs::file_type::fifo:
      return "a FIFO (named pipe)";
    case fs::file_type::character:
      return "a character device";
    case fs::file_type::block:
      return "a block device";
    case fs::file_type::socket:
      return "a socket";
    case fs::file_type::symlink:
      return "a symbolic link";
    default:
      return "not a regular file";
  }
}

std::string read_bounded(std::istream& in, const std::string& path, const std::string& what,
                         std::size_t limit) {
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > limit)
      throw InputError({path, 0, 0}, "",
                       what + " is larger than " + std::to_string(limit >> 20) +
                           " MiB: that is not a spec or an instance file");
  }
  return text;
}

}  // namespace

void check_input_file(const std::string& path, const std::string& what) {
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  if (!fs::exists(status))
    throw InputError(
        {path, 0, 0}, "",
        error && error != std::errc::no_such_file_or_directory ? error.message() : "no such file");
  if (!fs::is_regular_file(status))
    throw InputError({path, 0, 0}, "",
                     "is " + kind_of(status.type()) + "; " + what +
                         " must be a regular file (use - to read standard input)");
}

std::string read_input_file(const std::string& path, const std::string& what, std::size_t limit) {
  if (path == "-") return read_bounded(std::cin, "<standard input>", what, limit);
  check_input_file(path, what);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, "", "cannot read the file");
  return read_bounded(in, path, what, limit);
}

void check_output_file(const std::string& path, const std::string& option) {
  const SourceLocation where{"command line", 0, 0};
  std::error_code error;
  const fs::file_status status = fs::symlink_status(path, error);
  if (fs::is_symlink(status))
    throw InputError(where, option,
                     path +
                         " is a symbolic link; puzzlegen replaces files by renaming and would "
                         "replace the link, not its target: name the target itself");
  if (fs::exists(status) && !fs::is_regular_file(status))
    throw InputError(where, option, path + " is " + kind_of(status.type()) + ", not a file");
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::is_directory(parent, error))
    throw InputError(where, option, "no folder " + parent.string() + " to write " + path + " in");
  // Checked now, not after a run of hours: a file can be created (or replaced) there.
  if (::access(parent.empty() ? "." : parent.c_str(), W_OK | X_OK) != 0)
    throw InputError(where, option,
                     "cannot write in " + (parent.empty() ? std::string(".") : parent.string()) +
                         ": " + std::strerror(errno));
}

fs::path temporary_beside(const fs::path& path, const std::string& suffix) {
  return path.string() + ".tmp-" + std::to_string(std::random_device{}()) + suffix;
}

void write_file_atomically(const fs::path& path, const std::string& content) {
  OutputFile file(path);
  file.stream() << content;
  file.commit();
}

OutputFile::OutputFile(fs::path path)
    : path_(std::move(path)), temporary_(temporary_beside(path_)) {
  out_.open(temporary_, std::ios::binary);
  if (!out_) fail(errno, "");
  // A replaced file keeps its permissions (a private 0600 file stays private), set before
  // any content is written.
  std::error_code error;
  if (const auto existing = fs::status(path_, error); !error && fs::is_regular_file(existing))
    fs::permissions(temporary_, existing.permissions(), error);
}

OutputFile::~OutputFile() {
  if (done_) return;
  out_.close();
  std::error_code ignored;
  fs::remove(temporary_, ignored);
}

void OutputFile::fail(int reason, const std::string& detail) {
  out_.close();
  std::error_code ignored;
  fs::remove(temporary_, ignored);
  done_ = true;
  throw OutputError("cannot write " + path_.string() +
                    (!detail.empty() ? ": " + detail
                     : reason        ? std::string(": ") + std::strerror(reason)
                                     : std::string()));
}

void OutputFile::commit() {
  out_.close();
  if (!out_) fail(errno, "");
  std::error_code error;
  fs::rename(temporary_, path_, error);
  if (error) fail(0, error.message());
  done_ = true;
}

SpoolFile::SpoolFile(fs::path path) : path_(std::move(path)), out_(path_, std::ios::binary) {
  if (!out_) throw OutputError("cannot write " + path_.string() + ": " + std::strerror(errno));
}

void SpoolFile::close() {
  if (!out_.is_open()) return;
  out_.close();
  if (!out_) throw OutputError("cannot write " + path_.string() + ": " + std::strerror(errno));
}

void SpoolFile::copy_to(std::ostream& out, const std::string& name) {
  close();
  std::ifstream in(path_, std::ios::binary);
  std::vector<char> buffer(1 << 16);
  while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
    out.write(buffer.data(), in.gcount());
    if (!out) throw OutputError("cannot write " + name + ": " + std::strerror(errno));
  }
  if (in.bad()) throw OutputError("cannot read back " + path_.string());
}

TemporaryFolder::TemporaryFolder(const std::string& prefix) {
  std::error_code error;
  const fs::path folder = fs::temp_directory_path(error);
  if (error) {
    const char* variable = std::getenv("TMPDIR");
    throw OutputError(std::string("no temporary folder") +
                      (variable ? std::string(" (TMPDIR is ") + variable + ")" : "") + ": " +
                      error.message());
  }
  std::string name = (folder / (prefix + "XXXXXX")).string();
  if (!::mkdtemp(name.data()))
    throw OutputError("cannot make a temporary folder in " + folder.string() + ": " +
                      std::strerror(errno));
  path_ = name;
}

TemporaryFolder::~TemporaryFolder() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

}  // namespace puzzlegen
