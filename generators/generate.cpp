#include "generate.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include <boost/container_hash/hash.hpp>

#include "classes.hpp"
#include "error.hpp"
#include "grid/model.hpp"
#include "subproblems.hpp"

namespace puzzlegen {

namespace {

// Canonical keys are looked up for every candidate, the shared ones under the run's lock, which
// two workers contend for: hashed, not ordered (nothing iterates over them in order).
using KeyHash = boost::hash<std::vector<int>>;
using KeySet = std::unordered_set<std::vector<int>, KeyHash>;

bool better(bool minimize, const Natural& a, const Natural& b) {
  return minimize ? a < b : a > b;
}

// State shared by the strategies and their workers: deduplication, the incumbent of branch
// and bound, the ordered emission of instances, and the stopping rule. Every member that
// workers touch is guarded by mutex_ or atomic.
class Run {
 public:
  Run(const Spec& spec, const EmitFn& emit, const ProgressFn& progress, const PrepareFn& prepare)
      : spec_(spec),
        emit_(emit),
        progress_(progress),
        prepare_(prepare),
        limits_(Limits::within(spec.generate.time_limit, 0, spec.generate.threads)),
        bound_(spec.objective_bound()) {
    limits_.cancelled = &cancelled_;
  }

  // Whether `best` is an optimum without searching further: it meets the best value the
  // spec's bounds and the family's facts allow (Spec::objective_bound).
  bool meets_bound(const std::optional<Natural>& best) const {
    return best && bound_ && *best == *bound_;
  }
  bool counts_ties() const { return spec_.objective && spec_.objective->count_ties; }

  const Spec& spec() const { return spec_; }
  // For searches and nested counts in this run: they stop when the run has what it needs.
  const Limits& limits() const { return limits_; }
  RunSummary& summary() { return summary_; }
  bool cancelled() const { return cancelled_.load(); }
  void cancel() { cancelled_ = true; }
  // Bumped whenever a measure's best improves: searches under the old bound restart.
  std::uint64_t generation() const { return generation_.load(); }
  std::atomic<std::uint64_t>& nodes() { return nodes_; }

  // The subproblems this run searches, by their index in the decomposition; instances are
  // emitted in this order.
  void plan(std::vector<std::size_t> order) {
    order_ = std::move(order);
    pending_.assign(order_.size(), {});
  }

  // The best value so far, if any.
  std::optional<Natural> best() {
    std::lock_guard lock(mutex_);
    return summary_.best;
  }

