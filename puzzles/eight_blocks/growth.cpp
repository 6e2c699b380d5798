// Multisets of cubes grown a cube at a time (classes.hpp). A partial instance is a multiset of
// cubes, held as its 30 counts, then its last step (the variety a child's new cube is of; in a
// canonical form, the position of the form's canonical last cube), then, in a form, the
// varieties (bits) that an automorphism of the form takes to a smaller variety: extend() adds
// a cube of none of them, and needs no canonical form of its own to tell.
//
// The canonical last cube of a multiset: of the varieties it has the most cubes of, those with
// the most cubes of compatible varieties, the last in the canonical form (the greatest image
// under the group, VarietyGroup::canonical). Every symmetry keeps both numbers, so a child
// whose new cube is not of such a variety fails without a form being computed, and extend()
// only adds a cube of a variety with the most cubes, or one fewer. The step is canonical when
// an element taking the child to its form takes the new cube's variety to the canonical last
// cube's position. extend() adds one variety per orbit of the parent's automorphisms, since
// varieties in one orbit make isomorphic children.
//
// Composability only grows with the cubes, so a solid that must not be composable and is ends
// the subtree: extend() never makes such a child. prune() ends it too where a required solid
// cannot become composable (even with every variety grown as far as it can go alone, and none
// that is two cubes behind the most: accept() never lets such a variety grow again), where
// a greatest size leaves too few cubes for what is still wanting, and it skips judging classes
// that fail the spec's bounds (size, per-variety cubes, required and counted solids).
#include "growth.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <span>

#include "instance.hpp"
#include "model.hpp"

namespace puzzlegen::eight_blocks {

namespace {

constexpr std::size_t kLast = kVarieties;          // where a partial instance has its last step
constexpr std::size_t kNotLeast = kVarieties + 1;  // where a form has those bits

std::size_t at(int v) {
  return static_cast<std::size_t>(v);
}

// Tables the walk reads in its inner loops, made once.
struct Tables {
  // The 20 varieties compatible with each variety.
  std::array<std::array<std::uint8_t, 20>, kVarieties> compatible{};
  // u's edge in G_v (model.hpp), by v and u; `variety` is -1 unless they are compatible.
  std::array<std::array<CornerEdge, kVarieties>, kVarieties> edge{};
  // By u, the edges its cubes make: in G_v for each v compatible with u, between two corners
  // (as bits).
  struct Touch {
    std::uint8_t v, corners;
  };
  std::array<std::array<Touch, 20>, kVarieties> touches{};
  // By v, the varieties compatible with it as bits.
  std::array<std::uint32_t, kVarieties> compatible_mask{};
};

const Tables& tables() {
  static const Tables t = [] {
    Tables out;
    for (int v = 0; v < kVarieties; ++v) {
      std::size_t k = 0;
      for (int u = 0; u < kVarieties; ++u) {
        const CornerEdge* e = corner_edge(v, u);
        out.edge[at(v)][at(u)] = e ? *e : CornerEdge{-1, 0, 0};
        if (!compatible(u, v)) continue;
        out.compatible[at(v)].at(k++) = static_cast<std::uint8_t>(u);
        out.compatible_mask[at(v)] |= 1u << u;
      }
    }
    for (int u = 0; u < kVarieties; ++u) {
      std::size_t k = 0;
      for (const std::uint8_t v : out.compatible[at(u)]) {  // compatibility is symmetric
        const CornerEdge& e = out.edge[v][at(u)];
        out.touches[at(u)].at(k++) = {v, static_cast<std::uint8_t>(1u << e.a | 1u << e.b)};
      }
    }
    return out;
  }();
  return t;
}

Counts counts_of(const Partial& partial) {
  Counts out{};
  std::copy_n(partial.begin(), kVarieties, out.begin());
  return out;
}

int total(const Counts& counts) {
  int sum = 0;
  for (const int c : counts) sum += c;
  return sum;
}

// The cubes of varieties compatible with v.
int compatible_cubes(const Counts& counts, int v) {
  int sum = 0;
  for (const std::uint8_t u : tables().compatible[at(v)]) sum += counts[u];
  return sum;
}

// The solids of one multiset of cubes, and of that multiset with cubes of one variety added.
// Two cheap tests settle most questions: a solid of v wants 8 cubes of v and of varieties
// compatible with it (Corollary 1), and at least as many cubes of v as corners of G_v that no
// edge reaches (each is a tree component). The others are read off G_v's corner forest
// (model.hpp), made when first needed: an edge more (cubes of a compatible variety) or cubes
// of v more change its trees in a way the forest tells without being made again.
class Solids {
 public:
  Solids() : tables_(tables()) {}
  // Forgets everything, for another multiset. Each variety present adds its edge to the 20
  // corner graphs it is compatible with; the graphs' edges themselves are gathered only for
  // the forests asked for (most questions are settled by the cheap tests).
  void reset(const Counts& counts) {
    counts_ = counts;
    made_.fill(false);
    near_ = counts;
    reached_.fill(0);
    for (int u = 0; u < kVarieties; ++u) {
      const int cubes = counts[at(u)];
      if (cubes == 0) continue;
      for (const Tables::Touch& t : tables_.touches[at(u)]) {
        near_[t.v] += cubes;
        reached_[t.v] |= t.corners;
      }
    }
  }
  const Counts& counts() const { return counts_; }
  // The cubes of v and of the varieties compatible with it.
  int near(int v) const { return near_[at(v)]; }
  bool composable(int v) { return composable_with(v, v, 0); }
  // At least the cubes v's solid still wants before it is composable (a cube added lowers
  // that by one at most): exactly when that is at most 2; none when it is composable.
  int wanting(int v) {
    const int at_least = std::max(kCorners - near(v), lone(v) - counts_[at(v)]);
    if (at_least > 2) return at_least;
    return std::max(0, forest(v).trees - counts_[at(v)]);
  }
  // Whether v's solid wants exactly one cube more.
  bool one_short(int v) {
    if (std::max(kCorners - near(v), lone(v) - counts_[at(v)]) > 1) return false;
    return forest(v).trees - counts_[at(v)] == 1;
  }
  // Exactly the cubes v's solid still wants, and that with a cube of u added.
  int wanting_exactly(int v) { return std::max(0, forest(v).trees - counts_[at(v)]); }
  int wanting_with(int v, int u) {
    const CornerEdge& edge = tables_.edge[at(v)][at(u)];
    const int cubes = counts_[at(v)] + (u == v ? 1 : 0);
    if (u != v && edge.variety >= 0)
      return std::max(0, forest(v).trees_with(edge, counts_[at(u)] + 1) - cubes);
    return std::max(0, forest(v).trees - cubes);
  }
  // Whether v's solid is composable once `added` cubes of u are added.
  bool composable_with(int v, int u, int added) {
    const CornerEdge& edge = tables_.edge[at(v)][at(u)];
    const bool of_v = u == v, edge_of_u = !of_v && edge.variety >= 0;
    const int cubes = counts_[at(v)] + (of_v ? added : 0);
    if (near(v) + (of_v || edge_of_u ? added : 0) < kCorners) return false;
    if (cubes < lone(v) - (edge_of_u && added > 0 ? 2 : 0)) return false;
    if (added == 0 || !edge_of_u) return cubes >= forest(v).trees;
    return cubes >= forest(v).trees_with(edge, counts_[at(u)] + added);
  }

