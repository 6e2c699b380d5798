#include "factor_pairs.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <utility>

namespace puzzlegen::instant_insanity {

namespace {

// A cube's option: which of its three pairs faces front and back, and which left and right
// (the third is at top and bottom). Six options, a domain is a 6-bit mask.
constexpr int kOptions = 6;
constexpr std::array<int, kOptions> kFrontPair = {0, 0, 1, 1, 2, 2};
constexpr std::array<int, kOptions> kLeftPair = {1, 2, 0, 2, 0, 1};
constexpr unsigned kEveryOption = 63;
// Options whose front pair comes before the left pair: swapping H1 and H2 maps towers to towers
// and changes every cube's option, so one cube restricted to these meets each swap orbit once.
constexpr unsigned kFrontFirst = 1u << 0 | 1u << 1 | 1u << 3;

// Roles of a pair: 0 front-back (H1), 1 left-right (H2), 2 top-bottom (unused). Every colour
// is an end of exactly two H1 and two H2 edges, so of (its faces - 4) unused ones.
constexpr int kRoles = 3;
int pair_in(int option, int role) {
  return role == 0   ? kFrontPair[option]
         : role == 1 ? kLeftPair[option]
                     : 3 - kFrontPair[option] - kLeftPair[option];
}

int size_of(unsigned domain) {
  return std::popcount(domain);
}

struct CubeData {
  std::array<int, kFaces> faces{};
  int colours = 0;  // distinct colours on the cube
  std::array<int, kFaces> colour{};
  // with[k][r][m]: the options in which colour k is an end of the role-r pair m times (0-2).
  std::array<std::array<std::array<unsigned, 3>, kRoles>, kFaces> with{};

  // The fewest and most ends of colour k in role r over the options in `domain`.
  std::pair<int, int> range(int k, int r, unsigned domain) const {
    int low = 0, high = 2;
    while ((with[k][r][low] & domain) == 0) ++low;
    while ((with[k][r][high] & domain) == 0) --high;
    return {low, high};
  }
};

// Depth-first search over the cubes' options with its own propagation: per colour and role,
// the fewest and most ends the cubes can still give (bounds on a sum of per-cube ranges),
// updated as domains shrink and undone from a trail. Counting splits the undecided cubes into
// independent parts when it can and multiplies their counts (docs/counting.md).
class Search {
 public:
  Search(const TowerInstance& instance, bool orientations, const Limits& limits)
      : n_(instance.size()),
        colours_(static_cast<int>(instance.colors().size())),
        orientations_(orientations),
        limits_(limits) {
    cubes_.resize(static_cast<std::size_t>(n_));
    holders_.resize(static_cast<std::size_t>(colours_));
    domain_.assign(static_cast<std::size_t>(n_), kEveryOption);
    low_.assign(static_cast<std::size_t>(kRoles * colours_), 0);
    high_ = low_;
    demand_.assign(static_cast<std::size_t>(kRoles * colours_), 2);
    for (int c = 0; c < colours_; ++c) demand_[index(c, 2)] = -4;
    degree_.assign(static_cast<std::size_t>(2 * colours_), 0);
    other_end_.resize(static_cast<std::size_t>(2 * colours_));
    for (int v = 0; v < 2 * colours_; ++v) other_end_[v] = v % colours_;
    weight_.assign(static_cast<std::size_t>(colours_), 1);
    queued_.assign(static_cast<std::size_t>(colours_), 0);
    parent_.resize(static_cast<std::size_t>(colours_));
    for (int i = 0; i < n_; ++i) {
      CubeData& q = cubes_[i];
      q.faces = instance.cubes()[i].faces;
      for (const int c : q.faces) {
        ++demand_[index(c, 2)];
        if (std::find(q.colour.begin(), q.colour.begin() + q.colours, c) !=
            q.colour.begin() + q.colours)
          continue;
        holders_[c].push_back({i, q.colours});
        q.colour[q.colours++] = c;
      }
      for (int k = 0; k < q.colours; ++k)
        for (int r = 0; r < kRoles; ++r) {
          for (int o = 0; o < kOptions; ++o) {
            const int p = pair_in(o, r);
            q.with[k][r][(q.faces[2 * p] == q.colour[k]) + (q.faces[2 * p + 1] == q.colour[k])] |=
                1u << o;
          }
          const auto [low, high] = q.range(k, r, kEveryOption);
          low_[index(q.colour[k], r)] += low;
          high_[index(q.colour[k], r)] += high;
        }
    }
    for (int c = 0; c < colours_; ++c) push(c);
  }

