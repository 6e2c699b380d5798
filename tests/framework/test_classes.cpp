// Walking classes (framework/classes.hpp) on a small growth whose classes brute force can
// list: graphs on five vertices grown one edge at a time, up to isomorphism. The walk must meet
// every class exactly once; three deliberately wrong declarations (no canonical-parent test, a
// canonical form over too small a group, one that merges classes) must show as duplicated or
// missing classes, so the comparison used here is one that can fail.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "classes.hpp"

using namespace puzzlegen;

namespace {

constexpr int kVertices = 5;
constexpr int kEdges = kVertices * (kVertices - 1) / 2;

// Edge index of {u, v}, u < v.
int edge_index(int u, int v) {
  if (u > v) std::swap(u, v);
  return u * kVertices - u * (u + 1) / 2 + (v - u - 1);
}

// A graph as the sorted list of its edge indices; its image under a vertex permutation.
Partial image(const Partial& edges, const std::vector<int>& p) {
  static const auto ends = [] {
    std::vector<std::pair<int, int>> out(kEdges);
    for (int u = 0; u < kVertices; ++u)
      for (int v = u + 1; v < kVertices; ++v) out[edge_index(u, v)] = {u, v};
    return out;
  }();
  Partial out;
  for (const int e : edges) out.push_back(edge_index(p[ends[e].first], p[ends[e].second]));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::vector<int>> all_permutations() {
  std::vector<int> p(kVertices);
  std::iota(p.begin(), p.end(), 0);
  std::vector<std::vector<int>> out;
  do out.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return out;
}

// The least image over every vertex permutation (or, wrongly, only those fixing vertex 0).
Partial least_image(const Partial& edges, bool fix_first = false) {
  Partial best;
  for (const auto& p : all_permutations()) {
    if (fix_first && p[0] != 0) continue;
    Partial candidate = image(edges, p);
    if (best.empty() || candidate < best) best = std::move(candidate);
  }
  return best;
}

// Wrong declarations: no canonical-parent test; a canonical form over too small a group (it
// tells isomorphic graphs apart); a form too coarse (graphs with the same degrees share one).
enum class Flaw { none, no_parent_test, too_small_group, by_degrees };

std::vector<int> degrees(const Partial& edges) {
  std::vector<int> out(kVertices, 0);
  for (const int e : edges)
    for (int u = 0; u < kVertices; ++u)
      for (int v = u + 1; v < kVertices; ++v)
        if (edge_index(u, v) == e)
          ++out[static_cast<std::size_t>(u)], ++out[static_cast<std::size_t>(v)];
  std::sort(out.begin(), out.end());
  return out;
}

// The least form of any graph with these degrees.
Partial by_degrees(const Partial& form) {
  static const auto least = [] {
    std::map<std::vector<int>, Partial> out;
    for (unsigned mask = 0; mask < (1u << kEdges); ++mask) {
      Partial graph;
      for (int e = 0; e < kEdges; ++e)
        if (mask >> e & 1u) graph.push_back(e);
      const Partial f = least_image(graph);
      auto [it, added] = out.emplace(degrees(f), f);
      if (!added && f < it->second) it->second = f;
    }
    return out;
  }();
  return least.at(degrees(form));
}

class EdgeGrowth final : public Growth {
 public:
  EdgeGrowth(int edges, Flaw flaw) : edges_(edges), flaw_(flaw) {}
  Partial root() const override { return {}; }
  int depth() const override { return edges_; }
  void extend(const Partial& parent,
              const std::function<void(const Partial& child)>& child) const override {
    for (int e = 0; e < kEdges; ++e) {
      if (std::find(parent.begin(), parent.end(), e) != parent.end()) continue;
      Partial next = parent;
      next.push_back(e);  // the step is the last element until the form sorts it
      child(next);
    }
  }
  // The canonical last edge is the greatest of the least image; the step is canonical when a
  // permutation taking the child to its least image takes the new edge there.
  Partial accept(const Partial& child) const override {
    Partial sorted = child;
    std::sort(sorted.begin(), sorted.end());
    const bool fix_first = flaw_ == Flaw::too_small_group;
    const Partial form = least_image(sorted, fix_first);
    if (flaw_ == Flaw::no_parent_test) return form;
    for (const auto& p : all_permutations())
      if ((!fix_first || p[0] == 0) && image(sorted, p) == form &&
          image({child.back()}, p).front() == form.back())
        return flaw_ == Flaw::by_degrees ? by_degrees(form) : form;
    return {};
  }
  std::unique_ptr<Instance> complete(const Partial&) const override { return nullptr; }

 private:
  int edges_;
  Flaw flaw_;
};

// Every leaf the walk visits, as the least image of the graph it stands for (the form the
// growth returns for a flawed growth may not be one): how many times each class is met.
std::map<Partial, int> walked(const Growth& growth, std::size_t subproblems) {
  std::map<Partial, int> met;
  const ClassFrontier frontier = class_frontier(growth, subproblems, nullptr);
  REQUIRE(frontier.complete);
  WalkCounts counts;
  for (const auto& [depth, node] : frontier.nodes)
    walk_classes(
        growth, node, depth,
        [&](const Partial& leaf) {
          ++met[leaf];
          return true;
        },
        nullptr, counts);
  return met;
}

// What brute force says: the least image of every graph with `edges` edges.
std::set<Partial> classes_by_brute_force(int edges) {
  std::set<Partial> out;
  for (unsigned mask = 0; mask < (1u << kEdges); ++mask) {
    if (std::popcount(mask) != edges) continue;
    Partial graph;
    for (int e = 0; e < kEdges; ++e)
      if (mask >> e & 1u) graph.push_back(e);
    out.insert(least_image(graph));
  }
  return out;
}

// Whether the walk met exactly the brute-force classes, each once.
bool walk_matches(const std::map<Partial, int>& met, const std::set<Partial>& expected) {
  if (met.size() != expected.size()) return false;
  for (const auto& [form, times] : met)
    if (times != 1 || !expected.count(form)) return false;
  return true;
}

}  // namespace

TEST_CASE("classes: the walk meets every class of graphs once, however it is split", "[classes]") {
  // Graphs on five vertices: 1, 1, 2, 4, 6, 6, 6, 4, 2, 1, 1 classes with 0..10 edges.
  const std::vector<std::size_t> published = {1, 1, 2, 4, 6, 6, 6, 4, 2, 1, 1};
  for (int edges = 0; edges <= kEdges; ++edges) {
    INFO("edges " << edges);
    const EdgeGrowth growth(edges, Flaw::none);
    const auto expected = classes_by_brute_force(edges);
    CHECK(expected.size() == published[static_cast<std::size_t>(edges)]);
    for (const std::size_t subproblems : {1, 3, 16}) {
      INFO("subproblems " << subproblems);
      CHECK(walk_matches(walked(growth, subproblems), expected));
    }
  }
}

TEST_CASE("classes: a wrong declaration shows as duplicated or missing classes", "[classes]") {
  // Without the canonical-parent test, classes with several parents are met more than once
  // (from three edges on; the flawed walk grows fast, so only up to five).
  bool duplicated = false;
  for (int edges = 0; edges <= 5; ++edges) {
    const auto met = walked(EdgeGrowth(edges, Flaw::no_parent_test), 1);
    duplicated |= std::any_of(met.begin(), met.end(), [](const auto& m) { return m.second > 1; });
    CHECK((edges <= 2 || !walk_matches(met, classes_by_brute_force(edges))));
  }
  CHECK(duplicated);
  // A form over too small a group meets classes more than once; one too coarse misses some.
  std::size_t met_too_often = 0, missing = 0;
  for (int edges = 0; edges <= kEdges; ++edges) {
    const auto expected = classes_by_brute_force(edges);
    for (const auto& [form, times] : walked(EdgeGrowth(edges, Flaw::too_small_group), 1))
      met_too_often += form == least_image(form) && times == 1 ? 0 : 1;
    missing += expected.size() - walked(EdgeGrowth(edges, Flaw::by_degrees), 1).size();
  }
  CHECK(met_too_often > 0);
  CHECK(missing > 0);
}

namespace {

int most_degree(const Partial& edges) {
  const auto d = degrees(edges);
  return d.empty() ? 0 : d.back();
}

// Graphs of every size up to 10 edges, each class at its own depth (first_depth 0), with what
// prune() may say: Prune::subtree once a vertex has degree 3 (hereditary: edges added keep it),
// or, wrongly, once a vertex has degree exactly 2 (not hereditary: graphs with a vertex of
// degree 3 and none of degree 2 grow from graphs with one); Prune::node for an odd number of
// edges; and Prune::subtree past the bound the walk is given on the measure "edges".
class PrunedEdges final : public Growth {
 public:
  explicit PrunedEdges(bool hereditary) : hereditary_(hereditary) {}
  Partial root() const override { return edges_.root(); }
  int depth() const override { return edges_.depth(); }
  int first_depth() const override { return 0; }
  void extend(const Partial& parent,
              const std::function<void(const Partial& child)>& child) const override {
    edges_.extend(parent, child);
  }
  Partial accept(const Partial& child) const override { return edges_.accept(child); }
  std::unique_ptr<Instance> complete(const Partial&) const override { return nullptr; }
  Prune prune(const Partial& node, int depth, const MeasureBounds& bounds) const override {
    if (const auto it = bounds.find("edges");
        it != bounds.end() && it->second.max && static_cast<std::uint64_t>(depth) > *it->second.max)
      return Prune::subtree;
    const auto d = degrees(node);
    if (hereditary_ ? most_degree(node) >= 3 : std::count(d.begin(), d.end(), 2) > 0)
      return Prune::subtree;
    return node.size() % 2 == 1 ? Prune::node : Prune::none;
  }
  // Which graphs the prune lets through, by brute force.
  bool wanted(const Partial& graph, std::uint64_t most_edges) const {
    const auto d = degrees(graph);
    const bool pruned =
        hereditary_ ? most_degree(graph) >= 3 : std::count(d.begin(), d.end(), 2) > 0;
    return !pruned && graph.size() % 2 == 0 && graph.size() <= most_edges;
  }

