// The template family, the smallest complete one: Number Partition. An instance is n whole
// numbers (cards); a solution splits them into two groups with equal sums. Copy this folder to
// start a family (docs/adding-a-family.md walks through every part).
#include "family.hpp"

#include <gecode/minimodel.hh>

#include <algorithm>
#include <numeric>
#include <sstream>

#include "classes.hpp"
#include "error.hpp"
#include "render/drawing.hpp"
#include "render/play.hpp"
#include "verify.hpp"

namespace puzzlegen::partition {

namespace {

// The instance: the numbers, in the order given.
class Cards final : public Instance {
 public:
  explicit Cards(std::vector<int> numbers) : numbers_(std::move(numbers)) {}
  const std::vector<int>& numbers() const { return numbers_; }
  int total() const { return std::accumulate(numbers_.begin(), numbers_.end(), 0); }

  Json to_json() const override { return {{"puzzle", "partition"}, {"numbers", numbers_}}; }
  // The instance symmetry is reordering the cards: the sorted numbers name the class.
  std::vector<int> canonical_key() const override {
    std::vector<int> key = numbers_;
    std::sort(key.begin(), key.end());
    return key;
  }
  // Its distinct orderings: n! / (m1! m2! ...) for numbers repeated m1, m2, ... times.
  std::optional<Natural> class_size() const override {
    Natural orderings = factorial(static_cast<int>(numbers_.size()));
    const std::vector<int> key = canonical_key();
    for (auto run = key.begin(); run != key.end();) {
      const auto end = std::upper_bound(run, key.end(), *run);
      orderings /= factorial(static_cast<int>(end - run));
      run = end;
    }
    return orderings;
  }
  std::string render_text() const override {
    std::ostringstream out;
    out << "numbers:";
    for (const int v : numbers_) out << " " << v;
    return out.str() + "\n";
  }
  render::Drawing draw(double) const override { return draw_cards({}); }

  // Each card a box with its number; with `groups`, group A's cards are shaded.
  render::Drawing draw_cards(const std::vector<bool>& groups) const {
    constexpr double kCard = 40, kGap = 8;
    render::Drawing d;
    d.content.set("class", "cards");
    for (std::size_t i = 0; i < numbers_.size(); ++i) {
      const double x = static_cast<double>(i) * (kCard + kGap);
      const bool in_a = !groups.empty() && groups[i];
      d.content.add(render::Element("rect")
                        .set("x", x + 1)
                        .set("y", 1)
                        .set("width", kCard)
                        .set("height", kCard)
                        .set("fill", in_a ? "#bbb" : "#fff")
                        .set("stroke", "#000"));
      d.content.add(render::label(x + kCard / 2 + 1, kCard / 2 + 8, std::to_string(numbers_[i]), 18,
                                  "middle", "bold"));
      if (!groups.empty())
        d.content.add(render::label(x + kCard / 2 + 1, kCard + 16, in_a ? "A" : "B", 12, "middle"));
    }
    d.width = static_cast<double>(numbers_.size()) * (kCard + kGap);
    d.height = kCard + (groups.empty() ? 2 : 20);
    return d;
  }

 private:
  std::vector<int> numbers_;
};

// A solution: which cards go into group A.
class Split final : public Solution {
 public:
  Split(const Cards& cards, std::vector<bool> in_a) : cards_(cards), in_a_(std::move(in_a)) {}
  Json to_json() const override {
    Json a = Json::array(), b = Json::array();
    for (std::size_t i = 0; i < in_a_.size(); ++i) (in_a_[i] ? a : b).push_back(i + 1);
    return {{"kind", "split"}, {"group-a", a}, {"group-b", b}};
  }
  std::string render_text() const override {
    std::ostringstream out;
    out << "split:\n";
    for (const bool group : {true, false}) {
      out << "group " << (group ? "A" : "B") << ":";
      for (std::size_t i = 0; i < in_a_.size(); ++i)
        if (in_a_[i] == group) out << " " << cards_.numbers()[i];
      out << "\n";
    }
    return out.str();
  }
  render::Drawing draw() const override { return cards_.draw_cards(in_a_); }

 private:
  const Cards& cards_;
  std::vector<bool> in_a_;
};

// The solutions of one instance: x[i] = 1 when card i is in group A.
class SplitSpace final : public Gecode::Space {
 public:
  SplitSpace(const Cards& cards, bool modulo_swap) : in_a_(*this, cards.numbers().size(), 0, 1) {
    const int total = cards.total();
    if (total % 2 != 0) {
      fail();
      return;
    }
    Gecode::linear(*this, Gecode::IntArgs(cards.numbers()), in_a_, Gecode::IRT_EQ, total / 2);
    // Swapping the groups maps each split to another, never to itself: fixing card 1's group
    // counts every unordered split exactly once.
    if (modulo_swap) Gecode::rel(*this, in_a_[0], Gecode::IRT_EQ, 1);
    Gecode::branch(*this, in_a_, Gecode::BOOL_VAR_NONE(), Gecode::BOOL_VAL_MAX());
  }
  SplitSpace(SplitSpace& other) : Gecode::Space(other) { in_a_.update(*this, other.in_a_); }
  Gecode::Space* copy() override { return new SplitSpace(*this); }
  std::vector<bool> groups() const {
    std::vector<bool> out;
    for (int i = 0; i < in_a_.size(); ++i) out.push_back(in_a_[i].val() == 1);
    return out;
  }

