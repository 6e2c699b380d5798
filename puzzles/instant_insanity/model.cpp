#include "model.hpp"

#include <gecode/minimodel.hh>

#include <map>
#include <numeric>
#include <set>
#include <stdexcept>

#include "symmetry.hpp"

namespace puzzlegen::instant_insanity {

using namespace Gecode;

namespace {
// The side constraints of a kind over sides[4i+s] (cube i, side s).
void post_kind(Space& home, const IntVarArgs& sides, Kind kind) {
  const int n = sides.size() / kSides;
  for (int s = 0; s < kSides; ++s) {
    IntVarArgs column;
    for (int i = 0; i < n; ++i) column << sides[kSides * i + s];
    if (kind == Kind::all_different) {
      distinct(home, column, IPL_DOM);
    } else {
      rel(home, column, IRT_EQ);
    }
  }
  if (kind == Kind::all_equal) {  // monochrome_sides stops at the equal columns
    IntVarArgs first_cube;        // the four side colours, all different
    for (int s = 0; s < kSides; ++s) first_cube << sides[s];
    distinct(home, first_cube, IPL_DOM);
  }
}
}  // namespace

TowerSpace::TowerSpace(const TowerInstance& instance, Kind kind)
    : rotation(*this, instance.size(), 0, 23),
      sides(*this, kSides * instance.size(), 0, instance.size() - 1) {
  const int n = instance.size();
  for (int i = 0; i < n; ++i) {
    TupleSet table(1 + kSides);
    for (int r = 0; r < 24; ++r) {
      const Sides s = sides_of(instance.cubes()[i], r);
      table.add(IntArgs{r, s[0], s[1], s[2], s[3]});
    }
    table.finalize();
    IntVarArgs scope;
    scope << rotation[i];
    for (int s = 0; s < kSides; ++s) scope << sides[kSides * i + s];
    extensional(*this, scope, table);
  }
  post_kind(*this, sides, kind);
  branch(*this, sides, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
}

TowerSpace::TowerSpace(TowerSpace& other) : Space(other) {
  rotation.update(*this, other.rotation);
  sides.update(*this, other.sides);
}

std::vector<int> TowerSpace::side_values() const {
  std::vector<int> out;
  for (int k = 0; k < sides.size(); ++k) out.push_back(sides[k].val());
  return out;
}

std::uint64_t TowerSpace::orientation_count() const {
  std::uint64_t product = 1;
  for (int i = 0; i < rotation.size(); ++i) product *= rotation[i].size();
  return product;
}

std::vector<int> TowerSpace::first_rotations() const {
  std::vector<int> out;
  for (int i = 0; i < rotation.size(); ++i) out.push_back(rotation[i].min());
  return out;
}

TowerInstanceSpace::TowerInstanceSpace(int n, std::vector<std::string> colors,
                                       bool every_cube_all_colors, bool distinct_cubes,
                                       const InstanceSearch& search,
                                       const std::vector<Kind>& required)
    : colors_(std::move(colors)), faces_(*this, kFaces * n, 0, n - 1) {
  auto cube = [&](int i) {
    IntVarArgs x;
    for (int f = 0; f < kFaces; ++f) x << faces_[kFaces * i + f];
    return x;
  };
  for (int i = 0; i < n; ++i) {
    const IntVarArgs x = cube(i);
    for (int p = 0; p < 3; ++p) rel(*this, x[2 * p], IRT_LQ, x[2 * p + 1]);
    for (int p = 0; p + 1 < 3; ++p)
      rel(*this, IntVarArgs{x[2 * p], x[2 * p + 1]}, IRT_LQ,
          IntVarArgs{x[2 * p + 2], x[2 * p + 3]});
    if (every_cube_all_colors)
      for (int c = 0; c < n; ++c) count(*this, x, c, IRT_GQ, 1);
    if (search.symmetry_breaking && i > 0)  // sorted cubes; strictly, if they must differ
      rel(*this, cube(i - 1), distinct_cubes ? IRT_LE : IRT_LQ, x);
    else if (distinct_cubes)
      for (int j = 0; j < i; ++j) rel(*this, cube(j), IRT_NQ, x);
  }
  if (search.symmetry_breaking) {
    IntArgs colour_order(n);
    for (int c = 0; c < n; ++c) colour_order[c] = c;
    precede(*this, faces_, colour_order);
  }
  for (const Kind kind : required) {  // the joint model: one tower per required kind
    IntVarArgs sides;
    const IntVarArray rotation(*this, n, 0, 23);
    for (int i = 0; i < n; ++i) {
      const IntVarArgs x = cube(i);
      for (int s = 0; s < kSides; ++s) {
        IntArgs face_at(24);
        for (int r = 0; r < 24; ++r) face_at[r] = rotations()[r].shows[kSideFaces[s]];
        const IntVar slot(*this, 0, kFaces - 1), colour(*this, 0, n - 1);
        element(*this, face_at, rotation[i], slot);
        element(*this, x, slot, colour);
        sides << colour;
      }
    }
    post_kind(*this, sides, kind);
  }
  if (search.randomized)
    branch(*this, faces_, INT_VAR_NONE(), INT_VAL_RND(Rnd(search.seed)));
  else
    branch(*this, faces_, INT_VAR_NONE(), INT_VAL_MIN());
}

TowerInstanceSpace::TowerInstanceSpace(TowerInstanceSpace& other)
    : InstanceSpace(other), colors_(other.colors_) {
  faces_.update(*this, other.faces_);
}

std::unique_ptr<Instance> TowerInstanceSpace::instance() const {
  std::vector<Cube> cubes(static_cast<std::size_t>(faces_.size() / kFaces));
  for (int k = 0; k < faces_.size(); ++k) cubes[k / kFaces].faces[k % kFaces] = faces_[k].val();
  return std::make_unique<TowerInstance>(colors_, std::move(cubes));
}

namespace {

std::uint64_t checked_multiply(std::uint64_t a, std::uint64_t b) {
  std::uint64_t out = 0;
  if (__builtin_mul_overflow(a, b, &out)) throw std::overflow_error("count exceeds 2^64");
  return out;
}

std::uint64_t factorial(int n) {
  std::uint64_t out = 1;
  for (int k = 2; k <= n; ++k) out = checked_multiply(out, static_cast<std::uint64_t>(k));
  return out;
}

SymmetryGroup side_group(const std::vector<TowerSymmetry>& tower, int n) {
  std::vector<Symmetry> elements;
  for (const auto& g : tower) {
    Symmetry s;
    s.position.resize(static_cast<std::size_t>(kSides * n));
    for (int i = 0; i < n; ++i)
      for (int side = 0; side < kSides; ++side)
        s.position[kSides * i + g.perm[side]] = kSides * i + side;
    elements.push_back(std::move(s));
  }
  return SymmetryGroup(std::move(elements));
}

// Free cube order, arrangements: a tower is a sequence of per-cube sides; the fixed-order
// solutions give the achievable multisets, and each multiset M stands for n!/prod(mult!)
// towers. Orbits under the tower group by Burnside: g fixes a tower iff it fixes every entry.
Count free_order_arrangements(TowerSpace& root, int n, const std::vector<TowerSymmetry>& group,
                              std::uint64_t cap, const Limits& limits) {
  std::set<std::vector<Sides>> multisets;
  std::uint64_t burnside_sum = 0;  // sum over multisets and group elements of fixed towers
  const std::uint64_t order = group.empty() ? 1 : group.size();
  Count result;
  const SearchStats stats = enumerate<TowerSpace>(root, limits, [&](TowerSpace& solution) {
    const auto values = solution.side_values();
    std::vector<Sides> m(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      for (int s = 0; s < kSides; ++s) m[i][s] = values[kSides * i + s];
    std::sort(m.begin(), m.end());
    if (!multisets.insert(m).second) return true;
    std::uint64_t towers = factorial(n);
    for (std::size_t i = 0, run = 1; i < m.size(); ++i, ++run) {
      if (i + 1 == m.size() || m[i + 1] != m[i]) {
        towers /= factorial(static_cast<int>(run));
        run = 0;
      }
    }
    if (group.empty()) {
      burnside_sum += towers;
    } else {
      for (const auto& g : group) {
        const bool fixes_all = std::all_of(m.begin(), m.end(), [&](const Sides& t) {
          for (int s = 0; s < kSides; ++s)
            if (t[s] != t[g.perm[s]]) return false;
          return true;
        });
        if (fixes_all) burnside_sum += towers;
      }
    }
    return cap == 0 || burnside_sum / order < cap;
  });
  result.value = burnside_sum / order;
  result.exact = stats.exhausted() && (cap == 0 || result.value < cap);
  result.stopped = stats.stopped;
  if (cap != 0 && result.value >= cap) result.exact = false;
  return result;
}

}  // namespace

Count count_towers(const TowerInstance& instance, Kind kind, const CountConvention& convention,
                   std::uint64_t cap, const Limits& limits) {
  const int n = instance.size();
  std::vector<TowerSymmetry> group;
  if (convention.modulo > 1) group = tower_group(convention.modulo == 8);
  const std::uint64_t order = group.empty() ? 1 : group.size();
  TowerSpace root(instance, kind);

  if (convention.orientations) {
    // The tower group acts freely on orientation tuples (g r = r forces g = 1), so orbits are
    // counted by exact division. With free order every stacking of the n distinct cubes counts.
    const std::uint64_t stackings = convention.free_order ? factorial(n) : 1;
    const std::uint64_t per_orbit = order;
    const std::uint64_t raw_cap =
        cap == 0 ? 0 : (checked_multiply(cap, per_orbit) + stackings - 1) / stackings;
    std::function<std::uint64_t(const TowerSpace&)> weight = [](const TowerSpace& s) {
      return s.orientation_count();
    };
    Count c = count_solutions<TowerSpace>(root, raw_cap, limits, weight);
    if (c.exact && c.value % per_orbit != 0)
      throw std::logic_error("tower group does not act freely on orientations");
    c.value = checked_multiply(c.value, stackings) / per_orbit;
    return c;
  }
  if (convention.free_order) return free_order_arrangements(root, n, group, cap, limits);
  if (group.empty()) return count_solutions<TowerSpace>(root, cap, limits);

  const SymmetryGroup sides_group = side_group(group, n);
  Count result;
  const SearchStats stats = enumerate<TowerSpace>(root, limits, [&](TowerSpace& solution) {
    if (sides_group.is_canonical(solution.side_values())) ++result.value;
    return cap == 0 || result.value < cap;
  });
  result.exact = stats.exhausted() && (cap == 0 || result.value < cap);
  result.stopped = stats.stopped;
  return result;
}

}  // namespace puzzlegen::instant_insanity