 private:
  EdgeGrowth edges_{kEdges, Flaw::none};
  bool hereditary_;
};

// Every class judged, as a generator's class walk judges them: the complete classes above the
// subproblems' depth alone, then the walks below the subproblems.
std::vector<Partial> judged_in_order(const Growth& growth, std::size_t subproblems,
                                     const MeasureBounds& bounds) {
  std::vector<Partial> met;
  const WalkControl control{nullptr, [&bounds]() -> const MeasureBounds& { return bounds; }};
  const ClassSubproblems parts = class_subproblems(growth, subproblems, control);
  REQUIRE(parts.complete);
  CHECK(parts.size() >= std::min<std::size_t>(subproblems, 2));
  // Classes are expanded one at a time until there are enough: the last adds itself (judged
  // alone) and at most a child per edge.
  CHECK(parts.size() <= subproblems + kEdges);
  WalkCounts counts;
  for (const ClassSubproblem& part : parts.in_order) {
    if (part.alone) {
      if (growth.prune(part.node, part.depth, bounds) == Prune::none) met.push_back(part.node);
      continue;
    }
    walk_classes(
        growth, part.node, part.depth,
        [&](const Partial& leaf) {
          met.push_back(leaf);
          return true;
        },
        control, counts);
  }
  return met;
}

std::map<Partial, int> walked(const Growth& growth, std::size_t subproblems,
                              const MeasureBounds& bounds) {
  std::map<Partial, int> met;
  for (const Partial& form : judged_in_order(growth, subproblems, bounds)) ++met[form];
  return met;
}

}  // namespace

TEST_CASE("classes: instances at every depth, pruned by the growth and the walk's bounds",
          "[classes]") {
  for (const std::uint64_t most_edges : {std::uint64_t{10}, std::uint64_t{4}}) {
    const MeasureBounds bounds = {{"edges", Bounds{std::nullopt, most_edges}}};
    const PrunedEdges growth(true);
    std::set<Partial> expected;
    for (int edges = 0; edges <= kEdges; ++edges)
      for (const Partial& form : classes_by_brute_force(edges))
        if (growth.wanted(form, most_edges)) expected.insert(form);
    CHECK(expected.size() > 5);
    // One subproblem is the walk of the root; any other split judges the same classes in
    // the same order (a run's output does not depend on how it is split).
    const std::vector<Partial> root_walk = judged_in_order(growth, 1, bounds);
    for (const std::size_t subproblems : {1, 3, 16}) {
      INFO("at most " << most_edges << " edges, subproblems " << subproblems);
      CHECK(walk_matches(walked(growth, subproblems, bounds), expected));
      CHECK(judged_in_order(growth, subproblems, bounds) == root_walk);
    }
  }
  // A prune that is not hereditary loses classes: those whose canonical parent it prunes.
  const PrunedEdges wrong(false);
  std::set<Partial> expected;
  for (int edges = 0; edges <= kEdges; ++edges)
    for (const Partial& form : classes_by_brute_force(edges))
      if (wrong.wanted(form, kEdges)) expected.insert(form);
  const auto met = walked(wrong, 1, {});
  CHECK(met.size() < expected.size());
  CHECK_FALSE(walk_matches(met, expected));
}
