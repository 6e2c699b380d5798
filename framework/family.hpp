// The plugin contract: everything the framework, the generators and the CLI know about a
// puzzle family goes through this interface. It reads top to bottom as the contract's table:
//
//   Instance, Solution        what a family makes
//   InstanceSpace, InstanceSearch
//                             the instances as a Gecode space, for generators
//   Family                    what every family has: identity and options; instances and
//                             solutions; instance spaces and draws; printing; and the optional
//                             capabilities it offers (null when it lacks them):
//   Clues                       puzzles made of clues read off a solution (strategy `minimal`)
//   Classes                     instances grown one step at a time (strategy `classes`)
//   Grading                     difficulty grades and explained steps
//   Verification                second methods for `puzzlegen verify`
//   FamilyOf<I>, CluesOf<I>, GradingOf<I>, VerificationOf<I>
//                             the bases a family derives from, so that its methods receive its
//                             own instance type I and it never casts
//
// A family lives in puzzles/<name>/ and is declared once, by puzzlegen_add_family in its
// CMakeLists.txt (or is a plugin: plugin.hpp).
#pragma once

#include <yaml-cpp/yaml.h>
#include <gecode/int.hh>
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "bounds.hpp"
#include "difficulty.hpp"
#include "options.hpp"
#include "render/drawing.hpp"
#include "rng.hpp"
#include "solve.hpp"
#include "yaml_read.hpp"

namespace puzzlegen {

using Json = nlohmann::ordered_json;

class Growth;  // classes.hpp
class Clues;
class Classes;
class Grading;
class Verification;

class Instance {
 public:
  virtual ~Instance() = default;
  // The instance-file schema (`puzzle: <family>` included), so output can be saved and solved.
  virtual Json to_json() const = 0;
  // Equal for two instances exactly when they are the same up to the family's instance
  // symmetries (e.g. permuting cubes, relabelling colours): generators never print two
  // instances with the same key.
  virtual std::vector<int> canonical_key() const = 0;
  // How many instances share this canonical key: the size of its class (orbit) under the
  // family's instance symmetries, counting as distinct what an instance file tells apart.
  // Papers count instances while generators print one per class; nullopt = not known.
  virtual std::optional<Natural> class_size() const { return std::nullopt; }
  virtual std::string render_text() const = 0;
  // The puzzle as printed: cube nets to cut out, a board to fill in (see framework/render).
  // Parts that can go side by side (nets) are laid out in rows no wider than `width` CSS px:
  // a worksheet enlarges the drawing by k and draws it into render::kPageWidth / k.
  virtual render::Drawing draw(double width) const = 0;
  // The puzzle as pupils cut it out: one drawing per piece (a cube's net), `scale` times the
  // size pupils cut and glue well (faces of 20 mm), then one of the legend alone. A worksheet lets
  // a page break fall between pieces, so they keep their size however many there are. Empty:
  // the family has nothing to cut out, and a worksheet prints draw() whole.
  virtual std::vector<render::Drawing> cut_outs(double scale) const {
    (void)scale;
    return {};
  }
};

class Solution {
 public:
  virtual ~Solution() = default;
  virtual Json to_json() const = 0;
  virtual std::string render_text() const = 0;
  // The answer as printed in an answer key.
  virtual render::Drawing draw() const = 0;
};

struct KindInfo {
  std::string name;
  std::string help;
};

namespace detail {
// The one cast from Instance to a family's own instance class I, behind every typed base below.
// The framework hands a family only instances that family made (read_instance, its instance
// spaces, random_instance), so another family's instance is a bug: std::bad_cast.
template <class I>
const I& own(const Instance& instance) {
  static_assert(std::is_base_of_v<Instance, I> && !std::is_same_v<Instance, I>,
                "I is the family's own class derived from Instance");
  return dynamic_cast<const I&>(instance);
}
}  // namespace detail

// The variables of a space whose solutions are instances. Families add their own symmetry
// breaking and the spec's instance constraints; generators only branch and decode.
class InstanceSpace : public Gecode::Space {
 public:
  // Posts `bounds` on x (a measure's variable): bounds beyond any int are clamped, so that
  // the conversion cannot wrap. The usual body of constrain_measure.
  static void post_bounds(Gecode::Home home, Gecode::IntVar x, const Bounds& bounds);
  InstanceSpace() = default;
  InstanceSpace(InstanceSpace& other) : Gecode::Space(other) {}
  virtual std::unique_ptr<Instance> instance() const = 0;  // for an assigned space
  // Branch and bound on a measure: restrict this space (and the spaces cloned from it) to
  // instances whose measure `name` lies within `bounds`. The default posts nothing, which is
  // sound (the generator still compares every instance with the best) but prunes nothing.
  virtual void constrain_measure(const std::string& name, const Bounds& bounds);
};

using InstancePtr = std::shared_ptr<const Instance>;

// How a generator wants an instance space built.
struct InstanceSearch {
  bool randomized = false;  // a seeded random value order (see value_order)
  std::uint64_t seed = 1;
  // The family's symmetry breaking on instances; switched off only to test that it is sound.
  bool symmetry_breaking = true;
  // Kinds the spec needs at least one solution of. The family may post one solution's
  // variables and constraints, unbranched, next to the instance's (a joint model), so that
  // propagation prunes instances that cannot have such a solution before they are counted.
  std::vector<std::string> required_kinds;
  // The spec's bounds on kinds and measures (branch and bound on a measure tightens the
  // latter). A family may compile kind bounds into instance constraints where it has an exact
  // encoding, and must post the measure bounds.
  std::map<std::string, Bounds> kind_bounds;
  std::map<std::string, Bounds> measure_bounds;