  // Judges one candidate found in the `position`-th planned subproblem (0 for strategies
  // without subproblems). `seen`: the keys this subproblem met already, skipped (null where
  // no candidate comes twice). Returns what the search of that subproblem should do next.
  enum class Next { go_on, restart, stop };
  Next consider(const std::shared_ptr<const Instance>& instance, std::size_t position,
                KeySet* seen) {
    std::vector<int> key = instance->canonical_key();
    if (seen && !seen->insert(key).second) return Next::go_on;
    const bool minimize = spec_.objective && spec_.objective->minimize;
    // An instance met in several subproblems is judged once; each subproblem still records it
    // in its own place, so the order of the output never depends on which worker came first.
    std::shared_ptr<const Evaluation> judged;
    std::optional<Natural> best_now;
    {
      std::lock_guard lock(mutex_);
      if (const auto it = judged_.find(key); !unique_ && it != judged_.end()) judged = it->second;
      best_now = summary_.best;
    }
    if (!judged) {
      // Minimising, the best value so far caps the counts: at the best, so that only strict
      // improvements are judged to the end, or one more than it when ties are counted, so that
      // instances tying with it are still recognised.
      // (A cap of 0 would mean none: a best of 0 is already optimal, the run is ending.)
      const Natural cap = minimize && best_now
                              ? std::max(Natural(1), Natural(*best_now + (counts_ties() ? 1 : 0)))
                              : Natural(0);
      Limits limits = limits_;
      limits.threads = threads_ > 1 ? 1 : limits_.threads;  // the workers already fill the cores
      Evaluation e = judge(spec_, *instance, limits, cap);
      if (spec_.given) {
        // One instance, asked about by name: its counts are reported exactly where the time
        // allows, not only as far as the bounds needed ("at least 2" where the answer is 2).
        for (auto& [kind, count] : e.counts)
          if (count.stopped == StopReason::none)  // a limit already spent: no time to recount
            count = recount_exactly(*spec_.family, *instance, kind, spec_.solution_options, count,
                                    limits);
      }
      if (e.accepted()) e.class_size = instance->class_size();  // outside the lock: may be slow
      if (!e.accepted() && !spec_.given) {  // only the verdict is needed again: keep it small
        e.counts.clear();
        e.failed.assign(e.failed.empty() ? 0 : 1, std::string());
      }
      judged = std::make_shared<const Evaluation>(std::move(e));
    }
    const Evaluation& e = *judged;

    // A class already printed, met again in a later subproblem: nothing to print or keep.
    const bool printed = judged == printed_;
    std::string prepared;
    if (prepare_ && e.accepted() && !printed)
      prepared = prepare_(instance, e, order_.empty() ? 0 : order_[position]);

    std::unique_lock lock(mutex_);
    if (unique_ || judged_.emplace(key, judged).second) summary_.explored = ++judged_count_;
    Pending& mine = pending_[position];
    if (wanted()) {
      ++mine.judged_count;
      if (!unique_) mine.judged.push_back(key);  // a class walk meets each class once
    }
    if (e.undecided && !cancelled()) incomplete_ = true;
    if (spec_.given) summary_.given_failed = e.failed;
    Next next = Next::go_on;
    if (e.accepted() && spec_.objective) {
      if (!summary_.best || better(minimize, *e.objective, *summary_.best)) {
        summary_.best = e.objective;
        optimal_keys_ = {{key, e.class_size}};
        emit_now(instance, e, position, prepared);
        if (spec_.objective->measure) {
          ++generation_;
          next = Next::restart;
        }
        // Nothing can beat the bound; ties are looked for only when asked.
        if (meets_bound(summary_.best) && !counts_ties()) cancelled_ = true;
      } else if (*e.objective == *summary_.best) {
        optimal_keys_.emplace(key, e.class_size);
      }
    } else if (e.accepted() && !printed) {
      mine.found.push_back({instance, key, e, std::move(prepared), mine.judged_count});
      ++mine.accepted;
      if (position == head_) {
        flush_head();
      } else {  // it waits for the subproblems before it
        ++mine.waiting;
        ++waiting_;
      }
      // Within one subproblem, instances past the number asked for can never be emitted.
      if (wanted() && mine.accepted >= *wanted()) next = Next::stop;
      // A worker running ahead of the earliest unfinished subproblem pauses while kWaiting
      // findings wait for their turn, so that memory does not grow with them. Subproblems are
      // handed out in order and the earliest one never pauses, so the run goes on; the output
      // is the same.
      while (position != head_ && waiting_ >= kWaiting && !cancelled() && !limits_.expired())
        moved_.wait_for(lock, std::chrono::milliseconds(20));
    }
    report_progress();
    if (cancelled()) return Next::stop;
    return next;
  }

  // The `position`-th planned subproblem is finished: searched to the end (`exhausted`) or not.
  void done(std::size_t position, bool exhausted, std::uint64_t nodes) {
    std::lock_guard lock(mutex_);
    pending_[position].done = true;
    summary_.nodes += nodes;
    if (exhausted) ++summary_.subproblems_done;
    flush_head();
    report_progress();
  }

  void finish(bool exhausted, StopReason stopped) {
    // The run stopping itself (it had what it asked for) is not a limit.
    if (stopped == StopReason::cancelled) stopped = StopReason::none;
    summary_.exhausted = exhausted;
    summary_.stopped = stopped;
    if (stopped == StopReason::none && limits_.expired() && !cancelled())
      summary_.stopped = interrupt_flag().load() ? StopReason::interrupted : StopReason::time_limit;
    // A best value that meets the bound is optimal without exhausting anything.
    summary_.proven = (exhausted || meets_bound(summary_.best)) && !incomplete_;
    // With a number of instances wanted, the candidates up to the last one emitted; otherwise
    // every candidate (with an objective, which ones were judged may depend on when the bound
    // improved).
    summary_.explored = wanted() ? explored_count_ : judged_count_;
    summary_.optimal_instances = optimal_keys_.size();
    summary_.optimal_keys.clear();
    summary_.optimal_class_sizes.clear();
    summary_.optimal_instances_in_classes = Natural(0);
    for (const auto& [key, size] : optimal_keys_) {
      summary_.optimal_keys.push_back(key);
      summary_.optimal_class_sizes.push_back(size);
      add_known(summary_.optimal_instances_in_classes, size);
    }
  }

