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
#include "incumbent.hpp"
#include "judged_classes.hpp"
#include "local.hpp"
#include "minimal.hpp"
#include "ordered_emitter.hpp"
#include "subproblems.hpp"

namespace puzzlegen {

namespace {

// Canonical keys are looked up for every candidate, the shared ones under the run's lock, which
// two workers contend for: hashed, not ordered (nothing iterates over them in order).
using KeyHash = boost::hash<std::vector<int>>;
using KeySet = std::unordered_set<std::vector<int>, KeyHash>;

// A run's state, shared by the strategies and their workers: the stopping rule and the
// summary, with three parts of their own (each with its unit test): the classes judged
// (JudgedClasses), branch and bound's incumbent (Incumbent) and the ordered emission of
// instances (OrderedEmitter). Judging happens outside the lock; what a verdict changes is
// recorded under it.
class RunState {
 public:
  RunState(const Spec& spec, const EmitFn& emit, const ProgressFn& progress,
           const PrepareFn& prepare)
      : spec_(spec),
        emit_(emit),
        progress_(progress),
        prepare_(prepare),
        limits_(Limits::within(spec.generate.time_limit, 0, spec.generate.threads)),
        incumbent_(minimize(), spec.objective && spec.objective->count_ties,
                   spec.objective_bound()),
        emitter_(wanted(), cancelled_,
                 [this](const OrderedEmitter::Finding& f, const JudgedClasses::Key& key,
                        std::size_t position) { emit_found(f, key, position); }) {
    limits_.cancelled = &cancelled_;
  }

  const Spec& spec() const { return spec_; }
  // For searches and nested counts in this run: they stop when the run has what it needs.
  const Limits& limits() const { return limits_; }
  RunSummary& summary() { return summary_; }
  bool cancelled() const { return cancelled_.load(); }
  void cancel() { cancelled_ = true; }
  // Bumped whenever a measure's best improves: searches under the old bound restart.
  std::uint64_t generation() const { return incumbent_.generation(); }

  // The subproblems this run searches, by their index in the decomposition; instances are
  // emitted in this order.
  void plan(std::vector<std::size_t> order) { emitter_.plan(std::move(order)); }

  // Branch and bound on a measure: the bounds an instance must meet to improve on the best so
  // far (none when the spec does not prune by bounds), or `over`.
  Incumbent::Improvement improvement() {
    if (!spec_.objective || !spec_.objective->measure) return {};
    std::lock_guard lock(mutex_);
    Incumbent::Improvement out = incumbent_.improvement();
    if (!spec_.generate.prune_by_bounds) out.bounds.reset();
    return out;
  }

  // Judges one candidate found in the `position`-th planned subproblem (0 for strategies
  // without subproblems). `seen`: the keys this subproblem met already, skipped (null where
  // no candidate comes twice). Returns what the search of that subproblem should do next.
  enum class Next { go_on, restart, stop };
  Next consider(const std::shared_ptr<const Instance>& instance, std::size_t position,
                KeySet* seen) {
    std::vector<int> key = instance->canonical_key();
    if (seen && !seen->insert(key).second) return Next::go_on;
    // An instance met in several subproblems is judged once; each subproblem still records it
    // in its own place, so the order of the output never depends on which worker came first.
    std::shared_ptr<const Evaluation> judged;
    std::optional<Natural> best;
    {
      std::lock_guard lock(mutex_);
      judged = classes_.find(key);
      best = incumbent_.best();
    }
    if (!judged) judged = evaluate(*instance, best);
    const Evaluation& e = *judged;
    // A class already printed, met again in a later subproblem: nothing to print or keep.
    const bool printed = classes_.printed(judged);
    std::string prepared;
    if (prepare_ && e.accepted() && !printed)
      prepared = prepare_(instance, e, emitter_.subproblem(position));

    std::unique_lock lock(mutex_);
    if (classes_.record(key, judged)) summary_.explored = classes_.count();
    emitter_.judged(position, key);
    if (e.undecided && !cancelled()) incomplete_ = true;
    if (spec_.given) summary_.given_failed = e.failed;
    Next next = Next::go_on;
    if (e.accepted() && spec_.objective) {
      next = offer(instance, e, std::move(key), position, prepared);
    } else if (e.accepted() && !printed) {
      // Waiting workers are woken only when findings left the queue: waking every one of
      // them at each finding made a run on 64 threads 4x slower than on one.
      const std::size_t waiting = emitter_.waiting();
      emitter_.found(position, {instance, std::move(key), e, std::move(prepared)});
      if (emitter_.waiting() < waiting) moved_.notify_all();
      // Within one subproblem, instances past the number asked for can never be emitted.
      if (wanted() && emitter_.accepted(position) >= *wanted()) next = Next::stop;
      // A worker running ahead of the earliest unfinished subproblem pauses while kWaiting
      // findings wait for their turn, so that memory does not grow with them. Subproblems are
      // handed out in order and the earliest one never pauses, so the run goes on; the output
      // is the same.
      while (emitter_.behind(position) && emitter_.waiting() >= kWaiting && !cancelled() &&
             !limits_.expired())
        moved_.wait_for(lock, std::chrono::milliseconds(20));
    }
    report_progress();
    if (cancelled()) return Next::stop;
    return next;
  }

