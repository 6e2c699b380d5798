#include "model.hpp"

#include "symmetry.hpp"

#include <gecode/minimodel.hh>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <functional>
#include <numeric>

namespace puzzlegen::eight_blocks {

using namespace Gecode;

namespace {

const std::array<Triple, kCorners>& triples_of(int v) {
  return varieties()[static_cast<std::size_t>(v)].triples;
}

// Bit k set when variety u has v's k-th corner triple (sorted order).
unsigned shared_corners(int u, int v) {
  unsigned mask = 0;
  const auto& tv = triples_of(v);
  const auto& tu = triples_of(u);
  for (int k = 0; k < kCorners; ++k)
    if (std::find(tu.begin(), tu.end(), tv[static_cast<std::size_t>(k)]) != tu.end())
      mask |= 1U << k;
  return mask;
}

// The corner of v's reference cube (0..7, see corner_signs) with v's k-th sorted triple.
int corner_with_triple(int v, Triple t) {
  const auto& c = varieties()[static_cast<std::size_t>(v)].colouring;
  for (int corner = 0; corner < kCorners; ++corner)
    if (corner_triple(c, corner) == t) return corner;
  return -1;
}

}  // namespace

const std::vector<CornerEdge>& corner_edges(int v) {
  static const auto all = [] {
    std::vector<std::vector<CornerEdge>> out(kVarieties);
    for (int w = 0; w < kVarieties; ++w)
      for (int u = 0; u < kVarieties; ++u)
        if (compatible(u, w)) {
          const unsigned mask = shared_corners(u, w);  // two corners (Proposition 2)
          out[static_cast<std::size_t>(w)].push_back(
              {u, std::countr_zero(mask), std::countr_zero(mask & (mask - 1))});
        }
    return out;
  }();
  return all[static_cast<std::size_t>(v)];
}

const CornerEdge* corner_edge(int v, int u) {
  static const auto index = [] {
    std::array<std::array<int, kVarieties>, kVarieties> out{};
    for (auto& row : out) row.fill(-1);
    for (int w = 0; w < kVarieties; ++w) {
      const auto& edges = corner_edges(w);
      for (std::size_t k = 0; k < edges.size(); ++k)
        out[static_cast<std::size_t>(w)][static_cast<std::size_t>(edges[k].variety)] =
            static_cast<int>(k);
    }
    return out;
  }();
  const int k = index[static_cast<std::size_t>(v)][static_cast<std::size_t>(u)];
  return k < 0 ? nullptr : &corner_edges(v)[static_cast<std::size_t>(k)];
}

namespace {

std::array<unsigned, kCorners> adjacent_corners(const Counts& counts, int v,
                                                std::array<int, kCorners>& cubes_at) {
  std::array<unsigned, kCorners> adjacent{};
  for (const CornerEdge& e : corner_edges(v)) {
    const int cubes = counts[static_cast<std::size_t>(e.variety)];
    if (cubes == 0) continue;
    adjacent[static_cast<std::size_t>(e.a)] |= 1u << e.b;
    adjacent[static_cast<std::size_t>(e.b)] |= 1u << e.a;
    cubes_at[static_cast<std::size_t>(e.a)] += cubes;
  }
  return adjacent;
}

}  // namespace

CornerForest::CornerForest(const Counts& counts, int v) {
  std::array<int, kCorners> cubes_at{};  // cubes (edges) counted at one end
  const std::array<unsigned, kCorners> adjacent = adjacent_corners(counts, v, cubes_at);
  *this = CornerForest(adjacent, cubes_at);
}

CornerForest::CornerForest(const std::array<unsigned, kCorners>& adjacent,
                           const std::array<int, kCorners>& cubes_at) {
  int id = 0;
  for (unsigned unseen = (1u << kCorners) - 1; unseen != 0; ++id) {
    unsigned members = unseen & (~unseen + 1), frontier = members;
    while (frontier != 0) {
      const auto k = static_cast<std::size_t>(std::countr_zero(frontier));
      frontier &= frontier - 1;
      const unsigned reached = adjacent[k] & ~members;
      members |= reached;
      frontier |= reached;
    }
    unseen &= ~members;
    int edges = 0, corners = 0;  // counted here: std::popcount is a call without -mpopcnt
    for (unsigned m = members; m != 0; m &= m - 1, ++corners) {
      const auto k = static_cast<std::size_t>(std::countr_zero(m));
      edges += cubes_at[k];
      component[k] = id;
    }
    tree[static_cast<std::size_t>(id)] = edges == corners - 1;
    trees += tree[static_cast<std::size_t>(id)] ? 1 : 0;
  }
}

bool composable_by_trees(const Counts& counts, int v) {
  return counts[static_cast<std::size_t>(v)] >= CornerForest(counts, v).trees;
}

int tree_components(const Counts& counts, int v) {
  return CornerForest(counts, v).trees;
}

bool composable_by_matching(const Counts& counts, int v) {
  // Cubes as units (at most 8 of a variety matter); corners matched by augmenting paths.
  std::vector<int> unit_variety;
  for (int u = 0; u < kVarieties; ++u)
    for (int k = 0; k < std::min(counts[static_cast<std::size_t>(u)], kCorners); ++k)
      unit_variety.push_back(u);
  const auto& tv = triples_of(v);
  auto has = [&](int unit, int corner) {
    const auto& tu = triples_of(unit_variety[static_cast<std::size_t>(unit)]);
    return std::find(tu.begin(), tu.end(), tv[static_cast<std::size_t>(corner)]) != tu.end();
  };
  std::vector<int> unit_of_corner(kCorners, -1), corner_of_unit(unit_variety.size(), -1);
  std::function<bool(int, std::vector<bool>&)> augment = [&](int corner, std::vector<bool>& seen) {
    for (int unit = 0; unit < static_cast<int>(unit_variety.size()); ++unit) {
      if (seen[static_cast<std::size_t>(unit)] || !has(unit, corner)) continue;
      seen[static_cast<std::size_t>(unit)] = true;
      if (corner_of_unit[static_cast<std::size_t>(unit)] < 0 ||
          augment(corner_of_unit[static_cast<std::size_t>(unit)], seen)) {
        corner_of_unit[static_cast<std::size_t>(unit)] = corner;
        unit_of_corner[static_cast<std::size_t>(corner)] = unit;
        return true;
      }
    }
    return false;
  };
  for (int corner = 0; corner < kCorners; ++corner) {
    std::vector<bool> seen(unit_variety.size(), false);
    if (!augment(corner, seen)) return false;
  }
  return true;
}

namespace {

// Visits assemblies (variety per sorted corner triple of v) until visit returns false.
void assemblies(const Counts& counts, int v, const Limits& limits,
                const std::function<bool(const std::array<int, kCorners>&)>& visit) {
  Counts left = counts;
  std::array<int, kCorners> chosen{};
  bool go_on = true;
  std::uint64_t steps = 0;
  std::function<void(int)> fill = [&](int k) {
    if (!go_on) return;
    if ((++steps & 0xffff) == 0 && limits.expired()) {
      go_on = false;
      return;
    }
    if (k == kCorners) {
      go_on = visit(chosen);
      return;
    }
    for (const int u : varieties_with_triple(triples_of(v)[static_cast<std::size_t>(k)])) {
      if (left[static_cast<std::size_t>(u)] == 0) continue;
      --left[static_cast<std::size_t>(u)];
      chosen[static_cast<std::size_t>(k)] = u;
      fill(k + 1);
      ++left[static_cast<std::size_t>(u)];
      if (!go_on) return;
    }
  };
  fill(0);
}

}  // namespace

Count count_assemblies(const Counts& counts, int v, std::uint64_t cap, const Limits& limits) {
  Count count;
  bool capped = false;
  assemblies(counts, v, limits, [&](const std::array<int, kCorners>&) {
    ++count.value;
    capped = cap != 0 && count.value >= cap;
    return !capped;
  });
  if (capped) count.exact = false;
  if (!capped && limits.expired()) {
    count.exact = false;
    count.stopped = interrupt_flag().load() ? StopReason::interrupted : StopReason::time_limit;
  }
  return count;
}

std::vector<PlacedCube> first_assembly(const Counts& counts, int v) {
  std::vector<PlacedCube> out;
  assemblies(counts, v, Limits{}, [&](const std::array<int, kCorners>& chosen) {
    const Colouring& solid = varieties()[static_cast<std::size_t>(v)].colouring;
    for (int k = 0; k < kCorners; ++k) {
      const int u = chosen[static_cast<std::size_t>(k)];
      const int corner = corner_with_triple(v, triples_of(v)[static_cast<std::size_t>(k)]);
      // The one rotation that shows the solid's three colours at this corner.
      for (int r = 0; r < static_cast<int>(rotations().size()); ++r) {
        const Colouring outside = shown({u, r, corner});
        const auto faces = corner_faces(corner);
        if (std::all_of(faces.begin(), faces.end(), [&](int f) {
              return outside[static_cast<std::size_t>(f)] == solid[static_cast<std::size_t>(f)];
            })) {
          out.push_back({u, r, corner});
          break;
        }
      }
    }
    return false;
  });
  return out;
}

namespace {

// "A solid of variety v is composable" (want = true) or "is not" (want = false), on the counts
// of v and of the 20 varieties compatible with it (the others never matter). Composability only
// grows with the counts, so the bounds give an exact test and exact bound pruning: with every
// count at its maximum the solid must be composable, and each lower bound rises to the least
// value that keeps it so; with every count at its minimum it must not be, and each upper bound
// falls to the greatest value that keeps it not. Proposition 4 decides each test.
class Composability : public Propagator {
 public:
  using Ids = std::array<int, 21>;  // v and the 20 varieties compatible with it
  Composability(Home home, ViewArray<Int::IntView>& x, const Ids& ids, int v, bool want)
      : Propagator(home), x_(x), ids_(ids), v_(v), want_(want) {
    for (int k = 0; k < x_.size(); ++k)
      view_of_[static_cast<std::size_t>(ids_[static_cast<std::size_t>(k)])] = k;
    x_.subscribe(home, *this, Int::PC_INT_BND);
  }
  Composability(Space& home, Composability& other)
      : Propagator(home, other),
        ids_(other.ids_),
        view_of_(other.view_of_),
        v_(other.v_),
        want_(other.want_),
        done_for_(other.done_for_) {
    x_.update(home, other.x_);
  }
  static ExecStatus post(Home home, ViewArray<Int::IntView>& x, const Ids& ids, int v, bool want) {
    (void)new (home) Composability(home, x, ids, v, want);
    return ES_OK;
  }
  Propagator* copy(Space& home) override { return new (home) Composability(home, *this); }
  std::size_t dispose(Space& home) override {
    x_.cancel(home, *this, Int::PC_INT_BND);
    (void)Propagator::dispose(home);
    return sizeof(*this);
  }
  PropCost cost(const Space&, const ModEventDelta&) const override {
    return PropCost::linear(PropCost::HI, x_.size());
  }
  void reschedule(Space& home) override { x_.reschedule(home, *this, Int::PC_INT_BND); }