  void set_threads(unsigned threads) { threads_ = threads; }
  // The candidates are known to be in different classes (a class walk): nothing is remembered
  // to recognise a class met again, so memory does not grow with the classes judged.
  void set_unique_classes() { unique_ = true; }

  // Adds `nodes` searched to the run's count and says whether the search must stop now: the
  // spec's node limit or the run's limits, with why in `reason`; otherwise reports progress
  // when it is due.
  bool charge(std::uint64_t nodes, StopReason& reason) {
    const std::uint64_t total = nodes_ += nodes;
    const std::uint64_t limit = spec_.generate.node_limit;
    if (limit != 0 && total >= limit) {
      reason = StopReason::node_limit;
      return true;
    }
    reason = limits_.stop_reason();
    if (reason != StopReason::none) return true;
    tick();
    return false;
  }

  // Called by searches at every node: progress also while nothing is found for a long time
  // (say, a branch and bound far from its next improvement). Cheap unless a report is due.
  void tick() {
    if (!progress_ ||
        Clock::now().time_since_epoch().count() - last_progress_.load() < kProgressEvery)
      return;
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (lock) report_progress();
  }

 private:
  struct Finding {
    std::shared_ptr<const Instance> instance;
    std::vector<int> key;  // its canonical key, computed once
    Evaluation evaluation;
    std::string prepared;
    std::size_t judged_before = 0;  // how many of the subproblem's candidates led up to it
  };
  struct Pending {
    std::vector<Finding> found;  // accepted, not yet emitted
    std::uint64_t accepted = 0;
    // Candidates judged in this subproblem, in order (their keys unless the classes are
    // unique); those up to the run's last emitted instance count as explored, so that the
    // figure does not depend on the other workers.
    std::vector<std::vector<int>> judged;
    std::size_t judged_count = 0;
    std::size_t waiting = 0;   // findings made before this subproblem was the earliest
    std::size_t explored = 0;  // how many of them have been counted
    bool done = false;
  };

  void count_explored(Pending& pending, std::size_t up_to) {
    for (; pending.explored < up_to; ++pending.explored)
      if (unique_ || explored_.insert(std::move(pending.judged[pending.explored])).second)
        ++explored_count_;
  }

  std::optional<std::uint64_t> wanted() const {
    return spec_.objective ? std::nullopt : spec_.generate.instances;
  }

  // Emits what the earliest unfinished subproblem has found, and moves on past finished ones.
  void flush_head() {
    while (head_ < pending_.size()) {
      Pending& head = pending_[head_];
      for (auto& finding : head.found) {
        if (cancelled()) break;
        if (wanted()) count_explored(head, finding.judged_before);
        if (unique_) {
          emit_now(finding.instance, finding.evaluation, head_, finding.prepared);
        } else {
          const auto [at, fresh] = emitted_.insert(std::move(finding.key));
          if (!fresh) continue;
          emit_now(finding.instance, finding.evaluation, head_, finding.prepared);
          // Listing every class, the cache needs no more than "printed" for it: a class's
          // evaluation (its counts of every kind) kept for the whole run was most of a long
          // listing's memory (818 MB for 226,322 Eight Blocks classes).
          if (!wanted() && !spec_.objective)
            if (const auto it = judged_.find(*at); it != judged_.end()) it->second = printed_;
        }
        if (wanted() && summary_.instances >= *wanted()) cancelled_ = true;
      }
      head.found.clear();
      waiting_ -= head.waiting;
      head.waiting = 0;
      moved_.notify_all();
      if (!head.done || cancelled()) return;
      if (wanted()) count_explored(head, head.judged_count);
      // A finished subproblem keeps nothing: clear() would keep the findings' room.
      std::vector<std::vector<int>>().swap(head.judged);
      std::vector<Finding>().swap(head.found);
      ++head_;
    }
  }