  // The value order a family's brancher should use: least value first, or (randomized) a
  // seeded order that depends only on the variable and its domain at the node. Unlike a
  // generator shared by the clones, that makes the search below every node the same however
  // the tree is split between threads, processes and machines.
  Gecode::IntValBranch value_order() const;
};

// A size to print a family's drawings at: the drawing's scale ("1.25") and what a teacher sees
// on paper ("larger (cells 17 mm)").
struct PrintSize {
  std::string scale;
  std::string words;
};
// Sizes for cube nets that pupils cut out and glue: faces from 20 mm down to 11 mm, and 26 mm.
std::vector<PrintSize> cube_net_sizes();

// What every family has, and the optional capabilities it offers. A family derives from
// FamilyOf<I> (below) rather than from Family itself.
class Family {
 public:
  virtual ~Family() = default;

  // ---- Identity and options: `list`, `describe`, a spec's reader and `validate`.
  virtual std::string name() const = 0;
  virtual std::string summary() const = 0;
  // The puzzle's name as printed on worksheets ("Instant Insanity"); default: name().
  virtual std::string title() const { return name(); }
  // Spec `parameters:`, `instance:` and the options of `solutions:` (count-as, modulo, ...).
  virtual std::vector<OptionInfo> parameters() const = 0;
  virtual std::vector<OptionInfo> instance_constraints() const = 0;
  virtual std::vector<OptionInfo> solution_options() const = 0;
  virtual std::vector<KindInfo> kinds() const = 0;
  std::vector<std::string> kind_names() const;
  // Throws InputError naming `where` and `field` unless `kind` is one of kinds().
  void check_kind(const std::string& kind, const SourceLocation& where,
                  const std::string& field) const;
  // Cross-checks parameter values that are valid one by one (throws InputError).
  virtual void check_parameters(const OptionValues& parameters, const SourceLocation& where) const;
  // Numbers an instance has (Eight Blocks: `size`, its number of cubes), which a spec may
  // bound under `instance:` or optimise. measure() is called only with names from measures().
  virtual std::vector<KindInfo> measures() const { return {}; }
  virtual std::uint64_t measure(const Instance& instance, const std::string& name) const;
  // measures() and, when the family grades, the difficulty measures (difficulty.hpp), whose
  // values come from a grade (difficulty_measure).
  std::vector<KindInfo> every_measure() const;
  // Bounds on kinds that the solution options stand for (Eight Blocks' `composable: all`).
  virtual std::map<std::string, Bounds> implied_bounds(const OptionValues& options) const;
  // Facts that make some specs unmeetable, for `validate`'s warnings. Every count of `kind`
  // in this convention is a multiple of count_multiple() (Instant Insanity: orientation
  // tuples come in whole orbits of the tower group, 8 of them).
  virtual std::uint64_t count_multiple(const std::string& kind, const OptionValues& options) const;
  // Why no instance with these parameters meets these instance constraints, when the family
  // knows without searching ("a cube has 6 faces: it cannot show 7 colours").
  virtual std::vector<std::string> impossible_instances(const OptionValues& parameters,
                                                        const OptionValues& constraints) const;