 private:
  const CornerForest& forest(int v) {
    if (!made_[at(v)]) {
      // G_v's edges: one for each compatible variety present.
      std::array<unsigned, kCorners> adjacent{};
      std::array<int, kCorners> cubes_at{};
      for (const std::uint8_t u : tables_.compatible[at(v)]) {
        const int cubes = counts_[u];
        if (cubes == 0) continue;
        const CornerEdge& e = tables_.edge[at(v)][u];
        adjacent[at(e.a)] |= 1u << e.b;
        adjacent[at(e.b)] |= 1u << e.a;
        cubes_at[at(e.a)] += cubes;
      }
      forests_[at(v)] = CornerForest(adjacent, cubes_at);
      made_[at(v)] = true;
    }
    return forests_[at(v)];
  }
  // The corners of G_v that no edge reaches (a table: std::popcount is a call without
  // -mpopcnt, and this is asked for every probe).
  int lone(int v) const {
    static constexpr auto unreached = [] {
      std::array<std::uint8_t, 1u << kCorners> out{};
      for (unsigned mask = 0; mask < out.size(); ++mask)
        out[mask] = static_cast<std::uint8_t>(kCorners - std::popcount(mask));
      return out;
    }();
    return unreached[reached_[at(v)]];
  }

  Counts counts_{};
  const Tables& tables_;
  Counts near_{};
  std::array<unsigned, kVarieties> reached_{};  // corners of G_v some edge reaches
  std::array<CornerForest, kVarieties> forests_;
  std::array<bool, kVarieties> made_{};
};

// The solids of the multiset last asked about on this thread. A walk asks prune() and then
// extend() about the same class (walk_classes), so its forests are made once for both.
Solids& solids_of(const Counts& counts) {
  thread_local Solids last;
  thread_local bool known = false;
  if (!known || last.counts() != counts) last.reset(counts);
  known = true;
  return last;
}
Solids& solids_of(const Partial& partial) {
  return solids_of(counts_of(partial));
}

class CubeGrowth final : public Growth {
 public:
  explicit CubeGrowth(CubeGrowthSpec spec) : spec_(std::move(spec)) {
    depth_ = total(spec_.high);
    if (spec_.size.max) depth_ = static_cast<int>(std::min<std::uint64_t>(*spec_.size.max, depth_));
    if (spec_.size.min) first_ = static_cast<int>(std::min<std::uint64_t>(*spec_.size.min, depth_));
    for (int v = 0; v < kVarieties; ++v) {
      forbidden_[at(v)] = spec_.wanted[at(v)] < 0;
      any_forbidden_ = any_forbidden_ || forbidden_[at(v)];
      if (spec_.wanted[at(v)] > 0) required_.push_back(v);
      if (spec_.low[at(v)] > 0) least_.push_back(v);
    }
  }