  void emit_now(const std::shared_ptr<const Instance>& instance, const Evaluation& e,
                std::size_t position, const std::string& prepared) {
    ++summary_.instances;
    add_known(summary_.instances_in_classes, e.class_size);
    emit_(instance, e, order_.empty() ? 0 : order_[position], prepared);
    summary_.witness = instance;
  }

  // Under mutex_.
  void report_progress() {
    if (!progress_) return;
    const auto now = Clock::now().time_since_epoch().count();
    if (now - last_progress_.load() < kProgressEvery) return;
    last_progress_ = now;
    summary_.nodes_so_far = nodes_.load();
    progress_(summary_);
  }

  const Spec& spec_;
  const EmitFn& emit_;
  const ProgressFn& progress_;
  const PrepareFn& prepare_;
  Limits limits_;
  std::optional<Natural> bound_;  // Spec::objective_bound
  std::atomic<bool> cancelled_{false};
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<std::uint64_t> nodes_{0};
  unsigned threads_ = 1;
  bool unique_ = false;

  std::mutex mutex_;
  std::condition_variable moved_;  // findings waiting were emitted
  static constexpr std::size_t kWaiting = 1024;
  std::size_t waiting_ = 0;  // findings of subproblems after the earliest unfinished one
  RunSummary summary_;
  bool incomplete_ = false;
  std::unordered_map<std::vector<int>, std::shared_ptr<const Evaluation>, KeyHash> judged_;
  KeySet emitted_;
  // What the cache keeps for a class already printed (see flush_head).
  const std::shared_ptr<const Evaluation> printed_ = std::make_shared<const Evaluation>();
  KeySet explored_;
  std::uint64_t judged_count_ = 0;    // distinct classes judged
  std::uint64_t explored_count_ = 0;  // of those, up to the last emitted (see finish)
  std::map<std::vector<int>, std::optional<Natural>> optimal_keys_;  // with class sizes
  std::vector<std::size_t> order_;
  std::vector<Pending> pending_;
  std::size_t head_ = 0;
  static constexpr Clock::rep kProgressEvery =
      std::chrono::duration_cast<Clock::duration>(std::chrono::seconds(1)).count();
  std::atomic<Clock::rep> last_progress_{Clock::now().time_since_epoch().count()};
};

// Stops one subproblem's search: the run's limits, a node budget shared by all workers, and
// a bound that improved elsewhere (the search then restarts under the tighter bound).
class WorkerStop : public Gecode::Search::Stop {
 public:
  // `budget`: this search's own node budget (0 = none); reaching it is not a limit of the run.
  WorkerStop(Run& run, std::uint64_t generation, bool watch_generation, std::uint64_t budget)
      : run_(run), generation_(generation), watch_(watch_generation), budget_(budget) {}

  bool stop(const Gecode::Search::Statistics& s, const Gecode::Search::Options&) override {
    StopReason reason = StopReason::none;
    const bool limited = run_.charge(s.node - counted_, reason);
    counted_ = s.node;
    if (budget_ != 0 && s.node >= budget_) return true;
    if (limited) {
      reason_ = reason;
      return true;
    }
    restart_ = watch_ && run_.generation() != generation_;
    return restart_;
  }
  StopReason reason() const { return reason_; }
  bool restart() const { return restart_; }

