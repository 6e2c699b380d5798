// The runs behind `puzzlegen serve`: each a child process of one executable in a folder of its
// own, queued and started in order, at most `running` at once, each ended when cancelled or
// past its time. It knows nothing of HTTP or of what the runs make; the routes (server.cpp)
// decide what to run and read what the runs wrote.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace puzzlegen::cli {

struct JobLimits {
  std::size_t running = 1;   // runs at once
  std::size_t waiting = 32;  // runs queued behind them (start() refuses more)
  std::size_t kept = 64;     // finished runs kept, with their folders (the oldest go)
  // A run's process group is ended this long after it started (SIGTERM, then SIGKILL 3 s
  // later); the kernel ends it after 15 s more of processor time.
  std::chrono::milliseconds most = std::chrono::seconds(135);
};

// One run: `executable arguments...` in `folder`, its standard output in out.txt and its
// standard error in log.txt there.
struct Job {
  enum class State { waiting, running, done, failed, cancelled };
  int id = 0;
  std::string what;  // the caller's name for what the run makes
  std::filesystem::path folder;
  std::vector<std::string> arguments;  // after the executable's name
  std::vector<int> done_codes = {0};   // exit codes that make it done; any other, failed
  std::mutex files;  // the caller's, held while it adds to the folder of a finished run
  // The caller's, set before start(): the name its files are downloaded under (without the
  // extension), and how long one of its puzzles is expected to take (0: not known).
  std::string download_name = "puzzles";
  double seconds_per_puzzle = 0;
  // Guarded by the queue's mutex (read them through JobQueue::view):
  State state = State::waiting;
  pid_t pid = 0;
  bool cancel = false;
  int exit_code = -1;  // -1: ended by a signal, or never started
  std::chrono::steady_clock::time_point started, finished;
};

const char* name_of(Job::State state);

// A run's state at one moment.
struct JobView {
  Job::State state = Job::State::waiting;
  std::size_t ahead = 0;          // while waiting: the runs before it in the queue
  std::optional<double> seconds;  // once started: how long it ran (or has been running)
  int exit_code = -1;
};

class JobQueue {
 public:
  JobQueue(const JobLimits& limits, std::filesystem::path root, std::filesystem::path executable);
  ~JobQueue();
  JobQueue(const JobQueue&) = delete;
  JobQueue& operator=(const JobQueue&) = delete;

  // A new run with its own empty folder (readable by this user only) under the root; it runs
  // only once start() queues it.
  std::shared_ptr<Job> prepare(std::string what);
  // Queues the job; false, and its folder removed, when `waiting` runs are already waiting.
  [[nodiscard]] bool start(const std::shared_ptr<Job>& job);
  // A kept job, or null.
  std::shared_ptr<Job> find(int id);
  // A waiting run leaves the queue at once; a running one is ended (its whole process group).
  void cancel(Job& job);
  JobView view(const Job& job);
  // Returns when the run has ended, or after `most`.
  void wait(const Job& job, std::chrono::milliseconds most);
  // Ends every run and the workers; queues nothing more.
  void stop();

 private:
  void forget_old();
  void work();
  pid_t spawn(Job& job);

  const JobLimits limits_;
  const std::filesystem::path root_;
  const std::filesystem::path executable_;
  std::mutex mutex_;
  std::condition_variable wake_;   // a run was queued, or the queue stops
  std::condition_variable ended_;  // a run ended
  bool stopping_ = false;
  int last_id_ = 0;
  std::map<int, std::shared_ptr<Job>> jobs_;
  std::deque<int> order_;  // ids, oldest first
  std::deque<std::shared_ptr<Job>> queue_;
  std::vector<std::thread> workers_;
};

}  // namespace puzzlegen::cli
