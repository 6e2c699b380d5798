// The routes of `puzzlegen serve` and the server around them. Requests are read by
// request_reader.cpp and run by run_queue.cpp; here they are answered, and a run's status is
// made from what its process wrote.
#include "serve/server.hpp"

#include <httplib.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <random>
#include <semaphore>
#include <sstream>
#include <thread>

#include "command.hpp"
#include "commands.hpp"
#include "difficulty.hpp"
#include "error.hpp"
#include "families.hpp"
#include "files.hpp"
#include "offers.hpp"
#include "render/html.hpp"
#include "render/play.hpp"
#include "serve/connections.hpp"
#include "serve/examples.hpp"
#include "serve/job_queue.hpp"
#include "serve/request_reader.hpp"

extern char** environ;

namespace puzzlegen::cli {

namespace {

// The sizes the page offers for a family's drawings, as [scale, words] pairs.
Json print_sizes(const Family& family) {
  Json out = Json::array();
  for (const auto& size : family.print_sizes()) out.push_back({size.scale, size.words});
  return out;
}

namespace fs = std::filesystem;

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

// What a run's process said on standard error: how far it has got, the seed of its first
// puzzle, and its last error. A worksheet reports its progress as JSON Lines
// (--progress-format json); any other line is words for a reader, such as an error.
struct JobLog {
  std::size_t found = 0, of = 0;  // puzzles found, of those asked for
  bool drawing = false;           // every puzzle found: the sheet is being drawn
  bool wrote = false;
  std::optional<std::size_t> short_of;  // fewer were found than asked for: how many were
  bool short_proven = false, short_delivered = false;
  std::optional<std::uint64_t> seed;
  std::string error;  // without the program's name
};

JobLog read_job_log(const std::string& log) {
  JobLog out;
  // A line still being written is left for the next look.
  std::istringstream lines(log.substr(0, log.rfind('\n') + 1));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    const Json event = line.front() == '{' ? Json::parse(line, nullptr, false) : Json();
    if (!event.is_object() || !event.contains("event")) {
      if (line.find("error") != std::string::npos) out.error = line;
      continue;
    }
    const std::string kind = event.value("event", "");
    const auto seed = event.find("seed");
    const bool seeded = seed != event.end() && seed->is_number_unsigned();
    if (kind == "puzzle") {
      out.found = event.value("puzzle", std::size_t{0});
      out.of = event.value("of", std::size_t{0});
      if (seeded && !out.seed) out.seed = seed->get<std::uint64_t>();
    } else if (kind == "part") {
      out.found = 0;
      out.of = event.value("puzzles", std::size_t{0});
    } else if (kind == "shortfall") {
      out.short_of = event.value("found", std::size_t{0});
      out.of = event.value("of", out.of);
      out.short_proven = event.value("proven", false);
      out.short_delivered = event.value("delivered", false);
    } else if (kind == "drawing") {
      out.drawing = true;
    } else if (kind == "wrote") {
      out.wrote = true;
    }
  }
  if (out.error.rfind("puzzlegen: ", 0) == 0) out.error = out.error.substr(11);
  if (out.error.rfind("error: ", 0) == 0) out.error = out.error.substr(7);
  return out;
}

std::string puzzles_in_words(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " puzzle" : " puzzles");
}

// "about 20 s left", "about 2 min left", "a few seconds left", or nothing when it cannot be
// told.
std::string time_left(double seconds) {
  if (!(seconds > 0)) return "";
  if (seconds < 8) return ", a few seconds left";
  if (seconds < 60) return ", about " + std::to_string(int(seconds / 5 + 0.5) * 5) + " s left";
  return ", about " + std::to_string(int(seconds / 60 + 0.5)) + " min left";
}

// How far a running sheet has got, in words a teacher reads: "3 of 4 puzzles found, about 20 s
// left". The time left comes from the puzzles found so far, or before the first from what the
// example was measured to take.
std::string progress_in_words(const JobLog& log, const Job& job, double seconds) {
  if (log.wrote) return "Finishing the sheet";
  if (log.drawing)
    return "All " + puzzles_in_words(log.of) + " found; drawing the sheet and its answer key";
  if (log.of == 0) return "Starting";
  if (log.found == 0)
    return "Looking for the first of " + puzzles_in_words(log.of) +
           time_left(job.seconds_per_puzzle * double(log.of) - seconds);
  return std::to_string(log.found) + " of " + puzzles_in_words(log.of) + " found" +
         (log.found < log.of ? time_left(seconds / double(log.found) * double(log.of - log.found))
                             : "");
}

