#include "reasoning.hpp"

#include <algorithm>
#include <bit>
#include <functional>

#include "ladder.hpp"

namespace puzzlegen::instant_insanity {

namespace {

using Mask = unsigned;  // bit t: the cube's t-th distinct pair is still possible in a place

// Where a cube's three opposite pairs go: one on the front and back, one on the left and right,
// and the last on the top and bottom, which no one sees.
constexpr int kPlaces = 3;
const char* const kPlaceNames[kPlaces] = {"the front and back", "the left and right",
                                          "the top and bottom"};

std::string times(int k) {
  return k == 1 ? "once" : k == 2 ? "twice" : std::to_string(k) + " times";
}

// One cube as the ladder sees it: its distinct opposite pairs, sorted, and how many of each.
struct CubePairs {
  std::vector<FacePair> pairs;
  std::vector<int> copies;
  // Every way to put its pairs in the three places, as distinct-pair indices per place.
  std::vector<std::array<int, kPlaces>> layouts;
};

struct State {
  // cand[3 * cube + place]: the cube's pairs still possible in that place.
  std::vector<Mask> cand;
  std::vector<bool> decided;  // the same index: the decision has been taken as a step
  bool failed = false;
  std::string why;  // what failed, for a what-if's words
};

class Ladder {
 public:
  // `printed[k]`: the number (0-based) the user's tower gives the cube at position k.
  Ladder(const TowerInstance& tower, std::vector<int> printed)
      : tower_(tower), n_(tower.size()), printed_(std::move(printed)) {
    for (const Cube& cube : tower.cubes()) {
      CubePairs c;
      const auto key = cube.pairs_key();
      std::array<int, kPlaces> of{};  // each of the 3 pairs' distinct index
      for (int p = 0; p < 3; ++p) {
        const FacePair pair{key[2 * p], key[2 * p + 1]};
        if (!c.pairs.empty() && c.pairs.back() == pair) {
          ++c.copies.back();
        } else {
          c.pairs.push_back(pair);
          c.copies.push_back(1);
        }
        of[static_cast<std::size_t>(p)] = static_cast<int>(c.pairs.size()) - 1;
      }
      std::array<int, kPlaces> order{0, 1, 2};
      do {
        const std::array<int, kPlaces> layout{of[static_cast<std::size_t>(order[0])],
                                              of[static_cast<std::size_t>(order[1])],
                                              of[static_cast<std::size_t>(order[2])]};
        // Cube 1's front/back pair is the first of its two side pairs (the quarter turn).
        if (cubes_.empty() && layout[0] > layout[1]) continue;
        if (std::find(c.layouts.begin(), c.layouts.end(), layout) == c.layouts.end())
          c.layouts.push_back(layout);
      } while (std::next_permutation(order.begin(), order.end()));
      cubes_.push_back(std::move(c));
    }
    // A colour on k faces shows twice on each side pair, so k - 4 times on the tops and bottoms.
    faces_.assign(static_cast<std::size_t>(n_), 0);
    for (const Cube& cube : tower.cubes())
      for (const int colour : cube.faces) ++faces_[static_cast<std::size_t>(colour)];
  }

