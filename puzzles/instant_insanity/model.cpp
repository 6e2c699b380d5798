#include "model.hpp"

#include <gecode/minimodel.hh>

#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>

#include "factor_pairs.hpp"
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

// The table of a cube's 24 rotations and the four sides each shows. A census counts thousands of
// towers made of a few hundred different cubes, and finalizing a table costs more than counting
// with it: each thread keeps the tables it built (Gecode's shared handles are not shared across
// threads), up to a bound.
const TupleSet& rotation_table(const Cube& cube) {
  thread_local std::map<std::array<int, kFaces>, TupleSet> tables;
  if (tables.size() >= 4096) tables.clear();
  const auto [it, fresh] = tables.try_emplace(cube.faces, 1 + kSides);
  if (fresh) {
    for (int r = 0; r < 24; ++r) {
      const Sides s = sides_of(cube, r);
      it->second.add(IntArgs{r, s[0], s[1], s[2], s[3]});
    }
    it->second.finalize();
  }
  return it->second;
}
}  // namespace

TowerSpace::TowerSpace(const TowerInstance& instance, Kind kind)
    : rotation(*this, instance.size(), 0, 23),
      sides(*this, kSides * instance.size(), 0, instance.size() - 1) {
  const int n = instance.size();
  for (int i = 0; i < n; ++i) {
    IntVarArgs scope;
    scope << rotation[i];
    for (int s = 0; s < kSides; ++s) scope << sides[kSides * i + s];
    extensional(*this, scope, rotation_table(instance.cubes()[i]));
  }
  post_kind(*this, sides, kind);
  branch(*this, sides, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
}

TowerSpace::TowerSpace(TowerSpace& other) : GradedSpace(other) {
  rotation.update(*this, other.rotation);
  sides.update(*this, other.sides);
}

std::vector<int> TowerSpace::side_values() const {
  std::vector<int> out;
  for (int k = 0; k < sides.size(); ++k) out.push_back(sides[k].val());
  return out;
}

Natural TowerSpace::orientation_count() const {
  Natural product = 1;
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
  const std::function<IntVarArgs(int)> cube = [&](int i) {
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
    if (n <= 8) post_cube_types(n, cube);
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
  branch(*this, faces_, INT_VAR_NONE(), search.value_order());
}

void TowerInstanceSpace::post_cube_types(int n, const std::function<IntVarArgs(int)>& cube) {
  // The representative of a class is the least, over colour relabellings, of its sorted cube
  // list: the lex-leader of the whole orbit, so it meets every constraint above. Its first cube
  // is the least cube of any relabelling, hence colour-canonical itself, and no cube's own
  // canonical form is smaller than it. Both facts go in as tables over the cube forms (sorted
  // pairs, sorted), each tagged with the rank of its canonical form.
  std::vector<std::array<int, kFaces>> forms;  // all sorted-pairs forms, in lex order
  std::vector<std::array<int, 2>> pairs;
  for (int a = 0; a < n; ++a)
    for (int b = a; b < n; ++b) pairs.push_back({a, b});
  for (std::size_t p = 0; p < pairs.size(); ++p)
    for (std::size_t q = p; q < pairs.size(); ++q)
      for (std::size_t r = q; r < pairs.size(); ++r)
        forms.push_back(
            {pairs[p][0], pairs[p][1], pairs[q][0], pairs[q][1], pairs[r][0], pairs[r][1]});
  std::vector<int> perm(static_cast<std::size_t>(n));
  TupleSet typed(kFaces + 1), first(kFaces + 1);
  for (std::size_t k = 0; k < forms.size(); ++k) {
    Cube cube_form;
    cube_form.faces = forms[k];
    std::array<int, kFaces> least = forms[k];
    std::iota(perm.begin(), perm.end(), 0);
    while (std::next_permutation(perm.begin(), perm.end()))
      least = std::min(least, relabelled_pairs_key(cube_form, perm));
    const int rank =
        static_cast<int>(std::lower_bound(forms.begin(), forms.end(), least) - forms.begin());
    IntArgs row(kFaces + 1);
    for (int f = 0; f < kFaces; ++f) row[f] = forms[k][f];
    row[kFaces] = rank;
    typed.add(row);
    if (least == forms[k]) first.add(row);
  }
  typed.finalize();
  first.finalize();
  const int count = static_cast<int>(forms.size());
  const IntVar first_rank(*this, 0, count - 1);
  extensional(*this, cube(0) << first_rank, first);
  for (int i = 1; i < n; ++i) {
    const IntVar rank(*this, 0, count - 1);
    extensional(*this, cube(i) << rank, typed);
    rel(*this, rank, IRT_GQ, first_rank);
  }
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

}  // namespace

void TowerSpace::break_tower_symmetry() {
  // Decomposed, as the grades were measured with (see post_lex_leader_per_element).
  post_lex_leader_per_element(*this, sides, side_group(tower_group(true), rotation.size()));
}

namespace {

// Free cube order, arrangements: a tower is a sequence of per-cube sides; the fixed-order
// solutions give the achievable multisets, and each multiset M stands for n!/prod(mult!)
// towers. Orbits under the tower group by Burnside: g fixes a tower iff it fixes every entry.
Count free_order_arrangements(TowerSpace& root, int n, const std::vector<TowerSymmetry>& group,
                              std::uint64_t cap, const Limits& limits) {
  std::set<std::vector<Sides>> multisets;
  Natural burnside_sum = 0;  // sum over multisets and group elements of fixed towers
  const std::uint64_t order = group.empty() ? 1 : group.size();
  Count result;
  const SearchStats stats = enumerate<TowerSpace>(root, limits, [&](TowerSpace& solution) {
    const auto values = solution.side_values();
    std::vector<Sides> m(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      for (int s = 0; s < kSides; ++s) m[i][s] = values[kSides * i + s];
    std::sort(m.begin(), m.end());
    if (!multisets.insert(m).second) return true;
    Natural towers = factorial(n);
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
  return result;
}

}  // namespace

Count count_towers(const TowerInstance& instance, Kind kind, const CountConvention& convention,
                   std::uint64_t cap, const Limits& limits) {
  const int n = instance.size();
  std::vector<TowerSymmetry> group;
  if (convention.modulo > 1) group = tower_group(convention.modulo == 8);
  const std::uint64_t order = group.empty() ? 1 : group.size();

  if (convention.count_as == CountAs::decompositions) {
    // Tower symmetries map a decomposition to itself (a quarter turn swaps H1 and H2, a half
    // turn keeps both) and stacking order does not change the graph: modulo and cube-order
    // leave this count unchanged.
    if (kind != Kind::all_different) return decompositions_of_towers(instance, kind, cap, limits);
    return count_through_two_factors(instance, false, cap, limits);
  }
  if (convention.count_as == CountAs::orientations) {
    // The tower group acts freely on orientation tuples (g r = r forces g = 1), so orbits are
    // counted by exact division. With free order every stacking of the n distinct cubes
    // counts. All-different towers go through the graph formulation (far faster for large
    // n); other kinds branch on the sides, weighting each arrangement by its orientations.
    const Natural stackings = convention.free_order ? factorial(n) : Natural(1);
    // Raw solutions needed to reach the cap; a cap too large to state is no cap.
    const std::uint64_t raw_cap =
        cap == 0 ? 0 : to_uint64((Natural(cap) * order + stackings - 1) / stackings).value_or(0);
    Count c;
    if (kind == Kind::all_different) {
      c = count_through_two_factors(instance, true, raw_cap, limits);
    } else {
      TowerSpace root(instance, kind);
      const std::function<Natural(const TowerSpace&)> weight = [](const TowerSpace& s) {
        return s.orientation_count();
      };
      c = count_solutions<TowerSpace>(root, raw_cap, limits, weight);
    }
    if (c.exact && c.value % order != 0)
      throw std::logic_error("tower group does not act freely on orientations");
    c.value = c.value * stackings / order;
    return c;
  }

  // Arrangements.
  if (kind == Kind::all_different) {
    // No pair of disjoint transversal 2-factors means no tower at all; the graph search
    // proves that far faster than branching on sides (random n = 6 instances: most have none).
    const Count any = count_through_two_factors(instance, false, 1, limits);
    if (any.exact && any.value == 0) return any;
  }
  TowerSpace root(instance, kind);
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

std::vector<std::vector<int>> distinct_towers(const TowerInstance& instance, Kind kind,
                                              std::size_t most, const Limits& limits) {
  const SymmetryGroup sides_group = side_group(tower_group(true), instance.size());
  std::vector<std::vector<int>> out;
  TowerSpace root(instance, kind);
  const SearchStats stats = enumerate<TowerSpace>(root, limits, [&](TowerSpace& solution) {
    if (sides_group.is_canonical(solution.side_values())) out.push_back(solution.first_rotations());
    return out.size() < most;
  });
  // Cut short by a limit, the towers found are not all there are: claim only the first.
  if (!stats.exhausted() && out.size() < most && out.size() > 1) out.resize(1);
  return out;
}

Count count_through_two_factors(const TowerInstance& instance, bool orientations, std::uint64_t cap,
                                const Limits& limits) {
  return count_factor_pairs(instance, orientations, cap, limits);
}

namespace {
// Directs every edge of a transversal 2-factor so each colour is the front end of exactly one
// edge: returns per cube the face slot (2p or 2p + 1) of its chosen pair that faces "front".
std::vector<int> orient_two_factor(const TowerInstance& instance, const std::vector<int>& edge) {
  const int n = instance.size();
  std::vector<std::vector<int>> incident(static_cast<std::size_t>(n));  // cubes at each colour
  for (int i = 0; i < n; ++i) {
    const auto& f = instance.cubes()[i].faces;
    incident[f[2 * edge[i]]].push_back(i);
    if (f[2 * edge[i] + 1] != f[2 * edge[i]]) incident[f[2 * edge[i] + 1]].push_back(i);
  }
  std::vector<int> front_face(static_cast<std::size_t>(n), -1);
  for (int start = 0; start < n; ++start) {
    int v = start;
    while (true) {  // walk the cycle through v, leaving each vertex by an unused edge
      int next_cube = -1;
      for (const int i : incident[v])
        if (front_face[i] < 0) {
          next_cube = i;
          break;
        }
      if (next_cube < 0) break;
      const auto& f = instance.cubes()[next_cube].faces;
      const int p = edge[next_cube];
      const int face = f[2 * p] == v ? 2 * p : 2 * p + 1;
      front_face[next_cube] = face;
      v = f[face ^ 1];
    }
  }
  return front_face;
}
}  // namespace

std::vector<int> first_tower_through_two_factors(const TowerInstance& instance,
                                                 const Limits& limits) {
  const int n = instance.size();
  const auto pairs = first_factor_pair(instance, limits);
  if (!pairs) return {};
  std::vector<int> h1(static_cast<std::size_t>(n)), h2(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    h1[i] = (*pairs)[i][0];
    h2[i] = (*pairs)[i][1];
  }
  const std::vector<int> front_face = orient_two_factor(instance, h1);
  const std::vector<int> left_face = orient_two_factor(instance, h2);
  std::vector<int> tower(static_cast<std::size_t>(n), -1);
  for (int i = 0; i < n; ++i)
    for (int r = 0; r < 24; ++r)
      if (rotations()[r].shows[front] == front_face[i] &&
          rotations()[r].shows[left] == left_face[i])
        tower[i] = r;
  return tower;
}

Count decompositions_of_towers(const TowerInstance& instance, Kind kind, std::uint64_t cap,
                               const Limits& limits) {
  const int n = instance.size();
  std::set<std::vector<int>> seen;  // per cube (H1 pair, H2 pair), with H1 < H2 on cube 1
  TowerSpace root(instance, kind);
  const SearchStats stats = enumerate<TowerSpace>(root, limits, [&](TowerSpace& tower) {
    // Every rotation left in a cube's domain shows the same sides; each may use other pairs
    // (when pairs repeat colours), so collect every combination.
    std::vector<std::set<std::pair<int, int>>> options(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      for (IntVarValues r(tower.rotation[i]); r(); ++r)
        options[i].insert(
            {rotations()[r.val()].shows[front] / 2, rotations()[r.val()].shows[left] / 2});
    std::vector<std::pair<int, int>> choice(static_cast<std::size_t>(n));
    std::function<bool(int)> visit = [&](int i) {
      if (i == n) {
        std::vector<int> key;
        const bool swap = choice[0].first > choice[0].second;
        for (const auto& [h1, h2] : choice) {
          key.push_back(swap ? h2 : h1);
          key.push_back(swap ? h1 : h2);
        }
        seen.insert(key);
        return cap == 0 || seen.size() < cap;
      }
      for (const auto& option : options[i]) {
        choice[i] = option;
        if (!visit(i + 1)) return false;
      }
      return true;
    };
    return visit(0);
  });
  Count result;
  result.value = seen.size();
  result.exact = stats.exhausted() && (cap == 0 || result.value < cap);
  result.stopped = stats.stopped;
  return result;
}

}  // namespace puzzlegen::instant_insanity
