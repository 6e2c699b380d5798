#include "classes.hpp"

#include <algorithm>
#include <numeric>

namespace puzzlegen {

Prune Growth::prune(const Partial&, int, const MeasureBounds&) const {
  return Prune::none;
}

namespace {

const MeasureBounds& bounds_of(const WalkControl& control) {
  static const MeasureBounds none;
  return control.bounds ? control.bounds() : none;
}

// The classes one step below `parent`, each once, in the order extend() first made them.
std::vector<Partial> children_of(const Growth& growth, const Partial& parent, WalkCounts& counts) {
  std::vector<Partial> kept;
  kept.reserve(4);  // most parents have a child or two: one allocation instead of several
  growth.extend(parent, [&](const Partial& child) {
    ++counts.nodes;
    if (Partial form = growth.accept(child); !form.empty()) kept.push_back(std::move(form));
  });
  if (kept.size() < 2) return kept;
  // Each form once, where it came first: sorted by form (stably, so a form's first copy sorts
  // first), the later copies are dropped. Most parents have a child or two, and a set would
  // allocate a node and a copy for each.
  std::vector<std::size_t> order(kept.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return kept[a] < kept[b]; });
  std::vector<bool> later(kept.size(), false);
  for (std::size_t k = 1; k < order.size(); ++k)
    later[order[k]] = kept[order[k]] == kept[order[k - 1]];
  std::size_t out = 0;
  for (std::size_t k = 0; k < kept.size(); ++k) {
    if (later[k]) continue;
    if (out != k) kept[out] = std::move(kept[k]);  // not onto itself: that would empty it
    ++out;
  }
  kept.resize(out);
  return kept;
}

}  // namespace

ClassSubproblems class_subproblems(const Growth& growth, std::size_t at_least,
                                   const WalkControl& control) {
  ClassSubproblems out;
  const auto kept = [&](const Partial& node, int depth) {
    return growth.prune(node, depth, bounds_of(control)) != Prune::subtree;
  };
  if (kept(growth.root(), 0)) out.in_order.push_back({0, growth.root(), false});
  // The classes at one depth are expanded in walk order until there are `at_least`
  // subproblems; those left then are walked from that depth. Expanding a whole depth could
  // make many times the subproblems asked for (ten times, for a census whose classes have ten
  // children each), and the last depth costs more than all before it: every process of a
  // sharded run makes the split.
  bool deeper = !out.in_order.empty();  // whether there are classes at `depth` to expand
  for (int depth = 0; deeper && depth < growth.depth() && out.size() < at_least; ++depth) {
    std::vector<ClassSubproblem> next;
    deeper = false;
    for (std::size_t i = 0; i < out.in_order.size(); ++i) {
      ClassSubproblem& part = out.in_order[i];
      const bool enough = next.size() + (out.in_order.size() - i) >= at_least;
      if (part.alone || part.depth != depth || enough) {
        next.push_back(std::move(part));
        continue;
      }
      if (control.stop && control.stop()) {
        out.complete = false;
        out.in_order.clear();
        return out;
      }
      std::vector<Partial> children = children_of(growth, part.node, out.counts);
      // A complete class above the frontier is judged on its own, before the classes below it.
      if (depth >= growth.first_depth()) next.push_back({depth, std::move(part.node), true});
      for (Partial& child : children)
        if (kept(child, depth + 1)) {
          next.push_back({depth + 1, std::move(child), false});
          deeper = true;
        }
    }
    out.in_order = std::move(next);
  }
  return out;
}

ClassFrontier class_frontier(const Growth& growth, std::size_t at_least,
                             const std::function<bool()>& stop) {
  ClassSubproblems parts = class_subproblems(growth, at_least, WalkControl{stop, nullptr});
  ClassFrontier out;
  for (ClassSubproblem& part : parts.in_order)
    if (!part.alone) out.nodes.emplace_back(part.depth, std::move(part.node));
  out.counts = parts.counts;
  out.complete = parts.complete;
  return out;
}

bool walk_classes(const Growth& growth, const Partial& node, int depth,
                  const std::function<bool(const Partial& leaf)>& leaf, const WalkControl& control,
                  WalkCounts& counts) {
  const Prune verdict = growth.prune(node, depth, bounds_of(control));
  if (verdict == Prune::subtree) return true;
  if (depth >= growth.first_depth() && verdict == Prune::none && !leaf(node)) return false;
  if (depth == growth.depth()) return true;
  if (control.stop && control.stop()) return false;
  for (const Partial& child : children_of(growth, node, counts))
    if (!walk_classes(growth, child, depth + 1, leaf, control, counts)) return false;
  return true;
}

bool walk_classes(const Growth& growth, const Partial& node, int depth,
                  const std::function<bool(const Partial& leaf)>& leaf,
                  const std::function<bool()>& stop, WalkCounts& counts) {
  return walk_classes(growth, node, depth, leaf, WalkControl{stop, nullptr}, counts);
}

}  // namespace puzzlegen