  State start() const {
    State s;
    for (int i = 0; i < n_; ++i)
      for (int place = 0; place < kPlaces; ++place)
        s.cand.push_back((Mask{1} << cubes_[static_cast<std::size_t>(i)].pairs.size()) - 1);
    s.decided.assign(s.cand.size(), false);
    for (int c = 0; c < n_ && !s.failed; ++c)
      if (quota(kPlaces - 1, c) < 0) {
        s.failed = true;
        s.why = colour(c) + " is on " + std::to_string(faces_[static_cast<std::size_t>(c)]) +
                " faces, fewer than the 4 the sides need";
      }
    if (!s.failed) tidy(s);
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

  // Branching: the undecided (cube, place) with fewest pairs left, or -1.
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
  static std::size_t index(int cube, int place) {
    return static_cast<std::size_t>(kPlaces * cube + place);
  }
  FacePair pair_of(int cube, int t) const {
    return cubes_[static_cast<std::size_t>(cube)].pairs[static_cast<std::size_t>(t)];
  }
  static int shows(const FacePair& pair, int colour) {
    return (pair.first == colour) + (pair.second == colour);
  }
  // How often `colour` shows in `place` in a solution.
  int quota(int place, int c) const {
    return place < 2 ? 2 : faces_[static_cast<std::size_t>(c)] - 4;
  }
  std::string colour(int c) const { return tower_.colors()[static_cast<std::size_t>(c)]; }
  std::string pair_text(const FacePair& p) const {
    return colour(p.first) + "\u2013" + colour(p.second);
  }
  std::string cube_number(int cube) const {
    return std::to_string(printed_[static_cast<std::size_t>(cube)] + 1);
  }
  std::string cube_text(int cube) const { return "cube " + cube_number(cube); }
  // "cube 2's red–blue pair", "cube 2's red–blue and green–white pairs and cube 4's ..."
  std::string ruled_text(std::vector<PairStep::Ruled> ruled) const {
    // Cubes in the order they are printed in.
    std::stable_sort(ruled.begin(), ruled.end(), [&](const auto& a, const auto& b) {
      return printed_[static_cast<std::size_t>(a.cube)] <
             printed_[static_cast<std::size_t>(b.cube)];
    });
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
  // Why pairs with `c` are ruled out of `place`, where it shows `have` times already:
  // "blue shows twice on the front and back already", "green is on 4 faces, all needed on the
  // sides".
  std::string full_text(int place, int c, int have) const {
    if (place < 2) {
      const std::string text = colour(c) + " shows " + times(have) + " on " + kPlaceNames[place];
      return have == 2 ? text + " already" : text + " already and may show only twice";
    }
    const int q = quota(place, c);
    const std::string faces =
        colour(c) + " is on " + std::to_string(faces_[static_cast<std::size_t>(c)]) + " faces";
    if (q == 0) return faces + ", all needed on the sides";
    return faces + " and the sides need 4, so it shows " + times(q) + " on the tops and bottoms" +
           (have > 0 ? " (" + times(have) + " already)" : std::string());
  }

  void strike(State& s, int cube, int place, Mask gone, PairStep* step) const {
    Mask& m = s.cand[index(cube, place)];
    gone &= m;
    if (step)
      for (Mask g = gone; g != 0; g &= g - 1)
        step->ruled_out.push_back({cube, place, pair_of(cube, std::countr_zero(g))});
    m &= ~gone;
    if (m == 0 && !s.failed) {
      s.failed = true;
      s.why = cube_text(cube) + " has no pair left for " + kPlaceNames[place];
    }
  }

  // The silent consequences of the pairs left: each cube puts its three pairs in the three
  // places, so a place keeps only the pairs of a layout the other places still allow.
  void tidy(State& s) const {
    for (int i = 0; i < n_ && !s.failed; ++i) {
      std::array<Mask, kPlaces> allowed{};
      for (const auto& layout : cubes_[static_cast<std::size_t>(i)].layouts) {
        bool fits = true;
        for (int place = 0; place < kPlaces; ++place)
          fits = fits && (s.cand[index(i, place)] >> layout[static_cast<std::size_t>(place)] & 1u);
        if (fits)
          for (int place = 0; place < kPlaces; ++place)
            allowed[static_cast<std::size_t>(place)] |= Mask{1}
                                                        << layout[static_cast<std::size_t>(place)];
      }
      for (int place = 0; place < kPlaces && !s.failed; ++place)
        strike(s, i, place, ~allowed[static_cast<std::size_t>(place)], nullptr);
    }
  }

  // Showings of `c` in `place` among the decided cubes.
  int decided_showings(const State& s, int place, int c) const {
    int have = 0;
    for (int i = 0; i < n_; ++i)
      if (const Mask m = s.cand[index(i, place)]; std::popcount(m) == 1)
        have += shows(pair_of(i, std::countr_zero(m)), c);
    return have;
  }

  // Rung 1: a cube with one pair left in a place.
  bool decide(State& s, PairStep* step) const {
    for (int i = 0; i < n_; ++i)
      for (int place = 0; place < kPlaces; ++place) {
        const std::size_t k = index(i, place);
        if (s.decided[k] || std::popcount(s.cand[k]) != 1) continue;
        s.decided[k] = true;
        tidy(s);
        if (step) {
          const FacePair pair = pair_of(i, std::countr_zero(s.cand[k]));
          step->level = 1;
          step->text = cube_text(i) + " shows " + pair_text(pair) + " on " + kPlaceNames[place] +
                       ": no other pair of it is left there";
          step->cubes = {i};
          step->decided = {{i, place, pair}};
        }
        return true;
      }
    return false;
  }

  // Rung 1: a colour that shows in a place as often as it may already: no other pair with it
  // goes there (with one showing left, no pair with it twice).
  bool full_colour(State& s, PairStep* step) const {
    for (int place = 0; place < kPlaces; ++place)
      for (int c = 0; c < n_; ++c) {
        const int have = decided_showings(s, place, c), left = quota(place, c) - have;
        if (left < 0) {
          s.failed = true;
          s.why = colour(c) + " would show " + times(have) + " on " + kPlaceNames[place] +
                  ", not " + times(quota(place, c));
          return false;
        }
        std::vector<int> struck;
        std::vector<PairStep::Ruled> gone_pairs;
        for (int i = 0; i < n_; ++i) {
          const Mask m = s.cand[index(i, place)];
          if (std::popcount(m) <= 1) continue;
          Mask gone = 0;
          for (Mask r = m; r != 0; r &= r - 1)
            if (shows(pair_of(i, std::countr_zero(r)), c) > left) {
              gone |= r & -r;
              gone_pairs.push_back({i, place, pair_of(i, std::countr_zero(r))});
            }
          if (gone == 0) continue;
          strike(s, i, place, gone, step);
          struck.push_back(i);
        }
        if (struck.empty()) continue;
        tidy(s);
        if (step) {
          step->level = 1;
          step->text = full_text(place, c, have) + ", so " + ruled_text(gone_pairs) +
                       " cannot go on " + kPlaceNames[place];
          step->cubes = struck;
        }
        return true;
      }
    return false;
  }

  // Rung 2: a colour with exactly as many showings left among the undecided cubes as it needs.
  bool colour_count(State& s, PairStep* step) const {
    for (int place = 0; place < kPlaces; ++place)
      for (int c = 0; c < n_; ++c) {
        const int need = quota(place, c) - decided_showings(s, place, c);
        if (need <= 0) continue;
        int supply = 0;
        std::vector<int> most(static_cast<std::size_t>(n_), 0);
        for (int i = 0; i < n_; ++i) {
          const Mask m = s.cand[index(i, place)];
          if (std::popcount(m) <= 1) continue;
          for (Mask r = m; r != 0; r &= r - 1)
            most[static_cast<std::size_t>(i)] = std::max(most[static_cast<std::size_t>(i)],
                                                         shows(pair_of(i, std::countr_zero(r)), c));
          supply += most[static_cast<std::size_t>(i)];
        }
        if (supply < need) {
          s.failed = true;
          s.why = colour(c) + " could show only " + times(supply) + " more on " +
                  kPlaceNames[place] + ", not " + times(need);
          return false;
        }
        if (supply != need) continue;
        std::vector<int> givers;
        std::vector<PairStep::Ruled> gone_pairs;
        for (int i = 0; i < n_; ++i) {
          const int best = most[static_cast<std::size_t>(i)];
          if (best == 0) continue;
          givers.push_back(i);
          Mask gone = 0;
          const Mask m = s.cand[index(i, place)];
          for (Mask r = m; r != 0; r &= r - 1)
            if (shows(pair_of(i, std::countr_zero(r)), c) < best) {
              gone |= r & -r;
              gone_pairs.push_back({i, place, pair_of(i, std::countr_zero(r))});
            }
          if (gone != 0) strike(s, i, place, gone, step);
        }
        if (gone_pairs.empty()) continue;
        tidy(s);
        if (step) {
          std::vector<std::string> numbers;
          std::vector<int> printed;
          for (const int i : givers) printed.push_back(printed_[static_cast<std::size_t>(i)]);
          std::sort(printed.begin(), printed.end());
          for (const int i : printed) numbers.push_back(std::to_string(i + 1));
          step->level = 2;
          step->text = colour(c) + " must show " + times(need) + " more on " + kPlaceNames[place] +
                       ", and only " + (givers.size() == 1 ? "cube " : "cubes ") + listed(numbers) +
                       " can still show it there, so " + ruled_text(gone_pairs) +
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
      for (int place = 0; place < 2; ++place) {
        const Mask m = s.cand[index(i, place)];
        if (std::popcount(m) <= 1) continue;
        for (Mask r = m; r != 0; r &= r - 1) {
          State trial = s;
          trial.cand[index(i, place)] = r & -r;
          tidy(trial);
          saturate(trial, 2);
          if (!trial.failed) continue;
          const FacePair pair = pair_of(i, std::countr_zero(r));
          if (step) *step = {};
          strike(s, i, place, r & -r, step);
          tidy(s);
          if (step) {
            step->level = 3;
            step->text = "suppose " + cube_text(i) + " showed " + pair_text(pair) + " on " +
                         kPlaceNames[place] +
                         ": pairs and colour counts then lead to a contradiction (" + trial.why +
                         "), so it cannot";
            step->cubes = {i};
          }
          return true;
        }
      }
    return false;
  }

  const TowerInstance& tower_;
  const int n_;
  std::vector<int> printed_;
  std::vector<CubePairs> cubes_;
  std::vector<int> faces_;  // per colour, the faces it is on
};

const char* const kHardest[] = {"", "pairs and full colours", "colour counts", "what-ifs"};
const char* const kRungs[] = {"", "pairs and full colours", "pairs and colour counts",
                              "pairs, colour counts and what-ifs"};

PairReasoning reason_in_order(const TowerInstance& tower, const std::vector<int>& printed,
                              const Limits& limits, std::size_t max_steps,
                              std::uint64_t search_node_limit);

}  // namespace

std::optional<PairReasoning> reason_pairs(const TowerInstance& tower, const Limits& limits,
                                          std::size_t max_steps, std::uint64_t search_node_limit) {
  if (tower.size() == 0 || static_cast<int>(tower.colors().size()) != tower.size())
    return std::nullopt;
  // The ladder reasons on the class's representative, so that every tower of a class gets the
  // same grade and steps (which cube breaks the quarter turn, and the order deductions are
  // found in, depend on the order of cubes and colours); its words and what it concludes are
  // put back in the user's cube numbers and colours.
  const TowerForm form = tower.canonical_form();
  const std::vector<int>& order = form.cube_of;
  const std::vector<int>& colour_of = form.colour_of;
  PairReasoning out = reason_in_order(form.tower, order, limits, max_steps, search_node_limit);
  const auto back = [&](PairStep::Ruled& ruled) {
    ruled.cube = order[static_cast<std::size_t>(ruled.cube)];
    FacePair& pair = ruled.pair;
    pair = {colour_of[static_cast<std::size_t>(pair.first)],
            colour_of[static_cast<std::size_t>(pair.second)]};
    if (pair.first > pair.second) std::swap(pair.first, pair.second);
  };
  for (PairStep& step : out.steps) {
    for (int& cube : step.cubes) cube = order[static_cast<std::size_t>(cube)];
    std::sort(step.cubes.begin(), step.cubes.end());
    std::for_each(step.ruled_out.begin(), step.ruled_out.end(), back);
    std::for_each(step.decided.begin(), step.decided.end(), back);
  }
  if (!out.choice.empty()) {
    std::vector<std::array<FacePair, 2>> choice(out.choice.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
      PairStep::Ruled front{0, 0, out.choice[k][0]}, side{0, 1, out.choice[k][1]};
      back(front);
      back(side);
      choice[static_cast<std::size_t>(order[k])] = {front.pair, side.pair};
    }
    out.choice = std::move(choice);
  }
  return out;
}

namespace {

PairReasoning reason_in_order(const TowerInstance& tower, const std::vector<int>& printed,
                              const Limits& limits, std::size_t max_steps,
                              std::uint64_t search_node_limit) {
  const Ladder ladder(tower, printed);
  PairReasoning out;
  Grade& g = out.grade;
  g.search_nodes = Count{0, true};
  State s = ladder.start();
  int hardest = 0;
  std::array<std::uint64_t, 4> uses{};  // deductions per rung
  while (!s.failed && !ladder.solved(s)) {
    PairStep step;
    const int rung = ladder.deduce(s, 3, max_steps > out.steps.size() ? &step : nullptr);
    if (rung == 0) break;
    hardest = std::max(hardest, rung);
    ++uses[static_cast<std::size_t>(rung)];
    if (max_steps > out.steps.size()) out.steps.push_back(std::move(step));
  }
  // Decided everywhere: the colour counts are checked once more (a last decision may overfill).
  if (ladder.solved(s)) ladder.saturate(s, 2);
  if (ladder.solved(s)) {
    grade_by_ladder(g, hardest, uses[static_cast<std::size_t>(hardest)],
                    kRungs[std::max(hardest, 1)], kHardest[hardest]);
    out.choice = ladder.choice(s);
    return out;
  }
  // The ladder stalls: branch on the undecided place with the fewest pairs left.
  if (s.failed) {
    g.level = Grade::extreme;
    g.reasoning = "the ladder stalls";
    g.solvable = false;
    return out;
  }
  grade_by_search(
      g, std::move(s),
      [&](State node, const std::function<void(State)>& branch) -> std::uint64_t {
        ladder.saturate(node, 3);
        if (node.failed) return 0;
        const int k = ladder.pick(node);
        if (k < 0) {
          ladder.saturate(node, 2);
          return ladder.solved(node) ? 1 : 0;
        }
        for (Mask rest = node.cand[static_cast<std::size_t>(k)]; rest != 0; rest &= rest - 1) {
          State child = node;
          child.cand[static_cast<std::size_t>(k)] = rest & -rest;
          branch(std::move(child));
        }
        return 0;
      },
      limits, search_node_limit);
  return out;
}

}  // namespace

}  // namespace puzzlegen::instant_insanity