// Why a run failed, in words for the page (no command-line advice: the page has no time limit
// or strategy to set).
std::string failure(const JobLog& log, int exit_code, int seconds_allowed) {
  if (log.short_of) {
    const std::size_t found = *log.short_of;
    const std::string what = "Only " + std::to_string(found) + " of the " +
                             puzzles_in_words(log.of) + " asked for " +
                             (found == 1 ? "was" : "were") + " found";
    if (log.short_proven)
      return what + ": there are no more like them (proven). Ask for " + std::to_string(found) +
             (found == 0 ? ", or choose another level or puzzle." : " or fewer.");
    return what + " in the " + std::to_string(seconds_allowed) +
           " s a sheet may take. Ask for fewer, choose another level, or tick \"If fewer are "
           "found, make the sheet with those\".";
  }
  if (!log.error.empty()) return log.error;
  if (exit_code == 1) return "there are fewer puzzles like this than asked for";
  if (exit_code == 3)
    return "the sheet was not finished in the " + std::to_string(seconds_allowed) +
           " s a sheet may take";
  if (exit_code < 0) return "the run was stopped: it took longer than a sheet may take";
  return "the run ended with exit code " + std::to_string(exit_code);
}

// A code of six letters and digits no one misreads, drawn at random: a sheet made by this server
// and one made by another (or the same, restarted) never share a code or a download's name.
std::string random_code() {
  static constexpr char kAlphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  static std::mutex mutex;
  static std::mt19937_64 engine{std::random_device{}()};
  const std::lock_guard lock(mutex);
  std::string code;
  for (int i = 0; i < 6; ++i) code += kAlphabet[engine() % 32];
  return code;
}

// Every request the server answers: the page, the examples, checks, runs and their files.
class Routes {
 public:
  Routes(const ServeLimits& limits, JobQueue& runs, std::optional<fs::path> browser,
         std::vector<std::string> common, std::ostream& log)
      : limits_(limits),
        jobs_(runs),
        browser_(std::move(browser)),
        common_(std::move(common)),
        log_(log),
        printers_(static_cast<std::ptrdiff_t>(std::min<std::size_t>(limits.running, 64))) {}

