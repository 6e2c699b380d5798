#include "solve.hpp"

#include <sched.h>

#include <cmath>
#include <csignal>
#include <fstream>
#include <thread>

namespace puzzlegen {

std::string to_string(StopReason reason) {
  switch (reason) {
    case StopReason::none:
      return "none";
    case StopReason::time_limit:
      return "time-limit";
    case StopReason::node_limit:
      return "node-limit";
    case StopReason::interrupted:
      return "interrupted";
    case StopReason::cancelled:
      return "cancelled";
  }
  return "unknown";
}

Limits Limits::within(std::chrono::duration<double> time_limit, std::uint64_t nodes,
                      unsigned threads) {
  Limits limits;
  if (time_limit.count() > 0)
    limits.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(time_limit);
  limits.node_limit = nodes;
  limits.threads = threads == 0 ? usable_cores() : threads;
  return limits;
}

namespace {

// The CPU quota of the process's cgroup in cores (cgroup v2's cpu.max, else v1's cfs quota),
// rounded up; 0 when there is none.
unsigned cgroup_cores() {
  std::string group;
  {
    std::ifstream self("/proc/self/cgroup");
    for (std::string line; std::getline(self, line);)
      if (line.rfind("0::", 0) == 0) group = line.substr(3);
  }
  double quota = -1, period = 0;
  if (std::ifstream max("/sys/fs/cgroup" + group + "/cpu.max"); max) {
    std::string q;
    max >> q >> period;
    if (q != "max" && !q.empty()) quota = std::stod(q);
  } else if (std::ifstream v1("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"); v1) {
    v1 >> quota;
    std::ifstream("/sys/fs/cgroup/cpu/cpu.cfs_period_us") >> period;
  }
  if (quota <= 0 || period <= 0) return 0;
  return static_cast<unsigned>(std::ceil(quota / period));
}

}  // namespace

unsigned usable_cores() {
  static const unsigned cores = [] {
    unsigned n = std::thread::hardware_concurrency();
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) == 0) n = static_cast<unsigned>(CPU_COUNT(&set));
    try {
      if (const unsigned quota = cgroup_cores(); quota > 0) n = std::min(n, quota);
    } catch (const std::exception&) {
      // An unreadable quota leaves the affinity's count.
    }
    return std::max(1u, n);
  }();
  return cores;
}

StopReason Limits::stop_reason() const {
  if (interrupt_flag().load()) return StopReason::interrupted;
  if (cancelled && cancelled->load()) return StopReason::cancelled;
  if (deadline && Clock::now() >= *deadline) return StopReason::time_limit;
  return StopReason::none;
}

std::atomic<bool>& interrupt_flag() {
  static std::atomic<bool> flag{false};
  return flag;
}

namespace {
extern "C" void on_interrupt(int) {
  interrupt_flag().store(true);
}
}  // namespace

void install_interrupt_handler() {
  // A scheduler ends a job with SIGTERM (Slurm's scancel, a time limit) and a closed terminal
  // sends SIGHUP: both keep what is proven, like Ctrl-C.
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) std::signal(signal, on_interrupt);
}

bool LimitStop::stop(const Gecode::Search::Statistics& s, const Gecode::Search::Options&) {
  reason_ = limits_.stop_reason();
  if (reason_ == StopReason::none && limits_.node_limit != 0 && s.node >= limits_.node_limit)
    reason_ = StopReason::node_limit;
  return reason_ != StopReason::none;
}

std::string Count::text() const {
  return (exact ? "" : "at least ") + to_string(value);
}

Gecode::Search::Options search_options(LimitStop& stop, unsigned threads) {
  Gecode::Search::Options options;
  options.stop = &stop;
  options.threads = threads;
  return options;
}

}  // namespace puzzlegen
