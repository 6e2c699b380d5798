#include "compiler.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <mutex>
#include <regex>
#include <sstream>
#include <thread>
#include <vector>

#include "files.hpp"
#include "solve.hpp"

extern char** environ;

namespace puzzlegen::models {

namespace {

namespace fs = std::filesystem;

// A folder of its own under the system's temporary folder, removed with this object.
class ScratchFolder {
 public:
  ScratchFolder() {
    std::string pattern = (fs::temp_directory_path() / "puzzlegen-mzn-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
      throw std::runtime_error(std::string("cannot make a temporary folder: ") +
                               std::strerror(errno));
    path_ = pattern;
  }
  ~ScratchFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Finished {
  int status = -1;  // exit status; -1 when the process could not start or was stopped
  std::string out, err;
};

// Runs `argv` (found on PATH) with its output in `scratch`; stops it at the time limit or
// Ctrl-C. Throws InputError naming `package` when the program is not installed.
Finished run(const std::vector<std::string>& argv, const fs::path& scratch,
             const std::string& package, const SourceLocation& where) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const std::string out = (scratch / "stdout").string(), err = (scratch / "stderr").string();
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&files, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  pid_t pid = 0;
  const int spawned = ::posix_spawnp(&pid, args[0], &files, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  if (spawned != 0)
    throw InputError(where, "model",
                     "cannot run " + argv[0] + " (" + std::strerror(spawned) +
                         "): model families need MiniZinc's compiler, Debian package " + package +
                         " (apt-get install " + package + ")");
  const auto deadline = Clock::now() + std::chrono::minutes(5);
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) return {};
    if (interrupt_flag().load() || Clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      throw InputError(where, "model",
                       interrupt_flag().load() ? "interrupted while compiling the model"
                                               : "the model did not compile within 5 minutes");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  Finished finished;
  finished.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  finished.out = slurp(out);
  finished.err = slurp(err);
  return finished;
}

// The project's library for Gecode 6.2: beside this module when installed, else in the source
// tree it was built from.
fs::path gecode_library() {
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&gecode_library), &info) && info.dli_fname) {
    const fs::path beside = fs::path(info.dli_fname).parent_path() / "mznlib";
    if (fs::is_directory(beside)) return beside;
  }
  return PUZZLEGEN_MZNLIB_SOURCE;
}

// FNV-1a, 64 bits: a stable hash across runs and machines (std::hash is neither).
class Hash {
 public:
  void add(const std::string& text) {
    for (const unsigned char c : text) value_ = (value_ ^ c) * 0x100000001b3ULL;
    value_ = (value_ ^ 0xff) * 0x100000001b3ULL;  // ends each part
  }
  std::string hex() const {
    std::ostringstream out;
    out << std::hex << std::setw(16) << std::setfill('0') << value_;
    return out.str();
  }

 private:
  std::uint64_t value_ = 0xcbf29ce484222325ULL;
};

// Every file of a folder, in name order, with its name and text.
void add_folder(Hash& hash, const fs::path& folder, const std::string& extension) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(folder))
    if (entry.is_regular_file() && entry.path().extension() == extension)
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    hash.add(fs::relative(f, folder).string());
    hash.add(slurp(f));
  }
}