  Partial root() const override {
    Partial out(kVarieties + 2, 0);
    out[kLast] = -1;
    std::vector<std::uint32_t> automorphisms;  // every element fixes the empty multiset
    spec_.group->canonical(counts_of(out), &automorphisms);
    out[kNotLeast] = not_least(automorphisms);
    return out;
  }
  int depth() const override { return depth_; }
  int first_depth() const override { return first_; }

  void extend(const Partial& parent,
              const std::function<void(const Partial& child)>& child) const override {
    Solids& solids = solids_of(parent);
    const Counts& counts = solids.counts();
    if (total(counts) >= depth_) return;
    const int most = *std::max_element(counts.begin(), counts.end());
    int composable_now = 0;
    if (spec_.composable.max)
      for (int v = 0; v < kVarieties; ++v) composable_now += solids.composable(v) ? 1 : 0;
    std::array<int, kVarieties> step_buffer{};  // the varieties a cube of is added
    std::size_t step_count = 0;
    std::uint32_t touched = 0;  // the solids the steps' cubes can change
    for (int v = 0; v < kVarieties; ++v) {
      if (counts[at(v)] + 1 < most || counts[at(v)] >= spec_.high[at(v)]) continue;
      if (parent[kNotLeast] >> v & 1)
        continue;  // a variety in the same orbit, and smaller, makes an isomorphic child
      step_buffer[step_count++] = v;
      touched |= 1u << v;
      // An edge with 2 cubes already closes a cycle: more leave G_w's trees as they are.
      if (counts[at(v)] < 2) touched |= tables_.compatible_mask[at(v)];
    }
    const std::vector<int> critical = one_short(solids, touched);
    const auto admitted_end =
        std::remove_if(step_buffer.begin(), step_buffer.begin() + step_count,
                       [&](int v) { return !admissible(solids, critical, v, composable_now); });
    const std::span<int> steps(step_buffer.begin(), admitted_end);
    order(solids, steps);
    Partial next = parent;
    for (const int v : steps) {
      ++next[at(v)];
      next[kLast] = v;
      child(next);
      --next[at(v)];
    }
  }

  Partial accept(const Partial& child) const override {
    const Counts counts = counts_of(child);
    const int v = child[kLast];
    const int most = *std::max_element(counts.begin(), counts.end());
    if (counts[at(v)] != most) return {};
    // The cubes of varieties compatible with u, from the multiset the child was grown from:
    // extend() has just asked about it, so its solids are at hand, and count them.
    Counts grown_from = counts;
    --grown_from[at(v)];
    const Solids& before = solids_of(grown_from);
    const auto compatible_cubes_of = [&](int u) {
      return before.near(u) - grown_from[at(u)] +
             static_cast<int>(tables_.compatible_mask[at(u)] >> v & 1);
    };
    // Of the varieties with the most cubes, the greatest number of compatible cubes, and how
    // many varieties have it.
    int best = -1, tied = 0;
    for (int u = 0; u < kVarieties; ++u) {
      if (counts[at(u)] != most) continue;
      const int near = compatible_cubes_of(u);
      if (near > best) best = near, tied = 0;
      tied += near == best ? 1 : 0;
    }
    if (compatible_cubes_of(v) != best) return {};
    thread_local std::vector<std::uint32_t> to_form;
    const Counts form = spec_.group->canonical(counts, &to_form);
    int last = -1;
    if (tied == 1) {  // v alone is such a variety: the step is canonical
      last = spec_.group->apply(to_form.front(), v);
    } else {
      for (int p = kVarieties - 1; p >= 0 && last < 0; --p)
        if (form[at(p)] == most && compatible_cubes(form, p) == best) last = p;
      if (std::none_of(to_form.begin(), to_form.end(),
                       [&](std::uint32_t g) { return spec_.group->apply(g, v) == last; }))
        return {};
    }
    Partial out(kNotLeast + 1);  // one allocation: this is every class the walk keeps
    std::copy(form.begin(), form.end(), out.begin());
    out[kLast] = last;
    out[kNotLeast] = not_least(to_form);
    return out;
  }

