#include "serve/run_queue.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

extern char** environ;

namespace puzzlegen::cli {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

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

RunQueue::RunQueue(const RunLimits& limits, fs::path root, fs::path executable)
    : limits_(limits), root_(std::move(root)), executable_(std::move(executable)) {
  for (std::size_t i = 0; i < limits_.running; ++i) workers_.emplace_back([this] { work(); });
}

RunQueue::~RunQueue() {
  stop();
}

std::shared_ptr<Run> RunQueue::prepare(std::string what) {
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

bool RunQueue::start(const std::shared_ptr<Run>& run) {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= limits_.waiting) {
      std::error_code ignored;
      fs::remove_all(run->folder, ignored);
      return false;
    }
    runs_[run->id] = run;
    order_.push_back(run->id);
    queue_.push_back(run);
    forget_old();
  }
  wake_.notify_one();
  return true;
}

std::shared_ptr<Run> RunQueue::find(int id) {
  const std::lock_guard lock(mutex_);
  const auto it = runs_.find(id);
  return it == runs_.end() ? nullptr : it->second;
}

void RunQueue::cancel(Run& run) {
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

RunView RunQueue::view(const Run& run) {
  const std::lock_guard lock(mutex_);
  RunView out;
  out.state = run.state;
  out.exit_code = run.exit_code;
  if (run.state == Run::State::waiting) {
    const auto at = std::find_if(queue_.begin(), queue_.end(),
                                 [&](const auto& queued) { return queued.get() == &run; });
    out.ahead = static_cast<std::size_t>(at - queue_.begin());
  } else {
    const auto end = run.state == Run::State::running ? Clock::now() : run.finished;
    out.seconds = std::chrono::duration<double>(end - run.started).count();
  }
  return out;
}

void RunQueue::wait(const Run& run, std::chrono::milliseconds most) {
  std::unique_lock lock(mutex_);
  ended_.wait_for(lock, most, [&] {
    return stopping_ || (run.state != Run::State::waiting && run.state != Run::State::running);
  });
}

void RunQueue::stop() {
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

// Keeps the newest `limits_.kept` finished runs (and every unfinished one).
void RunQueue::forget_old() {
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

void RunQueue::work() {
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
    const auto deadline = run->started + limits_.most;
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
    const bool done = std::find(run->done_codes.begin(), run->done_codes.end(), run->exit_code) !=
                      run->done_codes.end();
    run->state = run->cancel ? Run::State::cancelled : done ? Run::State::done : Run::State::failed;
    forget_old();
    ended_.notify_all();
  }
}

// Starts the executable in the run's folder, in a process group of its own, with the signal
// handling a fresh process has; 0 when it cannot be started.
pid_t RunQueue::spawn(Run& run) {
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
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
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
    const auto most =
        static_cast<rlim_t>(std::chrono::ceil<std::chrono::seconds>(limits_.most).count() + 15);
    const rlimit cpu{most, most + 10};
    ::prlimit(pid, RLIMIT_CPU, &cpu, nullptr);
  }
  {
    const std::lock_guard lock(mutex_);
    run.pid = failed ? 0 : pid;
  }
  return failed ? 0 : pid;
}

}  // namespace puzzlegen::cli
