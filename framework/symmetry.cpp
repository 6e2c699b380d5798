#include "symmetry.hpp"

#include <algorithm>
#include <climits>
#include <memory>
#include <numeric>

namespace puzzlegen {

std::vector<int> Symmetry::apply(std::span<const int> x) const {
  std::vector<int> image(x.size());
  for (std::size_t k = 0; k < x.size(); ++k) {
    const int v = value.empty() ? x[k] : value[static_cast<std::size_t>(x[k])];
    image[position.empty() ? k : static_cast<std::size_t>(position[k])] = v;
  }
  return image;
}

std::vector<int> SymmetryGroup::canonical(std::span<const int> x) const {
  std::vector<int> best(x.begin(), x.end());
  for (const auto& g : elements_) best = std::min(best, g.apply(x));
  return best;
}

bool SymmetryGroup::is_canonical(std::span<const int> x) const {
  for (const auto& g : elements_) {
    const auto image = g.apply(x);
    if (std::lexicographical_compare(image.begin(), image.end(), x.begin(), x.end())) return false;
  }
  return true;
}

std::size_t SymmetryGroup::orbit_size(std::span<const int> x) const {
  std::size_t stabiliser = 0;
  for (const auto& g : elements_) {
    const auto image = g.apply(x);
    if (std::equal(image.begin(), image.end(), x.begin(), x.end())) ++stabiliser;
  }
  return stabiliser == 0 ? 0 : elements_.size() / stabiliser;
}

namespace {

using Gecode::ExecStatus;
using Gecode::Int::IntView;

// g(x) as the propagator reads it: g(x)_i = value[x[source[i]]] (value empty: x[source[i]]).
struct Image {
  std::vector<int> source;
  std::vector<int> value;
};
using Images = std::vector<Image>;

class LexLeader final : public Gecode::Propagator {
 public:
  LexLeader(Gecode::Home home, Gecode::ViewArray<IntView> x, std::shared_ptr<const Images> images,
            bool values)
      : Gecode::Propagator(home),
        x_(x),
        images_(std::move(images)),
        values_(values),
        live_count_(static_cast<int>(images_->size())),
        live_(static_cast<Gecode::Space&>(home).alloc<int>(live_count_)),
        start_(static_cast<Gecode::Space&>(home).alloc<int>(live_count_)) {
    std::iota(live_, live_ + live_count_, 0);
    std::fill(start_, start_ + live_count_, 0);
    x_.subscribe(home, *this, condition());
    home.notice(*this, Gecode::AP_DISPOSE);  // images_ is released in dispose()
  }
  LexLeader(Gecode::Space& home, LexLeader& other)
      : Gecode::Propagator(home, other),
        images_(other.images_),
        values_(other.values_),
        live_count_(other.live_count_),
        live_(home.alloc<int>(live_count_)),
        start_(home.alloc<int>(static_cast<int>(images_->size()))) {
    x_.update(home, other.x_);
    std::copy(other.live_, other.live_ + live_count_, live_);
    std::copy(other.start_, other.start_ + images_->size(), start_);
  }
  Gecode::Propagator* copy(Gecode::Space& home) override {
    return new (home) LexLeader(home, *this);
  }
  Gecode::PropCost cost(const Gecode::Space&, const Gecode::ModEventDelta&) const override {
    return Gecode::PropCost::quadratic(Gecode::PropCost::HI, x_.size());
  }
  void reschedule(Gecode::Space& home) override { x_.reschedule(home, *this, condition()); }
  std::size_t dispose(Gecode::Space& home) override {
    home.ignore(*this, Gecode::AP_DISPOSE);
    x_.cancel(home, *this, condition());
    images_.~shared_ptr();
    (void)Gecode::Propagator::dispose(home);
    return sizeof(*this);
  }

  ExecStatus propagate(Gecode::Space& home, const Gecode::ModEventDelta&) override {
    // To a fixpoint: a pruning for one element can open or close positions for another.
    for (bool pruned = true; pruned;) {
      pruned = false;
      for (int k = 0; k < live_count_;) {
        const int e = live_[k];
        const Outcome outcome =
            compare(home, (*images_)[static_cast<std::size_t>(e)], start_[e], pruned);
        if (outcome == Outcome::failed) return Gecode::ES_FAILED;
        if (outcome == Outcome::entailed)
          std::swap(live_[k], live_[--live_count_]);  // x <lex g(x) below this node: drop g
        else
          ++k;
      }
    }
    return live_count_ == 0 || x_.assigned() ? home.ES_SUBSUMED(*this) : Gecode::ES_FIX;
  }

 private:
  Gecode::PropCond condition() const {
    return values_ ? Gecode::Int::PC_INT_DOM : Gecode::Int::PC_INT_BND;
  }

