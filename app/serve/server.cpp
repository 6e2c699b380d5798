#include "serve/server.hpp"

#include <fcntl.h>
#include <httplib.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <ostream>
#include <regex>
#include <semaphore>
#include <sstream>
#include <thread>

#include "commands.hpp"
#include "difficulty.hpp"
#include "error.hpp"
#include "families.hpp"
#include "render/html.hpp"
#include "serve/examples.hpp"
#include "spec.hpp"

extern char** environ;

namespace puzzlegen::cli {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

// A request the server will not carry out: its HTTP status and why, for the page.
struct Refusal {
  int status;
  std::string message;
  std::string field;  // the request's field at fault, or ""
};

Json error_body(const std::string& message, const std::string& field = "") {
  Json error = {{"message", message}};
  if (!field.empty()) error["field"] = field;
  return {{"error", error}};
}

void send_json(httplib::Response& response, int status, const Json& body) {
  response.status = status;
  response.set_content(body.dump(), "application/json");
}

std::string slurp(const fs::path& path, std::size_t most = std::string::npos) {
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  return text.size() > most ? text.substr(text.size() - most) : text;
}

// The server's private folder, made readable by its user only and removed with everything in
// it when the server stops.
class PrivateFolder {
 public:
  PrivateFolder() {
    std::string name = (fs::temp_directory_path() / "puzzlegen-serve-XXXXXX").string();
    if (!::mkdtemp(name.data())) throw std::runtime_error("cannot make a private folder");
    path_ = name;
  }
  ~PrivateFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  PrivateFolder(const PrivateFolder&) = delete;
  PrivateFolder& operator=(const PrivateFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// One run of the puzzlegen executable in a folder of its own: a worksheet, or a designer's
// listing of instances.
struct Run {
  enum class State { waiting, running, done, failed, cancelled };
  int id = 0;
  std::string what;  // "sheet" or "instances"
  fs::path folder;
  std::vector<std::string> arguments;  // after the executable's name
  bool separate_key = false;
  // Guarded by Runs' mutex:
  State state = State::waiting;
  pid_t pid = 0;
  bool cancel = false;
  int exit_code = -1;
  Clock::time_point created = Clock::now(), started, finished;
  std::mutex printing;  // one PDF print of this run's files at a time
};

const char* name_of(Run::State state) {
  switch (state) {
    case Run::State::waiting:
      return "waiting";
    case Run::State::running:
      return "running";
    case Run::State::done:
      return "done";
    case Run::State::failed:
      return "failed";
    default:
      return "cancelled";
  }
}

// The queue of runs and the workers that start them as child processes, at most
// `limits.running` at once, each ended when cancelled or past its time.
class Runs {
 public:
  Runs(const ServeLimits& limits, fs::path root, fs::path executable)
      : limits_(limits), root_(std::move(root)), executable_(std::move(executable)) {
    for (std::size_t i = 0; i < limits_.running; ++i) workers_.emplace_back([this] { work(); });
  }
  ~Runs() { stop(); }
  Runs(const Runs&) = delete;
  Runs& operator=(const Runs&) = delete;

  // A folder for a new run; the run itself is queued by start().
  std::shared_ptr<Run> prepare(std::string what) {
    auto run = std::make_shared<Run>();
    run->what = std::move(what);
    {
      const std::lock_guard lock(mutex_);
      run->id = ++last_id_;
    }
    run->folder = root_ / ("run-" + std::to_string(run->id));
    fs::create_directory(run->folder);
    fs::permissions(run->folder, fs::perms::owner_all, fs::perm_options::replace);
    return run;
  }

  void start(const std::shared_ptr<Run>& run) {
    {
      const std::lock_guard lock(mutex_);
      if (queue_.size() >= limits_.waiting) {
        std::error_code ignored;
        fs::remove_all(run->folder, ignored);
        throw Refusal{
            429, std::to_string(queue_.size()) + " runs are already waiting: try again in a minute",
            ""};
      }
      runs_[run->id] = run;
      order_.push_back(run->id);
      queue_.push_back(run);
      forget_old();
    }
    wake_.notify_one();
  }

  std::shared_ptr<Run> find(int id) {
    const std::lock_guard lock(mutex_);
    const auto it = runs_.find(id);
    return it == runs_.end() ? nullptr : it->second;
  }

  void cancel(Run& run) {
    const std::lock_guard lock(mutex_);
    run.cancel = true;
    if (run.state == Run::State::waiting) {
      run.state = Run::State::cancelled;
      ended_.notify_all();
      queue_.erase(std::remove_if(queue_.begin(), queue_.end(),
                                  [&](const auto& queued) { return queued.get() == &run; }),
                   queue_.end());
    }
  }

  Run::State state(const Run& run) {
    const std::lock_guard lock(mutex_);
    return run.state;
  }

  // Everything the page shows about a run.
  Json status(const Run& run, bool can_print) {
    const std::lock_guard lock(mutex_);
    Json out = {{"id", run.id}, {"what", run.what}, {"state", name_of(run.state)}};
    if (run.state == Run::State::waiting) {
      const auto at = std::find_if(queue_.begin(), queue_.end(),
                                   [&](const auto& queued) { return queued.get() == &run; });
      out["ahead"] = at - queue_.begin();
    }
    const auto end = run.state == Run::State::running ? Clock::now() : run.finished;
    if (run.state != Run::State::waiting)
      out["seconds"] = std::chrono::duration<double>(end - run.started).count();
    // The run's own words: its progress lines, and its error when it failed.
    const std::string log = slurp(run.folder / "log.txt", 8000);
    std::istringstream lines(log);
    std::string line, last;
    std::smatch seed;
    for (std::string line_read; std::getline(lines, line_read);) {
      if (line_read.empty()) continue;
      last = line_read;
      if (!out.contains("seed") &&
          std::regex_search(line_read, seed, std::regex("puzzle 1 of [0-9]+: seed ([0-9]+)")))
        out["seed"] = std::stoull(seed[1]);
    }
    out["progress"] = last;
    out["log"] = log;
    if (run.state == Run::State::failed || run.state == Run::State::cancelled)
      out["message"] = run.state == Run::State::cancelled ? "cancelled" : failure(run, log);
    if (run.state == Run::State::done && run.what == "sheet") {
      const std::string base = "/api/runs/" + std::to_string(run.id) + "/";
      Json files = {{"sheet", base + "sheet.html"}};
      if (run.separate_key) files["key"] = base + "key.html";
      if (can_print) {
        files["sheet-pdf"] = base + "sheet.pdf";
        if (run.separate_key) files["key-pdf"] = base + "key.pdf";
      }
      out["files"] = files;
    }
    if (run.what == "instances" && run.state != Run::State::waiting) {
      // generate's JSON Lines: one record per instance, then the summary.
      Json records = Json::array();
      std::istringstream json_lines(slurp(run.folder / "out.txt"));
      for (std::string record; std::getline(json_lines, record);) {
        const Json parsed = Json::parse(record, nullptr, false);
        if (parsed.is_discarded()) continue;
        if (parsed.contains("summary"))
          out["summary"] = parsed["summary"];
        else
          records.push_back(parsed);
      }
      out["instances"] = records;
    }
    return out;
  }

  // Returns when the run has finished, or after `most` (a long poll: the page hears of a
  // finished sheet at once, without asking every few milliseconds).
  void wait(const Run& run, std::chrono::milliseconds most) {
    std::unique_lock lock(mutex_);
    ended_.wait_for(lock, most, [&] {
      return stopping_ || (run.state != Run::State::waiting && run.state != Run::State::running);
    });
  }

  void stop() {
    {
      const std::lock_guard lock(mutex_);
      if (stopping_) return;
      stopping_ = true;
    }
    wake_.notify_all();
    ended_.notify_all();
    for (auto& worker : workers_) worker.join();
    workers_.clear();
  }

 private:
  static std::string failure(const Run& run, const std::string& log) {
    // The run's last error line, without the program's name; or how it ended.
    std::string message;
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);)
      if (line.find("error") != std::string::npos) message = line;
    if (message.rfind("puzzlegen: ", 0) == 0) message = message.substr(11);
    if (!message.empty()) return message;
    if (run.exit_code == 1) return "the spec admits fewer distinct puzzles than asked for";
    if (run.exit_code == 3) return "stopped at the time limit before enough puzzles were found";
    return "the run ended with exit code " + std::to_string(run.exit_code);
  }

