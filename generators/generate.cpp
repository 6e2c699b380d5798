#include "generate.hpp"

#include <set>

namespace puzzlegen {

namespace {

// State shared by the strategies: deduplication, B&B bound, stopping rule.
class Run {
 public:
  Run(const Spec& spec, const EmitFn& emit, const ProgressFn& progress)
      : spec_(spec),
        emit_(emit),
        progress_(progress),
        limits_(Limits::within(spec.generate.time_limit, 0, spec.generate.threads)) {}

  const Limits& limits() const { return limits_; }
  RunSummary& summary() { return summary_; }

  // Judges one candidate; returns false when the run has what it needs.
  bool consider(std::shared_ptr<const Instance> instance) {
    if (!seen_.insert(instance->canonical_key()).second) return true;
    ++summary_.explored;
    const bool minimize = spec_.objective && spec_.objective->minimize;
    // Minimising, the best value so far caps the counts: one more than it, so that instances
    // tying with the best are still recognised and counted.
    const std::uint64_t cap = minimize && summary_.best ? *summary_.best + 1 : 0;
    const Evaluation e = judge(spec_, *instance, limits_, cap);
    if (e.undecided) incomplete_ = true;
    if (spec_.given) summary_.given_failed = e.failed;
    if (e.accepted()) {
      if (!spec_.objective) {
        emit(std::move(instance), e);
      } else if (!summary_.best ||
                 (minimize ? *e.objective < *summary_.best : *e.objective > *summary_.best)) {
        summary_.best = e.objective;
        summary_.optimal_instances = 1;
        emit(std::move(instance), e);
      } else if (*e.objective == *summary_.best) {
        ++summary_.optimal_instances;
      }
    }
    report_progress();
    if (spec_.objective) return !(minimize && summary_.best && *summary_.best == 0);
    return !spec_.generate.instances || summary_.instances < *spec_.generate.instances;
  }

  void finish(bool exhausted, StopReason stopped) {
    summary_.exhausted = exhausted;
    summary_.stopped = stopped;
    if (stopped == StopReason::none && limits_.expired())
      summary_.stopped = interrupt_flag().load() ? StopReason::interrupted : StopReason::time_limit;
    // A minimum of 0 is optimal without exhausting anything.
    const bool zero_minimum =
        spec_.objective && spec_.objective->minimize && summary_.best && *summary_.best == 0;
    summary_.proven = (exhausted || zero_minimum) && !incomplete_;
  }

 private:
  void emit(std::shared_ptr<const Instance> instance, const Evaluation& e) {
    ++summary_.instances;
    emit_(instance, e);
    summary_.witness = std::move(instance);
  }

  void report_progress() {
    if (!progress_) return;
    const auto now = Clock::now();
    if (now - last_progress_ < std::chrono::seconds(5)) return;
    last_progress_ = now;
    progress_(summary_);
  }

  const Spec& spec_;
  const EmitFn& emit_;
  const ProgressFn& progress_;
  Limits limits_;
  RunSummary summary_;
  std::set<std::vector<int>> seen_;
  bool incomplete_ = false;
  Clock::time_point last_progress_ = Clock::now();
};

void tree_search(Run& run, const Spec& spec, bool randomized) {
  InstanceSearch search;
  search.randomized = randomized;
  search.seed = static_cast<unsigned>(spec.generate.seed);
  search.symmetry_breaking = spec.generate.symmetry_breaking;
  if (spec.generate.joint_model)
    for (const auto& [kind, bounds] : spec.bounds)
      if (bounds.min && *bounds.min >= 1) search.required_kinds.push_back(kind);
  search.kind_bounds = spec.bounds;
  search.measure_bounds = spec.measure_bounds;
  // Optimising a measure, the instance space itself is bounded: after each improvement the
  // search restarts on the instances that would beat it, until none is left (proven).
  const auto& measure = spec.objective ? spec.objective->measure : std::nullopt;
  Limits limits = run.limits();
  limits.node_limit = spec.generate.node_limit;
  while (true) {
    auto root = spec.family->instance_space(spec.parameters, spec.instance, search);
    bool satisfied = false;
    bool improved = false;
    const SearchStats stats = enumerate<InstanceSpace>(*root, limits, [&](InstanceSpace& leaf) {
      const auto before = run.summary().best;
      satisfied = !run.consider(leaf.instance());
      improved = measure && run.summary().best != before;
      return !satisfied && !improved && !run.limits().expired();
    });
    if (improved && !satisfied && !run.limits().expired()) {
      Bounds& bounds = search.measure_bounds[*measure];
      const std::uint64_t best = *run.summary().best;
      if (spec.objective->minimize) {
        bounds.max = best - 1;
        if (best == 0) break;
      } else {
        bounds.min = best + 1;
      }
      continue;
    }
    const bool exhausted = stats.exhausted() && !satisfied && !run.limits().expired();
    run.finish(exhausted, stats.stopped);
    return;
  }
  run.finish(true, StopReason::none);
}

void random_sampling(Run& run, const Spec& spec) {
  Rng rng(spec.generate.seed);
  std::uint64_t attempts = 0;
  StopReason stopped = StopReason::none;
  while (true) {
    if (run.limits().expired()) break;
    if (spec.generate.node_limit != 0 && attempts >= spec.generate.node_limit) {
      stopped = StopReason::node_limit;
      break;
    }
    ++attempts;
    auto instance = spec.family->random_instance(spec.parameters, spec.instance, rng);
    if (!spec.family->satisfies(*instance, spec.instance)) continue;
    if (!run.consider(std::move(instance))) break;
  }
  run.finish(false, stopped);
}

}  // namespace

std::string resolve_strategy(const Spec& spec) {
  if (spec.given) return "given";
  if (spec.generate.strategy != "auto") return spec.generate.strategy;
  return spec.objective || !spec.generate.instances ? "exhaustive" : "search";
}

RunSummary generate(const Spec& spec, const EmitFn& emit, const ProgressFn& progress) {
  Run run(spec, emit, progress);
  const std::string strategy = resolve_strategy(spec);
  run.summary().strategy = strategy;
  if (strategy == "given") {  // a space of one instance
    run.consider(spec.given);
    run.finish(true, StopReason::none);
  } else if (strategy == "random") {
    random_sampling(run, spec);
  } else {
    tree_search(run, spec, strategy == "search");
  }
  return run.summary();
}

}  // namespace puzzlegen
