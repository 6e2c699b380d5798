#include "judge.hpp"

#include <algorithm>

namespace puzzlegen {

Evaluation judge(const Spec& spec, const Instance& instance, const Limits& limits,
                 const Natural& objective_cap) {
  Evaluation e;
  const Family& family = *spec.family;
  // Generated instances have the spec's parameters by construction; a given one may not.
  if (spec.given) e.failed = spec.parameter_mismatches(instance);
  if (!e.failed.empty()) {
    e.instance_ok = false;
    return e;
  }
  e.instance_ok = family.satisfies(instance, spec.instance);
  if (!e.instance_ok) {
    e.failed.push_back("the instance constraints do not hold");
    return e;
  }
  // The family's measures first (cheap), the grades (difficulty) after the counts, which
  // reject most instances sooner.
  const auto measures_ok = [&](bool grades) {
    for (const auto& [name, bounds] : spec.measure_bounds) {
      if (is_difficulty_measure(name) != grades) continue;
      // Each grade once, for every difficulty measure that reads it (the spec checked them).
      const bool by_propagation = name == kPropagationDifficulty;
      auto& graded = by_propagation ? e.propagation_grade : e.grade;
      if (grades && !graded) {
        graded = by_propagation ? family.propagation_grade_of(instance, spec.posed_kind(), limits)
                                : family.grade_of(instance, spec.posed_kind(), limits);
        if (!graded) throw std::logic_error(family.name() + " does not grade " + spec.posed_kind());
      }
      const Count value = !grades          ? Count{family.measure(instance, name), true}
                          : by_propagation ? difficulty_measure(*graded, kDifficulty)
                                           : difficulty_measure(*graded, name);
      const Bounds::Verdict verdict = bounds.admits(value);
      if (verdict == Bounds::Verdict::no) {
        e.instance_ok = false;
        e.failed.push_back(name + ": " + value.text() + ", wanted " + bounds.text());
        return false;
      }
      if (verdict == Bounds::Verdict::unknown) {  // a grade cut short by a limit
        e.undecided = true;
        return false;
      }
    }
    return true;
  };
  if (!measures_ok(false)) return e;
  const bool minimizing = spec.objective && spec.objective->minimize;
  Natural sum = 0;
  bool sum_exact = true;
  for (const auto& kind : spec.constrained_kinds()) {
    const auto bounds_it = spec.bounds.find(kind);
    const Bounds bounds = bounds_it == spec.bounds.end() ? Bounds{} : bounds_it->second;
    const bool in_objective =
        spec.objective && std::find(spec.objective->kinds.begin(), spec.objective->kinds.end(),
                                    kind) != spec.objective->kinds.end();
    // The smallest cap that decides everything this kind takes part in.
    std::uint64_t cap = bounds.decisive_cap();
    if (in_objective) {
      // The objective needs the count itself, up to where it cannot improve on the best.
      cap = bounds.max ? *bounds.max + 1 : 0;
      if (!spec.objective->minimize)
        cap = 0;
      else if (objective_cap != 0) {
        // A room too large for a cap is no cap: the count is then exact, which is still right.
        const auto room = to_uint64(objective_cap > sum ? Natural(objective_cap - sum) : 1);
        if (room) cap = cap == 0 ? *room : std::min(cap, *room);
      }
    }
    const Count count = family.count(instance, kind, spec.solution_options, cap, limits);
    e.counts.emplace_back(kind, count);
    switch (bounds.admits(count)) {
      case Bounds::Verdict::no:
        e.failed.push_back(kind + ": " + count.text() + ", wanted " + bounds.text());
        break;
      case Bounds::Verdict::unknown:
        e.undecided = true;
        break;
      case Bounds::Verdict::yes:
        break;
    }
    if (in_objective) {
      sum += count.value;
      sum_exact = sum_exact && count.exact;
    }
    if (count.stopped != StopReason::none) e.undecided = true;
    if (!e.failed.empty() || e.undecided) return e;
    if (minimizing && in_objective && objective_cap != 0 && sum >= objective_cap) {
      e.failed.push_back("objective " + std::string(sum_exact ? "" : "at least ") + to_string(sum) +
                         " does not improve on " + to_string(objective_cap));
      return e;
    }
  }
  if (!measures_ok(true)) return e;
  if (spec.objective && spec.objective->measure) {
    e.objective = family.measure(instance, *spec.objective->measure);
  } else if (spec.objective) {
    if (sum_exact)
      e.objective = sum;
    else
      e.undecided = true;
  }
  return e;
}

Count recount_exactly(const Family& family, const Instance& instance, const std::string& kind,
                      const OptionValues& options, const Count& capped, const Limits& limits) {
  if (capped.exact) return capped;
  Count full = family.count(instance, kind, options, 0, limits);
  return full.exact ? full : capped;
}

std::vector<std::pair<std::string, Count>> count_all_kinds(const Family& family,
                                                           const Instance& instance,
                                                           const OptionValues& options,
                                                           std::uint64_t cap,
                                                           const Limits& limits) {
  std::vector<std::pair<std::string, Count>> out;
  for (const auto& kind : family.kinds())
    out.emplace_back(kind.name, family.count(instance, kind.name, options, cap, limits));
  return out;
}

std::vector<OptionValues> every_convention(const Family& family) {
  std::vector<OptionValues> out(1, read_options(YAML::Node(), family.solution_options(), "", ""));
  for (const auto& info : family.solution_options()) {
    if (info.type != OptionType::Choice) continue;
    std::vector<OptionValues> next;
    for (const auto& partial : out)
      for (const auto& choice : info.choices) {
        OptionValues values = partial;
        values.set(info.name, choice);
        next.push_back(values);
      }
    out = std::move(next);
  }
  return out;
}

}  // namespace puzzlegen