  // Keeps the newest `limits_.kept` finished runs (and every unfinished one).
  void forget_old() {
    std::size_t finished = 0;
    for (auto it = order_.rbegin(); it != order_.rend(); ++it) {
      const auto& run = runs_.at(*it);
      if (run->state != Run::State::waiting && run->state != Run::State::running) ++finished;
    }
    for (auto it = order_.begin(); it != order_.end() && finished > limits_.kept;) {
      const auto run = runs_.at(*it);
      if (run->state == Run::State::waiting || run->state == Run::State::running) {
        ++it;
        continue;
      }
      std::error_code ignored;
      fs::remove_all(run->folder, ignored);
      runs_.erase(*it);
      it = order_.erase(it);
      --finished;
    }
  }

  void work() {
    for (;;) {
      std::shared_ptr<Run> run;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (stopping_) return;
        run = queue_.front();
        queue_.pop_front();
        run->state = Run::State::running;
        run->started = Clock::now();
      }
      const pid_t pid = spawn(*run);
      int status = 0;
      bool ended = pid <= 0;
      bool signalled = false;
      const auto deadline = run->started + std::chrono::seconds(limits_.seconds + 15);
      Clock::time_point killed_at{};
      // Checked often at first, so a sheet of a few milliseconds is not kept waiting.
      auto pause = std::chrono::microseconds(500);
      while (!ended) {
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid || (done < 0 && errno != EINTR)) break;
        bool end_it = false;
        {
          const std::lock_guard lock(mutex_);
          end_it = run->cancel || stopping_ || Clock::now() > deadline;
        }
        if (end_it && !signalled) {
          ::kill(-pid, SIGTERM);  // the whole group: a printing browser too
          signalled = true;
          killed_at = Clock::now();
        } else if (signalled && Clock::now() - killed_at > std::chrono::seconds(3)) {
          ::kill(-pid, SIGKILL);
        }
        std::this_thread::sleep_for(pause);
        pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(20));
      }
      const std::lock_guard lock(mutex_);
      run->finished = Clock::now();
      run->exit_code = pid > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      // A designer's listing is done whatever it found (its summary says whether it proved
      // anything); a sheet is done only when it was written.
      const bool listed = run->what == "instances" &&
                          (run->exit_code == 0 || run->exit_code == 1 || run->exit_code == 3);
      run->state = run->cancel                     ? Run::State::cancelled
                   : run->exit_code == 0 || listed ? Run::State::done
                                                   : Run::State::failed;
      forget_old();
      ended_.notify_all();
    }
  }

  // Starts the executable in the run's folder, in a process group of its own, with the
  // signal handling a fresh process has; 0 when it cannot be started.
  pid_t spawn(Run& run) {
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
    const std::string out = (run.folder / "out.txt").string(),
                      log = (run.folder / "log.txt").string();
    posix_spawn_file_actions_addopen(&files, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&files, 2, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addchdir_np(&files, run.folder.c_str());
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) sigaddset(&defaults, signal);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(
        &attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
    std::vector<std::string> words = {executable_.string()};
    words.insert(words.end(), run.arguments.begin(), run.arguments.end());
    std::vector<char*> argv;
    for (auto& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int failed =
        ::posix_spawn(&pid, executable_.c_str(), &files, &attributes, argv.data(), environ);
    posix_spawn_file_actions_destroy(&files);
    posix_spawnattr_destroy(&attributes);
    if (!failed) {
      // A backstop beside the deadline: the kernel ends a run that computes past it.
      const auto most = static_cast<rlim_t>(limits_.seconds) + 30;
      const rlimit cpu{most, most + 10};
      ::prlimit(pid, RLIMIT_CPU, &cpu, nullptr);
    }
    {
      const std::lock_guard lock(mutex_);
      run.pid = failed ? 0 : pid;
    }
    return failed ? 0 : pid;
  }

  const ServeLimits limits_;
  const fs::path root_;
  const fs::path executable_;
  std::mutex mutex_;
  std::condition_variable wake_;   // a run was queued, or the server stops
  std::condition_variable ended_;  // a run ended
  bool stopping_ = false;
  int last_id_ = 0;
  std::map<int, std::shared_ptr<Run>> runs_;
  std::deque<int> order_;  // ids, oldest first
  std::deque<std::shared_ptr<Run>> queue_;
  std::vector<std::thread> workers_;
};

// The JSON object of a request's body, or a Refusal.
Json request_object(const httplib::Request& request, const std::vector<std::string>& fields) {
  const Json body = Json::parse(request.body, nullptr, false);
  if (body.is_discarded() || !body.is_object())
    throw Refusal{400, "the request's body must be a JSON object", ""};
  for (const auto& [key, value] : body.items())
    if (std::find(fields.begin(), fields.end(), key) == fields.end())
      throw Refusal{400, "unknown field '" + key + "'" + did_you_mean(key, fields), key};
  return body;
}

std::string text_field(const Json& body, const std::string& field, const std::string& fallback,
                       const std::vector<std::string>& allowed) {
  if (!body.contains(field)) return fallback;
  if (!body[field].is_string()) throw Refusal{400, field + " must be text", field};
  const std::string value = body[field].get<std::string>();
  if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    throw Refusal{400, field + " must be one of " + list + "; got '" + value + "'", field};
  }
  return value;
}