  // Restricts cube 0 to kFrontFirst and propagates; false when no tower is possible.
  bool start() { return n_ > 0 && restrict(0, kFrontFirst) && propagate(); }
  int closed() const { return closed_; }
  StopReason stopped() const { return stopped_; }
  std::vector<int> all_cubes() const {
    std::vector<int> all(static_cast<std::size_t>(n_));
    std::iota(all.begin(), all.end(), 0);
    return all;
  }
  int option_of(int cube) const { return std::countr_zero(static_cast<unsigned>(domain_[cube])); }

  // The completions of the cubes in `part` (the others stay as they are): their number, or with
  // orientations the sum of 2^(cycles closed by them). `capped`: stopped at `cap` or more.
  Natural count(const std::vector<int>& part, std::uint64_t cap, bool& capped) {
    if (tick()) return 0;
    const std::vector<int> open = undecided(part);
    if (open.empty()) return 1;
    const std::vector<std::vector<int>> parts = split(open);
    if (parts.size() > 1) {
      Natural product = 1;
      for (const auto& p : parts) {
        bool part_capped = false;
        const Natural v = count(p, cap, part_capped);
        if (v == 0 || stopped_ != StopReason::none) return 0;
        product *= v;
        capped = capped || part_capped;  // every factor at least 1, one at least cap
      }
      return product;
    }
    const int cube = choose(open);
    Natural total = 0;
    for (unsigned options = domain_[cube]; options != 0; options &= options - 1) {
      const std::size_t mark = trail_.size();
      const int before = closed_;
      if (restrict(cube, options & -options) && propagate()) {
        bool child_capped = false;
        Natural v = count(open, cap, child_capped);
        if (orientations_) v <<= closed_ - before;
        total += v;
        capped = capped || child_capped;
      }
      undo(mark);
      if (stopped_ != StopReason::none) return total;
      if (cap != 0 && total >= cap) {
        capped = true;
        return total;
      }
    }
    return total;
  }

  // Completes the cubes in `part`, leaving them decided; false if none or stopped.
  bool find(const std::vector<int>& part) {
    if (tick()) return false;
    const std::vector<int> open = undecided(part);
    if (open.empty()) return true;
    const std::vector<std::vector<int>> parts = split(open);
    if (parts.size() > 1)
      return std::all_of(parts.begin(), parts.end(), [&](const auto& p) { return find(p); });
    const int cube = choose(open);
    for (unsigned options = domain_[cube]; options != 0; options &= options - 1) {
      const std::size_t mark = trail_.size();
      if (restrict(cube, options & -options) && propagate() && find(open)) return true;
      undo(mark);
      if (stopped_ != StopReason::none) return false;
    }
    return false;
  }

 private:
  std::size_t index(int colour, int role) const {
    return static_cast<std::size_t>(kRoles * colour + role);
  }
  void set(int& place, int value) {
    if (place == value) return;
    trail_.emplace_back(&place, place);
    place = value;
  }
  void undo(std::size_t mark) {
    while (trail_.size() > mark) {
      *trail_.back().first = trail_.back().second;
      trail_.pop_back();
    }
  }
  void push(int colour) {
    if (queued_[colour] != 0) return;
    queued_[colour] = 1;
    queue_.push_back(colour);
  }
  bool tick() {
    ++nodes_;
    if (limits_.node_limit != 0 && nodes_ > limits_.node_limit) stopped_ = StopReason::node_limit;
    if ((nodes_ & 255) == 0 && stopped_ == StopReason::none) stopped_ = limits_.stop_reason();
    return stopped_ != StopReason::none;
  }