  void install(httplib::Server& server) {
    server.Get("/", [](const httplib::Request&, httplib::Response& res) {
      res.set_content(served_page(), "text/html; charset=utf-8");
      res.set_header("Content-Security-Policy",
                     "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                     "img-src 'self' data:; frame-src 'self'; frame-ancestors 'none'");
    });
    server.Get("/api/examples", guarded(&Routes::examples));
    server.Post("/api/check", guarded(&Routes::check));
    server.Post("/api/sheets", guarded(&Routes::sheet));
    server.Post("/api/instances", guarded(&Routes::instances));
    server.Get(R"(/api/jobs/([0-9]+))", guarded(&Routes::run_status));
    server.Post(R"(/api/jobs/([0-9]+)/cancel)", guarded(&Routes::cancel));
    // A run's files, by a name from this fixed set only; never a path from the request.
    // (sheet-B.html: version B of a class set.)
    server.Get(R"(/api/jobs/([0-9]+)/(sheet|key)(-[A-Z])?\.(html|pdf))", guarded(&Routes::file));
  }

 private:
  using Handler = void (Routes::*)(const httplib::Request&, httplib::Response&);

  // Refusals and bad specs become their status and a JSON error; the server keeps serving.
  httplib::Server::Handler guarded(Handler handler) {
    return [this, handler](const httplib::Request& req, httplib::Response& res) {
      try {
        (this->*handler)(req, res);
      } catch (const Refusal& r) {
        send_json(res, r.status, error_body(r.message, r.field));
      } catch (const std::exception& e) {
        log_ << "puzzlegen serve: internal error on " << req.path << ": " << e.what() << "\n";
        send_json(res, 500, error_body(std::string("internal error: ") + e.what()));
      }
    };
  }

  void examples(const httplib::Request&, httplib::Response& res) {
    Json examples = Json::array();
    for (const auto& spec : offered_specs()) {
      const Spec parsed = parse_spec(spec.text, spec.path, families(), "");
      // The levels it makes, measured (app/serve/levels.tsv): "any" first, then the graded ones.
      Json levels = Json::array();
      for (const auto& offer : offers_of(spec.path))
        if (offer.most > 0)
          levels.push_back({{"level", offer.level},
                            {"most", std::min(offer.most, limits_.puzzles)},
                            {"seconds-each", offer.seconds / double(offer.most)}});
      // Not measured (a plugin's example): every level offered, as for a spec of one's own.
      if (levels.empty()) {
        levels.push_back({{"level", "any"}, {"most", limits_.puzzles}});
        if (!parsed.ungraded())
          for (const auto& level : difficulty_levels())
            levels.push_back({{"level", level}, {"most", limits_.puzzles}});
      }
      examples.push_back({{"id", spec.path},
                          {"offers", levels},
                          {"label", spec.label},
                          {"family", parsed.family->name()},
                          {"title", parsed.family->title()},
                          {"description", parsed.description},
                          {"graded", !parsed.ungraded()},
                          {"sizes", print_sizes(*parsed.family)},
                          {"yaml", spec.text}});
    }
    send_json(res, 200,
              {{"examples", examples},
               {"levels", difficulty_levels()},
               {"pdf", browser_.has_value()},
               {"version", version()},
               {"limits",
                {{"puzzles", limits_.puzzles},
                 {"instances", limits_.instances},
                 {"seconds", limits_.seconds},
                 {"spec-bytes", limits_.spec_bytes}}}});
  }

  void check(const httplib::Request& req, httplib::Response& res) {
    const Json body = request_object(req.body, kCheckFields);
    const auto job = jobs_.prepare("check");
    const fs::path place = job->folder;
    const auto forget = [&] {
      std::error_code ignored;
      fs::remove_all(place, ignored);
    };
    try {
      const Spec spec = request_spec(body, limits_, place);
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
  }

  void sheet(const httplib::Request& req, httplib::Response& res) { queue(req, res, true); }
  void instances(const httplib::Request& req, httplib::Response& res) { queue(req, res, false); }

  // A sheet or a designer's listing: checked here, then queued as a run of the command.
  void queue(const httplib::Request& req, httplib::Response& res, bool sheet) {
    const Json body = request_object(req.body, sheet ? kSheetFields : kInstancesFields);
    const auto job = jobs_.prepare(sheet ? "sheet" : "instances");
    try {
      const Spec spec = request_spec(body, limits_, job->folder);
      job->arguments =
          sheet ? sheet_arguments(body, spec, limits_) : instances_arguments(body, spec, limits_);
      job->arguments.insert(job->arguments.end(), common_.begin(), common_.end());
      if (sheet) {
        // Sheet and key carry one code; the downloads are named after the puzzle, level and it.
        const std::string code = random_code();
        job->arguments.insert(job->arguments.end(), {"--code", code});
        const std::string level = body.value("difficulty", "");
        job->download_name = spec.family->name() + (level.empty() ? "" : "-" + level) + "-" + code;
        if (body.contains("example"))
          for (const auto& offer : offers_of(body["example"].get<std::string>()))
            if (offer.level == (level.empty() ? "any" : level) && offer.most > 0)
              job->seconds_per_puzzle = offer.seconds / double(offer.most);
      }
      // A designer's listing is done whatever it found (its summary says whether it proved
      // anything); a sheet is done only when it was written.
      if (!sheet) job->done_codes = {0, 1, 3};
    } catch (const InputError& e) {
      send_json(res, 400, input_error_body(e, job->folder));
      std::error_code ignored;
      fs::remove_all(job->folder, ignored);
      return;
    } catch (...) {
      std::error_code ignored;
      fs::remove_all(job->folder, ignored);
      throw;
    }
    if (!jobs_.start(job))
      throw Refusal{
          429, std::to_string(limits_.waiting) + " runs are already waiting: try again in a minute",
          ""};
    send_json(res, 202, {{"id", job->id}, {"status", "/api/jobs/" + std::to_string(job->id)}});
  }

  std::shared_ptr<Job> run_of(const httplib::Request& req) {
    const std::string id = req.matches[1];
    const auto job = id.size() < 9 ? jobs_.find(std::stoi(id)) : nullptr;
    if (!job) throw Refusal{404, "no run " + id + " (finished runs are kept for a while only)", ""};
    return job;
  }

  // ?wait=S: answer when the run ends, or after S seconds (at most 10), whichever is first.
  void run_status(const httplib::Request& req, httplib::Response& res) {
    const auto job = run_of(req);
    if (req.has_param("wait")) {
      const std::string wait = req.get_param_value("wait");
      const double seconds = std::clamp(std::atof(wait.c_str()), 0.0, 10.0);
      jobs_.wait(*job, std::chrono::milliseconds(static_cast<int>(seconds * 1000)));
    }
    send_json(res, 200, status(*job));
  }

  void cancel(const httplib::Request& req, httplib::Response& res) {
    const auto job = run_of(req);
    jobs_.cancel(*job);
    send_json(res, 200, status(*job));
  }

  void file(const httplib::Request& req, httplib::Response& res) {
    const auto job = run_of(req);
    const std::string part = req.matches[2], version = req.matches[3], type = req.matches[4];
    const fs::path html =
        job->folder / ("sheet" + version + (part == "sheet" ? ".html" : "-key.html"));
    if (jobs_.view(*job).state != Job::State::done || job->what != "sheet" || !fs::exists(html))
      throw Refusal{404, "run " + std::to_string(job->id) + " has no " + part + version, ""};
    fs::path file = html;
    if (type == "pdf") {
      if (!browser_)
        throw Refusal{404, "printing to PDF needs Chromium on the server's machine", ""};
      file = fs::path(html).replace_extension(".pdf");
      const std::lock_guard one(job->files);  // one print of a run's file at a time
      if (!fs::exists(file)) {
        if (!printers_.try_acquire_for(std::chrono::seconds(limits_.seconds)))
          throw Refusal{503, "every printer is busy: try again", ""};
        try {
          render::print_to_pdf(*browser_, html, file);
        } catch (...) {
          printers_.release();
          throw;
        }
        printers_.release();
      }
    }
    res.set_content(slurp(file), type == "pdf" ? "application/pdf" : "text/html; charset=utf-8");
    // A sheet may style itself, show its own drawings, and run its players' script (that
    // script only, by its hash), which fetches nothing.
    if (type == "html")
      res.set_header("Content-Security-Policy",
                     "default-src 'none'; style-src 'unsafe-inline'; script-src " +
                         render::player_script_source() +
                         "; img-src data:; frame-ancestors 'self'");
    if (req.has_param("download"))
      res.set_header("Content-Disposition", "attachment; filename=\"" + job->download_name +
                                                version + (part == "key" ? "-key." : ".") + type +
                                                "\"");
  }

  // Everything the page shows about a run.
  Json status(const Job& job) {
    const JobView view = jobs_.view(job);
    Json out = {{"id", job.id}, {"what", job.what}, {"state", name_of(view.state)}};
    if (view.state == Job::State::waiting) out["ahead"] = view.ahead;
    if (view.seconds) out["seconds"] = *view.seconds;
    // The run's own words: its progress, and its error when it failed.
    const std::string text = slurp(job.folder / "log.txt", 8000);
    const JobLog log = read_job_log(text);
    if (log.seed) out["seed"] = *log.seed;
    out["progress"] = job.what != "sheet" ? ""
                      : view.state == Job::State::running
                          ? progress_in_words(log, job, view.seconds.value_or(0))
                      : view.state == Job::State::done ? "Done"
                                                       : "";
    out["log"] = text;
    if (view.state == Job::State::failed || view.state == Job::State::cancelled)
      out["message"] = view.state == Job::State::cancelled
                           ? "cancelled"
                           : failure(log, view.exit_code, limits_.seconds);
    // A sheet of fewer puzzles than asked for, as the teacher allowed: say so.
    if (view.state == Job::State::done && log.short_of && log.short_delivered)
      out["fewer"] = {{"found", *log.short_of}, {"of", log.of}, {"proven", log.short_proven}};
    if (job.what == "sheet") out["name"] = job.download_name;
    if (view.state == Job::State::done && job.what == "sheet") {
      const std::string base = "/api/jobs/" + std::to_string(job.id) + "/";
      // A class set's versions (sheet-A.html, ...): "files" are version A's, "versions" all.
      const auto files_of = [&](const std::string& version) {
        const bool separate_key = fs::exists(job.folder / ("sheet" + version + "-key.html"));
        Json files = {{"sheet", base + "sheet" + version + ".html"}};
        if (separate_key) files["key"] = base + "key" + version + ".html";
        if (browser_) {
          files["sheet-pdf"] = base + "sheet" + version + ".pdf";
          if (separate_key) files["key-pdf"] = base + "key" + version + ".pdf";
        }
        return files;
      };
      if (fs::exists(job.folder / "sheet-A.html")) {
        Json versions = Json::array();
        for (char letter = 'A'; letter <= 'Z'; ++letter) {
          const std::string version = std::string("-") + letter;
          if (!fs::exists(job.folder / ("sheet" + version + ".html"))) break;
          Json files = files_of(version);
          files["version"] = std::string(1, letter);
          versions.push_back(files);
        }
        out["files"] = files_of("-A");
        out["versions"] = versions;
      } else {
        out["files"] = files_of("");
      }
    }
    if (job.what == "instances" && view.state != Job::State::waiting) {
      // generate's JSON Lines: one record per instance, then the summary.
      Json records = Json::array();
      std::istringstream json_lines(slurp(job.folder / "out.txt"));
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

  const ServeLimits& limits_;
  JobQueue& jobs_;
  const std::optional<fs::path> browser_;
  // Arguments every run gets after its own.
  const std::vector<std::string> common_;
  std::ostream& log_;
  std::counting_semaphore<64> printers_;  // PDF prints at once
};

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
  const TemporaryFolder folder("puzzlegen-serve-");  // the server's, removed when it stops
  JobLimits run_limits;
  run_limits.running = limits.running;
  run_limits.waiting = limits.waiting;
  run_limits.kept = limits.kept;
  run_limits.most = std::chrono::seconds(limits.seconds + 15);
  JobQueue runs(run_limits, folder.path(), fs::canonical("/proc/self/exe"));

  // Arguments every run gets: the plugins this server loaded and the run's own folder as the
  // only place `given:` files may come from.
  std::vector<std::string> common = {"--given-root", "."};
  for (const auto& plugin : request.plugins) {
    common.push_back("--plugin");
    common.push_back(fs::absolute(plugin).string());
  }

  ConnectionLimits connections;
  connections.headers = limits.headers;
  connections.head_bytes = limits.head_bytes;
  connections.request = std::chrono::seconds(limits.request_seconds);
  connections.workers = limits.connections;
  BoundedServer server(connections);
  server.set_payload_max_length(limits.body_bytes);
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
  Routes routes(limits, runs, render::find_browser(), std::move(common), log);
  routes.install(server);

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

void add_serve_command(CLI::App& app, Commands& commands) {
  auto served = std::make_shared<ServeRequest>();
  auto* serve = app.add_subcommand(
      "serve",
      "a page in the browser that makes worksheets (no YAML, no terminal): listens on "
      "127.0.0.1 until Ctrl-C");
  serve->add_option("--port", served->port, "the port (0: any free one, printed)")
      ->check(CLI::Range(0, 65535))
      ->default_val(8080);
  serve
      ->add_option("--host", served->host,
                   "the address to listen on; another than 127.0.0.1 lets other machines in")
      ->default_val("127.0.0.1");
  serve->add_flag("--open", served->open, "open the page in the desktop's browser");
  serve
      ->add_option("--jobs", served->limits.running,
                   "sheets made at once (default: one per core); up to 32 more wait their turn")
      ->check(CLI::Range(1, 64));
  // Takes SIGINT and SIGTERM itself (sigwait), so main's interrupt handler never sees them.
  commands.add(serve, [served](const Globals& globals) {
    ServeRequest request = *served;
    request.plugins = globals.plugins;
    return cli::serve(request, std::cout, std::cerr);
  });
}

}  // namespace puzzlegen::cli