std::uint64_t whole_field(const Json& body, const std::string& field, std::uint64_t fallback,
                          std::uint64_t least, std::uint64_t most) {
  if (!body.contains(field) || body[field].is_null()) return fallback;
  const Json& value = body[field];
  const bool whole =
      value.is_number_unsigned() || (value.is_number_integer() && value.get<std::int64_t>() >= 0);
  if (!whole || value.get<std::uint64_t>() < least || value.get<std::uint64_t>() > most)
    throw Refusal{400,
                  field + " must be a whole number from " + std::to_string(least) + " to " +
                      std::to_string(most) + "; got " + value.dump(),
                  field};
  return value.get<std::uint64_t>();
}

// The spec a request names (a served example) or carries (YAML), written to spec.yaml in the
// run's folder and read as the command line would read it: the same errors, and `given:`
// files only inside that folder, which holds nothing else.
Spec request_spec(const Json& body, const ServeLimits& limits, const fs::path& folder) {
  std::string text;
  if (body.contains("example") == body.contains("yaml"))
    throw Refusal{400, "name an example spec (example) or send one (yaml), not both", "example"};
  if (body.contains("example")) {
    const std::string name = text_field(body, "example", "", {});
    const auto& specs = served_specs();
    const auto it = std::find_if(specs.begin(), specs.end(),
                                 [&](const ServedSpec& s) { return s.path == name; });
    if (it == specs.end()) throw Refusal{404, "no example spec named '" + name + "'", "example"};
    text = it->text;
  } else {
    text = text_field(body, "yaml", "", {});
    if (text.size() > limits.spec_bytes)
      throw Refusal{400,
                    "the spec is " + std::to_string(text.size()) + " bytes; at most " +
                        std::to_string(limits.spec_bytes) + " are accepted",
                    "yaml"};
  }
  const fs::path file = folder / "spec.yaml";
  std::ofstream(file, std::ios::binary) << text;
  return parse_spec(text, file.string(), families(), folder.string());
}