  ExecStatus propagate(Space& home, const ModEventDelta&) override {
    Counts low{}, high{};
    for (int k = 0; k < x_.size(); ++k) {
      // Beyond 8 cubes of v nothing changes (8 corners). Another variety is an edge of v's
      // corner graph, which only asks whether it is there and whether it is doubled (a
      // component is a tree when its edges, counted with their cubes, are one fewer than its
      // corners), so 2 of it act as any more: probing stops there.
      const auto u = static_cast<std::size_t>(ids_[static_cast<std::size_t>(k)]);
      const int most = static_cast<int>(u) == v_ ? kCorners : 2;
      low[u] = std::min(x_[k].min(), most);
      high[u] = std::min(x_[k].max(), most);
    }
    // What this propagator concludes depends on one side of the capped counts only (the
    // maxima when v must be composable, the minima when it must not), so when that side is as
    // it was at the last run, the prunings are already in place. Most events change the
    // other side, or a count beyond the cap.
    const Counts& side = want_ ? high : low;
    std::uint64_t key = static_cast<std::uint64_t>(side[static_cast<std::size_t>(v_)]);
    for (int k = 0; k < x_.size(); ++k)
      if (const auto u = static_cast<std::size_t>(ids_[static_cast<std::size_t>(k)]);
          static_cast<int>(u) != v_)
        key = key << 2 | static_cast<std::uint64_t>(side[u]);
    if (key == done_for_) return ES_FIX;
    done_for_ = key;
    // Composable, with every count at its maximum, by this many cubes of v to spare.
    int slack = 0;
    if (want_) {
      slack = high[static_cast<std::size_t>(v_)] - CornerForest(high, v_).trees;
      if (slack < 0) return ES_FAILED;
      if (composable_by_trees(low, v_)) return home.ES_SUBSUMED(*this);
    } else {
      // Not composable: the forest at the least counts, and each count's greatest value
      // that keeps it so, read off the forest (more cubes only join or close components).
      const CornerForest least(low, v_);
      if (low[static_cast<std::size_t>(v_)] >= least.trees) return ES_FAILED;
      if (!composable_by_trees(high, v_)) return home.ES_SUBSUMED(*this);
      for (const CornerEdge& e : corner_edges(v_)) {
        const auto u = static_cast<std::size_t>(e.variety);
        int value = low[u];
        while (value < high[u] &&
               low[static_cast<std::size_t>(v_)] < least.trees_with(e, value + 1))
          ++value;
        if (value < high[u]) GECODE_ME_CHECK(x_[view_of_[u]].lq(home, value));
      }
      // v itself: fewer cubes than the least counts' trees.
      GECODE_ME_CHECK(x_[view_of_[static_cast<std::size_t>(v_)]].lq(home, least.trees - 1));
      return ES_FIX;
    }
    for (int k = 0; k < x_.size(); ++k) {
      const auto u = static_cast<std::size_t>(ids_[static_cast<std::size_t>(k)]);
      if (low[u] == high[u]) continue;
      // One cube fewer of another variety makes at most one more tree (it splits a component
      // in two, or leaves one edge short of a cycle, never both), so lowering it by no more
      // than the slack keeps v composable: nothing to probe.
      if (want_ && static_cast<int>(u) != v_ && high[u] - low[u] <= slack) continue;
      Counts probe = want_ ? high : low;
      if (want_) {  // the least count of u that keeps v composable
        int value = low[u];
        for (probe[u] = value; !composable_by_trees(probe, v_); probe[u] = ++value) {
        }
        GECODE_ME_CHECK(x_[k].gq(home, value));
      } else {  // the greatest count of u that keeps v not composable
        int value = high[u];
        for (probe[u] = value; composable_by_trees(probe, v_); probe[u] = --value) {
        }
        if (value < high[u]) GECODE_ME_CHECK(x_[k].lq(home, value));
      }
    }
    return ES_FIX;
  }