  // The least and greatest value g(x)_i can take.
  std::pair<int, int> bounds(const Image& g, int i) const {
    const IntView b = x_[g.source[static_cast<std::size_t>(i)]];
    if (g.value.empty()) return {b.min(), b.max()};
    int low = INT_MAX, high = INT_MIN;
    for (Gecode::Int::ViewValues<IntView> v(b); v(); ++v) {
      low = std::min(low, g.value[static_cast<std::size_t>(v.val())]);
      high = std::max(high, g.value[static_cast<std::size_t>(v.val())]);
    }
    return {low, high};
  }
  // True when x_i and g(x)_i are equal whatever x is, or fixed to the same value.
  bool fixed_equal(const Image& g, int i) const {
    if (g.value.empty() && g.source[static_cast<std::size_t>(i)] == i) return true;
    if (!x_[i].assigned()) return false;
    const auto [low, high] = bounds(g, i);
    return low == high && low == x_[i].val();
  }

  enum class Outcome { failed, open, entailed };

  // x <=lex g(x): at the first position that is not fixed and equal, x_i <= g(x)_i, and
  // x_i < g(x)_i when equality there would leave x larger at the next open position.
  // `start`: positions before it were fixed and equal at an earlier run, so they still are.
  Outcome compare(Gecode::Space& home, const Image& g, int& start, bool& pruned) {
    const int n = x_.size();
    int i = start;
    while (i < n && fixed_equal(g, i)) ++i;
    start = i;
    if (i == n) return Outcome::entailed;  // x == g(x)
    IntView a = x_[i];
    auto [low, high] = bounds(g, i);
    if (a.max() < low) return Outcome::entailed;  // x < g(x), whatever the rest
    if (a.min() > high) return Outcome::failed;
    int next = i + 1;
    while (next < n && fixed_equal(g, next)) ++next;
    const bool strict = next < n && x_[next].min() > bounds(g, next).second;
    const int most = strict ? high - 1 : high, least = strict ? a.min() + 1 : a.min();
    if (a.max() > most) {
      if (Gecode::me_failed(a.lq(home, most))) return Outcome::failed;
      pruned = true;
    }
    if (low < least) {
      IntView b = x_[g.source[static_cast<std::size_t>(i)]];
      if (g.value.empty()) {
        if (Gecode::me_failed(b.gq(home, least))) return Outcome::failed;
      } else {
        std::vector<int> drop;
        for (Gecode::Int::ViewValues<IntView> v(b); v(); ++v)
          if (g.value[static_cast<std::size_t>(v.val())] < least) drop.push_back(v.val());
        for (const int v : drop)
          if (Gecode::me_failed(b.nq(home, v))) return Outcome::failed;
      }
      pruned = true;
    }
    return Outcome::open;
  }

  Gecode::ViewArray<IntView> x_;
  std::shared_ptr<const Images> images_;
  bool values_;
  // Elements not yet entailed (x <lex g(x) for good) are live_[0 .. live_count_), and each
  // one's first position that may still differ is start_[element]; both live in the space.
  int live_count_;
  int* live_;
  int* start_;
};

}  // namespace

void post_lex_leader(Gecode::Home home, const Gecode::IntVarArgs& x, const SymmetryGroup& group) {
  if (home.failed()) return;
  auto images = std::make_shared<Images>();
  bool values = false;
  for (const auto& g : group.elements()) {
    Image image;
    image.source.resize(static_cast<std::size_t>(x.size()));
    bool identity = true;
    for (int k = 0; k < x.size(); ++k) {
      const int at = g.position.empty() ? k : g.position[static_cast<std::size_t>(k)];
      image.source[static_cast<std::size_t>(at)] = k;
      identity = identity && at == k;
    }
    for (std::size_t v = 0; v < g.value.size(); ++v)
      identity = identity && g.value[v] == static_cast<int>(v);
    if (identity) continue;  // x <=lex x holds
    image.value = g.value;
    values = values || !g.value.empty();
    images->push_back(std::move(image));
  }
  if (images->empty()) return;
  Gecode::ViewArray<IntView> views(home, x);
  (void)new (home) LexLeader(home, views, std::move(images), values);
}

void post_lex_leader_per_element(Gecode::Home home, const Gecode::IntVarArgs& x,
                                 const SymmetryGroup& group) {
  for (const auto& g : group.elements()) {
    Gecode::IntVarArgs image(x.size());
    for (int k = 0; k < x.size(); ++k) {
      Gecode::IntVar v = x[k];
      if (!g.value.empty()) {  // the value x[k] takes under g
        v = Gecode::IntVar(home, 0, *std::max_element(g.value.begin(), g.value.end()));
        Gecode::element(home, Gecode::IntArgs(g.value), x[k], v);
      }
      image[g.position.empty() ? k : g.position[static_cast<std::size_t>(k)]] = v;
    }
    Gecode::rel(home, x, Gecode::IRT_LQ, image);
  }
}

std::vector<std::vector<int>> all_permutations(int n) {
  std::vector<int> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  std::vector<std::vector<int>> out;
  do out.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return out;
}

}  // namespace puzzlegen