 private:
  Gecode::BoolVarArray in_a_;
};

// The instances: n numbers from 1 to `max`, and their total (the measure).
class CardsSpace final : public InstanceSpace {
 public:
  CardsSpace(int n, int max, bool distinct, const InstanceSearch& search)
      : numbers_(*this, n, 1, max), total_(*this, n, n * max) {
    Gecode::linear(*this, numbers_, Gecode::IRT_EQ, total_);
    // Symmetry breaking: of the n! orders of a multiset, only the sorted one. Sound because
    // canonical_key() is the sorted numbers: every class keeps exactly one member.
    if (search.symmetry_breaking) Gecode::rel(*this, numbers_, Gecode::IRT_LQ);
    if (distinct) Gecode::distinct(*this, numbers_);
    if (auto bounds = search.measure_bounds.find("total"); bounds != search.measure_bounds.end())
      constrain_measure("total", bounds->second);
    Gecode::branch(*this, numbers_, Gecode::INT_VAR_NONE(), search.value_order());
  }
  CardsSpace(CardsSpace& other) : InstanceSpace(other) {
    numbers_.update(*this, other.numbers_);
    total_.update(*this, other.total_);
  }
  Gecode::Space* copy() override { return new CardsSpace(*this); }
  std::unique_ptr<Instance> instance() const override {
    std::vector<int> numbers;
    for (int i = 0; i < numbers_.size(); ++i) numbers.push_back(numbers_[i].val());
    return std::make_unique<Cards>(std::move(numbers));
  }
  void constrain_measure(const std::string&, const Bounds& bounds) override {
    post_bounds(*this, total_, bounds);
  }

 private:
  Gecode::IntVarArray numbers_;
  Gecode::IntVar total_;
};

// How an instance grows, for walking one instance per class (strategy `classes`,
// docs/classes.md): a number at a time, from none to n. A partial instance's canonical form is
// its numbers sorted (the class's key); the number added last is the canonical last step when
// it is the greatest (any copy of the greatest will do: equal numbers are interchangeable).
// extend() may offer every number: accept() is what keeps each class once.
class GrowNumbers final : public Growth {
 public:
  GrowNumbers(int n, int largest, bool distinct) : n_(n), largest_(largest), distinct_(distinct) {}
  Partial root() const override { return {}; }
  int depth() const override { return n_; }
  void extend(const Partial& parent,
              const std::function<void(const Partial& child)>& child) const override {
    Partial next = parent;
    next.push_back(0);
    for (int number = 1; number <= largest_; ++number) {
      if (distinct_ && std::find(parent.begin(), parent.end(), number) != parent.end()) continue;
      next.back() = number;
      child(next);
    }
  }
  Partial accept(const Partial& child) const override {
    if (*std::max_element(child.begin(), child.end()) != child.back()) return {};
    Partial form = child;
    std::sort(form.begin(), form.end());
    return form;
  }
  std::unique_ptr<Instance> complete(const Partial& leaf) const override {
    return std::make_unique<Cards>(leaf);
  }

 private:
  int n_, largest_;
  bool distinct_;
};

// The family: FamilyOf<Cards> for what every family has, and the optional capabilities it
// offers (family.hpp), each returned below as `this`: classes to walk, and second methods for
// `puzzlegen verify`.
class Partition final : public FamilyOf<Cards>, public Classes, public VerificationOf<Cards> {
 public:
  const Classes* classes() const override { return this; }
  const Verification* verification() const override { return this; }

  std::string name() const override { return "partition"; }
  std::string title() const override { return "Number Partition"; }
  std::string summary() const override {
    return "Split n whole numbers into two groups with equal sums (the template family).";
  }
  std::vector<OptionInfo> parameters() const override {
    return {OptionInfo::integer("n", "how many numbers", "6", 2, 12)};
  }
  std::vector<OptionInfo> instance_constraints() const override {
    return {OptionInfo::integer("largest", "no number is larger (the least is 1)", "9", 1, 99),
            OptionInfo::boolean("distinct", "no number appears twice", false)};
  }
  std::vector<OptionInfo> solution_options() const override {
    return {OptionInfo::choice("modulo",
                               "none: group A and group B are told apart; swap: a split and the "
                               "same split with the groups swapped count once",
                               "swap", {"none", "swap"})};
  }
  std::vector<KindInfo> kinds() const override {
    return {{"split", "two groups of cards with the same sum"}};
  }
  std::vector<KindInfo> measures() const override { return {{"total", "the sum of the numbers"}}; }
  std::uint64_t measure(const Cards& cards, const std::string&) const override {
    return static_cast<std::uint64_t>(cards.total());
  }
  Json solve_facts(const Cards& cards, const Limits&) const override {
    return {{"total", cards.total()}};
  }
  std::string task(const Cards&, const std::string&) const override {
    return "Put every card in group A or group B so that both groups add up to the same sum.";
  }
  // On screen (render/play.hpp): a row of cards, each put in group A or B, and the rule that
  // the groups add up to the same sum. Made from the cards alone: the page holds no answer.
  Json play(const Cards& cards, const std::string&) const override {
    render::PlayGrid row;
    row.rows = 1;
    row.columns = static_cast<int>(cards.numbers().size());
    row.values = {"A", "B"};
    row.names = {"group A", "group B"};
    for (const int number : cards.numbers()) {
      row.labels.push_back(std::to_string(number));
      row.equal_sums.push_back(number);
    }
    return row.to_json();
  }
  std::string count_phrase(const std::string&, const Count& count,
                           const OptionValues& options) const override {
    return count_words(count, "way", "ways") +
           (options.choice("modulo") == "swap" ? " (swapping the groups is the same way)" : "");
  }

