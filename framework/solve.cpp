#include "solve.hpp"

#include <csignal>

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
  limits.threads = threads == 0 ? 1 : threads;
  return limits;
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
