// Exhaustive searches for Haraguchi's generalisation of "Eight Blocks to Madness"
// (K. Haraguchi, "On a generalization of Eight Blocks to Madness", Discrete Math. 339 (2016)).
//
// A cube is painted with six distinct colours; up to rotation there are 30 varieties.  An
// instance is a multiset of cubes, i.e. a count vector over the 30 varieties.  A solid of
// variety w (the 2x2x2 cube whose outer colouring is w) is composable from an instance when its
// eight corners can be filled by distinct cubes of the instance, each cube having the corner's
// colour triple (with its handedness) among its own eight corner triples.  Everything below is
// rebuilt from cube geometry: rotations, the 30 varieties, the 40 corner triples, the
// compatibility relation (two varieties share 0 or 2 triples) and the colour renamings.
//
// Composability test (the paper's Proposition 4).  For solid w let G_w be the multigraph on the
// eight corner triples of w with one edge per cube of a variety compatible with w, joining the
// two triples that variety shares with w.  The solid is composable iff the number of w-cubes is
// at least the number of tree components of G_w.  Only min(count, 2) of a compatible variety
// matters (the second parallel edge makes a cycle).  The search keeps, for every solid, a
// union-find over its eight corners together with the number of tree components, so adding a
// cube costs at most twenty O(8) updates and no allocation; a third or later cube of a variety
// changes no graph at all.
//
// Symmetry.  The 720 renamings of the colours act on the varieties; each one is precomputed as a
// permutation of 0..29 (in the search's own order of varieties).  Multisets are generated in
// orderly fashion: cubes are added in non-decreasing variety order and a multiset is kept only if
// its count vector is lexicographically maximal among its images.  Removing one cube of the
// largest variety present preserves that property, so every class is reached exactly once, from
// its canonical representative.  The test first demands that no variety in the orbit of the
// first one has a larger count than it, then compares images only for the renamings that send a
// variety with that maximal count to the first place; comparisons stop at the first difference,
// and stop with equality after the last variety present (the totals then agree).
//
// Modes:
//   maxinfeasible      enumerate all infeasible multisets up to renaming.  Infeasibility is
//                      inherited by sub-multisets, so a composable multiset is a leaf.
//   count-infeasible   the same enumeration, printing classes and multisets per size
//                      (multisets per class = 720 / stabiliser order).
//   minuniversal       iterative deepening on the size n.  Each added cube lowers
//                      need(w) = max(0, trees(G_w) - count(w)) by at most one for each of the
//                      21 solids it can serve (its own variety and the 20 compatible ones), so
//                      the remaining r cubes can close a total deficit D only if
//                      r * max_u |needy solids served by u| >= D (u ranging over the varieties
//                      still allowed).  At the empty multiset D = 240 > 21 * 11.
//   existence-row-1    is there a multiset from which exactly the five solids of one row of
//                      Conway's table are composable (a set of five pairwise incompatible,
//                      pairwise non-mirror varieties; the first such set in sorted order)?
//                      Symmetry is the subgroup of renamings mapping the row to itself.  The row
//                      varieties are placed first in the search order.  A forbidden solid that
//                      becomes composable stays composable when cubes are added, so such a node
//                      is cut; for every variety not yet passed the largest count keeping all
//                      forbidden solids non-composable is computed, and the node is cut when some
//                      wanted solid is not composable even from that completion.
//                      Counts: at most 8 for a row variety (its cubes fit only its own solid,
//                      the other four being incompatible with it, and a solid has 8 corners);
//                      at most 2 for any other variety, because such a variety is never a
//                      wanted solid's own variety, and a compatible variety shares exactly two
//                      corner triples with a solid, so a third cube is never placed in a wanted
//                      solid; lowering counts to these caps keeps every wanted solid composable
//                      and never makes a forbidden solid composable.  `existence-row-1 cap8`
//                      uses 8 for every variety instead.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int kN = 30;  // varieties
constexpr int kGroup = 720;

// ---------------------------------------------------------------- geometry

using Colouring = std::array<int, 6>;  // colour on faces +x, -x, +y, -y, +z, -z

