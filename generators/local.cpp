#include "local.hpp"

#include <algorithm>

#include "difficulty.hpp"

namespace puzzlegen {

namespace {

// How far `count` lies below `bounds`' minimum (0 at or above it; a count known only as "at
// least" is never short).
std::uint64_t shortfall(const Bounds& bounds, const Count& count) {
  const std::uint64_t value = to_uint64(count.value).value_or(UINT64_MAX);
  return bounds.min && count.exact && value < *bounds.min ? *bounds.min - value : 0;
}

// How far `count` lies outside `bounds` (0 inside); a value only known as "at least" counts
// as what is known, which is what a cap makes of an excess.
std::uint64_t distance(const Bounds& bounds, const Count& count) {
  const std::uint64_t value = to_uint64(count.value).value_or(UINT64_MAX);
  if (bounds.max && value > *bounds.max) return value - *bounds.max;
  return shortfall(bounds, count);
}

}  // namespace

int level_cap(const Spec& spec) {
  int cap = 0;
  for (const auto& [name, bounds] : spec.measure_bounds)
    if (bounds.max && (name == kDifficulty || name == kPropagationDifficulty)) {
      const int level = static_cast<int>(std::min<std::uint64_t>(*bounds.max, Grade::extreme));
      cap = cap ? std::min(cap, level) : level;
    }
  return cap;
}

std::optional<std::uint64_t> difficulty_distance(const Spec& spec, const Instance& instance,
                                                 const Limits& limits, bool ceilings_only) {
  std::uint64_t sum = 0;
  std::optional<Grade> grade, propagation_grade;
  // Asked only whether the caps hold, a grade may stop at the lowest capped level.
  Limits grading = limits;
  if (ceilings_only) grading.level_ceiling = level_cap(spec);
  for (const auto& [name, spec_bounds] : spec.measure_bounds) {
    if (!is_difficulty_measure(name)) continue;
    const Bounds bounds = ceilings_only ? Bounds{std::nullopt, spec_bounds.max} : spec_bounds;
    if (!bounds.min && !bounds.max) continue;
    const bool by_propagation = name == kPropagationDifficulty;
    auto& graded = by_propagation ? propagation_grade : grade;
    if (!graded)
      graded = by_propagation
                   ? spec.family->propagation_grade_of(instance, spec.posed_kind(), grading)
                   : spec.family->grade_of(instance, spec.posed_kind(), grading);
    if (!graded) {  // the judge says why; asked for the caps alone, not known to be within
      if (ceilings_only) ++sum;
      continue;
    }
    // No solution, shown at once (a grade of easy): outside, as no count was asked for.
    if (!graded->solvable) {
      ++sum;
      continue;
    }
    const Count value = difficulty_measure(*graded, by_propagation ? kDifficulty : name);
    if (bounds.admits(value) == Bounds::Verdict::unknown) {
      if (!graded->past_ceiling) return std::nullopt;
      ++sum;  // search nodes not counted past a level already over its cap
      continue;
    }
    sum += distance(bounds, value);
  }
  return sum;
}

LocalScore local_score(const Spec& spec, const Instance& instance, const Limits& limits) {
  LocalScore score;
  const Family& family = *spec.family;
  if (!family.satisfies(instance, spec.instance))
    score.too_few = score.violation = LocalScore::kFar;
  // The family's measures (cheap) first, then the counts; grades only when all else holds.
  for (const auto& [name, bounds] : spec.measure_bounds)
    if (!is_difficulty_measure(name))
      score.violation += distance(bounds, Count{family.measure(instance, name), true});
  for (const auto& kind : spec.constrained_kinds()) {
    const auto it = spec.bounds.find(kind);
    const Bounds bounds = it == spec.bounds.end() ? Bounds{} : it->second;
    const bool in_objective = spec.objective && !spec.objective->measure &&
                              std::find(spec.objective->kinds.begin(), spec.objective->kinds.end(),
                                        kind) != spec.objective->kinds.end();
    // Enough to see how far past a maximum the count is (up to kCountSlack), or whether it
    // reaches a minimum.
    std::uint64_t cap = bounds.max ? *bounds.max + LocalScore::kCountSlack : bounds.min.value_or(0);
    if (in_objective) cap = std::max(cap, LocalScore::kObjectiveCap);
    const Count count = family.count(instance, kind, spec.solution_options, cap, limits);
    if (count.stopped != StopReason::none) {
      score.undecided = true;
      return score;
    }
    score.violation += distance(bounds, count);
    score.too_few += shortfall(bounds, count);
    if (in_objective) score.objective += spec.objective->minimize ? count.value : -count.value;
  }
  if (spec.objective && spec.objective->measure) {
    const Natural value = family.measure(instance, *spec.objective->measure);
    score.objective = spec.objective->minimize ? value : Natural(-value);
  }
  if (score.violation != 0) return score;
  const std::optional<std::uint64_t> graded = difficulty_distance(spec, instance, limits, false);
  if (!graded) {
    score.undecided = true;
    return score;
  }
  score.violation += *graded;
  return score;
}

std::vector<bool> ClueMoves::propose(Rng& rng) const {
  std::vector<std::size_t> given, open;
  for (std::size_t c = 0; c < kept_.size(); ++c) (kept_[c] ? given : open).push_back(c);
  enum Move { add, remove, move };
  std::vector<Move> moves;
  if (!open.empty()) moves.push_back(add);
  if (!given.empty()) moves.push_back(remove);
  if (!open.empty() && !given.empty()) moves.push_back(move);
  std::vector<bool> kept = kept_;
  if (moves.empty()) return kept;  // a solution with no clues at all: nothing to move
  const Move chosen = moves[rng.below(moves.size())];
  if (chosen != add) kept[given[rng.below(given.size())]] = false;
  if (chosen != remove) kept[open[rng.below(open.size())]] = true;
  return kept;
}

std::uint64_t walker_seed(std::uint64_t seed, std::size_t walker) {
  return mix64(mix64(seed) ^ (0x5bd1e995ULL * (static_cast<std::uint64_t>(walker) + 1)));
}

}  // namespace puzzlegen