  // ---- Instances and solutions: `solve`, and every generator's judge.
  virtual std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                                  const std::string& file) const = 0;
  // The parameters an instance has (used to check it against a spec's parameters).
  virtual OptionValues parameters_of(const Instance& instance) const = 0;
  virtual bool satisfies(const Instance& instance, const OptionValues& constraints) const = 0;
  // `options` holds the family's solution options; a cap of 0 means none.
  virtual Count count(const Instance& instance, const std::string& kind,
                      const OptionValues& options, std::uint64_t cap,
                      const Limits& limits) const = 0;
  virtual std::unique_ptr<Solution> first_solution(const Instance& instance,
                                                   const std::string& kind,
                                                   const Limits& limits) const = 0;
  // Up to `most` solutions of `kind` that look different to a solver, so that an answer key
  // can show every solution when there are few. Default: the first solution alone.
  virtual std::vector<std::unique_ptr<Solution>> distinct_solutions(const Instance& instance,
                                                                    const std::string& kind,
                                                                    std::size_t most,
                                                                    const Limits& limits) const;
  // Facts `solve` prints besides the counts (Eight Blocks: the composable varieties).
  virtual Json solve_facts(const Instance& instance, const Limits& limits) const;

  // ---- Instance spaces and draws: the generators' strategies (search, random).
  virtual std::unique_ptr<InstanceSpace> instance_space(const OptionValues& parameters,
                                                        const OptionValues& constraints,
                                                        const InstanceSearch& search) const = 0;
  // One instance drawn uniformly from those with these parameters that meet the constraints
  // the family can enforce while drawing (say, per cube); the caller still checks them all.
  // `measures` are the spec's bounds on measures (`instance: {givens: {min: 30}}`), empty when
  // it has none: a family may honour them while drawing, so that fewer draws are thrown away
  // (a grid family stops taking givens back at the fewest the spec allows), or ignore them;
  // every bound is still judged afterwards.
  virtual std::unique_ptr<Instance> random_instance(const OptionValues& parameters,
                                                    const OptionValues& constraints,
                                                    const std::map<std::string, Bounds>& measures,
                                                    Rng& rng) const = 0;
  // A move of local search (strategy `local`): an instance one small change away from
  // `instance`, with the same parameters, drawn with `rng` (Instant Insanity might swap two
  // faces of a cube). Null (the default) when the family supplies no moves; a family with
  // clues (Clues) needs none, since local search then moves its clues.
  virtual std::unique_ptr<Instance> neighbour(const Instance& instance,
                                              const OptionValues& constraints, Rng& rng) const {
    (void)instance, (void)constraints, (void)rng;
    return nullptr;
  }
  // Where a walk of local search starts, for a family without clues, when the spec asks for at
  // least one `kind` solution: an instance drawn together with one of its solutions (planted),
  // so that the walk starts with one. Null (the default): the walk starts from random_instance,
  // whose draws may all have none (most random Hitori grids), a plateau no move leaves.
  virtual std::unique_ptr<Instance> planted_instance(const OptionValues& parameters,
                                                     const std::string& kind, const Limits& limits,
                                                     Rng& rng) const {
    (void)parameters, (void)kind, (void)limits, (void)rng;
    return nullptr;
  }