  // An edge (a, b) joins H1 or H2 (role r): it closes a cycle when a and b are the two ends of
  // one path (or it is a loop), otherwise it joins two paths.
  void add_edge(int r, int a, int b) {
    int* end = &other_end_[static_cast<std::size_t>(r * colours_)];
    int* degree = &degree_[static_cast<std::size_t>(r * colours_)];
    if (a == b) {
      set(closed_, closed_ + 1);
      set(degree[a], degree[a] + 2);
      return;
    }
    const int end_a = end[a], end_b = end[b];
    if (end_a == b) {
      set(closed_, closed_ + 1);
    } else {
      set(end[end_a], end_b);
      set(end[end_b], end_a);
    }
    set(degree[a], degree[a] + 1);
    set(degree[b], degree[b] + 1);
  }

  // Narrows cube i to `domain` (a subset of its own), updating the colours' bounds.
  bool restrict(int i, unsigned domain) {
    const unsigned old = static_cast<unsigned>(domain_[i]);
    if (domain == old) return true;
    if (domain == 0) return false;
    const CubeData& q = cubes_[i];
    for (int k = 0; k < q.colours; ++k)
      for (int r = 0; r < kRoles; ++r) {
        const auto [low_old, high_old] = q.range(k, r, old);
        const auto [low_new, high_new] = q.range(k, r, domain);
        if (low_old == low_new && high_old == high_new) continue;
        const std::size_t x = index(q.colour[k], r);
        set(low_[x], low_[x] + low_new - low_old);
        set(high_[x], high_[x] + high_new - high_old);
        push(q.colour[k]);
      }
    set(domain_[i], static_cast<int>(domain));
    if (size_of(domain) == 1) {
      const int o = std::countr_zero(domain);
      for (int r = 0; r < 2; ++r) {
        const int p = pair_in(o, r);
        add_edge(r, q.faces[2 * p], q.faces[2 * p + 1]);
      }
    }
    return true;
  }

  // To the fixpoint: a colour whose bounds no longer hold its demand fails; one within one end
  // of its demand keeps, in each cube holding it, only the options the others can complement.
  bool propagate() {
    bool ok = true;
    for (std::size_t h = 0; ok && h < queue_.size(); ++h) {
      const int c = queue_[h];
      queued_[c] = 0;
      bool tight = false;
      for (int r = 0; r < kRoles && ok; ++r) {
        const std::size_t x = index(c, r);
        ok = low_[x] <= demand_[x] && demand_[x] <= high_[x];
        tight = tight || demand_[x] - low_[x] <= 1 || high_[x] - demand_[x] <= 1;
      }
      if (ok && tight) {
        for (const auto& [i, k] : holders_[c]) {
          const unsigned domain = static_cast<unsigned>(domain_[i]);
          if (size_of(domain) < 2) continue;
          const CubeData& q = cubes_[i];
          unsigned keep = domain;
          for (int r = 0; r < kRoles; ++r) {
            const auto [low, high] = q.range(k, r, domain);
            const std::size_t x = index(c, r);
            const int others_low = low_[x] - low, others_high = high_[x] - high;
            unsigned allowed = 0;
            for (int m = 0; m <= 2; ++m)
              if (others_low + m <= demand_[x] && others_high + m >= demand_[x])
                allowed |= q.with[k][r][m];
            keep &= allowed;
          }
          if (!restrict(i, keep)) {
            ok = false;
            break;
          }
        }
      }
      if (!ok) ++weight_[c];  // failures steer the choice of cube (dom/wdeg)
    }
    for (const int c : queue_) queued_[c] = 0;
    queue_.clear();
    return ok;
  }

  std::vector<int> undecided(const std::vector<int>& part) const {
    std::vector<int> open;
    for (const int i : part)
      if (size_of(static_cast<unsigned>(domain_[i])) > 1) open.push_back(i);
    return open;
  }

  // The colours cube i may still use in H1 or H2.
  unsigned active(int i) const {
    const CubeData& q = cubes_[i];
    const unsigned domain = static_cast<unsigned>(domain_[i]);
    unsigned out = 0;
    for (int k = 0; k < q.colours; ++k)
      for (int r = 0; r < 2; ++r)
        if (((q.with[k][r][1] | q.with[k][r][2]) & domain) != 0) out |= 1u << k;
    return out;
  }

  int root(int v) {
    while (parent_[v] != v) v = parent_[v] = parent_[parent_[v]];
    return v;
  }
  void join(int a, int b) { parent_[root(a)] = root(b); }