// An InputError as the page shows it: validate's line, and its parts for pointing at the
// line and column.
Json input_error_body(const InputError& e, const fs::path& folder) {
  // Paths in the server's private folder mean nothing to the page's user: the spec is
  // "spec.yaml", as the run that makes the sheet names it, and the folder is "the request's".
  const auto hide = [&](std::string text) {
    for (const auto& [path, shown] :
         {std::pair{(folder / "").string(), std::string()},
          std::pair{folder.string(), std::string("the request's folder")}})
      for (std::size_t at; (at = text.find(path)) != std::string::npos;)
        text.replace(at, path.size(), shown);
    return text;
  };
  Json error = {{"message", hide(e.message())}, {"text", hide(e.what())}};
  if (!e.field().empty()) error["field"] = e.field();
  if (e.where().line > 0) {
    error["line"] = e.where().line;
    error["column"] = e.where().column;
  }
  return {{"error", error}};
}

std::string format_scale(double scale) {
  std::ostringstream out;
  out << scale;
  return out.str();
}

}  // namespace

int serve(const ServeRequest& request, std::ostream& out, std::ostream& log) {
  // Stop signals are taken by sigwait below, never by a handler, in every thread: blocked
  // before any thread starts (threads inherit the mask; the runs get a fresh one).
  sigset_t stops;
  sigemptyset(&stops);
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&stops, signal);
  pthread_sigmask(SIG_BLOCK, &stops, nullptr);
  std::signal(SIGPIPE, SIG_IGN);

  ServeLimits limits = request.limits;
  if (limits.running == 0) limits.running = std::max(1u, std::thread::hardware_concurrency());
  const PrivateFolder folder;
  const auto browser = render::find_browser();
  Runs runs(limits, folder.path(), fs::canonical("/proc/self/exe"));
  std::counting_semaphore<64> printers(
      static_cast<std::ptrdiff_t>(std::min<std::size_t>(limits.running, 64)));

  // Arguments every run gets: the plugins this server loaded and the run's own folder as the
  // only place `given:` files may come from.
  std::vector<std::string> common = {"--given-root", "."};
  for (const auto& plugin : request.plugins) {
    common.push_back("--plugin");
    common.push_back(fs::absolute(plugin).string());
  }

  httplib::Server server;
  server.set_payload_max_length(limits.body_bytes);
  server.set_read_timeout(10, 0);
  server.set_write_timeout(10, 0);
  const bool loopback =
      request.host == "127.0.0.1" || request.host == "localhost" || request.host == "::1";
  int port = request.port;

  // A page on another site must not drive this server through the user's browser (DNS
  // rebinding): on loopback, only requests addressed to loopback are answered.
  server.set_pre_routing_handler([&](const httplib::Request& req, httplib::Response& res) {
    if (!loopback) return httplib::Server::HandlerResponse::Unhandled;
    std::string host = req.get_header_value("Host");
    host = host.substr(0, host.rfind(':'));
    if (host == "127.0.0.1" || host == "localhost" || host == "[::1]")
      return httplib::Server::HandlerResponse::Unhandled;
    send_json(res, 403, error_body("this server answers requests to 127.0.0.1 only"));
    return httplib::Server::HandlerResponse::Handled;
  });
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    const std::string why = res.status == 413   ? "the request is larger than the server accepts"
                            : res.status == 404 ? "no such page"
                                                : "the request cannot be served";
    send_json(res, res.status, error_body(why));
  });
  // Every answer: never cached, never framed by another site, its type never guessed.
  server.set_post_routing_handler([](const httplib::Request&, httplib::Response& res) {
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Content-Type-Options", "nosniff");
    if (!res.has_header("Content-Security-Policy"))
      res.set_header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'self'");
  });
  // Refusals and bad specs become their status and a JSON error; the server keeps serving.
  const auto guarded = [&](auto handler) {
    return [handler, &log](const httplib::Request& req, httplib::Response& res) {
      try {
        handler(req, res);
      } catch (const Refusal& r) {
        send_json(res, r.status, error_body(r.message, r.field));
      } catch (const std::exception& e) {
        log << "puzzlegen serve: internal error on " << req.path << ": " << e.what() << "\n";
        send_json(res, 500, error_body(std::string("internal error: ") + e.what()));
      }
    };
  };

  server.Get("/", [](const httplib::Request&, httplib::Response& res) {
    res.set_content(served_page(), "text/html; charset=utf-8");
    res.set_header("Content-Security-Policy",
                   "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                   "img-src 'self' data:; frame-src 'self'; frame-ancestors 'none'");
  });

  server.Get("/api/examples", guarded([&](const httplib::Request&, httplib::Response& res) {
               Json examples = Json::array();
               for (const auto& spec : served_specs()) {
                 const Spec parsed = parse_spec(spec.text, spec.path, families(), "");
                 examples.push_back({{"id", spec.path},
                                     {"label", spec.label},
                                     {"family", parsed.family->name()},
                                     {"title", parsed.family->title()},
                                     {"description", parsed.description},
                                     {"graded", !parsed.ungraded()},
                                     {"yaml", spec.text}});
               }
               send_json(res, 200,
                         {{"examples", examples},
                          {"levels", difficulty_levels()},
                          {"pdf", browser.has_value()},
                          {"version", version()},
                          {"limits",
                           {{"puzzles", limits.puzzles},
                            {"instances", limits.instances},
                            {"seconds", limits.seconds},
                            {"spec-bytes", limits.spec_bytes}}}});
             }));

  server.Post(
      "/api/check", guarded([&](const httplib::Request& req, httplib::Response& res) {
        const Json body = request_object(req, {"yaml", "example"});
        const auto run = runs.prepare("check");
        const fs::path place = run->folder;
        const auto forget = [&] {
          std::error_code ignored;
          fs::remove_all(place, ignored);
        };
        try {
          const Spec spec = request_spec(body, limits, place);
          forget();
          send_json(res, 200,
                    {{"ok", true}, {"family", spec.family->name()}, {"warnings", spec.warnings()}});
        } catch (const InputError& e) {
          send_json(res, 400, input_error_body(e, place));
          forget();
        } catch (...) {
          forget();
          throw;
        }
      }));

  // A sheet or a designer's listing: checked here, then queued as a run of the command.
  const auto queue = [&](const httplib::Request& req, httplib::Response& res, bool sheet) {
    const std::vector<std::string> fields =
        sheet ? std::vector<std::string>{"example", "yaml", "count", "difficulty",
                                         "paper",   "key",  "scale", "seed"}
              : std::vector<std::string>{"example", "yaml", "instances", "seed"};
    const Json body = request_object(req, fields);
    const auto run = runs.prepare(sheet ? "sheet" : "instances");
    try {
      const Spec spec = request_spec(body, limits, run->folder);
      if (spec.generate.threads > 1)
        throw Refusal{400,
                      "generate.threads: the server gives each run one core, and runs --jobs "
                      "of them at once; leave threads out",
                      "generate.threads"};
      const std::string seconds = std::to_string(limits.seconds) + "s";
      std::vector<std::string> args;
      if (sheet) {
        const auto count = whole_field(body, "count", 4, 1, limits.puzzles);
        std::vector<std::string> levels = difficulty_levels();
        levels.insert(levels.begin(), "");
        const std::string level = text_field(body, "difficulty", "", levels);
        if (!level.empty())
          if (const auto why = spec.ungraded()) throw Refusal{400, *why, "difficulty"};
        double scale = 1;
        if (body.contains("scale")) {
          if (!body["scale"].is_number() || body["scale"].get<double>() < 0.5 ||
              body["scale"].get<double>() > 3)
            throw Refusal{400, "scale must be a number from 0.5 to 3", "scale"};
          scale = body["scale"].get<double>();
        }
        const std::string key = text_field(body, "key", "after", {"after", "separate", "none"});
        args = {"worksheet",    "spec.yaml",
                "-o",           "sheet.html",
                "--count",      std::to_string(count),
                "--paper",      text_field(body, "paper", "a4", {"a4", "letter"}),
                "--key",        key,
                "--scale",      format_scale(scale),
                "--time-limit", seconds};
        if (!level.empty()) args.insert(args.end(), {"--difficulty", level});
        run->separate_key = key == "separate";
      } else {
        const auto instances = whole_field(body, "instances", 10, 1, limits.instances);
        args = {"generate",     "spec.yaml",   "--format",
                "json",         "--instances", std::to_string(instances),
                "--time-limit", seconds};
      }
      if (body.contains("seed"))
        args.insert(args.end(),
                    {"--seed", std::to_string(whole_field(body, "seed", 0, 0, UINT64_MAX))});
      args.insert(args.end(), common.begin(), common.end());
      run->arguments = std::move(args);
      runs.start(run);
    } catch (const InputError& e) {
      send_json(res, 400, input_error_body(e, run->folder));
      std::error_code ignored;
      fs::remove_all(run->folder, ignored);
      return;
    } catch (...) {
      std::error_code ignored;
      fs::remove_all(run->folder, ignored);
      throw;
    }
    Json answer = {{"id", run->id}, {"status", "/api/runs/" + std::to_string(run->id)}};
    send_json(res, 202, answer);
  };
  server.Post("/api/sheets", guarded([&](const httplib::Request& req, httplib::Response& res) {
                queue(req, res, true);
              }));
  server.Post("/api/instances", guarded([&](const httplib::Request& req, httplib::Response& res) {
                queue(req, res, false);
              }));

  const auto run_of = [&](const httplib::Request& req) {
    const std::string id = req.matches[1];
    const auto run = id.size() < 9 ? runs.find(std::stoi(id)) : nullptr;
    if (!run) throw Refusal{404, "no run " + id + " (finished runs are kept for a while only)", ""};
    return run;
  };
  // ?wait=S: answer when the run ends, or after S seconds (at most 10), whichever is first.
  server.Get(R"(/api/runs/([0-9]+))",
             guarded([&](const httplib::Request& req, httplib::Response& res) {
               const auto run = run_of(req);
               if (req.has_param("wait")) {
                 const std::string wait = req.get_param_value("wait");
                 const double seconds = std::clamp(std::atof(wait.c_str()), 0.0, 10.0);
                 runs.wait(*run, std::chrono::milliseconds(static_cast<int>(seconds * 1000)));
               }
               send_json(res, 200, runs.status(*run, browser.has_value()));
             }));
  server.Post(R"(/api/runs/([0-9]+)/cancel)",
              guarded([&](const httplib::Request& req, httplib::Response& res) {
                const auto run = run_of(req);
                runs.cancel(*run);
                send_json(res, 200, runs.status(*run, browser.has_value()));
              }));
  // A run's files, by a name from this fixed set only; never a path from the request.
  server.Get(R"(/api/runs/([0-9]+)/(sheet|key)\.(html|pdf))",
             guarded([&](const httplib::Request& req, httplib::Response& res) {
               const auto run = run_of(req);
               const std::string part = req.matches[2], type = req.matches[3];
               if (runs.state(*run) != Run::State::done || run->what != "sheet" ||
                   (part == "key" && !run->separate_key))
                 throw Refusal{404, "run " + std::to_string(run->id) + " has no " + part, ""};
               const fs::path html =
                   run->folder / (part == "sheet" ? "sheet.html" : "sheet-key.html");
               fs::path file = html;
               if (type == "pdf") {
                 if (!browser)
                   throw Refusal{404, "printing to PDF needs Chromium on the server's machine", ""};
                 file = fs::path(html).replace_extension(".pdf");
                 const std::lock_guard one(run->printing);
                 if (!fs::exists(file)) {
                   if (!printers.try_acquire_for(std::chrono::seconds(limits.seconds)))
                     throw Refusal{503, "every printer is busy: try again", ""};
                   try {
                     render::print_to_pdf(*browser, html, file);
                   } catch (...) {
                     printers.release();
                     throw;
                   }
                   printers.release();
                 }
               }
               res.set_content(slurp(file),
                               type == "pdf" ? "application/pdf" : "text/html; charset=utf-8");
               // A sheet has no script: it may style itself and show its own drawings only.
               if (type == "html")
                 res.set_header("Content-Security-Policy",
                                "default-src 'none'; style-src 'unsafe-inline'; "
                                "img-src data:; frame-ancestors 'self'");
               if (req.has_param("download"))
                 res.set_header("Content-Disposition",
                                "attachment; filename=\"puzzles-" + std::to_string(run->id) +
                                    (part == "key" ? "-key." : ".") + type + "\"");
             }));

  const bool bound = port == 0 ? (port = server.bind_to_any_port(request.host)) > 0
                               : server.bind_to_port(request.host, port);
  if (!bound) {
    log << "puzzlegen: error: --port: cannot listen on " << request.host << ":" << request.port
        << " (in use, or not an address of this machine); choose another with --port, or "
           "--port 0 for any free one\n";
    return bad_input;
  }
  const std::string url =
      "http://" +
      (request.host.find(':') != std::string::npos ? "[" + request.host + "]" : request.host) +
      ":" + std::to_string(port) + "/";
  out << "puzzlegen serve: " << url << " (Ctrl-C stops it)" << std::endl;
  std::atomic<bool> stopping = false;
  std::thread listener([&] {
    server.listen_after_bind();
    if (!stopping) ::kill(::getpid(), SIGTERM);  // the listener failed: wake the main thread
  });
  if (request.open) {
    pid_t pid = 0;
    std::string opener = "xdg-open", address = url;
    char* argv[] = {opener.data(), address.data(), nullptr};
    if (::posix_spawnp(&pid, "xdg-open", nullptr, nullptr, argv, environ) != 0)
      log << "puzzlegen serve: cannot start xdg-open; open " << url << " in a browser\n";
    else
      std::thread([pid] { ::waitpid(pid, nullptr, 0); }).detach();  // no zombie left
  }
  int signal = 0;
  sigwait(&stops, &signal);
  stopping = true;
  log << "puzzlegen serve: stopping\n";
  server.stop();
  listener.join();
  runs.stop();
  return ok;
}

}  // namespace puzzlegen::cli