  // ---- Printing: worksheets, answer keys and the teacher's page.
  // What the solver is asked to do to find a `kind` solution, and a count in words ("exactly
  // one tower up to turning it"). The defaults name the kind and convention.
  virtual std::string task(const Instance& instance, const std::string& kind) const;
  virtual std::string count_phrase(const std::string& kind, const Count& count,
                                   const OptionValues& options) const;
  // How to mark a pupil's answer that is the key's up to what the convention `options` counts
  // as the same (a board with its colours renamed), so the answer need not be the key's letter
  // for letter; empty (the default) when the key's answer is the one to match.
  virtual std::string how_to_mark(const std::string& kind, const OptionValues& options) const;
  // The sizes a teacher may print the family's drawings at, largest use first: a scale of the
  // drawing and what it means on paper ("faces 20 mm"). The default fits a grid on a page;
  // families whose drawings are cut out (cube nets) give sizes that fold well (cube_net_sizes).
  virtual std::vector<PrintSize> print_sizes() const;
  // The puzzle to play on screen (render/play.hpp: a PlayGrid's or PlayTower's to_json()) for
  // a `kind` solution, made from the instance alone so that the page holds no answer; null
  // (the default) when the family offers none for this kind.
  virtual Json play(const Instance& instance, const std::string& kind) const;
  // The puzzle a sheet prints for `instance` posed as `kind`, when it differs from the
  // instance: givens, taken from a solution, that leave pupils one answer letter for letter
  // where the family counts solutions up to a symmetry a pupil's answer would show (the 36
  // Cube's colour renaming: the first row's colours). Null (the default): printed as it is.
  virtual std::unique_ptr<Instance> printed_puzzle(const Instance& instance,
                                                   const std::string& kind,
                                                   const Limits& limits) const;

  // ---- Optional capabilities, each null (the default) when the family lacks it. A family
  // usually offers one by deriving from it too (CluesOf<I>, Classes, GradingOf<I>,
  // VerificationOf<I>) and returning `this`: its methods then sit beside the rest of the
  // family and share its helpers, with no back-reference to keep.
  virtual const Clues* clues() const { return nullptr; }
  virtual const Classes* classes() const { return nullptr; }
  virtual const Grading* grading() const { return nullptr; }
  virtual const Verification* verification() const { return nullptr; }
  // The kinds the family grades (Grading::graded_kinds), none when it does not grade.
  std::vector<std::string> graded_kinds() const;
  // The grade of solving `instance` for `kind`: reasoned_grade where the family has one, else
  // propagation and probing; nullopt when the family does not grade `kind`.
  std::optional<Grade> grade_of(const Instance& instance, const std::string& kind,
                                const Limits& limits) const;
  // The grade by propagation and probing of graded_space alone (`propagation-difficulty`).
  std::optional<Grade> propagation_grade_of(const Instance& instance, const std::string& kind,
                                            const Limits& limits) const;
};

// ---- Clues. Offered by families whose puzzles are clues read off one solution (givens, signs,
// border clues); used by the `minimal` strategy (generators.md) and the contract checks.

// A solution drawn at random as the puzzle with every clue given.
struct CluedSolution {
  std::unique_ptr<Instance> full;
  std::size_t clues = 0;  // numbered 0 to clues - 1, as Clues::with_clues takes them
};

class Clues {
 public:
  virtual ~Clues() = default;
  // A solution drawn at random with these parameters and instance constraints, as the puzzle
  // with all its clues given.
  virtual CluedSolution clued_solution(const OptionValues& parameters,
                                       const OptionValues& constraints, Rng& rng) const = 0;
  // `full` (from clued_solution) with only the clues `kept` (kept[c] for clue c).
  virtual std::unique_ptr<Instance> with_clues(const Instance& full,
                                               const std::vector<bool>& kept) const = 0;
  // Optional, for speed: the minimal strategy asks it, where offered, instead of counting each
  // puzzle to two. Solutions of `kind` of with_clues(full, kept) other than full's own (the
  // solution every clue is true of): none when that one is the only one, else enough to show
  // it is not (one known to differ from it, or two where which is full's own is not known).
  // `taken_back` >= 0: the puzzle was unique with that clue too, so another solution breaks
  // it, and only those need searching. The caller keeps what is found while added clues agree
  // with it, and asks again only then. nullopt: not offered (the caller counts).
  virtual std::optional<OtherSolutions> other_solutions(const Instance& full,
                                                        const std::vector<bool>& kept,
                                                        int taken_back, const std::string& kind,
                                                        const OptionValues& options,
                                                        const Limits& limits) const {
    (void)full, (void)kept, (void)taken_back, (void)kind, (void)options, (void)limits;
    return std::nullopt;
  }
  // The measure (named as in Family::measures) that counts the clues a puzzle gives, if the
  // family has one: the minimal strategy keeps to a spec's bounds on it as it goes, and drops
  // a puzzle as soon as it is known to need more clues than the spec allows.
  virtual std::string clue_measure() const { return {}; }
};