  // The `position`-th planned subproblem is finished: searched to the end (`exhausted`) or not.
  void done(std::size_t position, bool exhausted, std::uint64_t nodes) {
    std::lock_guard lock(mutex_);
    summary_.nodes += nodes;
    if (exhausted) ++summary_.subproblems_done;
    emitter_.done(position);
    moved_.notify_all();
    report_progress();
  }

  void finish(bool exhausted, StopReason stopped) {
    // The run stopping itself (it had what it asked for) is not a limit.
    if (stopped == StopReason::cancelled) stopped = StopReason::none;
    if (never_proves_) exhausted = false;
    summary_.exhausted = exhausted;
    summary_.stopped = stopped;
    if (stopped == StopReason::none && limits_.expired() && !cancelled())
      summary_.stopped = interrupt_flag().load() ? StopReason::interrupted : StopReason::time_limit;
    // A best value that meets the bound is optimal without exhausting anything.
    summary_.proven =
        !never_proves_ && (exhausted || incumbent_.meets_bound(summary_.best)) && !incomplete_;
    // With a number of instances wanted, the candidates up to the last one emitted; otherwise
    // every candidate (with an objective, which ones were judged may depend on when the bound
    // improved).
    summary_.explored = wanted() ? emitter_.explored() : classes_.count();
    summary_.optimal_instances = incumbent_.optimal().size();
    summary_.optimal_keys.clear();
    summary_.optimal_class_sizes.clear();
    summary_.optimal_instances_in_classes = Natural(0);
    for (const auto& [key, size] : incumbent_.optimal()) {
      summary_.optimal_keys.push_back(key);
      summary_.optimal_class_sizes.push_back(size);
      add_known(summary_.optimal_instances_in_classes, size);
    }
  }

  void set_threads(unsigned threads) { threads_ = threads; }
  // A strategy that walks part of the space as it pleases (local search): its subproblems done
  // say nothing of the space, and the run is never exhausted nor proven.
  void set_never_proves() { never_proves_ = true; }
  // A local search walker's figures, added to the summary's.
  void add_walk(std::uint64_t accepted, std::uint64_t restarts,
                std::optional<std::uint64_t> best_violation) {
    std::lock_guard lock(mutex_);
    summary_.local_accepted += accepted;
    summary_.local_restarts += restarts;
    if (best_violation &&
        (!summary_.local_best_violation || *best_violation < *summary_.local_best_violation))
      summary_.local_best_violation = best_violation;
  }
  // The candidates are known to be in different classes (a class walk): nothing is remembered
  // to recognise a class met again, so memory does not grow with the classes judged.
  void set_unique_classes() {
    classes_.set_distinct();
    emitter_.set_distinct();
  }

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
  bool minimize() const { return spec_.objective && spec_.objective->minimize; }
  std::optional<std::uint64_t> wanted() const {
    return spec_.objective ? std::nullopt : spec_.generate.instances;
  }

  // Judges a candidate no worker judged before, outside the lock. Minimising, the best value
  // so far caps its counts (Incumbent::count_cap).
  std::shared_ptr<const Evaluation> evaluate(const Instance& instance,
                                             const std::optional<Natural>& best) {
    Limits limits = limits_;
    limits.threads = threads_ > 1 ? 1 : limits_.threads;  // the workers already fill the cores
    Evaluation e = judge(spec_, instance, limits,
                         Incumbent::count_cap(minimize(), incumbent_.counts_ties(), best));
    if (spec_.given) {
      // One instance, asked about by name: its counts are reported exactly where the time
      // allows, not only as far as the bounds needed ("at least 2" where the answer is 2).
      for (auto& [kind, count] : e.counts)
        if (count.stopped == StopReason::none)  // a limit already spent: no time to recount
          count =
              recount_exactly(*spec_.family, instance, kind, spec_.solution_options, count, limits);
    }
    if (e.accepted()) e.class_size = instance.class_size();  // may be slow
    if (!e.accepted() && !spec_.given) {  // only the verdict is needed again: keep it small
      e.counts.clear();
      e.failed.assign(e.failed.empty() ? 0 : 1, std::string());
    }
    return std::make_shared<const Evaluation>(std::move(e));
  }

