// serve's run queue on its own, with no server: real child processes (the shell) in real
// folders, queued in order, limited, cancelled and ended.
#include <unistd.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "files.hpp"
#include "serve/job_queue.hpp"

using puzzlegen::cli::Job;
using puzzlegen::cli::JobLimits;
using puzzlegen::cli::JobQueue;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

JobLimits limits(std::size_t running, std::size_t waiting, std::size_t kept = 64) {
  JobLimits out;
  out.running = running;
  out.waiting = waiting;
  out.kept = kept;
  return out;
}

// A queued run of `sh -c script`.
std::shared_ptr<Job> shell(JobQueue& runs, const std::string& script) {
  auto job = runs.prepare("shell");
  job->arguments = {"-c", script};
  REQUIRE(runs.start(job));
  return job;
}

Job::State ended(JobQueue& runs, const Job& job) {
  runs.wait(job, 20s);
  return runs.view(job).state;
}

// Waits until the run is running (or has ended); its state then.
Job::State started(JobQueue& runs, const Job& job) {
  const auto end = std::chrono::steady_clock::now() + 10s;
  while (runs.view(job).state == Job::State::waiting && std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(5ms);
  return runs.view(job).state;
}

// A process that has not ended (a zombie has: it waits only to be reaped).
bool alive(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return false;
  const auto paren = line.rfind(')');
  return paren != std::string::npos && line.size() > paren + 2 && line[paren + 2] != 'Z';
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("run queue: runs start in the order queued, one at a time with one worker",
          "[serve][run-queue]") {
  const puzzlegen::TemporaryFolder root("puzzlegen-run-queue-");
  JobQueue runs(limits(1, 8), root.path(), "/bin/sh");
  std::vector<std::shared_ptr<Job>> queued;
  // Each appends its number to a file they share, the first slowly: a second worker, or the
  // wrong order, would show in the file.
  const std::string shared = (root.path() / "order").string();
  for (int i = 1; i <= 4; ++i)
    queued.push_back(shell(runs, std::string(i == 1 ? "sleep 0.3; " : "") + "echo " +
                                     std::to_string(i) + " >> " + shared));
  // Waiting runs know how many are ahead of them.
  CHECK(runs.view(*queued[3]).ahead >= 2);
  for (const auto& job : queued) CHECK(ended(runs, *job) == Job::State::done);
  CHECK(slurp(shared) == "1\n2\n3\n4\n");
  // Each ran in its own folder, its output and errors kept there; its time measured.
  const auto printing = shell(runs, "pwd; echo oops >&2");
  REQUIRE(ended(runs, *printing) == Job::State::done);
  const std::string where = slurp(printing->folder / "out.txt");
  CHECK(fs::equivalent(where.substr(0, where.find('\n')), printing->folder));
  CHECK(slurp(printing->folder / "log.txt") == "oops\n");
  CHECK(runs.view(*printing).seconds.value_or(-1) >= 0);
}

TEST_CASE("run queue: at most `running` at once, and `waiting` more, the rest are refused",
          "[serve][run-queue]") {
  const puzzlegen::TemporaryFolder root("puzzlegen-run-queue-");
  JobQueue runs(limits(2, 2), root.path(), "/bin/sh");
  const auto a = shell(runs, "sleep 30");
  const auto b = shell(runs, "sleep 30");
  REQUIRE(started(runs, *a) == Job::State::running);
  REQUIRE(started(runs, *b) == Job::State::running);
  const auto c = shell(runs, "sleep 30");
  const auto d = shell(runs, "sleep 30");
  std::this_thread::sleep_for(100ms);
  CHECK(runs.view(*c).state == Job::State::waiting);  // both workers are busy
  CHECK(runs.view(*c).ahead == 0);
  CHECK(runs.view(*d).ahead == 1);
  const auto refused = runs.prepare("shell");
  refused->arguments = {"-c", "true"};
  CHECK_FALSE(runs.start(refused));
  CHECK_FALSE(fs::exists(refused->folder));  // nothing left behind
  CHECK(runs.find(refused->id) == nullptr);
  // A place in the queue frees one for the next.
  runs.cancel(*c);
  CHECK(runs.view(*c).state == Job::State::cancelled);
  CHECK(runs.view(*d).ahead == 0);
  const auto e = runs.prepare("shell");
  e->arguments = {"-c", "true"};
  CHECK(runs.start(e));
  runs.stop();  // ends the running ones too
  CHECK(runs.view(*a).state == Job::State::failed);
  CHECK(runs.view(*b).state == Job::State::failed);
}

TEST_CASE("run queue: cancel ends a running run and its whole process group",
          "[serve][run-queue]") {
  const puzzlegen::TemporaryFolder root("puzzlegen-run-queue-");
  JobQueue runs(limits(1, 4), root.path(), "/bin/sh");
  // A child of the run that would outlive it, were only the run's own process ended.
  const auto job = shell(runs, "(sleep 30; echo survived > survived) & echo $! > child; wait");
  REQUIRE(started(runs, *job) == Job::State::running);
  const auto end = std::chrono::steady_clock::now() + 5s;
  while (slurp(job->folder / "child").empty() && std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(5ms);
  const pid_t child = std::stoi(slurp(job->folder / "child"));
  REQUIRE(alive(child));
  const auto cancelled_at = std::chrono::steady_clock::now();
  runs.cancel(*job);
  CHECK(ended(runs, *job) == Job::State::cancelled);
  CHECK(std::chrono::steady_clock::now() - cancelled_at < 5s);
  std::this_thread::sleep_for(100ms);
  CHECK_FALSE(alive(child));  // the child is gone too
  // Cancelling a finished run changes nothing.
  const auto done = shell(runs, "true");
  REQUIRE(ended(runs, *done) == Job::State::done);
  runs.cancel(*done);
  CHECK(runs.view(*done).state == Job::State::done);
}

TEST_CASE("run queue: a run's exit code decides done or failed, past its time it is ended",
          "[serve][run-queue]") {
  const puzzlegen::TemporaryFolder root("puzzlegen-run-queue-");
  JobLimits short_runs = limits(2, 4);
  short_runs.most = 300ms;
  JobQueue runs(short_runs, root.path(), "/bin/sh");
  const auto ok = shell(runs, "exit 0");
  const auto three = shell(runs, "exit 3");
  CHECK(ended(runs, *ok) == Job::State::done);
  CHECK(ended(runs, *three) == Job::State::failed);
  CHECK(runs.view(*three).exit_code == 3);
  auto listed = runs.prepare("shell");
  listed->arguments = {"-c", "exit 3"};
  listed->done_codes = {0, 1, 3};  // a caller for whom 3 is an answer too
  REQUIRE(runs.start(listed));
  CHECK(ended(runs, *listed) == Job::State::done);
  const auto slow = shell(runs, "sleep 30");
  const auto begun = std::chrono::steady_clock::now();
  CHECK(ended(runs, *slow) == Job::State::failed);
  CHECK(runs.view(*slow).exit_code == -1);  // ended by a signal
  CHECK(std::chrono::steady_clock::now() - begun < 5s);
  // An executable that cannot be started fails; it does not hang.
  JobQueue missing(limits(1, 4), root.path() / "elsewhere", "/nonexistent/program");
  fs::create_directory(root.path() / "elsewhere");
  const auto never = missing.prepare("shell");
  REQUIRE(missing.start(never));
  CHECK(ended(missing, *never) == Job::State::failed);
}

TEST_CASE("run queue: only the newest `kept` finished runs are kept, with their folders",
          "[serve][run-queue]") {
  const puzzlegen::TemporaryFolder root("puzzlegen-run-queue-");
  JobQueue runs(limits(1, 8, 2), root.path(), "/bin/sh");
  std::vector<std::shared_ptr<Job>> finished;
  for (int i = 0; i < 4; ++i) {
    finished.push_back(shell(runs, "true"));
    REQUIRE(ended(runs, *finished.back()) == Job::State::done);
  }
  CHECK(runs.find(finished[0]->id) == nullptr);
  CHECK(runs.find(finished[1]->id) == nullptr);
  CHECK_FALSE(fs::exists(finished[0]->folder));
  CHECK(runs.find(finished[2]->id) == finished[2]);
  CHECK(runs.find(finished[3]->id) == finished[3]);
  CHECK(fs::exists(finished[3]->folder));
  // A running run is never forgotten, however many finish after it.
  JobQueue two(limits(2, 8, 1), root.path() / "two", "/bin/sh");
  fs::create_directory(root.path() / "two");
  const auto long_one = shell(two, "sleep 30");
  REQUIRE(started(two, *long_one) == Job::State::running);
  for (int i = 0; i < 3; ++i) REQUIRE(ended(two, *shell(two, "true")) == Job::State::done);
  CHECK(two.find(long_one->id) == long_one);
}