// ---- Classes. Offered by families that know how their instances grow one step at a time, so
// that generators walk one instance per class (strategy `classes`, classes.hpp); verify's
// reruns walk them as a second way to search.
class Classes {
 public:
  virtual ~Classes() = default;
  // How instances with these parameters and instance constraints grow; null when the family
  // does not declare it for them. `search` has the spec's bounds on kinds and measures (as for
  // instance_space), so that the growth can prune what cannot meet them (Growth::prune), start
  // and end where the measures allow (Growth::first_depth) and keep only the symmetries the
  // bounds keep; a default InstanceSearch when there is no spec to honour.
  virtual std::unique_ptr<Growth> growth(const OptionValues& parameters,
                                         const OptionValues& constraints,
                                         const InstanceSearch& search) const = 0;
};

// ---- Grading. Offered by families that grade their puzzles' difficulty (difficulty.hpp); used
// by the difficulty measures, `solve`'s grades, worksheets' levels and explained answer keys.

// One deduction of a solution, in words ("r2c3 is 4: the only place left for 4 in row 2"),
// and the parts of the puzzle it is about, in the family's own numbering (a grid's cells
// row-major, Instant Insanity's cubes), which a key's drawing marks with the step's number.
struct ExplainedStep {
  std::string text;
  std::vector<int> cells;
};

// The first steps of a solution, and the puzzle drawn with each step's parts marked by its
// number (no drawing, width 0, where the family marks none).
struct Explanation {
  std::vector<ExplainedStep> steps;
  render::Drawing drawing;
};

class Grading {
 public:
  virtual ~Grading() = default;
  // The kinds whose puzzles the family grades.
  virtual std::vector<std::string> graded_kinds() const = 0;
  // The solving model a grade replays for a graded kind, in a convention where a well-posed
  // puzzle has one solution (symmetric copies broken). Null (the default) where the family
  // grades by its own means, reasoned_grade (a model family: its FlatZinc space cannot be a
  // GradedSpace, and it replays propagation strengths and probing on that space itself).
  virtual std::unique_ptr<GradedSpace> graded_space(const Instance& instance,
                                                    const std::string& kind) const;
  // A grade by a ladder of techniques a person uses (grid/reasoning.hpp for Latin boards), for
  // a graded kind; nullopt (the default) leaves the grade to propagation and probing of
  // graded_space, which then is the `propagation-difficulty` measure beside it.
  virtual std::optional<Grade> reasoned_grade(const Instance& instance, const std::string& kind,
                                              const Limits& limits) const;
  // The first `steps` deductions of a solution by that ladder, in words, for answer keys that
  // explain (`--explain N`), drawn on the puzzle `width` wide; empty (the default) where the
  // family has no ladder for `kind`.
  virtual Explanation explain(const Instance& instance, const std::string& kind, std::size_t steps,
                              double width, const Limits& limits) const;
};

// ---- Verification. Offered by families with second methods for `puzzlegen verify`
// (framework/verify.hpp); a family without it has every claim called "not verifiable", never
// checked silently.

// A number re-derived by a second method: a solution count by a method that shares no model
// code with Family::count, or a class size by another argument than Instance::class_size.
// `value` is empty when the family has no such method for this instance (`method` then says
// why, and the claim is "not verifiable"; verify says so itself when `method` is empty).
struct Recount {
  std::optional<Count> value;
  std::string method;  // what was done ("exact cover of the board by transversals"), or why not
};

// A figure a census must reproduce (the number of Latin squares of order n, of multisets of
// cube kinds), checked by `verify` against the sum over a census's classes of what each class
// contributes to it: its size (an independent one), or 1 and 2 for classes that fold two of the
// figure's. `per_class` returns nullopt when it cannot tell for a class.
struct CensusFigure {
  std::string what;  // "Latin squares of order 7 (OEIS A002860)"
  Natural value;
  // Whether `value` is the number of instances in the space and per_class a class's size:
  // then a census that reproduces it has every class (with none twice).
  bool counts_instances = false;
  std::function<std::optional<Natural>(const Instance&, const Limits&)> per_class;