  Prune prune(const Partial& node, int depth, const MeasureBounds& bounds) const override {
    Solids& solids = solids_of(node);
    const Counts& counts = solids.counts();
    const auto it = bounds.find("size");
    const Bounds size = it == bounds.end() ? spec_.size : it->second;
    const auto cubes = static_cast<std::uint64_t>(depth);
    if (size.max && cubes > *size.max) return Prune::subtree;
    // Cubes that may still come (as good as unlimited without a greatest size, and kept small
    // enough that 21 times it is a number).
    const std::uint64_t unlimited = std::numeric_limits<std::uint32_t>::max();
    const std::uint64_t room = size.max ? std::min(*size.max - cubes, unlimited) : unlimited;
    bool fails = size.min && cubes < *size.min;
    // A cube added is one more cube of one variety.
    std::uint64_t short_of_least = 0;
    for (const int v : least_)
      if (counts[at(v)] < spec_.low[at(v)])
        short_of_least += static_cast<std::uint64_t>(spec_.low[at(v)] - counts[at(v)]);
    if (short_of_least > room) return Prune::subtree;
    fails = fails || short_of_least > 0;
    // A cube added lowers what each of the 21 solids it is of or compatible with wants by one
    // at most.
    std::uint64_t wanting = 0;
    for (const int v : required_) {
      const auto still =
          static_cast<std::uint64_t>(size.max ? solids.wanting_exactly(v) : solids.wanting(v));
      if (still > room) return Prune::subtree;
      wanting += still;
    }
    if (wanting > 21 * room) return Prune::subtree;
    if (wanting > 0) {
      if (!reachable(solids)) return Prune::subtree;
      fails = true;
    }
    if (!fails && (spec_.composable.min || spec_.composable.max)) {
      std::uint64_t composable = 0;
      for (int v = 0; v < kVarieties; ++v) composable += solids.composable(v) ? 1 : 0;
      fails = (spec_.composable.min && composable < *spec_.composable.min) ||
              (spec_.composable.max && composable > *spec_.composable.max);
    }
    return fails ? Prune::node : Prune::none;
  }

  std::unique_ptr<Instance> complete(const Partial& leaf) const override {
    return std::make_unique<BlocksInstance>(counts_of(leaf), spec_.colors, spec_.convention);
  }

  bool distinct_keys() const override {
    return spec_.group->order() == VarietyGroup::of(spec_.convention).order();
  }

 private:
  // The solids a cube more can make composable that the spec wants not composable, or
  // counts: those one cube short (a cube lowers what a solid wants by one at most).
  // Only the solids in `touched` (bits) are asked.
  std::vector<int> one_short(Solids& solids, std::uint32_t touched) const {
    std::vector<int> out;
    if (!any_forbidden_ && !spec_.composable.max) return out;
    for (; touched != 0; touched &= touched - 1) {
      const int w = std::countr_zero(touched);
      if ((forbidden_[at(w)] || spec_.composable.max) && solids.one_short(w)) out.push_back(w);
    }
    return out;
  }

  // Whether a cube of v added to an admissible instance (with `composable_before` composable
  // solids, and the solids `critical` one cube short) leaves it admissible: no solid that must
  // not be composable is, nor more solids than the spec allows. Only solids of v and of
  // varieties compatible with it change, and of those only solids one cube short can become
  // composable.
  bool admissible(Solids& solids, const std::vector<int>& critical, int v,
                  int composable_before) const {
    int composable = composable_before;
    const Counts& counts = solids.counts();
    for (const int w : critical) {
      if (w != v && (counts[at(v)] >= 2 || tables_.edge[at(w)][at(v)].variety < 0))
        continue;  // not changed: v is not compatible with w, or already doubles its edge
      if (!solids.composable_with(w, v, 1)) continue;
      ++composable;
      if (forbidden_[at(w)] ||
          (spec_.composable.max && static_cast<std::uint64_t>(composable) > *spec_.composable.max))
        return false;
    }
    return true;
  }