 private:
  ViewArray<Int::IntView> x_;
  Ids ids_;  // the variety of each view (a plain array: Gecode frees propagators without
             // running destructors)
  std::array<int, kVarieties> view_of_{};  // the view of each variety (ids_ inverted)
  int v_;
  bool want_;
  std::uint64_t done_for_ = ~std::uint64_t{0};  // the side of the counts last propagated
};

void composability(Space& home, const IntVarArray& x, int v, bool want) {
  IntVarArgs relevant;
  Composability::Ids ids{};
  std::size_t k = 0;
  for (int u = 0; u < kVarieties; ++u)
    if (u == v || compatible(u, v)) {
      relevant << x[u];
      ids.at(k++) = u;
    }
  ViewArray<Int::IntView> views(home, relevant);
  GECODE_ES_FAIL(Composability::post(home, views, ids, v, want));
}

}  // namespace

BlocksSpace::BlocksSpace(int max_per_variety, const Counts& low, const Counts& high,
                         const InstanceSearch& search, std::vector<std::string> colors,
                         Convention convention)
    : x_(*this, kVarieties, 0, max_per_variety),
      colors_(std::make_shared<const std::vector<std::string>>(std::move(colors))),
      convention_(convention) {
  for (int v = 0; v < kVarieties; ++v) {
    rel(*this, x_[v], IRT_GQ, low[static_cast<std::size_t>(v)]);
    rel(*this, x_[v], IRT_LQ, high[static_cast<std::size_t>(v)]);
  }
  size_ = expr(*this, sum(x_));
  const IntVar size = size_;
  for (const auto& [name, bounds] : search.measure_bounds) constrain_measure(name, bounds);
  // The kind bounds per variety: composable (min >= 1) or not (max == 0).
  std::array<int, kVarieties> wanted{};  // 1 composable, -1 not, 0 free
  std::array<Bounds, kVarieties> bounds_of{};
  for (int v = 0; v < kVarieties; ++v) {
    const auto it = search.kind_bounds.find(variety_name(v));
    if (it == search.kind_bounds.end()) continue;
    bounds_of[static_cast<std::size_t>(v)] = it->second;
    if (it->second.max && *it->second.max == 0) wanted[static_cast<std::size_t>(v)] = -1;
    if (it->second.min && *it->second.min >= 1) wanted[static_cast<std::size_t>(v)] = 1;
  }
  IntVarArgs capped(kVarieties);  // min(x, 2), for Corollary 2 and the branching
  for (int v = 0; v < kVarieties; ++v) capped[v] = expr(*this, min(x_[v], 2));
  int required = 0;
  for (int v = 0; v < kVarieties; ++v) {
    if (wanted[static_cast<std::size_t>(v)] == 0) continue;
    composability(*this, x_, v, wanted[static_cast<std::size_t>(v)] == 1);
    const auto& var = varieties()[static_cast<std::size_t>(v)];
    if (wanted[static_cast<std::size_t>(v)] == 1) {
      // Corollary 1 for all eight corners, written on the other side: the cubes incompatible
      // with v (its mirror, the rest of its row and column) leave at least 8 for v.
      ++required;
      IntVarArgs incompatible;
      for (int u = 0; u < kVarieties; ++u)
        if (u != v && !compatible(u, v)) incompatible << x_[u];
      rel(*this, sum(incompatible) + 8 <= size);
      continue;
    }
    // Corollary 2: x_v + sum of min(x, 2) over the varieties of one other row (or column)
    // compatible with v is at most 7.
    for (int line = 1; line <= 6; ++line) {
      for (const bool by_row : {true, false}) {
        if (line == (by_row ? var.row : var.column)) continue;
        IntVarArgs terms;
        terms << x_[v];
        for (int other = 1; other <= 6; ++other) {
          const int u = by_row ? variety_index(line, other) : variety_index(other, line);
          if (u >= 0 && compatible(u, v)) terms << capped[u];
        }
        linear(*this, terms, IRT_LQ, 7);
      }
    }
  }
  // Lemma 2's counting bound: each cube counts for 21 of the required varieties at most.
  if (required > 0) rel(*this, size, IRT_GQ, (8 * required + 20) / 21);

  if (search.symmetry_breaking) {
    // Symmetries sigma (renamings, and with the mirror convention also those after a mirror
    // image) that keep every variety's bounds (on its solids and on its cubes):
    // x <=lex (x_{sigma(v)})_v, for all of them in one propagator.
    std::vector<Symmetry> renamings;
    for (const auto& sigma : VarietyGroup::of(convention).elements()) {
      bool keeps = true;
      bool identity = true;
      for (int v = 0; v < kVarieties && keeps; ++v) {
        const int image = sigma[static_cast<std::size_t>(v)];
        identity = identity && image == v;
        const auto a = static_cast<std::size_t>(v);
        const auto b = static_cast<std::size_t>(image);
        keeps = bounds_of[a] == bounds_of[b] && low[a] == low[b] && high[a] == high[b];
      }
      if (!keeps || identity) continue;
      Symmetry renaming;  // moves x_{sigma(v)} to position v
      renaming.position.resize(kVarieties);
      for (int v = 0; v < kVarieties; ++v)
        renaming.position[static_cast<std::size_t>(sigma[static_cast<std::size_t>(v)])] = v;
      renamings.push_back(std::move(renaming));
    }
    post_lex_leader(*this, x_, SymmetryGroup(std::move(renamings)));
  }
  // The capped counts min(x, 2) first: the corner graphs, so composability, depend on them
  // alone, and once they are fixed the composability propagators have nothing left to do
  // while the larger counts are branched on (a 4.8x shorter proof for EXISTENCE row 1, 2.2x
  // for MAXINFEASIBLE). Row-major, least value first: the order the lex-leader constraint
  // favours.
  branch(*this, capped, INT_VAR_NONE(), search.value_order());
  branch(*this, x_, INT_VAR_NONE(), search.value_order());
}

BlocksSpace::BlocksSpace(BlocksSpace& other)
    : InstanceSpace(other), colors_(other.colors_), convention_(other.convention_) {
  x_.update(*this, other.x_);
  size_.update(*this, other.size_);
}

void BlocksSpace::constrain_measure(const std::string& name, const Bounds& bounds) {
  if (name == "size") post_bounds(*this, size_, bounds);
}

std::unique_ptr<Instance> BlocksSpace::instance() const {
  Counts counts{};
  for (int v = 0; v < kVarieties; ++v) counts[static_cast<std::size_t>(v)] = x_[v].val();
  return std::make_unique<BlocksInstance>(counts, *colors_, convention_);
}

}  // namespace puzzlegen::eight_blocks