// MiniZinc's message, at the model's file:line:col when it names one.
InputError compile_error(const std::string& stderr_text, const Manifest& manifest,
                         const KindModel& kind) {
  std::string message;
  std::istringstream lines(stderr_text);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("Error: ", 0) == 0) {
      message = line.substr(7);
      break;
    }
  if (message.empty()) message = stderr_text.empty() ? "the compiler failed" : stderr_text;
  // "type error:   symbol error: ..." -> one space between parts.
  message = std::regex_replace(message, std::regex(" {2,}"), " ");
  static const std::regex undefined("variable `([A-Za-z0-9_]+)' must be defined");
  std::smatch m;
  if (std::regex_search(message, m, undefined)) {
    const std::string name = m[1].str();
    // The usual cause: data the manifest declares, written in the model as a parameter.
    message = manifest.find_data(name)
                  ? "'" + name +
                        "' is instance data in the manifest, so the model declares it as a var "
                        "(array[...] of var MIN..MAX: " +
                        name + ";)"
                  : "the model's parameter '" + name +
                        "' has no value: declare it in the manifest, under parameters: (sizes) "
                        "or instance: (as a var array)";
  }
  SourceLocation where{(fs::path(manifest.folder) / kind.model).string(), 0, 0};
  static const std::regex located("([^\\s:]+\\.mzn):(\\d+)\\.(\\d+)");
  if (std::regex_search(stderr_text, m, located)) {
    where.file = m[1].str();
    where.line = std::stoi(m[2].str());
    where.column = std::stoi(m[3].str());
  }
  return InputError(where, "model", message);
}

}  // namespace

std::string cache_folder() {
  if (const char* own = std::getenv("PUZZLEGEN_CACHE_DIR"); own && *own) return own;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return (fs::path(xdg) / "puzzlegen" / "models").string();
  if (const char* home = std::getenv("HOME"); home && *home)
    return (fs::path(home) / ".cache" / "puzzlegen" / "models").string();
  return "";
}

std::string compile(const Manifest& manifest, const KindModel& kind,
                    const std::map<std::string, std::int64_t>& sizes, Library library,
                    bool implied) {
  const fs::path lib = library == Library::gecode ? gecode_library() : fs::path();
  std::string data;
  for (const auto& [name, value] : sizes) data += name + " = " + std::to_string(value) + ";\n";
  if (!implied) data += "mzn_ignore_redundant_constraints = true;\n";

  Hash hash;
  hash.add("puzzlegen model cache 1");
  hash.add(kind.model);
  add_folder(hash, manifest.folder, ".mzn");
  add_folder(hash, manifest.folder, ".dzn");
  hash.add(data);
  hash.add(library == Library::gecode ? "gecode" : "std");
  if (!lib.empty()) {
    add_folder(hash, lib, ".mzn");
    add_folder(hash, lib, ".msc");
  }
  std::error_code error;
  const fs::path cache = cache_folder();
  const fs::path cached = cache.empty() ? fs::path() : cache / (hash.hex() + ".fzn");
  if (!cached.empty() && fs::is_regular_file(cached, error)) return slurp(cached);

  ScratchFolder scratch;
  const fs::path fzn = scratch.path() / "model.fzn";
  std::vector<std::string> argv = {"minizinc", "-c", "--no-output-ozn", "--output-mode", "dzn"};
  if (library == Library::gecode) {
    // A solver configuration whose library is its own folder (-G takes only folders inside
    // MiniZinc's own, and -I comes after the default solver's library).
    argv.insert(argv.end(), {"--solver", (lib / "puzzlegen.msc").string()});
  } else {
    argv.insert(argv.end(), {"-G", "std"});
  }
  argv.push_back((fs::path(manifest.folder) / kind.model).string());
  if (!data.empty()) argv.insert(argv.end(), {"-D", data});
  argv.insert(argv.end(), {"--fzn", fzn.string()});
  const Finished finished = run(argv, scratch.path(), "minizinc",
                                {(fs::path(manifest.folder) / kind.model).string(), 0, 0});
  if (finished.status != 0 || !fs::is_regular_file(fzn))
    throw compile_error(finished.err, manifest, kind);
  std::string flatzinc = slurp(fzn);
  if (!cached.empty()) {
    // Written whole or not at all: shards compiling the same model at once agree.
    fs::create_directories(cache, error);
    if (!error) {
      try {
        write_file_atomically(cached, flatzinc);
      } catch (const std::exception&) {
        // A cache that cannot be written only costs compiling again.
      }
    }
  }
  return flatzinc;
}

}  // namespace puzzlegen::models