std::vector<std::array<int, 6>> Rotations() {
  std::vector<std::array<int, 6>> out;
  std::array<int, 3> perm = {0, 1, 2};
  do {
    int inversions = (perm[0] > perm[1]) + (perm[0] > perm[2]) + (perm[1] > perm[2]);
    for (int signs = 0; signs < 8; ++signs) {
      int s[3];
      for (int i = 0; i < 3; ++i) s[i] = (signs >> i & 1) ? -1 : 1;
      if ((inversions % 2 ? -1 : 1) * s[0] * s[1] * s[2] != 1) continue;
      // Row i of the matrix holds s[i] in column perm[i]; face f is the unit vector along axis
      // f/2 with sign + for even f.
      std::array<int, 6> r{};
      for (int f = 0; f < 6; ++f) {
        int axis = f / 2, sign = f % 2 ? -1 : 1;
        for (int i = 0; i < 3; ++i)
          if (perm[i] == axis) r[f] = 2 * i + (s[i] * sign > 0 ? 0 : 1);
      }
      out.push_back(r);
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  return out;
}

const std::vector<std::array<int, 6>>& RotationTable() {
  static const std::vector<std::array<int, 6>> table = Rotations();
  return table;
}

Colouring Canonical(const Colouring& c) {
  Colouring best{};
  bool first = true;
  for (const auto& r : RotationTable()) {
    Colouring image{};
    for (int f = 0; f < 6; ++f) image[r[f]] = c[f];
    if (first || image < best) best = image;
    first = false;
  }
  return best;
}

// Corner triples: for the corner with outward signs (sx, sy, sz) the colours of its three faces
// read clockwise seen from outside, rotated to start with the smallest colour.  Encoded as
// 2 * (index of the colour set among the 20 three-sets) + (1 if the reading is descending).
int TripleIndex(int a, int b, int c) {
  while (a > b || a > c) {
    int t = a;
    a = b;
    b = c;
    c = t;
  }
  int lo = std::min(b, c), hi = std::max(b, c), idx = 0;
  for (int p = 0; p < 6; ++p)
    for (int q = p + 1; q < 6; ++q)
      for (int r = q + 1; r < 6; ++r) {
        if (p == a && q == lo && r == hi) return 2 * idx + (b < c ? 0 : 1);
        ++idx;
      }
  std::abort();
}

uint64_t Triples(const Colouring& c) {
  uint64_t mask = 0;
  for (int corner = 0; corner < 8; ++corner) {
    int sx = corner & 1 ? -1 : 1, sy = corner & 2 ? -1 : 1, sz = corner & 4 ? -1 : 1;
    int fx = sx > 0 ? 0 : 1, fy = sy > 0 ? 2 : 3, fz = sz > 0 ? 4 : 5;
    // (x, y, z) is counter-clockwise from outside exactly when sx * sy * sz > 0.
    int t = sx * sy * sz > 0 ? TripleIndex(c[fx], c[fz], c[fy]) : TripleIndex(c[fx], c[fy], c[fz]);
    mask |= uint64_t{1} << t;
  }
  return mask;
}

[[noreturn]] void Fail(const char* what) {
  std::fprintf(stderr, "internal check failed: %s\n", what);
  std::exit(1);
}

struct Tables {
  std::vector<Colouring> variety;  // canonical colourings, sorted
  uint64_t triples[kN];            // corner-triple masks
  bool compatible[kN][kN];         // share (exactly two) corner triples
  int mirror[kN];
  int compat_list[kN][20];                    // the 20 varieties compatible with u
  int8_t corner_a[kN][kN], corner_b[kN][kN];  // [w][u]: corners of solid w that u can fill
  uint32_t serves[kN];  // solids a cube of variety u can help: u and compatible
  std::vector<std::array<uint8_t, kN>> renaming;  // renaming[g][v]: image of variety v
  std::vector<std::vector<int>> lines;            // rows and columns of Conway's table

  int IndexOf(const Colouring& c) const {
    Colouring k = Canonical(c);
    auto it = std::lower_bound(variety.begin(), variety.end(), k);
    if (it == variety.end() || *it != k) Fail("variety lookup");
    return static_cast<int>(it - variety.begin());
  }

  Tables() {
    Colouring c = {0, 1, 2, 3, 4, 5};
    std::vector<Colouring> all;
    do all.push_back(Canonical(c));
    while (std::next_permutation(c.begin(), c.end()));
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    variety = all;
    if (variety.size() != kN || RotationTable().size() != 24) Fail("30 varieties");

    for (int v = 0; v < kN; ++v) {
      triples[v] = Triples(variety[v]);
      if (std::popcount(triples[v]) != 8) Fail("eight triples");
    }
    for (int u = 0; u < kN; ++u) {
      int n = 0;
      serves[u] = 1u << u;
      for (int w = 0; w < kN; ++w) {
        int shared = std::popcount(triples[u] & triples[w]);
        compatible[u][w] = u != w && shared > 0;
        if (u != w && shared != 0 && shared != 2) Fail("share 0 or 2 triples");
        corner_a[w][u] = corner_b[w][u] = -1;
        if (!compatible[u][w]) continue;
        if (n == 20) Fail("20 compatible");
        compat_list[u][n++] = w;
        serves[u] |= 1u << w;
      }
      if (n != 20) Fail("20 compatible");
    }
    // Corners of solid w are numbered by the order of its triples' bits.
    for (int w = 0; w < kN; ++w)
      for (int u = 0; u < kN; ++u) {
        if (!compatible[u][w]) continue;
        uint64_t shared = triples[u] & triples[w];
        int lo = std::countr_zero(shared), hi = 63 - std::countl_zero(shared);
        corner_a[w][u] = static_cast<int8_t>(std::popcount(triples[w] & ((uint64_t{1} << lo) - 1)));
        corner_b[w][u] = static_cast<int8_t>(std::popcount(triples[w] & ((uint64_t{1} << hi) - 1)));
      }
    for (int v = 0; v < kN; ++v) {
      Colouring m = variety[v];
      std::swap(m[0], m[1]);  // reflection in the plane x = 0
      mirror[v] = IndexOf(m);
      if (mirror[v] == v || compatible[v][mirror[v]]) Fail("mirror");
    }

    std::array<int, 6> g = {0, 1, 2, 3, 4, 5};
    do {
      std::array<uint8_t, kN> image{};
      uint32_t seen = 0;
      for (int v = 0; v < kN; ++v) {
        Colouring r;
        for (int f = 0; f < 6; ++f) r[f] = g[variety[v][f]];
        image[v] = static_cast<uint8_t>(IndexOf(r));
        seen |= 1u << image[v];
      }
      if (seen != (1u << kN) - 1) Fail("renaming is a permutation");
      renaming.push_back(image);
    } while (std::next_permutation(g.begin(), g.end()));
    for (int u = 0; u < kN; ++u)
      for (int w = 0; w < kN; ++w)
        if (compatible[renaming[1][u]][renaming[1][w]] != compatible[u][w]) Fail("invariance");

    // Sets of five varieties, pairwise incompatible and pairwise not mirrors: the rows and the
    // columns of Conway's table, sorted.
    auto h = [&](int a, int b) { return a != b && !compatible[a][b] && mirror[a] != b; };
    for (int a = 0; a < kN; ++a)
      for (int b = a + 1; b < kN; ++b)
        for (int c2 = b + 1; c2 < kN; ++c2)
          for (int d = c2 + 1; d < kN; ++d)
            for (int e = d + 1; e < kN; ++e) {
              int s[5] = {a, b, c2, d, e};
              bool ok = true;
              for (int i = 0; i < 5 && ok; ++i)
                for (int j = i + 1; j < 5 && ok; ++j) ok = h(s[i], s[j]);
              if (ok) lines.push_back({a, b, c2, d, e});
            }
    if (lines.size() != 12) Fail("twelve lines");
  }
};

const Tables& T() {
  static const Tables tables;
  return tables;
}

// ---------------------------------------------------------------- composability state

// Union-find over the eight corners of one solid: lab[i] is the representative of corner i,
// bit r of cyc says the component represented by r contains a cycle, trees counts acyclic
// components.
struct Solid {
  uint8_t lab[8];
  uint8_t cyc;
  uint8_t trees;
};
using Solids = std::array<Solid, kN>;

Solids EmptySolids() {
  Solids s;
  for (auto& x : s) {
    for (int i = 0; i < 8; ++i) x.lab[i] = static_cast<uint8_t>(i);
    x.cyc = 0;
    x.trees = 8;
  }
  return s;
}

inline void AddEdge(Solid& s, int a, int b) {
  int la = s.lab[a], lb = s.lab[b];
  bool ta = !(s.cyc >> la & 1);
  if (la == lb) {
    if (ta) s.cyc |= static_cast<uint8_t>(1 << la), --s.trees;
    return;
  }
  bool tb = !(s.cyc >> lb & 1);
  if (ta || tb) --s.trees;
  for (int i = 0; i < 8; ++i)
    if (s.lab[i] == lb) s.lab[i] = static_cast<uint8_t>(la);
  s.cyc &= static_cast<uint8_t>(~(1 << lb));
  if (!(ta && tb)) s.cyc |= static_cast<uint8_t>(1 << la);
}

inline void Thicken(Solid& s, int a) {
  int la = s.lab[a];
  if (!(s.cyc >> la & 1)) s.cyc |= static_cast<uint8_t>(1 << la), --s.trees;
}

// The graphs change only for the first and the second cube of a variety.
inline void AddCube(Solids& s, int u, int new_count) {
  const Tables& t = T();
  for (int i = 0; i < 20; ++i) {
    int w = t.compat_list[u][i];
    if (new_count == 1)
      AddEdge(s[w], t.corner_a[w][u], t.corner_b[w][u]);
    else
      Thicken(s[w], t.corner_a[w][u]);
  }
}

// Trees of G_w after raising variety u (compatible with w) from count `from` to count `to`.
inline int TreesAfter(const Solid& s, int w, int u, int from, int to) {
  const Tables& t = T();
  from = std::min(from, 2);
  to = std::min(to, 2);
  if (from == to) return s.trees;
  int la = s.lab[t.corner_a[w][u]], lb = s.lab[t.corner_b[w][u]];
  int ta = !(s.cyc >> la & 1), tb = !(s.cyc >> lb & 1);
  if (la == lb || from == 1) return s.trees - ta;  // at count 1 the two corners are joined
  return s.trees - (to == 1 ? (ta | tb) : ta + tb);
}

// Trees of G_w for an arbitrary count vector (by variety), from scratch.
int TreesFromScratch(int w, const int* count) {
  const Tables& t = T();
  Solid s = EmptySolids()[0];
  for (int i = 0; i < 20; ++i) {
    int u = t.compat_list[w][i];
    if (count[u] >= 1) AddEdge(s, t.corner_a[w][u], t.corner_b[w][u]);
    if (count[u] >= 2) Thicken(s, t.corner_a[w][u]);
  }
  return s.trees;
}

// ---------------------------------------------------------------- symmetry

// A group of renamings in search coordinates: position p holds variety order[p].
struct Symmetry {
  int order = 0;
  std::vector<std::array<uint8_t, 32>> inverse;  // inverse[g][t]: position sent to t by g
  std::vector<int> first_from[kN];               // g with inverse[g][0] == s
  uint32_t orbit_of_first = 0;

  Symmetry(const std::vector<int>& group, const std::vector<int>& order_of_positions) {
    const Tables& t = T();
    int position[kN];
    for (int p = 0; p < kN; ++p) position[order_of_positions[p]] = p;
    for (int g : group) {
      std::array<uint8_t, 32> inv{};
      for (int p = 0; p < kN; ++p)
        inv[position[t.renaming[g][order_of_positions[p]]]] = static_cast<uint8_t>(p);
      first_from[inv[0]].push_back(static_cast<int>(inverse.size()));
      orbit_of_first |= 1u << inv[0];
      inverse.push_back(inv);
    }
    order = static_cast<int>(group.size());
  }

  // Is the count vector x (by position; positions after `last` are zero) lexicographically
  // maximal among its images?  On success *stabiliser is the number of renamings fixing it.
  bool IsCanonical(const uint8_t* x, int last, int* stabiliser) const {
    int top = x[0];
    for (uint32_t m = orbit_of_first; m; m &= m - 1)
      if (x[std::countr_zero(m)] > top) return false;
    int fixed = 0;
    for (uint32_t m = orbit_of_first; m; m &= m - 1) {
      int s = std::countr_zero(m);
      if (x[s] != top) continue;
      for (int g : first_from[s]) {
        const uint8_t* inv = inverse[g].data();
        int tpos = 1;
        for (; tpos <= last; ++tpos) {
          int a = x[inv[tpos]];
          if (a != x[tpos]) {
            if (a > x[tpos]) return false;
            break;
          }
        }
        if (tpos > last) ++fixed;
      }
    }
    *stabiliser = fixed;
    return true;
  }
};

std::vector<int> WholeGroup() {
  std::vector<int> g(kGroup);
  for (int i = 0; i < kGroup; ++i) g[i] = i;
  return g;
}

std::vector<int> IdentityOrder() {
  std::vector<int> o(kN);
  for (int i = 0; i < kN; ++i) o[i] = i;
  return o;
}

// ---------------------------------------------------------------- infeasible multisets

struct InfeasibleSearch {
  Symmetry sym{WholeGroup(), IdentityOrder()};
  uint8_t x[32] = {};
  Solids buffer[40];
  long long classes[40] = {}, multisets[40] = {}, nodes = 0;

  void Record(int size, int stabiliser) {
    ++nodes;
    ++classes[size];
    multisets[size] += kGroup / stabiliser;
  }

  void Dfs(int last, int size, const Solids* st) {
    const Tables& t = T();
    for (int k = last; k < kN; ++k) {
      int c = x[k] + 1;
      if (k != 0 && c > x[0]) continue;   // the first count must stay maximal
      if ((*st)[k].trees <= c) continue;  // solid k composable
      const Solids* child = st;
      if (c <= 2) {
        Solids& next = buffer[size + 1];
        next = *st;
        AddCube(next, k, c);
        bool composable = false;
        for (int i = 0; i < 20 && !composable; ++i) {
          int w = t.compat_list[k][i];
          composable = next[w].trees <= x[w];
        }
        if (composable) continue;
        child = &next;
      }
      x[k] = static_cast<uint8_t>(c);
      int stabiliser;
      if (sym.IsCanonical(x, k, &stabiliser)) {
        Record(size + 1, stabiliser);
        Dfs(k, size + 1, child);
      }
      x[k] = static_cast<uint8_t>(c - 1);
    }
  }

  void Run() {
    Solids root = EmptySolids();
    Record(0, kGroup);
    Dfs(0, 0, &root);
  }
};

// ---------------------------------------------------------------- minimum universal multiset

struct UniversalSearch {
  Symmetry sym{WholeGroup(), IdentityOrder()};
  uint8_t x[32] = {};
  Solids buffer[40];
  long long nodes = 0;
  int target = 0;

  bool Dfs(int last, int size, const Solids* st) {
    ++nodes;
    const Tables& t = T();
    int deficit = 0;
    uint32_t needy = 0;
    for (int w = 0; w < kN; ++w) {
      int need = (*st)[w].trees - x[w];
      if (need > 0) deficit += need, needy |= 1u << w;
    }
    if (deficit == 0) return true;
    int left = target - size;
    if (left == 0) return false;
    int best = 0;
    for (int u = last; u < kN; ++u)
      if (x[u] < 8) best = std::max(best, std::popcount(needy & t.serves[u]));
    if (best * left < deficit) return false;
    for (int k = last; k < kN; ++k) {
      // A cube serving no unsatisfied solid could be dropped from any universal extension,
      // contradicting that no smaller universal multiset exists (sizes are tried upwards).
      if (x[k] >= 8 || !(needy & t.serves[k])) continue;
      int c = x[k] + 1;
      if (k != 0 && c > x[0]) continue;
      const Solids* child = st;
      if (c <= 2) {
        buffer[size + 1] = *st;
        AddCube(buffer[size + 1], k, c);
        child = &buffer[size + 1];
      }
      x[k] = static_cast<uint8_t>(c);
      int stabiliser;
      if (sym.IsCanonical(x, k, &stabiliser) && Dfs(k, size + 1, child)) return true;
      x[k] = static_cast<uint8_t>(c - 1);
    }
    return false;
  }

  int Run() {
    Solids root = EmptySolids();
    for (target = 0;; ++target)
      if (Dfs(0, 0, &root)) return target;
  }
};

// ---------------------------------------------------------------- existence for one line

struct ExistenceSearch {
  std::vector<int> order;  // position -> variety
  int position[kN];
  uint32_t wanted = 0;
  int cap[kN];  // by variety
  Symmetry* sym = nullptr;
  uint8_t xp[32] = {};  // counts by position
  int xv[kN] = {};      // counts by variety
  Solids buffer[100];
  long long nodes = 0;
  bool found = false;

  // Largest count of variety u, at most cap[u], that keeps every forbidden solid
  // non-composable when only u is raised.
  int LargestSafe(int u, const Solids& st) const {
    const Tables& t = T();
    int c = xv[u];
    while (c < cap[u]) {
      int next = c + 1;
      if (!(wanted >> u & 1) && st[u].trees <= next) break;
      bool bad = false;
      if (xv[u] < 2) {
        for (int i = 0; i < 20 && !bad; ++i) {
          int w = t.compat_list[u][i];
          if (wanted >> w & 1) continue;
          bad = TreesAfter(st[w], w, u, xv[u], next) <= xv[w];
        }
      }
      if (bad) break;
      c = next;
    }
    return c;
  }

  void Dfs(int last, int depth, const Solids* st) {
    ++nodes;
    bool all = true;
    for (uint32_t m = wanted; m && all; m &= m - 1) {
      int w = std::countr_zero(m);
      all = (*st)[w].trees <= xv[w];
    }
    if (all) {
      found = true;
      return;
    }
    int completion[kN], safe[kN];
    for (int p = 0; p < kN; ++p) {
      int u = order[p];
      safe[u] = p < last ? xv[u] : LargestSafe(u, *st);
      completion[u] = safe[u];
    }
    for (uint32_t m = wanted; m; m &= m - 1) {
      int w = std::countr_zero(m);
      if (TreesFromScratch(w, completion) > completion[w]) return;
    }
    for (int k = last; k < kN; ++k) {
      int u = order[k];
      int c = xv[u] + 1;
      if (c > safe[u]) continue;  // over the cap, or a forbidden solid becomes composable
      const Solids* child = st;
      if (c <= 2) {
        buffer[depth + 1] = *st;
        AddCube(buffer[depth + 1], u, c);
        child = &buffer[depth + 1];
      }
      xp[k] = static_cast<uint8_t>(c);
      xv[u] = c;
      int stabiliser;
      if (sym->IsCanonical(xp, k, &stabiliser)) Dfs(k, depth + 1, child);
      if (found) return;
      xp[k] = static_cast<uint8_t>(c - 1);
      xv[u] = c - 1;
    }
  }
};

void PrintCounts(const int* count) {
  const Tables& t = T();
  bool any = false;
  for (int v = 0; v < kN; ++v) {
    if (!count[v]) continue;
    std::printf("%s", any ? " " : "");
    for (int f = 0; f < 6; ++f) std::printf("%c", 'p' + t.variety[v][f]);
    std::printf("x%d", count[v]);
    any = true;
  }
}

int Existence(bool cap8) {
  const Tables& t = T();
  const std::vector<int>& line = t.lines[0];
  ExistenceSearch search;
  for (int v : line) search.wanted |= 1u << v;
  for (int v : line) search.order.push_back(v);
  for (int v = 0; v < kN; ++v)
    if (!(search.wanted >> v & 1)) search.order.push_back(v);
  for (int p = 0; p < kN; ++p) search.position[search.order[p]] = p;
  for (int v = 0; v < kN; ++v) search.cap[v] = (cap8 || (search.wanted >> v & 1)) ? 8 : 2;

  std::vector<int> stabiliser;
  for (int g = 0; g < kGroup; ++g) {
    uint32_t image = 0;
    for (int v : line) image |= 1u << t.renaming[g][v];
    if (image == search.wanted) stabiliser.push_back(g);
  }
  Symmetry sym(stabiliser, search.order);
  search.sym = &sym;
  Solids root = EmptySolids();
  search.Dfs(0, 0, &root);
  if (search.found) {
    std::printf("existence-row-1 found nodes=%lld instance:", search.nodes);
    PrintCounts(search.xv);
    std::printf("\n");
  } else {
    std::printf(
        "existence-row-1 none proven nodes=%lld (row varieties %d %d %d %d %d, "
        "symmetry order %d, caps %s)\n",
        search.nodes, line[0], line[1], line[2], line[3], line[4],
        static_cast<int>(stabiliser.size()), cap8 ? "8" : "8 row / 2 other");
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "maxinfeasible" || mode == "count-infeasible") {
    InfeasibleSearch search;
    search.Run();
    int largest = 0;
    long long classes = 0, multisets = 0;
    for (int s = 0; s < 40; ++s) {
      if (search.classes[s]) largest = s;
      classes += search.classes[s];
      multisets += search.multisets[s];
    }
    if (mode == "maxinfeasible") {
      std::printf("maxinfeasible %d proven nodes=%lld\n", largest, search.nodes);
    } else {
      for (int s = 0; s <= largest; ++s)
        std::printf("size %2d classes %7lld multisets %10lld\n", s, search.classes[s],
                    search.multisets[s]);
      std::printf("count-infeasible classes=%lld multisets=%lld\n", classes, multisets);
    }
    return 0;
  }
  if (mode == "minuniversal") {
    UniversalSearch search;
    int n = search.Run();
    int count[kN];
    for (int v = 0; v < kN; ++v) count[v] = search.x[v];
    std::printf("minuniversal %d proven nodes=%lld instance: ", n, search.nodes);
    PrintCounts(count);
    std::printf("\n");
    return 0;
  }
  if (mode == "existence-row-1") {
    return Existence(argc > 2 && std::string(argv[2]) == "cap8");
  }
  std::fprintf(stderr,
               "usage: %s maxinfeasible | minuniversal | existence-row-1 [cap8] | "
               "count-infeasible\n",
               argv[0]);
  return 2;
}