  // The undecided cubes, grouped so that no colour demand and no cycle spans two groups: cubes
  // are joined through the colours they may still use in H1 or H2, and the two ends of every
  // path of decided H1 (H2) edges are joined.
  std::vector<std::vector<int>> split(const std::vector<int>& open) {
    std::iota(parent_.begin(), parent_.end(), 0);
    for (const int i : open) {
      const CubeData& q = cubes_[i];
      const unsigned a = active(i);
      int first = -1;
      for (int k = 0; k < q.colours; ++k) {
        if ((a >> k & 1u) == 0) continue;
        const int c = q.colour[k];
        if (first < 0) first = c;
        join(c, first);
        for (int r = 0; r < 2; ++r)
          if (degree_[static_cast<std::size_t>(r * colours_ + c)] == 1)
            join(c, other_end_[static_cast<std::size_t>(r * colours_ + c)]);
      }
    }
    std::vector<int> slot(static_cast<std::size_t>(colours_), -1);
    std::vector<std::vector<int>> parts;
    for (const int i : open) {
      const CubeData& q = cubes_[i];
      const int r = root(q.colour[std::countr_zero(active(i))]);
      if (slot[r] < 0) {
        slot[r] = static_cast<int>(parts.size());
        parts.emplace_back();
      }
      parts[slot[r]].push_back(i);
    }
    // Smallest first: a part without completions ends the product soonest.
    std::stable_sort(parts.begin(), parts.end(),
                     [](const auto& x, const auto& y) { return x.size() < y.size(); });
    return parts;
  }

  // Fewest options per failure weight of the colours the cube may still use (dom/wdeg).
  int choose(const std::vector<int>& open) const {
    int best = -1;
    std::uint64_t best_size = 0, best_weight = 1;
    for (const int i : open) {
      const CubeData& q = cubes_[i];
      const unsigned a = active(i);
      std::uint64_t w = 0;
      for (int k = 0; k < q.colours; ++k)
        if ((a >> k & 1u) != 0) w += weight_[q.colour[k]];
      const std::uint64_t s =
          static_cast<std::uint64_t>(size_of(static_cast<unsigned>(domain_[i])));
      if (best < 0 || s * best_weight < best_size * w) {
        best = i;
        best_size = s;
        best_weight = w;
      }
    }
    return best;
  }

  int n_, colours_;
  bool orientations_;
  const Limits& limits_;
  std::vector<CubeData> cubes_;
  std::vector<std::vector<std::pair<int, int>>> holders_;  // per colour: (cube, its index k)
  // The state, restored from the trail: options per cube; per colour and role the bounds on
  // its ends; per role and colour the decided degree and, at a path's end, its other end.
  std::vector<int> domain_, low_, high_, degree_, other_end_;
  int closed_ = 0;  // cycles closed by decided edges, H1 and H2
  std::vector<int> demand_;
  std::vector<std::pair<int*, int>> trail_;
  std::vector<int> queue_;
  std::vector<char> queued_;
  std::vector<std::uint64_t> weight_;
  std::vector<int> parent_;
  std::uint64_t nodes_ = 0;
  StopReason stopped_ = StopReason::none;
};

}  // namespace

Count count_factor_pairs(const TowerInstance& instance, bool orientations, std::uint64_t cap,
                         const Limits& limits) {
  Search search(instance, orientations, limits);
  Count result;
  if (!search.start()) return result;
  bool capped = false;
  // With cube 0's front pair first, each unordered pair {H1, H2} is counted once; orientation
  // tuples take both orders.
  result.value = search.count(search.all_cubes(), cap, capped);
  if (orientations) result.value = result.value << (search.closed() + 1);
  result.stopped = search.stopped();
  result.exact = result.stopped == StopReason::none && !capped && (cap == 0 || result.value < cap);
  return result;
}

std::optional<std::vector<std::array<int, 2>>> first_factor_pair(const TowerInstance& instance,
                                                                 const Limits& limits) {
  Search search(instance, false, limits);
  if (!search.start() || !search.find(search.all_cubes())) return std::nullopt;
  std::vector<std::array<int, 2>> out;
  for (const int i : search.all_cubes())
    out.push_back({kFrontPair[search.option_of(i)], kLeftPair[search.option_of(i)]});
  return out;
}

}  // namespace puzzlegen::instant_insanity