  // A figure whose per_class is `per_class`, a function of the family's own instance class I.
  template <class I, class F>
  static CensusFigure of(std::string what, Natural value, bool counts_instances, F per_class) {
    return {std::move(what), std::move(value), counts_instances,
            [per_class = std::move(per_class)](const Instance& instance, const Limits& limits)
                -> std::optional<Natural> { return per_class(detail::own<I>(instance), limits); }};
  }
};

// A space listed a second way (Verification::verify_space), for `puzzlegen verify` to ask a
// spec's question again with no model, no propagation and no symmetry breaking in the search.
struct Listing {
  bool finished = false;     // every instance listed, within the limits
  std::uint64_t listed = 0;  // instances looked at (classes visited are fewer)
  std::string method;        // what was listed and how classes were told apart
};

class Verification {
 public:
  virtual ~Verification() = default;
  // `kind` counted in the convention `options` by a second method that shares no model code
  // with count() (brute force where the instance is small).
  virtual Recount verify_counts(const Instance& instance, const std::string& kind,
                                const OptionValues& options, const Limits& limits) const = 0;
  // Instance::class_size() by another method (orbit enumeration, orbit-stabiliser); default:
  // none.
  virtual Recount verify_class_size(const Instance& instance, const Limits& limits) const;
  // Figures a census of every instance with these parameters and instance constraints must
  // reproduce, as far as the family knows them (default: none).
  virtual std::vector<CensusFigure> census_figures(const OptionValues& parameters,
                                                   const OptionValues& constraints) const;
  // Every instance with these parameters that meets these instance constraints, enumerated
  // without the instance space's model and visited once per class, classes told apart by a
  // second canonical form (not Instance::canonical_key), until `visit` returns false. nullopt
  // (the default) when the family lists no such space (none of its own, or too large to list).
  virtual std::optional<Listing> verify_space(
      const OptionValues& parameters, const OptionValues& constraints, const Limits& limits,
      const std::function<bool(const Instance&)>& visit) const;
};

// ---- Typed bases. Each re-declares the methods of its interface that take an instance, with
// the family's own instance class I, and passes Family's on through detail::own<I>: a family
// overrides the typed ones and never casts.

// The required part: Family with its instance methods typed; the defaults are Family's.
template <class I>
class FamilyOf : public Family {
 public:
  virtual std::uint64_t measure(const I& instance, const std::string& name) const {
    return Family::measure(instance, name);
  }
  virtual OptionValues parameters_of(const I& instance) const = 0;
  virtual bool satisfies(const I& instance, const OptionValues& constraints) const = 0;
  virtual Count count(const I& instance, const std::string& kind, const OptionValues& options,
                      std::uint64_t cap, const Limits& limits) const = 0;
  virtual std::unique_ptr<Solution> first_solution(const I& instance, const std::string& kind,
                                                   const Limits& limits) const = 0;
  virtual std::vector<std::unique_ptr<Solution>> distinct_solutions(const I& instance,
                                                                    const std::string& kind,
                                                                    std::size_t most,
                                                                    const Limits& limits) const {
    return Family::distinct_solutions(instance, kind, most, limits);
  }
  virtual Json solve_facts(const I& instance, const Limits& limits) const {
    return Family::solve_facts(instance, limits);
  }
  virtual std::string task(const I& instance, const std::string& kind) const {
    return Family::task(instance, kind);
  }
  virtual Json play(const I& instance, const std::string& kind) const {
    return Family::play(instance, kind);
  }
  virtual std::unique_ptr<Instance> printed_puzzle(const I& instance, const std::string& kind,
                                                   const Limits& limits) const {
    return Family::printed_puzzle(instance, kind, limits);
  }