 private:
  Run& run_;
  std::uint64_t generation_;
  bool watch_;
  std::uint64_t budget_;
  std::uint64_t counted_ = 0;
  StopReason reason_ = StopReason::none;
  bool restart_ = false;
};

struct SubproblemOutcome {
  bool exhausted = false;
  StopReason stopped = StopReason::none;
  std::uint64_t nodes = 0;
};

// Branch and bound on a measure: the bounds on the objective's measure that an instance must
// meet to improve on the best so far (strictly better, or as good when ties are counted).
struct Improvement {
  bool over = false;             // nothing can improve: the run is over
  std::optional<Bounds> bounds;  // none before the first instance (or without such an objective)
};
Improvement improvement(Run& run) {
  const Spec& spec = run.spec();
  Improvement out;
  if (!spec.objective || !spec.objective->measure) return out;
  const auto best_value = run.best();
  if (!best_value) return out;
  if (run.meets_bound(best_value) && !run.counts_ties()) {
    out.over = true;
    return out;
  }
  const std::uint64_t best = best_value->convert_to<std::uint64_t>();  // a measure's value
  const std::uint64_t tie = run.counts_ties() ? 1 : 0;
  Bounds tighter;
  if (spec.objective->minimize) {
    if (best + tie == 0) {  // nothing is below 0
      out.over = true;
      return out;
    }
    tighter.max = best + tie - 1;
  } else {
    tighter.min = best + 1 - tie;
  }
  if (spec.generate.prune_by_bounds) out.bounds = tighter;
  return out;
}

// Searches one subproblem to its end (or until the run says stop). With a measure objective,
// the best value so far is posted first, and the search restarts whenever it improves.
SubproblemOutcome search_subproblem(Run& run, const InstanceSpace& subproblem, std::size_t position,
                                    std::uint64_t budget = 0) {
  const Spec& spec = run.spec();
  const auto& measure = spec.objective ? spec.objective->measure : std::nullopt;
  KeySet seen;
  SubproblemOutcome outcome;
  while (true) {
    const std::uint64_t generation = run.generation();
    std::unique_ptr<InstanceSpace> space = clone_of(subproblem);
    const Improvement better = improvement(run);
    if (better.over) return outcome;
    if (better.bounds) space->constrain_measure(*measure, *better.bounds);
    if (space->status() == Gecode::SS_FAILED) {
      outcome.exhausted = true;
      return outcome;
    }
    if (budget != 0 && outcome.nodes >= budget) return outcome;  // restarts share the budget
    WorkerStop stop(run, generation, measure.has_value(), budget == 0 ? 0 : budget - outcome.nodes);
    Gecode::Search::Options options;
    options.stop = &stop;
    Gecode::DFS<InstanceSpace> engine(space.get(), options);
    Run::Next next = Run::Next::go_on;
    while (std::unique_ptr<InstanceSpace> leaf{engine.next()}) {
      next = run.consider(std::shared_ptr<const Instance>(leaf->instance()), position, &seen);
      if (next != Run::Next::go_on) break;
    }
    outcome.nodes += engine.statistics().node;
    if (next == Run::Next::restart || (next == Run::Next::go_on && stop.restart())) continue;
    outcome.stopped = engine.stopped() ? stop.reason() : StopReason::none;
    outcome.exhausted = next == Run::Next::go_on && !engine.stopped();
    return outcome;
  }
}

// Searches the `count` planned subproblems on the run's threads, `search(position)` each, then
// finishes the run: exhausted when every one was searched to its end.
void search_planned(Run& run, std::size_t count,
                    const std::function<SubproblemOutcome(std::size_t)>& search) {
  const Spec& spec = run.spec();
  RunSummary& summary = run.summary();
  const unsigned threads =
      std::max(1u, std::min<unsigned>(spec.generate.threads, static_cast<unsigned>(count)));
  run.set_threads(threads);
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  StopReason stopped = StopReason::none;
  double slowest = 0, total_seconds = 0;
  std::size_t searched = 0;
  std::exception_ptr failure;  // the first exception a worker threw, rethrown after the join
  auto work = [&] {
    while (!run.cancelled() && !run.limits().expired()) {
      const std::size_t position = next++;
      if (position >= count) return;
      const auto started = Clock::now();
      const SubproblemOutcome outcome = search(position);
      const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
      {
        std::lock_guard lock(mutex);
        if (stopped == StopReason::none) stopped = outcome.stopped;
        slowest = std::max(slowest, seconds);
        total_seconds += seconds;
        ++searched;
      }
      run.done(position, outcome.exhausted, outcome.nodes);
    }
  };
  auto worker = [&] {
    try {
      work();
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      run.cancel();
    }
  };
  if (threads == 1) {
    worker();
  } else {
    std::vector<std::jthread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);
  }
  if (failure) std::rethrow_exception(failure);
  summary.slowest_subproblem = slowest;
  summary.mean_subproblem = searched ? total_seconds / static_cast<double>(searched) : 0;
  const bool exhausted = summary.subproblems_done == count && !run.cancelled();
  run.finish(exhausted, stopped);
}

// How many subproblems to split the space into: one when a single worker searches all of it
// (splitting gains nothing then), the spec's number otherwise.
std::size_t split_into(const Spec& spec, const Split& split) {
  const bool parallel = spec.generate.threads > 1 || split.shards > 1;
  return parallel ? spec.generate.subproblems : 1;
}

// Records a split of the space into `total` subproblems (reached in `nodes` nodes) and plans
// this shard's share of them, which it returns; when the split was cut short by a limit
// (`complete` false), finishes the run unexhausted and returns nullopt.
std::optional<std::vector<std::size_t>> plan_share(Run& run, const Split& split, std::size_t total,
                                                   std::uint64_t nodes, bool complete) {
  RunSummary& summary = run.summary();
  summary.nodes = nodes;
  summary.subproblems = total;
  if (!complete) {
    run.finish(false, StopReason::none);
    return std::nullopt;
  }
  auto mine = shard_subproblems(total, split.shard, split.shards);
  summary.subproblems_mine = mine.size();
  run.plan(mine);
  return mine;
}

// The spec's bounds and search options as an instance space or a growth receives them.
InstanceSearch instance_search(const Spec& spec, bool randomized) {
  InstanceSearch search;
  search.randomized = randomized;
  search.seed = spec.generate.seed;
  search.symmetry_breaking = spec.generate.symmetry_breaking;
  if (!spec.generate.prune_by_bounds) return search;  // the judge checks every bound itself
  if (spec.generate.joint_model)
    for (const auto& [kind, bounds] : spec.bounds)
      if (bounds.min && *bounds.min >= 1) search.required_kinds.push_back(kind);
  search.kind_bounds = spec.bounds;
  // The family constrains its own measures; the framework's (difficulty) are judged only.
  for (const auto& [name, bounds] : spec.measure_bounds)
    if (!is_difficulty_measure(name)) search.measure_bounds.emplace(name, bounds);
  return search;
}

void tree_search(Run& run, const Split& split, bool randomized) {
  const Spec& spec = run.spec();
  const InstanceSearch search = instance_search(spec, randomized);
  auto root = spec.family->instance_space(spec.parameters, spec.instance, search);
  // Searching the frontier in order visits instances in the order of one search of the root,
  // so a run with one worker and one shard gains nothing from splitting and skips it (the
  // split costs a clone and a propagation per node, much of a quick "find one" run).
  Decomposition parts =
      decompose(*root, split_into(spec, split), run.limits(), spec.generate.threads);
  const auto planned = plan_share(run, split, parts.nodes.size(), parts.expanded, parts.complete);
  if (!planned) return;
  const std::vector<std::size_t>& mine = *planned;
  // This shard's subproblems, in plan order; the others' are freed with `parts`.
  std::vector<std::unique_ptr<InstanceSpace>> subproblems;
  for (const std::size_t i : mine) subproblems.push_back(std::move(parts.nodes[i]));
  parts.nodes.clear();

  // A shard of a branch-and-bound run sees only its own part of the space, where a good bound
  // may come late or never. So every shard first dives into the whole space with a small node
  // budget, the same in every shard (a deterministic search), and starts from the best value
  // found. The instances found on the way are real; the shards still prove only their part.
  if (spec.objective && split.shards > 1 && !mine.empty()) {
    constexpr std::uint64_t kProbeNodes = 2000;
    search_subproblem(run, *root, 0, kProbeNodes);
  }
  search_planned(run, mine.size(), [&](std::size_t position) {
    const SubproblemOutcome outcome = search_subproblem(run, *subproblems[position], position);
    subproblems[position].reset();  // its memory is no longer needed
    return outcome;
  });
}

// Bounds `narrower` within `bounds`: the larger least value and the smaller greatest.
Bounds within(Bounds bounds, const Bounds& narrower) {
  if (narrower.min) bounds.min = bounds.min ? std::max(*bounds.min, *narrower.min) : narrower.min;
  if (narrower.max) bounds.max = bounds.max ? std::min(*bounds.max, *narrower.max) : narrower.max;
  return bounds;
}

// A class walk (classes.hpp): the classes at one depth of the growth tree (and, where instances
// come at several depths, the complete classes above it) are the subproblems; below each,
// every class is walked once and each complete one judged. The growth prunes with the spec's
// bounds on measures, narrowed by branch and bound as the best value improves.
void class_walk(Run& run, const Split& split) {
  const Spec& spec = run.spec();
  const InstanceSearch search = instance_search(spec, false);
  const Classes* classes = spec.family->classes();
  const std::unique_ptr<Growth> growth =
      classes ? classes->growth(spec.parameters, spec.instance, search) : nullptr;
  if (!growth)
    throw InputError({spec.file, 0, 0}, "generate.strategy",
                     "classes: the family " + spec.family->name() +
                         " does not declare how its instances grow for these parameters and "
                         "instance constraints (see docs/classes.md); use exhaustive");
  if (growth->distinct_keys()) run.set_unique_classes();
  const MeasureBounds& spec_bounds = search.measure_bounds;
  const WalkControl frontier_control{
      [&run] { return run.limits().expired(); },
      [&spec_bounds]() -> const MeasureBounds& { return spec_bounds; }};
  ClassSubproblems parts = class_subproblems(*growth, split_into(spec, split), frontier_control);
  const auto planned = plan_share(run, split, parts.size(), parts.counts.nodes, parts.complete);
  if (!planned) return;
  const std::vector<std::size_t>& mine = *planned;
  search_planned(run, mine.size(), [&](std::size_t position) {
    SubproblemOutcome outcome;
    WalkCounts counts;
    std::uint64_t charged = 0;
    bool over = false;  // the best value met the objective's bound: nothing is left to find
    // The bounds prune() gets, refreshed whenever the best value improved.
    MeasureBounds bounds = spec_bounds;
    std::uint64_t generation = ~std::uint64_t{0};
    const auto current_bounds = [&]() -> const MeasureBounds& {
      if (const std::uint64_t now = run.generation(); now != generation) {
        generation = now;
        bounds = spec_bounds;
        const Improvement better = improvement(run);
        over = better.over;
        if (better.bounds) {
          const std::string& measure = *spec.objective->measure;
          bounds[measure] = within(bounds[measure], *better.bounds);
        }
      }
      return bounds;
    };
    const auto walk_stop = [&] {  // the walk's nodes count towards the run's, as it goes
      const bool limited = run.charge(counts.nodes - charged, outcome.stopped);
      charged = counts.nodes;
      return limited || over;
    };
    const auto judge_leaf = [&](const Partial& leaf) {
      std::shared_ptr<const Instance> instance = growth->complete(leaf);
      if (!instance) return true;
      return run.consider(instance, position, nullptr) != Run::Next::stop;
    };
    const std::size_t index = mine[position];
    bool finished = false;
    ClassSubproblem& part = parts.in_order[index];
    if (part.alone) {  // a complete class judged alone
      const Prune verdict = growth->prune(part.node, part.depth, current_bounds());
      finished = over || verdict != Prune::none || judge_leaf(part.node);
    } else {
      finished = walk_classes(*growth, part.node, part.depth, judge_leaf,
                              WalkControl{walk_stop, current_bounds}, counts);
    }
    part.node = Partial();  // its memory is no longer needed
    walk_stop();
    outcome.nodes = counts.nodes;
    outcome.exhausted = finished && !over;
    return outcome;
  });
}

// Draws instances one at a time, each by `draw` from one seeded source, and judges those that
// meet the instance constraints, until the run has what it wants, the limits end it, or
// node-limit draws were made. `draw` may give null: nothing to judge this time.
void sample(Run& run, const std::function<std::shared_ptr<const Instance>(Rng&)>& draw) {
  const Spec& spec = run.spec();
  Rng rng(spec.generate.seed);
  std::uint64_t attempts = 0;
  StopReason stopped = StopReason::none;
  KeySet seen;
  run.plan({0});
  while (true) {
    if (run.limits().expired()) break;
    if (spec.generate.node_limit != 0 && attempts >= spec.generate.node_limit) {
      stopped = StopReason::node_limit;
      break;
    }
    ++attempts;
    const std::shared_ptr<const Instance> instance = draw(rng);
    if (!instance || !spec.family->satisfies(*instance, spec.instance)) continue;
    if (run.consider(instance, 0, &seen) == Run::Next::stop) break;
  }
  run.summary().nodes = attempts;  // as node-limit counts them: instances drawn
  run.finish(false, stopped);
}

void random_sampling(Run& run) {
  const Spec& spec = run.spec();
  sample(run, [&](Rng& rng) {
    return std::shared_ptr<const Instance>(
        spec.family->random_instance(spec.parameters, spec.instance, spec.measure_bounds, rng));
  });
}

// Minimal puzzles (strategy `minimal`): a solution drawn with all its clues, clues put in a
// random order until the spec's one-solution kind has one solution, then each taken back that
// is not needed (grid::minimal_clues); the puzzle is then judged like any instance, so every
// bound of the spec (measures, difficulty) holds in what is printed. One seeded source, as for
// `random`: the same seed gives the same puzzles however the run is split.
void minimal_puzzles(Run& run) {
  const Spec& spec = run.spec();
  std::optional<std::string> unique_kind;  // the first kind bounded to exactly one solution
  for (const auto& [kind, bounds] : spec.bounds)
    if (!unique_kind && bounds.min == 1 && bounds.max == 1) unique_kind = kind;
  if (!unique_kind)
    throw InputError({spec.file, 0, 0}, "solutions",
                     "minimal: a kind with exactly 1 solution (the puzzle's unique answer), "
                     "for example {solution: {exactly: 1}}");
  const Clues* clues = spec.family->clues();
  if (!clues)
    throw InputError({spec.file, 0, 0}, "generate.strategy",
                     "minimal: the family " + spec.family->name() +
                         " declares no clues (Family::clues, see "
                         "docs/adding-a-family.md); use random or search");
  sample(run, [&](Rng& rng) -> std::shared_ptr<const Instance> {
    const CluedSolution drawn = clues->clued_solution(spec.parameters, spec.instance, rng);
    std::vector<bool> kept(drawn.clues, false);
    const auto unique = [&] {
      const auto puzzle = clues->with_clues(*drawn.full, kept);
      const Count count =
          spec.family->count(*puzzle, *unique_kind, spec.solution_options, 2, run.limits());
      return count.exact && count.value == 1;
    };
    grid::minimal_clues(
        static_cast<int>(drawn.clues),
        [&](int clue, bool on) { kept[static_cast<std::size_t>(clue)] = on; }, unique, rng);
    if (run.limits().expired()) return nullptr;  // a count cut short says nothing of minimality
    return clues->with_clues(*drawn.full, kept);
  });
}

}  // namespace

std::string resolve_strategy(const Spec& spec) {
  if (spec.given) return "given";
  if (spec.generate.strategy != "auto") return spec.generate.strategy;
  return spec.objective || !spec.generate.instances ? "exhaustive" : "search";
}

RunSummary generate(const Spec& spec, const EmitFn& emit, const ProgressFn& progress,
                    const Split& split, const PrepareFn& prepare) {
  Run run(spec, emit, progress, prepare);
  const std::string strategy = resolve_strategy(spec);
  run.summary().strategy = strategy;
  if (strategy == "given") {  // a space of one instance
    KeySet seen;
    run.plan({0});
    run.consider(spec.given, 0, &seen);
    run.done(0, true, 0);
    run.finish(true, StopReason::none);
  } else if (strategy == "random") {
    random_sampling(run);
  } else if (strategy == "minimal") {
    minimal_puzzles(run);
  } else if (strategy == "classes") {
    class_walk(run, split);
  } else {
    tree_search(run, split, strategy == "search");
  }
  return run.summary();
}

}  // namespace puzzlegen
