#include "classes.hpp"

#include <set>

namespace puzzlegen {

namespace {

// The classes one step below `parent`, each once, in the order extend() first made them.
std::vector<Partial> children_of(const Growth& growth, const Partial& parent, WalkCounts& counts) {
  std::vector<Partial> kept;
  std::set<Partial> seen;
  growth.extend(parent, [&](const Partial& child) {
    ++counts.nodes;
    Partial form = growth.accept(child);
    if (!form.empty() && seen.insert(form).second) kept.push_back(std::move(form));
  });
  return kept;
}

}  // namespace

ClassFrontier class_frontier(const Growth& growth, std::size_t at_least,
                             const std::function<bool()>& stop) {
  ClassFrontier out;
  out.nodes.push_back(growth.root());
  while (out.depth < growth.depth() && out.nodes.size() < at_least) {
    std::vector<Partial> next;
    for (const Partial& node : out.nodes) {
      if (stop && stop()) {
        out.complete = false;
        out.nodes.clear();
        return out;
      }
      for (Partial& child : children_of(growth, node, out.counts)) next.push_back(std::move(child));
    }
    out.nodes = std::move(next);
    ++out.depth;
  }
  return out;
}

bool walk_classes(const Growth& growth, const Partial& node, int depth,
                  const std::function<bool(const Partial& leaf)>& leaf,
                  const std::function<bool()>& stop, WalkCounts& counts) {
  if (depth == growth.depth()) return leaf(node);
  if (stop && stop()) return false;
  for (const Partial& child : children_of(growth, node, counts))
    if (!walk_classes(growth, child, depth + 1, leaf, stop, counts)) return false;
  return true;
}

}  // namespace puzzlegen
