// A compiled model read by Gecode's FlatZinc library: the parsed space, the model's top-level
// variables found by name, and counting by distinct assignments of the variables that make a
// solution. Only this adapter links libgecodeflatzinc (it brings Gist and Qt with it).
#pragma once

#include <gecode/flatzinc.hh>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "solve.hpp"

namespace puzzlegen::models {

// One element of a model variable in the FlatZinc: an integer or Boolean variable of the
// space (by index in iv or bv), or a constant the compiler fixed.
struct Element {
  enum class Type { integer, boolean, constant };
  Type type = Type::constant;
  int index = 0;  // into iv or bv
  int value = 0;  // constant only
};

// A top-level variable of the model (MiniZinc's `--output-mode dzn` makes every one an output):
// its dimensions (none for a scalar) and elements, row-major.
struct ModelVariable {
  std::vector<int> dims;
  std::vector<Element> elements;
};

// The FlatZinc space with the variables it is searched on: first the counted ones (each
// distinct assignment of them is one solution), then the rest, only to show that an
// assignment of the counted ones extends to a whole solution.
class ModelSpace : public Gecode::FlatZinc::FlatZincSpace {
 public:
  ModelSpace() = default;
  ModelSpace(ModelSpace& other);
  Gecode::Space* copy() override;

  // Selects the counted variables (the elements given) and posts their brancher: smallest
  // domain first, least value first, or values in a seeded order.
  void branch_counted(const std::vector<Element>& counted,
                      std::optional<std::uint64_t> random_seed = std::nullopt);
  // Posts the brancher on every other variable (a space whose counted variables are assigned).
  void branch_rest(std::optional<std::uint64_t> random_seed = std::nullopt);
  bool rest_assigned() const;
  // Whether every counted element is assigned.
  bool assigned(const std::vector<Element>& counted) const;
  // The counted variables as integers (Booleans channelled), for grading by probing; set by
  // branch_counted.
  Gecode::IntVarArgs decisions() const { return decisions_; }
  // Fixes one element to `value` (fails the space when a constant differs).
  void fix(const Element& element, int value);
  // Rules `value` out for one element (fails the space when that leaves nothing).
  void exclude(const Element& element, int value);
  int value(const Element& element) const;  // of an assigned element

 private:
  Gecode::IntVarArray rest_int_;
  Gecode::BoolVarArray rest_bool_;
  Gecode::SetVarArray rest_set_;
  Gecode::IntVarArray decisions_;
};

// One FlatZinc declaration, "TYPE: NAME ANNOTATIONS = VALUE;", taken apart (MiniZinc writes an
// item a line); nullopt for a line that declares nothing (a constraint, the solve item).
struct DeclarationText {
  std::string type;  // before the first lone ':'
  std::string name;
  std::string annotations;  // between the name and '=' (or the line's end)
  std::string value;        // after '=', without ';'; "" when none
};
std::optional<DeclarationText> split_declaration(const std::string& line);
// The elements of a FlatZinc array literal ("[a, b, 3]" -> a, b, 3); nullopt for anything else.
std::optional<std::vector<std::string>> array_elements(const std::string& value);

// How strongly each constraint of a model propagates: as Gecode posts it by default; for
// counting, every constraint but the linear ones at domain consistency (measured on the minimal
// strategy: 9x9 Sudokus 9x faster than at the default, 10x10 Takuzus as fast); or every
// constraint at value, bounds or domain consistency (the rungs of a model's grade, after
// Simonis 2005).
enum class Strength { as_posted, counting, value, bounds, domain };
// `flatzinc` with every constraint annotated to propagate at `strength`.
std::string with_strength(const std::string& flatzinc, Strength strength);

// What a model is asked, and what it answered.
struct Assignment {
  std::map<std::string, std::vector<int>> values;  // each requested variable's elements
};

// A compiled model: its FlatZinc text, the variables found in it, and parsed roots to clone
// (one per thread at a time: Gecode must not clone one space from two threads at once).
class CompiledModel {
 public:
  // Parses `flatzinc` (its origin named in errors); throws std::runtime_error with Gecode's
  // message when Gecode cannot read it (a constraint Gecode 6.2 does not know, say).
  CompiledModel(std::string flatzinc, std::string origin);
  ~CompiledModel();
  CompiledModel(const CompiledModel&) = delete;
  CompiledModel& operator=(const CompiledModel&) = delete;

  const std::map<std::string, ModelVariable>& variables() const { return variables_; }
  const ModelVariable* find(const std::string& name) const;
  const std::string& flatzinc() const { return flatzinc_; }
  const std::string& origin() const { return origin_; }
  // A fresh copy of the model's root space.
  std::unique_ptr<ModelSpace> clone() const;

 private:
  std::unique_ptr<ModelSpace> parse() const;

  std::string flatzinc_, origin_;
  bool root_failed_ = false;
  std::map<std::string, ModelVariable> variables_;
  mutable std::mutex mutex_;
  mutable std::vector<std::unique_ptr<ModelSpace>> idle_roots_;
};

// The solutions of a space whose instance is fixed, counted as distinct assignments of
// `counted`: each assignment is searched for one completion of the other variables.
// `visit` (optional) receives each counted assignment as a whole solution (every variable
// assigned) and may stop the count by returning false (the count is then "at least").
Count count_assignments(std::unique_ptr<ModelSpace> root, const std::vector<Element>& counted,
                        std::uint64_t cap, const Limits& limits,
                        const std::function<bool(const ModelSpace&)>& visit = nullptr);

// The first whole solution (counted variables and the rest assigned), or null; `stopped`
// says whether a limit cut the search short.
std::unique_ptr<ModelSpace> first_assignment(ModelSpace& root, const std::vector<Element>& counted,
                                             const Limits& limits, StopReason* stopped = nullptr,
                                             std::optional<std::uint64_t> random_seed = {});

// Posts on `x` one constraint that propagates `model` itself: at each propagation, a clone of
// the model gets x's domains on `elements` (x[i] is elements[i]), propagates to its fixpoint,
// and x keeps what survives; a failed clone fails the space. So a generator's instance space
// prunes by an instance model (or by a kind's model, as a joint model) that Gecode's FlatZinc
// library parsed, although that library posts only into a space of its own. With `complete`,
// an assigned x also needs one whole solution of the model (the model may have helper
// variables that propagation alone leaves open); `model` must outlive the space.
void post_model_constraint(Gecode::Home home, const Gecode::IntVarArgs& x,
                           const CompiledModel& model, const std::vector<Element>& elements,
                           bool complete);

}  // namespace puzzlegen::models
