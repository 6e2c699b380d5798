#include "reasoning.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <map>

#include "render/drawing.hpp"

namespace puzzlegen::instant_insanity {

namespace {

using Mask = unsigned;  // bit t: the cube's t-th distinct pair is still possible on a side

const char* const kSideNames[2] = {"the front and back", "the left and right"};

std::string listed(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

// One cube as the ladder sees it: its distinct opposite pairs, sorted, and how many of each.
struct CubePairs {
  std::vector<FacePair> pairs;
  std::vector<int> copies;
};

struct State {
  // cand[2 * cube + side]: the cube's pairs still possible on that side.
  std::vector<Mask> cand;
  std::vector<bool> decided;  // the same index: the decision has been taken as a step
  bool failed = false;
  std::string why;  // what failed, for a what-if's words
};

class Ladder {
 public:
  explicit Ladder(const TowerInstance& tower) : tower_(tower), n_(tower.size()) {
    for (const Cube& cube : tower.cubes()) {
      CubePairs c;
      const auto key = cube.pairs_key();
      for (int p = 0; p < 3; ++p) {
        const FacePair pair{key[2 * p], key[2 * p + 1]};
        if (!c.pairs.empty() && c.pairs.back() == pair) {
          ++c.copies.back();
        } else {
          c.pairs.push_back(pair);
          c.copies.push_back(1);
        }
      }
      cubes_.push_back(std::move(c));
    }
  }

  State start() const {
    State s;
    for (int i = 0; i < n_; ++i)
      for (int side = 0; side < 2; ++side)
        s.cand.push_back((Mask{1} << cubes_[i].pairs.size()) - 1);
    s.decided.assign(s.cand.size(), false);
    tidy(s);
    return s;
  }

  bool solved(const State& s) const {
    return !s.failed && std::all_of(s.decided.begin(), s.decided.end(), [](bool d) { return d; });
  }

  int deduce(State& s, int top, PairStep* step) const {
    if (s.failed) return 0;
    if (decide(s, step) || full_colour(s, step)) return 1;
    if (s.failed || top < 2) return 0;
    if (colour_count(s, step)) return 2;
    if (s.failed || top < 3) return 0;
    if (what_if(s, step)) return 3;
    return 0;
  }

  void saturate(State& s, int top) const {
    while (deduce(s, top, nullptr) != 0) {
    }
  }

  std::vector<std::array<FacePair, 2>> choice(const State& s) const {
    std::vector<std::array<FacePair, 2>> out;
    for (int i = 0; i < n_; ++i)
      out.push_back({pair_of(i, std::countr_zero(s.cand[index(i, 0)])),
                     pair_of(i, std::countr_zero(s.cand[index(i, 1)]))});
    return out;
  }

  // Branching: the undecided (cube, side) with fewest pairs left, or -1.
  int pick(const State& s) const {
    int best = -1, fewest = 4;
    for (std::size_t k = 0; k < s.cand.size(); ++k)
      if (const int left = std::popcount(s.cand[k]); left > 1 && left < fewest) {
        fewest = left;
        best = static_cast<int>(k);
      }
    return best;
  }

 private:
  static std::size_t index(int cube, int side) { return static_cast<std::size_t>(2 * cube + side); }
  FacePair pair_of(int cube, int t) const {
    return cubes_[static_cast<std::size_t>(cube)].pairs[static_cast<std::size_t>(t)];
  }
  static int shows(const FacePair& pair, int colour) {
    return (pair.first == colour) + (pair.second == colour);
  }
  std::string colour(int c) const { return tower_.colors()[static_cast<std::size_t>(c)]; }
  std::string pair_text(const FacePair& p) const {
    return colour(p.first) + "\u2013" + colour(p.second);
  }
  static std::string cube_text(int cube) { return "cube " + std::to_string(cube + 1); }
  // "cube 2's red–blue pair", "cube 2's red–blue and green–white pairs and cube 4's ..."
  std::string ruled_text(const std::vector<PairStep::Ruled>& ruled) const {
    std::vector<std::string> per_cube;
    for (std::size_t k = 0; k < ruled.size();) {
      std::vector<std::string> pairs;
      std::size_t end = k;
      for (; end < ruled.size() && ruled[end].cube == ruled[k].cube; ++end)
        pairs.push_back(pair_text(ruled[end].pair));
      per_cube.push_back(cube_text(ruled[k].cube) + "'s " + listed(pairs) +
                         (pairs.size() == 1 ? " pair" : " pairs"));
      k = end;
    }
    return listed(per_cube);
  }

  void strike(State& s, int cube, int side, Mask gone, PairStep* step) const {
    Mask& m = s.cand[index(cube, side)];
    gone &= m;
    if (step)
      for (Mask g = gone; g != 0; g &= g - 1)
        step->ruled_out.push_back({cube, side, pair_of(cube, std::countr_zero(g))});
    m &= ~gone;
    if (m == 0 && !s.failed) {
      s.failed = true;
      s.why = cube_text(cube) + " has no pair left for " + kSideNames[side];
    }
  }

  // The silent consequences of the pairs left: a pair decided on one side leaves the other
  // (unless the cube has it twice), and cube 1's front/back pair comes first (the symmetry).
  void tidy(State& s) const {
    for (bool changed = true; changed && !s.failed;) {
      changed = false;
      for (int i = 0; i < n_; ++i)
        for (int side = 0; side < 2; ++side) {
          const Mask m = s.cand[index(i, side)];
          if (std::popcount(m) != 1) continue;
          const int t = std::countr_zero(m);
          if (cubes_[static_cast<std::size_t>(i)].copies[static_cast<std::size_t>(t)] > 1) continue;
          if (s.cand[index(i, 1 - side)] & m) {
            strike(s, i, 1 - side, m, nullptr);
            changed = true;
          }
        }
      if (n_ > 0 && !s.failed) changed = order_cube_one(s) || changed;
    }
  }

  // Cube 1 shows its front/back pair before its left/right one in its sorted pairs (the same
  // pair on both only when it has two of them): each pair left needs a partner on the other side.
  bool order_cube_one(State& s) const {
    const auto& copies = cubes_.front().copies;
    const auto allowed = [&](int f, int l) {
      return f < l || (f == l && copies[static_cast<std::size_t>(f)] > 1);
    };
    bool changed = false;
    for (int side = 0; side < 2 && !s.failed; ++side) {
      Mask gone = 0;
      for (Mask r = s.cand[index(0, side)]; r != 0; r &= r - 1) {
        const int t = std::countr_zero(r);
        bool partner = false;
        for (Mask o = s.cand[index(0, 1 - side)]; o != 0 && !partner; o &= o - 1) {
          const int u = std::countr_zero(o);
          partner = side == 0 ? allowed(t, u) : allowed(u, t);
        }
        if (!partner) gone |= r & -r;
      }
      if (gone != 0) {
        strike(s, 0, side, gone, nullptr);
        changed = true;
      }
    }
    return changed;
  }

  // Showings of `c` on `side` among the decided cubes.
  int decided_showings(const State& s, int side, int c) const {
    int have = 0;
    for (int i = 0; i < n_; ++i)
      if (const Mask m = s.cand[index(i, side)]; std::popcount(m) == 1)
        have += shows(pair_of(i, std::countr_zero(m)), c);
    return have;
  }

  // Rung 1: a cube with one pair left on a side.
  bool decide(State& s, PairStep* step) const {
    for (int i = 0; i < n_; ++i)
      for (int side = 0; side < 2; ++side) {
        const std::size_t k = index(i, side);
        if (s.decided[k] || std::popcount(s.cand[k]) != 1) continue;
        s.decided[k] = true;
        tidy(s);
        if (step) {
          step->level = 1;
          step->text = cube_text(i) + " shows " +
                       pair_text(pair_of(i, std::countr_zero(s.cand[k]))) + " on " +
                       kSideNames[side] + ": no other pair of it is left there";
          step->cubes = {i};
          step->decided = {{i, side, pair_of(i, std::countr_zero(s.cand[k]))}};
        }
        return true;
      }
    return false;
  }

  // Rung 1: a colour that shows twice on a side already (once: no pair of it twice more).
  bool full_colour(State& s, PairStep* step) const {
    for (int side = 0; side < 2; ++side)
      for (int c = 0; c < n_; ++c) {
        const int have = decided_showings(s, side, c);
        if (have > 2) {
          s.failed = true;
          s.why =
              colour(c) + " would show " + std::to_string(have) + " times on " + kSideNames[side];
          return false;
        }
        if (have == 0) continue;
        std::vector<int> struck;
        for (int i = 0; i < n_; ++i) {
          const Mask m = s.cand[index(i, side)];
          if (std::popcount(m) <= 1) continue;
          Mask gone = 0;
          for (Mask r = m; r != 0; r &= r - 1)
            if (shows(pair_of(i, std::countr_zero(r)), c) > 2 - have) gone |= r & -r;
          if (gone == 0) continue;
          strike(s, i, side, gone, step);
          struck.push_back(i);
        }
        if (struck.empty()) continue;
        tidy(s);
        if (step) {
          step->level = 1;
          step->text = colour(c) + " shows " + (have == 2 ? "twice" : "once") + " on " +
                       kSideNames[side] + " already, so " + ruled_text(step->ruled_out) +
                       " cannot go there";
          step->cubes = struck;
        }
        return true;
      }
    return false;
  }

  // Rung 2: a colour with exactly as many showings left among the undecided cubes as it needs.
  bool colour_count(State& s, PairStep* step) const {
    for (int side = 0; side < 2; ++side)
      for (int c = 0; c < n_; ++c) {
        const int need = 2 - decided_showings(s, side, c);
        if (need <= 0) continue;
        int supply = 0;
        std::vector<int> most(static_cast<std::size_t>(n_), 0);
        for (int i = 0; i < n_; ++i) {
          const Mask m = s.cand[index(i, side)];
          if (std::popcount(m) <= 1) continue;
          for (Mask r = m; r != 0; r &= r - 1)
            most[static_cast<std::size_t>(i)] = std::max(most[static_cast<std::size_t>(i)],
                                                         shows(pair_of(i, std::countr_zero(r)), c));
          supply += most[static_cast<std::size_t>(i)];
        }
        if (supply < need) {
          s.failed = true;
          s.why = colour(c) + " could show at most " + std::to_string(supply) + " more times on " +
                  kSideNames[side] + ", not " + std::to_string(need);
          return false;
        }
        if (supply != need) continue;
        std::vector<int> givers;
        bool struck = false;
        for (int i = 0; i < n_; ++i) {
          const int best = most[static_cast<std::size_t>(i)];
          if (best == 0) continue;
          givers.push_back(i);
          Mask gone = 0;
          const Mask m = s.cand[index(i, side)];
          for (Mask r = m; r != 0; r &= r - 1)
            if (shows(pair_of(i, std::countr_zero(r)), c) < best) gone |= r & -r;
          if (gone == 0) continue;
          strike(s, i, side, gone, step);
          struck = true;
        }
        if (!struck) continue;
        tidy(s);
        if (step) {
          std::vector<std::string> numbers;
          for (const int i : givers) numbers.push_back(std::to_string(i + 1));
          step->level = 2;
          step->text = colour(c) + " must show " + (need == 2 ? "twice" : "once") + " more on " +
                       kSideNames[side] + ", and only " +
                       (givers.size() == 1 ? "cube " : "cubes ") + listed(numbers) +
                       " can still show it there, so " + ruled_text(step->ruled_out) +
                       " cannot go there";
          step->cubes = givers;
        }
        return true;
      }
    return false;
  }

  // Rung 3: a pair that, put on a side, lets rungs 1 and 2 reach a contradiction.
  bool what_if(State& s, PairStep* step) const {
    for (int i = 0; i < n_; ++i)
      for (int side = 0; side < 2; ++side) {
        const Mask m = s.cand[index(i, side)];
        if (std::popcount(m) <= 1) continue;
        for (Mask r = m; r != 0; r &= r - 1) {
          State trial = s;
          trial.cand[index(i, side)] = r & -r;
          tidy(trial);
          saturate(trial, 2);
          if (!trial.failed) continue;
          const FacePair pair = pair_of(i, std::countr_zero(r));
          strike(s, i, side, r & -r, step);
          tidy(s);
          if (step) {
            step->level = 3;
            step->text = "suppose " + cube_text(i) + " showed " + pair_text(pair) + " on " +
                         kSideNames[side] + ": pairs and colour counts then lead to a "
                         "contradiction (" +
                         trial.why + "), so it cannot";
            step->cubes = {i};
          }
          return true;
        }
      }
    return false;
  }

  const TowerInstance& tower_;
  const int n_;
  std::vector<CubePairs> cubes_;
};

const char* const kRungs[] = {"", "pairs and full colours", "pairs and colour counts",
                              "pairs, colour counts and what-ifs"};

}  // namespace

std::optional<PairReasoning> reason_pairs(const TowerInstance& tower, const Limits& limits,
                                          std::size_t max_steps, std::uint64_t search_node_limit) {
  if (tower.size() == 0 || static_cast<int>(tower.colors().size()) != tower.size())
    return std::nullopt;
  const Ladder ladder(tower);
  PairReasoning out;
  Grade& g = out.grade;
  g.search_nodes = Count{0, true};
  State s = ladder.start();
  int hardest = 0;
  while (!s.failed && !ladder.solved(s)) {
    PairStep step;
    const int rung = ladder.deduce(s, 3, max_steps > out.steps.size() ? &step : nullptr);
    if (rung == 0) break;
    hardest = std::max(hardest, rung);
    if (max_steps > out.steps.size()) out.steps.push_back(std::move(step));
  }
  // Decided everywhere: the colour counts are checked once more (a last decision may overfill).
  if (ladder.solved(s)) ladder.saturate(s, 2);
  if (ladder.solved(s)) {
    g.level = std::max(hardest, 1);
    g.reasoning = kRungs[g.level];
    out.choice = ladder.choice(s);
    return out;
  }
  g.level = Grade::extreme;
  g.reasoning = "the ladder stalls";
  std::uint64_t nodes = 0, solutions = 0;
  bool cut = false;
  std::function<void(State)> search = [&](State node) {
    if (cut) return;
    if (++nodes > search_node_limit || ((nodes & 255) == 0 && limits.expired())) {
      cut = true;
      g.stopped = limits.expired() ? limits.stop_reason() : StopReason::node_limit;
      return;
    }
    ladder.saturate(node, 3);
    if (node.failed) return;
    const int k = ladder.pick(node);
    if (k < 0) {
      ladder.saturate(node, 2);
      if (ladder.solved(node)) ++solutions;
      return;
    }
    for (Mask rest = node.cand[static_cast<std::size_t>(k)]; rest != 0; rest &= rest - 1) {
      State child = node;
      child.cand[static_cast<std::size_t>(k)] = rest & -rest;
      search(std::move(child));
    }
  };
  if (!s.failed) search(std::move(s));
  g.search_nodes = Count{nodes, !cut, cut ? g.stopped : StopReason::none};
  g.solvable = cut || solutions > 0;
  return out;
}

render::Drawing draw_steps(const TowerInstance& tower, const std::vector<ExplainedStep>& steps) {
  std::map<int, std::string> steps_at;
  for (std::size_t k = 0; k < steps.size(); ++k)
    for (const int cube : steps[k].cells)
      if (cube >= 0 && cube < tower.size())
        steps_at[cube] += (steps_at[cube].empty() ? "" : ",") + std::to_string(k + 1);
  const render::Palette palette(tower.colors(), tower.abbreviations());
  std::vector<render::Drawing> nets;
  const double cell = render::Palette::kNetCell;
  for (int i = 0; i < tower.size(); ++i) {
    const auto& f = tower.cubes()[static_cast<std::size_t>(i)].faces;
    const auto marked = steps_at.find(i);
    render::Drawing net;
    if (marked != steps_at.end())  // a tint behind the net
      net.content.add(render::Element("rect")
                          .set("class", "step")
                          .set("width", render::Palette::net_width(cell))
                          .set("height", render::Palette::net_height(cell))
                          .set("fill", "#ffd54f")
                          .set("fill-opacity", 0.35)
                          .set("stroke", "#b26a00")
                          .set("stroke-dasharray", "3 2"));
    net.content.add(
        palette.cube_net(cell, {f[top], f[left], f[front], f[right], f[back], f[bottom]},
                         "Cube " + std::to_string(i + 1) +
                             (marked == steps_at.end() ? "" : " \u00b7 step " + marked->second)));
    net.width = render::Palette::net_width(cell);
    net.height = render::Palette::net_height(cell);
    nets.push_back(std::move(net));
  }
  render::Drawing d = render::flow(std::move(nets), render::kPageWidth, 10);
  d.colours = palette.colours();
  return d;
}

}  // namespace puzzlegen::instant_insanity