  std::uint64_t measure(const Instance& instance, const std::string& name) const final {
    return measure(detail::own<I>(instance), name);
  }
  OptionValues parameters_of(const Instance& instance) const final {
    return parameters_of(detail::own<I>(instance));
  }
  bool satisfies(const Instance& instance, const OptionValues& constraints) const final {
    return satisfies(detail::own<I>(instance), constraints);
  }
  Count count(const Instance& instance, const std::string& kind, const OptionValues& options,
              std::uint64_t cap, const Limits& limits) const final {
    return count(detail::own<I>(instance), kind, options, cap, limits);
  }
  std::unique_ptr<Solution> first_solution(const Instance& instance, const std::string& kind,
                                           const Limits& limits) const final {
    return first_solution(detail::own<I>(instance), kind, limits);
  }
  std::vector<std::unique_ptr<Solution>> distinct_solutions(const Instance& instance,
                                                            const std::string& kind,
                                                            std::size_t most,
                                                            const Limits& limits) const final {
    return distinct_solutions(detail::own<I>(instance), kind, most, limits);
  }
  Json solve_facts(const Instance& instance, const Limits& limits) const final {
    return solve_facts(detail::own<I>(instance), limits);
  }
  std::string task(const Instance& instance, const std::string& kind) const final {
    return task(detail::own<I>(instance), kind);
  }
  Json play(const Instance& instance, const std::string& kind) const final {
    return play(detail::own<I>(instance), kind);
  }
  std::unique_ptr<Instance> printed_puzzle(const Instance& instance, const std::string& kind,
                                           const Limits& limits) const final {
    return printed_puzzle(detail::own<I>(instance), kind, limits);
  }
};

template <class I>
class CluesOf : public Clues {
 public:
  virtual std::unique_ptr<Instance> with_clues(const I& full,
                                               const std::vector<bool>& kept) const = 0;
  std::unique_ptr<Instance> with_clues(const Instance& full,
                                       const std::vector<bool>& kept) const final {
    return with_clues(detail::own<I>(full), kept);
  }
  virtual std::optional<OtherSolutions> other_solutions(const I& full,
                                                        const std::vector<bool>& kept,
                                                        int taken_back, const std::string& kind,
                                                        const OptionValues& options,
                                                        const Limits& limits) const {
    return Clues::other_solutions(full, kept, taken_back, kind, options, limits);
  }
  std::optional<OtherSolutions> other_solutions(const Instance& full, const std::vector<bool>& kept,
                                                int taken_back, const std::string& kind,
                                                const OptionValues& options,
                                                const Limits& limits) const final {
    return other_solutions(detail::own<I>(full), kept, taken_back, kind, options, limits);
  }
};

template <class I>
class GradingOf : public Grading {
 public:
  virtual std::unique_ptr<GradedSpace> graded_space(const I& instance,
                                                    const std::string& kind) const {
    return Grading::graded_space(instance, kind);
  }
  virtual std::optional<Grade> reasoned_grade(const I& instance, const std::string& kind,
                                              const Limits& limits) const {
    return Grading::reasoned_grade(instance, kind, limits);
  }
  virtual Explanation explain(const I& instance, const std::string& kind, std::size_t steps,
                              double width, const Limits& limits) const {
    return Grading::explain(instance, kind, steps, width, limits);
  }

  std::unique_ptr<GradedSpace> graded_space(const Instance& instance,
                                            const std::string& kind) const final {
    return graded_space(detail::own<I>(instance), kind);
  }
  std::optional<Grade> reasoned_grade(const Instance& instance, const std::string& kind,
                                      const Limits& limits) const final {
    return reasoned_grade(detail::own<I>(instance), kind, limits);
  }
  Explanation explain(const Instance& instance, const std::string& kind, std::size_t steps,
                      double width, const Limits& limits) const final {
    return explain(detail::own<I>(instance), kind, steps, width, limits);
  }
};

template <class I>
class VerificationOf : public Verification {
 public:
  virtual Recount verify_counts(const I& instance, const std::string& kind,
                                const OptionValues& options, const Limits& limits) const = 0;
  virtual Recount verify_class_size(const I& instance, const Limits& limits) const {
    return Verification::verify_class_size(instance, limits);
  }

  Recount verify_counts(const Instance& instance, const std::string& kind,
                        const OptionValues& options, const Limits& limits) const final {
    return verify_counts(detail::own<I>(instance), kind, options, limits);
  }
  Recount verify_class_size(const Instance& instance, const Limits& limits) const final {
    return verify_class_size(detail::own<I>(instance), limits);
  }
};

// A counting convention as "count-as arrangements, modulo tower-symmetry" ("" if none).
std::string convention_text(const OptionValues& options);
// "exactly one tower", "exactly 8 towers", "at least 8 towers", "no towers".
std::string count_words(const Count& count, const std::string& singular, const std::string& plural);

}  // namespace puzzlegen
