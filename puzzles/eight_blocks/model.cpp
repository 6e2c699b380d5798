#include "model.hpp"

#include <gecode/minimodel.hh>

#include <algorithm>
#include <bit>
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

bool composable_by_trees(const Counts& counts, int v) {
  std::array<int, kCorners> parent{};
  std::iota(parent.begin(), parent.end(), 0);
  std::function<int(int)> find = [&](int a) {
    return parent[static_cast<std::size_t>(a)] == a
               ? a
               : parent[static_cast<std::size_t>(a)] = find(parent[static_cast<std::size_t>(a)]);
  };
  std::array<int, kCorners> edges{};
  for (int u = 0; u < kVarieties; ++u) {
    if (!compatible(u, v) || counts[static_cast<std::size_t>(u)] == 0) continue;
    const unsigned mask = shared_corners(u, v);  // exactly two corners (Proposition 2)
    const int a = std::countr_zero(mask);
    const int b = std::countr_zero(mask & (mask - 1));
    parent[static_cast<std::size_t>(find(a))] = find(b);
    edges[static_cast<std::size_t>(a)] += counts[static_cast<std::size_t>(u)];
  }
  std::array<int, kCorners> nodes{}, component_edges{};
  for (int k = 0; k < kCorners; ++k) {
    ++nodes[static_cast<std::size_t>(find(k))];
    component_edges[static_cast<std::size_t>(find(k))] += edges[static_cast<std::size_t>(k)];
  }
  int trees = 0;
  for (int k = 0; k < kCorners; ++k)
    if (find(k) == k &&
        component_edges[static_cast<std::size_t>(k)] == nodes[static_cast<std::size_t>(k)] - 1)
      ++trees;
  return counts[static_cast<std::size_t>(v)] >= trees;
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
        const Colouring shown = rotate(varieties()[static_cast<std::size_t>(u)].colouring,
                                       rotations()[static_cast<std::size_t>(r)]);
        const auto faces = corner_faces(corner);
        if (std::all_of(faces.begin(), faces.end(), [&](int f) {
              return shown[static_cast<std::size_t>(f)] == solid[static_cast<std::size_t>(f)];
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

BlocksSpace::BlocksSpace(int max_per_variety, const InstanceSearch& search)
    : x_(*this, kVarieties, 0, max_per_variety) {
  const IntVar size = expr(*this, sum(x_));
  for (const auto& [name, bounds] : search.measure_bounds) {
    if (name != "size") continue;
    if (bounds.min)
      rel(*this, size, IRT_GQ, static_cast<int>(std::min<std::uint64_t>(*bounds.min, 1000000)));
    if (bounds.max)
      rel(*this, size, IRT_LQ, static_cast<int>(std::min<std::uint64_t>(*bounds.max, 1000000)));
  }
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
  IntVarArgs capped(kVarieties);  // min(x, 2), for Corollary 2
  for (int v = 0; v < kVarieties; ++v) capped[v] = expr(*this, min(x_[v], 2));
  IntArgs full_sum = IntArgs::create(kVarieties, 0, 0);
  IntVarArgs neighbourhood;  // x_v + the compatible cubes, one per required variety
  int required = 0;
  for (int v = 0; v < kVarieties; ++v) {
    if (wanted[static_cast<std::size_t>(v)] == 0) continue;
    std::array<unsigned, kVarieties> shared{};
    for (int u = 0; u < kVarieties; ++u)
      shared[static_cast<std::size_t>(u)] = u == v             ? 0xffU
                                            : compatible(u, v) ? shared_corners(u, v)
                                                               : 0U;
    BoolVarArgs violated;
    for (unsigned t = 1; t < 256; ++t) {
      IntVarArgs terms;
      for (int u = 0; u < kVarieties; ++u)
        if (shared[static_cast<std::size_t>(u)] & t) terms << x_[u];
      const int need = std::popcount(t);
      if (wanted[static_cast<std::size_t>(v)] == 1) {
        linear(*this, terms, IRT_GQ, need);
      } else {
        BoolVar b(*this, 0, 1);
        linear(*this, terms, IRT_LQ, need - 1, b);
        violated << b;
      }
    }
    if (wanted[static_cast<std::size_t>(v)] == 1) {
      ++required;
      IntVarArgs terms;
      for (int u = 0; u < kVarieties; ++u)
        if (shared[static_cast<std::size_t>(u)]) terms << x_[u];
      neighbourhood << expr(*this, sum(terms));
      for (int u = 0; u < kVarieties; ++u)
        if (shared[static_cast<std::size_t>(u)]) ++full_sum[u];
      continue;
    }
    rel(*this, BOT_OR, violated, 1);
    // Corollary 2: x_v + sum of min(x, 2) over the varieties of one other row (or column)
    // compatible with v is at most 7.
    const auto& var = varieties()[static_cast<std::size_t>(v)];
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
  if (required > 0) {
    linear(*this, full_sum, x_, IRT_GQ, 8 * required);
    // The same bound on the size (a cube counts for at most max(full_sum) varieties), which
    // propagates where the sum over single counts cannot: with all 30 required, size >= 12.
    const int most = *std::max_element(full_sum.begin(), full_sum.end());
    rel(*this, size, IRT_GQ, (8 * required + most - 1) / most);
    // The neighbourhoods add up to sum(full_sum x): with every variety required, to 21 size.
    // Each is at least 8, so the size bounds how far any one can exceed 8.
    const int least = *std::min_element(full_sum.begin(), full_sum.end());
    if (least == most) rel(*this, sum(neighbourhood) == most * size);
  }

  if (search.symmetry_breaking) {
    // Renamings sigma that keep every variety's bounds: x <=lex (x_{sigma(v)})_v.
    for (const auto& sigma : colour_permutations()) {
      bool keeps = true;
      bool identity = true;
      for (int v = 0; v < kVarieties && keeps; ++v) {
        const int image = sigma[static_cast<std::size_t>(v)];
        identity = identity && image == v;
        keeps =
            bounds_of[static_cast<std::size_t>(v)] == bounds_of[static_cast<std::size_t>(image)];
      }
      if (!keeps || identity) continue;
      IntVarArgs permuted(kVarieties);
      for (int v = 0; v < kVarieties; ++v) permuted[v] = x_[sigma[static_cast<std::size_t>(v)]];
      rel(*this, x_, IRT_LQ, permuted);
    }
  }
  branch(*this, x_, INT_VAR_NONE(),
         search.randomized ? INT_VAL_RND(Rnd(search.seed)) : INT_VAL_MIN());
}

BlocksSpace::BlocksSpace(BlocksSpace& other) : InstanceSpace(other) {
  x_.update(*this, other.x_);
}

std::unique_ptr<Instance> BlocksSpace::instance() const {
  Counts counts{};
  for (int v = 0; v < kVarieties; ++v) counts[static_cast<std::size_t>(v)] = x_[v].val();
  return std::make_unique<BlocksInstance>(counts);
}

}  // namespace puzzlegen::eight_blocks