  std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                          const std::string& file) const override {
    reject_unknown_keys(document, {"puzzle", "numbers"}, "", file);
    const YAML::Node list = document["numbers"];
    if (!list || !list.IsSequence() || list.size() < 2 || list.size() > 12)
      throw InputError(location_of(list ? list : document, file), "numbers",
                       "expected a list of 2 to 12 whole numbers");
    std::vector<int> numbers;
    for (std::size_t i = 0; i < list.size(); ++i)
      numbers.push_back(
          read_int(list[i], file, "numbers[" + std::to_string(i + 1) + "]", 1, 99, "a number"));
    return std::make_unique<Cards>(std::move(numbers));
  }
  OptionValues parameters_of(const Cards& cards) const override {
    const auto& numbers = cards.numbers();
    OptionValues values;
    values.set("n", static_cast<std::int64_t>(numbers.size()));
    return values;
  }
  bool satisfies(const Cards& cards, const OptionValues& constraints) const override {
    const auto key = cards.canonical_key();  // sorted
    return key.back() <= constraints.integer("largest") &&
           (!constraints.boolean("distinct") ||
            std::adjacent_find(key.begin(), key.end()) == key.end());
  }

  Count count(const Cards& cards, const std::string&, const OptionValues& options,
              std::uint64_t cap, const Limits& limits) const override {
    SplitSpace root(cards, options.choice("modulo") == "swap");
    return count_solutions<SplitSpace>(root, cap, limits);
  }
  // For `puzzlegen verify`: the same counts by brute force (verify.cpp).
  Recount verify_counts(const Cards& cards, const std::string&, const OptionValues& options,
                        const Limits&) const override {
    return splits_by_brute_force(cards.numbers(), options.choice("modulo") == "swap");
  }
  Recount verify_class_size(const Cards& cards, const Limits&) const override {
    return orderings_by_positions(cards.numbers());
  }
  std::unique_ptr<Solution> first_solution(const Cards& cards, const std::string&,
                                           const Limits& limits) const override {
    SplitSpace root(cards, true);
    const auto found = puzzlegen::first_solution<SplitSpace>(root, limits);
    return found ? std::make_unique<Split>(cards, found->groups()) : nullptr;
  }

  std::unique_ptr<InstanceSpace> instance_space(const OptionValues& parameters,
                                                const OptionValues& constraints,
                                                const InstanceSearch& search) const override {
    return std::make_unique<CardsSpace>(static_cast<int>(parameters.integer("n")),
                                        static_cast<int>(constraints.integer("largest")),
                                        constraints.boolean("distinct"), search);
  }
  std::unique_ptr<Growth> growth(const OptionValues& parameters, const OptionValues& constraints,
                                 const InstanceSearch&) const override {
    return std::make_unique<GrowNumbers>(static_cast<int>(parameters.integer("n")),
                                         static_cast<int>(constraints.integer("largest")),
                                         constraints.boolean("distinct"));
  }
  std::unique_ptr<Instance> random_instance(const OptionValues& parameters,
                                            const OptionValues& constraints,
                                            const std::map<std::string, Bounds>&,
                                            Rng& rng) const override {
    const int n = static_cast<int>(parameters.integer("n"));
    const int max = static_cast<int>(constraints.integer("largest"));
    std::vector<int> numbers;
    if (constraints.boolean("distinct") && n <= max) {  // n of 1..max, each set equally likely
      std::vector<int> all(static_cast<std::size_t>(max));
      std::iota(all.begin(), all.end(), 1);
      rng.shuffle(all);
      numbers.assign(all.begin(), all.begin() + n);
    } else {
      for (int i = 0; i < n; ++i) numbers.push_back(static_cast<int>(rng.below(max)) + 1);
    }
    return std::make_unique<Cards>(std::move(numbers));
  }
};

}  // namespace

std::unique_ptr<Family> make_family() {
  return std::make_unique<Partition>();
}

}  // namespace puzzlegen::partition