  // Whether every required solid is composable in some admissible instance grown from these
  // cubes. An admissible instance with k cubes of u added has one with just those added
  // below it, which is admissible too, so each variety grows only as far as it can alone;
  // every admissible instance grown from these cubes lies below them with each variety grown
  // to its limit, and composability only grows with the cubes. A solid counts the cubes of its
  // own variety and whether there are 0, 1 or 2 of each compatible one, so only a solid at
  // most 2 cubes short limits a variety other than its own, and growing a variety beyond 2
  // matters only for a required solid of it. Bounds on the solids composable are left out:
  // they could only lower the limits, and these are limits still.
  bool reachable(Solids& solids) const {
    const Counts& counts = solids.counts();
    // A step adds a cube of a variety with the most cubes, or one fewer (accept()), and the
    // most only grows, so a variety two or more behind the most never gains a cube again.
    const int most = *std::max_element(counts.begin(), counts.end());
    Counts limit{};             // cubes each variety can gain
    std::uint32_t growing = 0;  // the varieties whose limit is not 0, as bits
    for (int u = 0; u < kVarieties; ++u) {
      if (counts[at(u)] + 1 < most) continue;
      limit[at(u)] = std::max(
          0, std::min(spec_.high[at(u)], spec_.wanted[at(u)] > 0 ? kCorners : 2) - counts[at(u)]);
      if (limit[at(u)] > 0) growing |= 1u << u;
    }
    const auto lower = [&](int u, int to) {
      limit[at(u)] = to;
      if (to == 0) growing &= ~(1u << u);
    };
    for (int w = 0; w < kVarieties; ++w) {
      // Only a forbidden solid whose cubes can still come lowers a limit.
      if (!forbidden_[at(w)] || (growing & (tables_.compatible_mask[at(w)] | 1u << w)) == 0)
        continue;
      const int short_by = solids.wanting(w);  // at least
      if (short_by > 2) continue;
      for (int k = 1; k <= limit[at(w)]; ++k)
        if (solids.composable_with(w, w, k)) lower(w, k - 1);
      for (const std::uint8_t u : tables().compatible[at(w)]) {
        if (limit[u] == 0) continue;  // nothing to lower
        if (short_by == 1 && solids.composable_with(w, u, 1))
          lower(u, 0);
        else if (limit[u] > 1 && solids.composable_with(w, u, 2))
          lower(u, 1);
      }
    }
    Counts upper = counts;
    for (int u = 0; u < kVarieties; ++u) upper[at(u)] += limit[at(u)];
    // Eight cubes of v fill every corner of its solid.
    return std::all_of(required_.begin(), required_.end(), [&](int v) {
      return upper[at(v)] >= kCorners || composable_by_trees(upper, v);
    });
  }

  // The order the children of an instance are made in: by variety, unless solids are
  // required, then first the cubes that bring the required solids nearest (the most cubes
  // wanting fewer), so that a walk minimising the size meets a small instance early and
  // bounds the rest by it.
  void order(Solids& solids, std::span<int> steps) const {
    if (required_.empty() || steps.size() < 2) return;
    std::array<int, kVarieties> gain{};
    for (const int w : required_) {
      const int wanting = solids.wanting_exactly(w);
      if (wanting == 0) continue;
      for (const int v : steps) gain[at(v)] += wanting - solids.wanting_with(w, v);
    }
    // Equal gains: a variety with fewer cubes first (a new edge reaches new corners).
    const Counts& counts = solids.counts();
    std::stable_sort(steps.begin(), steps.end(), [&](int a, int b) {
      return gain[at(a)] != gain[at(b)] ? gain[at(a)] > gain[at(b)] : counts[at(a)] < counts[at(b)];
    });
  }

  // The varieties an automorphism of a form takes to a smaller variety, as bits, from the
  // elements `to_form` that take some multiset to that form: the automorphisms are
  // g o h^-1 for g and h among them (one h will do).
  int not_least(const std::vector<std::uint32_t>& to_form) const {
    std::uint32_t out = 0;
    if (to_form.size() < 2) return 0;
    const std::uint32_t h = to_form.front();
    for (const std::uint32_t g : to_form)
      for (int v = 0; v < kVarieties; ++v)
        if (spec_.group->apply(g, spec_.group->preimage(h, v)) < v) out |= 1u << v;
    return static_cast<int>(out);
  }

  const Tables& tables_ = tables();
  CubeGrowthSpec spec_;
  int depth_ = 0;
  int first_ = 0;
  std::array<bool, kVarieties> forbidden_{};
  bool any_forbidden_ = false;
  std::vector<int> required_, least_;
};

}  // namespace

std::unique_ptr<Growth> cube_growth(CubeGrowthSpec spec) {
  return std::make_unique<CubeGrowth>(std::move(spec));
}

}  // namespace puzzlegen::eight_blocks