  // Under mutex_: an accepted instance of a run with an objective. A new best is emitted at
  // once (and a measure's searches restart under the tighter bound).
  Next offer(const std::shared_ptr<const Instance>& instance, const Evaluation& e,
             std::vector<int> key, std::size_t position, const std::string& prepared) {
    if (incumbent_.offer(*e.objective, key, e.class_size) != Incumbent::Offer::improved)
      return Next::go_on;
    summary_.best = incumbent_.best();
    emit(instance, e, emitter_.subproblem(position), prepared);
    // Nothing can beat the bound; ties are looked for only when asked.
    if (incumbent_.finished()) cancelled_ = true;
    return spec_.objective->measure ? Next::restart : Next::go_on;
  }

  // Under mutex_: the emitter's turn for a finding.
  void emit_found(const OrderedEmitter::Finding& f, const JudgedClasses::Key& key,
                  std::size_t position) {
    emit(f.instance, f.evaluation, emitter_.subproblem(position), f.prepared);
    if (!wanted() && !spec_.objective) classes_.keep_only_printed(key);
    if (wanted() && summary_.instances >= *wanted()) cancelled_ = true;
  }

  void emit(const std::shared_ptr<const Instance>& instance, const Evaluation& e,
            std::size_t subproblem, const std::string& prepared) {
    ++summary_.instances;
    add_known(summary_.instances_in_classes, e.class_size);
    emit_(instance, e, subproblem, prepared);
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
  std::atomic<bool> cancelled_{false};
  std::atomic<std::uint64_t> nodes_{0};
  unsigned threads_ = 1;
  bool never_proves_ = false;

  std::mutex mutex_;               // guards everything below
  std::condition_variable moved_;  // findings waiting were emitted
  static constexpr std::size_t kWaiting = 1024;
  RunSummary summary_;
  bool incomplete_ = false;
  JudgedClasses classes_;
  Incumbent incumbent_;
  OrderedEmitter emitter_;
  static constexpr Clock::rep kProgressEvery =
      std::chrono::duration_cast<Clock::duration>(std::chrono::seconds(1)).count();
  std::atomic<Clock::rep> last_progress_{Clock::now().time_since_epoch().count()};
};

// Stops one subproblem's search: the run's limits, a node budget shared by all workers, and
// a bound that improved elsewhere (the search then restarts under the tighter bound).
class WorkerStop : public Gecode::Search::Stop {
 public:
  // `budget`: this search's own node budget (0 = none); reaching it is not a limit of the run.
  WorkerStop(RunState& run, std::uint64_t generation, bool watch_generation, std::uint64_t budget)
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
  RunState& run_;
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

// Searches one subproblem to its end (or until the run says stop). With a measure objective,
// the best value so far is posted first, and the search restarts whenever it improves.
SubproblemOutcome search_subproblem(RunState& run, const InstanceSpace& subproblem,
                                    std::size_t position, std::uint64_t budget = 0) {
  const Spec& spec = run.spec();
  const auto& measure = spec.objective ? spec.objective->measure : std::nullopt;
  KeySet seen;
  SubproblemOutcome outcome;
  while (true) {
    const std::uint64_t generation = run.generation();
    std::unique_ptr<InstanceSpace> space = clone_of(subproblem);
    const Incumbent::Improvement better = run.improvement();
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
    RunState::Next next = RunState::Next::go_on;
    while (std::unique_ptr<InstanceSpace> leaf{engine.next()}) {
      next = run.consider(std::shared_ptr<const Instance>(leaf->instance()), position, &seen);
      if (next != RunState::Next::go_on) break;
    }
    outcome.nodes += engine.statistics().node;
    if (next == RunState::Next::restart || (next == RunState::Next::go_on && stop.restart()))
      continue;
    outcome.stopped = engine.stopped() ? stop.reason() : StopReason::none;
    outcome.exhausted = next == RunState::Next::go_on && !engine.stopped();
    return outcome;
  }
}

// Searches the `count` planned subproblems on the run's threads, `search(position)` each, then
// finishes the run: exhausted when every one was searched to its end.
void search_planned(RunState& run, std::size_t count,
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
std::optional<std::vector<std::size_t>> plan_share(RunState& run, const Split& split,
                                                   std::size_t total, std::uint64_t nodes,
                                                   bool complete) {
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

void tree_search(RunState& run, const Split& split, bool randomized) {
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
void class_walk(RunState& run, const Split& split) {
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
        const Incumbent::Improvement better = run.improvement();
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
      return run.consider(instance, position, nullptr) != RunState::Next::stop;
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
void sample(RunState& run, const std::function<std::shared_ptr<const Instance>(Rng&)>& draw) {
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
    if (run.consider(instance, 0, &seen) == RunState::Next::stop) break;
  }
  run.summary().nodes = attempts;  // as node-limit counts them: instances drawn
  run.finish(false, stopped);
}

void random_sampling(RunState& run) {
  const Spec& spec = run.spec();
  sample(run, [&](Rng& rng) {
    return std::shared_ptr<const Instance>(
        spec.family->random_instance(spec.parameters, spec.instance, spec.measure_bounds, rng));
  });
}

// Minimal puzzles (strategy `minimal`): a solution drawn with all its clues, clues put in a
// random order until the spec's one-solution kind has one solution, then each taken back that
// is not needed (minimal_clues_of); the puzzle is then judged like any instance, so every
// bound of the spec (measures, difficulty) holds in what is printed. One seeded source, as for
// `random`: the same seed gives the same puzzles however the run is split.
void minimal_puzzles(RunState& run) {
  const Spec& spec = run.spec();
  const std::optional<std::string> unique_kind = unique_kind_of(spec);
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
    const auto kept = minimal_clues_of(spec, *clues, drawn, *unique_kind, run.limits(), rng, true);
    // A count cut short says nothing of minimality; no kept clues: nothing within the caps.
    if (run.limits().expired() || !kept) return nullptr;
    return clues->with_clues(*drawn.full, *kept);
  });
}

// Local search (strategy `local`): `walkers` seeded walks, walker w with its own Rng seeded by
// walker_seed(seed, w), each a late acceptance hill climb (Burke and Bykov) on LocalScore:
// a move is taken when its score is no worse than the current one or than the current one
// kHistory steps ago (5: on unique 9x9 Sudokus with at most 20 or 19 givens, 5 found them
// sooner than 1, 10, 20, 50 or 500). A walker's moves are the family's clues (added, taken back
// or moved, from a minimal puzzle of a clued solution where the spec asks for one solution,
// else from all its clues) or else the family's own neighbour(); after restart_after steps
// without a better score it starts again from a fresh draw. Every candidate at distance 0 goes
// to the judge, in the walker's place in the plan: walkers are the subproblems, so the output
// is in walker order, the same however threads and shards share the walkers out (with a
// budget of steps: a time limit ends walks where the clock says). Nothing a walker does
// depends on the others or on timing, only on its seed: its score comes from capped counts on
// one thread, not from the judge, whose caps depend on what the run found so far.
constexpr std::size_t kHistory = 5;
// Draws a walker makes for a start within the spec's caps on difficulty: a Mosaic 10x10 easy
// with every clue given is about 1 draw in 17.
constexpr std::size_t kStartDraws = 100;

SubproblemOutcome walk(RunState& run, std::size_t walker, std::size_t position) {
  const Spec& spec = run.spec();
  const Family& family = *spec.family;
  const Clues* clues = family.clues();
  Rng rng(walker_seed(spec.generate.seed, walker));
  Limits limits = run.limits();
  limits.threads = 1;
  KeySet seen;
  SubproblemOutcome outcome;
  std::uint64_t steps = 0, accepted = 0, restarts = 0;
  std::optional<std::uint64_t> least;
  std::optional<ClueMoves> moves;
  std::shared_ptr<const Instance> current;
  LocalScore score, best;
  std::vector<LocalScore> history;
  bool stop = false;
  // A walker on clues starts from a minimal puzzle where the spec asks for one solution of a
  // kind, as strategy `minimal` makes them: from all the clues, its first steps would only take
  // clues back.
  const std::optional<std::string> unique_kind = unique_kind_of(spec);
  // A walker without clues starts, where the spec asks for some solution of a kind, from an
  // instance drawn with one (Family::planted_instance) when the family can draw one.
  std::optional<std::string> planted_kind;
  for (const auto& [kind, bounds] : spec.bounds)
    if (!planted_kind && bounds.min && *bounds.min >= 1) planted_kind = kind;
  // Judges a candidate that meets every bound the score knows of; the walker stops when the
  // run says so (it has the instances it wants from this walker, or none are wanted any more).
  const auto offer = [&](const std::shared_ptr<const Instance>& candidate,
                         const LocalScore& scored) {
    if (scored.violation == 0 && run.consider(candidate, position, &seen) == RunState::Next::stop)
      stop = true;
  };
  // A score, or nullopt when a limit cut it short (the walk then ends).
  const auto score_of = [&](const Instance& instance) -> std::optional<LocalScore> {
    LocalScore scored = local_score(spec, instance, limits);
    if (scored.undecided) return std::nullopt;
    if (!least || scored.violation < *least) least = scored.violation;
    return scored;
  };
  const auto start = [&] {
    if (clues) {
      // Solutions are drawn until one has a puzzle within the spec's caps on difficulty (at
      // most kStartDraws); past them the walk starts from every clue of the last.
      for (std::size_t draw = 0; draw < kStartDraws && !limits.expired(); ++draw) {
        moves.emplace(*clues, clues->clued_solution(spec.parameters, spec.instance, rng));
        if (!unique_kind) break;
        if (auto kept =
                minimal_clues_of(spec, *clues, moves->start(), *unique_kind, limits, rng, false)) {
          moves->accept(std::move(*kept));
          break;
        }
      }
      if (!moves) return false;
      current = moves->current();
    } else {
      current = planted_kind ? family.planted_instance(spec.parameters, *planted_kind, limits, rng)
                             : nullptr;
      if (!current)
        current = family.random_instance(spec.parameters, spec.instance, spec.measure_bounds, rng);
    }
    const auto scored = score_of(*current);
    if (!scored) return false;
    score = best = *scored;
    history.assign(kHistory, score);
    offer(current, score);
    return true;
  };
  const std::uint64_t budget = spec.generate.steps;
  if (start()) {
    std::uint64_t idle = 0;
    // The limits are checked at every step: a count that propagation decides never looks at
    // the clock.
    while (!stop && !limits.expired() && (budget == 0 || steps < budget)) {
      ++steps;
      std::vector<bool> kept;
      std::shared_ptr<const Instance> candidate;
      if (moves) {
        kept = moves->propose(rng);
        candidate = moves->instance_of(kept);
      } else {
        candidate = family.neighbour(*current, spec.instance, rng);
      }
      const auto scored = candidate ? score_of(*candidate) : std::nullopt;
      if (!scored) break;
      offer(candidate, *scored);
      LocalScore& past = history[steps % kHistory];
      if (*scored <= score || *scored <= past) {
        ++accepted;
        score = *scored;
        current = candidate;
        if (moves) moves->accept(std::move(kept));
      }
      past = score;
      if (score < best) {
        best = score;
        idle = 0;
      } else if (++idle >= spec.generate.restart_after) {
        ++restarts;
        idle = 0;
        if (!start()) break;
      }
    }
  }
  run.add_walk(accepted, restarts, least);
  outcome.nodes = steps;
  outcome.stopped = limits.stop_reason();
  outcome.exhausted = budget != 0 && steps == budget;  // ran its budget (never the whole space)
  return outcome;
}

void local_search(RunState& run, const Split& split) {
  const Spec& spec = run.spec();
  const Family& family = *spec.family;
  if (!family.clues()) {
    Rng rng(spec.generate.seed);
    const auto drawn =
        family.random_instance(spec.parameters, spec.instance, spec.measure_bounds, rng);
    if (!family.neighbour(*drawn, spec.instance, rng))
      throw InputError({spec.file, 0, 0}, "generate.strategy",
                       "local: the family " + family.name() +
                           " declares no clues (Family::clues) and supplies no moves "
                           "(Family::neighbour); use random or search");
  }
  run.set_never_proves();
  const auto planned = plan_share(run, split, spec.generate.walkers, 0, true);
  const std::vector<std::size_t>& mine = *planned;
  search_planned(run, mine.size(),
                 [&](std::size_t position) { return walk(run, mine[position], position); });
}

}  // namespace

std::string resolve_strategy(const Spec& spec) {
  if (spec.given) return "given";
  if (spec.generate.strategy != "auto") return spec.generate.strategy;
  return spec.objective || !spec.generate.instances ? "exhaustive" : "search";
}

RunSummary generate(const Spec& spec, const EmitFn& emit, const ProgressFn& progress,
                    const Split& split, const PrepareFn& prepare) {
  RunState run(spec, emit, progress, prepare);
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
  } else if (strategy == "local") {
    local_search(run, split);
  } else if (strategy == "classes") {
    class_walk(run, split);
  } else {
    tree_search(run, split, strategy == "search");
  }
  return run.summary();
}

}  // namespace puzzlegen
