#include "serve/job_queue.hpp"

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

const char* name_of(Job::State state) {
  switch (state) {
    case Job::State::waiting:
      return "waiting";
    case Job::State::running:
      return "running";
    case Job::State::done:
      return "done";
    case Job::State::failed:
      return "failed";
    default:
      return "cancelled";
  }
}

JobQueue::JobQueue(const JobLimits& limits, fs::path root, fs::path executable)
    : limits_(limits), root_(std::move(root)), executable_(std::move(executable)) {
  for (std::size_t i = 0; i < limits_.running; ++i) workers_.emplace_back([this] { work(); });
}

JobQueue::~JobQueue() {
  stop();
}

std::shared_ptr<Job> JobQueue::prepare(std::string what) {
  auto job = std::make_shared<Job>();
  job->what = std::move(what);
  {
    const std::lock_guard lock(mutex_);
    job->id = ++last_id_;
  }
  job->folder = root_ / ("run-" + std::to_string(job->id));
  fs::create_directory(job->folder);
  fs::permissions(job->folder, fs::perms::owner_all, fs::perm_options::replace);
  return job;
}

bool JobQueue::start(const std::shared_ptr<Job>& job) {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= limits_.waiting) {
      std::error_code ignored;
      fs::remove_all(job->folder, ignored);
      return false;
    }
    jobs_[job->id] = job;
    order_.push_back(job->id);
    queue_.push_back(job);
    forget_old();
  }
  wake_.notify_one();
  return true;
}

std::shared_ptr<Job> JobQueue::find(int id) {
  const std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  return it == jobs_.end() ? nullptr : it->second;
}

void JobQueue::cancel(Job& job) {
  const std::lock_guard lock(mutex_);
  job.cancel = true;
  if (job.state == Job::State::waiting) {
    job.state = Job::State::cancelled;
    ended_.notify_all();
    queue_.erase(std::remove_if(queue_.begin(), queue_.end(),
                                [&](const auto& queued) { return queued.get() == &job; }),
                 queue_.end());
  }
}

JobView JobQueue::view(const Job& job) {
  const std::lock_guard lock(mutex_);
  JobView out;
  out.state = job.state;
  out.exit_code = job.exit_code;
  if (job.state == Job::State::waiting) {
    const auto at = std::find_if(queue_.begin(), queue_.end(),
                                 [&](const auto& queued) { return queued.get() == &job; });
    out.ahead = static_cast<std::size_t>(at - queue_.begin());
  } else {
    const auto end = job.state == Job::State::running ? Clock::now() : job.finished;
    out.seconds = std::chrono::duration<double>(end - job.started).count();
  }
  return out;
}

void JobQueue::wait(const Job& job, std::chrono::milliseconds most) {
  std::unique_lock lock(mutex_);
  ended_.wait_for(lock, most, [&] {
    return stopping_ || (job.state != Job::State::waiting && job.state != Job::State::running);
  });
}

void JobQueue::stop() {
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
void JobQueue::forget_old() {
  std::size_t finished = 0;
  for (auto it = order_.rbegin(); it != order_.rend(); ++it) {
    const auto& job = jobs_.at(*it);
    if (job->state != Job::State::waiting && job->state != Job::State::running) ++finished;
  }
  for (auto it = order_.begin(); it != order_.end() && finished > limits_.kept;) {
    const auto job = jobs_.at(*it);
    if (job->state == Job::State::waiting || job->state == Job::State::running) {
      ++it;
      continue;
    }
    std::error_code ignored;
    fs::remove_all(job->folder, ignored);
    jobs_.erase(*it);
    it = order_.erase(it);
    --finished;
  }
}

void JobQueue::work() {
  for (;;) {
    std::shared_ptr<Job> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = queue_.front();
      queue_.pop_front();
      job->state = Job::State::running;
      job->started = Clock::now();
    }
    const pid_t pid = spawn(*job);
    int status = 0;
    bool ended = pid <= 0;
    bool signalled = false;
    const auto deadline = job->started + limits_.most;
    Clock::time_point killed_at{};
    // Checked often at first, so a sheet of a few milliseconds is not kept waiting.
    auto pause = std::chrono::microseconds(500);
    while (!ended) {
      const pid_t done = ::waitpid(pid, &status, WNOHANG);
      if (done == pid || (done < 0 && errno != EINTR)) break;
      bool end_it = false;
      {
        const std::lock_guard lock(mutex_);
        end_it = job->cancel || stopping_ || Clock::now() > deadline;
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
    job->finished = Clock::now();
    job->exit_code = pid > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    const bool done = std::find(job->done_codes.begin(), job->done_codes.end(), job->exit_code) !=
                      job->done_codes.end();
    job->state = job->cancel ? Job::State::cancelled : done ? Job::State::done : Job::State::failed;
    forget_old();
    ended_.notify_all();
  }
}

// Starts the executable in the run's folder, in a process group of its own, with the signal
// handling a fresh process has; 0 when it cannot be started.
pid_t JobQueue::spawn(Job& job) {
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
  const std::string out = (job.folder / "out.txt").string(),
                    log = (job.folder / "log.txt").string();
  posix_spawn_file_actions_addopen(&files, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&files, 2, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addchdir_np(&files, job.folder.c_str());
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
  words.insert(words.end(), job.arguments.begin(), job.arguments.end());
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
    job.pid = failed ? 0 : pid;
  }
  return failed ? 0 : pid;
}

}  // namespace puzzlegen::cli
