#include "flatzinc_model.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "rng.hpp"

namespace puzzlegen::models {

namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

// The position of the first `wanted` outside brackets and parentheses, or npos.
std::size_t find_outside(const std::string& text, char wanted, std::size_t from = 0) {
  int depth = 0;
  for (std::size_t i = from; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (c == wanted && depth == 0) return i;
  }
  return std::string::npos;
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = find_outside(text, ',', start);
    const std::string item = trim(text.substr(start, comma - start));
    if (!item.empty()) items.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return items;
}

// One declaration of the FlatZinc text that matters here: a variable (or array of them),
// its name, whether MiniZinc marked it as a model variable (output) and with which dimensions,
// and the value it is defined by (an alias, a constant, or an array's elements).
struct Declaration {
  std::string name;
  bool output = false;
  bool is_array = false;
  std::vector<int> dims;
  std::string value;  // after '=', trimmed; "" when none
};

// "1..3,1..4" -> {3, 4} (FlatZinc output_array index sets start at 1).
std::vector<int> read_dims(const std::string& ranges) {
  std::vector<int> dims;
  for (const std::string& range : split_list(ranges)) {
    const auto dots = range.find("..");
    if (dots == std::string::npos) throw std::runtime_error("unexpected index set " + range);
    dims.push_back(std::stoi(range.substr(dots + 2)) - std::stoi(range.substr(0, dots)) + 1);
  }
  return dims;
}

std::optional<Declaration> read_declaration(const std::string& line) {
  const bool array = line.rfind("array ", 0) == 0;
  if (!array && line.rfind("var ", 0) != 0) return std::nullopt;
  const auto text = split_declaration(line);
  if (!text) return std::nullopt;
  if (array && text->type.find(" var ") == std::string::npos) return std::nullopt;  // parameters
  Declaration d;
  d.is_array = array;
  d.name = text->name;
  d.value = text->value;
  if (text->annotations.find("output_var") != std::string::npos) d.output = true;
  if (const auto at = text->annotations.find("output_array(["); at != std::string::npos) {
    d.output = true;
    const auto end = text->annotations.find("])", at);
    d.dims = read_dims(text->annotations.substr(at + 14, end - at - 14));
  }
  return d;
}

// Gecode's FlatZinc reader reports errors by its own exception types (not std::exception)
// or in `errors`: each becomes a std::runtime_error with the reader's message.
void parse_into(const std::string& flatzinc, Gecode::FlatZinc::Printer& printer,
                Gecode::FlatZinc::FlatZincSpace& space) {
  std::istringstream in(flatzinc);
  std::ostringstream errors;
  bool parsed = false;
  try {
    parsed = Gecode::FlatZinc::parse(in, printer, errors, &space) != nullptr;
  } catch (const Gecode::FlatZinc::Error& e) {
    throw std::runtime_error(e.toString());
  } catch (const Gecode::FlatZinc::AST::TypeError& e) {
    throw std::runtime_error("type error: " + e.what());
  } catch (const Gecode::Exception& e) {
    throw std::runtime_error(e.what());
  }
  if (!parsed || !trim(errors.str()).empty())
    throw std::runtime_error(trim(errors.str()).empty() ? "Gecode cannot read the FlatZinc"
                                                        : trim(errors.str()));
}

}  // namespace

std::optional<std::vector<std::string>> array_elements(const std::string& value) {
  if (value.size() < 2 || value.front() != '[' || value.back() != ']') return std::nullopt;
  return split_list(value.substr(1, value.size() - 2));
}

std::optional<DeclarationText> split_declaration(const std::string& line) {
  if (line.rfind("constraint ", 0) == 0 || line.rfind("solve", 0) == 0 ||
      line.rfind("predicate ", 0) == 0)
    return std::nullopt;
  // The type ends at the first lone ':' (annotations start with '::').
  std::size_t colon = std::string::npos;
  for (std::size_t i = 0; i + 1 < line.size() && colon == std::string::npos; ++i)
    if (line[i] == ':' && line[i + 1] != ':' && (i == 0 || line[i - 1] != ':')) colon = i;
  if (colon == std::string::npos) return std::nullopt;
  DeclarationText d;
  d.type = line.substr(0, colon);
  std::size_t i = colon + 1;
  while (i < line.size() && line[i] == ' ') ++i;
  const std::size_t name_start = i;
  while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_'))
    ++i;
  d.name = line.substr(name_start, i - name_start);
  const std::size_t equals = find_outside(line, '=', i);
  d.annotations = line.substr(i, equals == std::string::npos ? std::string::npos : equals - i);
  if (equals != std::string::npos) {
    std::string value = trim(line.substr(equals + 1));
    if (!value.empty() && value.back() == ';') value.pop_back();
    d.value = trim(value);
  }
  return d;
}

std::string with_strength(const std::string& flatzinc, Strength strength) {
  if (strength == Strength::as_posted) return flatzinc;
  const char* annotation = strength == Strength::value    ? " :: val"
                           : strength == Strength::bounds ? " :: bounds"
                                                          : " :: domain";
  std::string out;
  std::istringstream lines(flatzinc);
  for (std::string line; std::getline(lines, line);) {
    const auto end = line.find_last_of(';');
    if (line.rfind("constraint ", 0) != 0 || end == std::string::npos) {
      out += line + "\n";
      continue;
    }
    // For counting, linear constraints keep Gecode's default: domain consistency on a sum is
    // costly (a Takuzu's rows: 30% slower), where on the rest it pays (a Sudoku's: 9x faster).
    const bool linear = line.find("_lin_") != std::string::npos;
    if (strength != Strength::counting || !linear) line.insert(end, annotation);
    out += line + "\n";
  }
  return out;
}

ModelSpace::ModelSpace(ModelSpace& other) : FlatZincSpace(other) {
  decisions_.update(*this, other.decisions_);
  rest_int_.update(*this, other.rest_int_);
  rest_bool_.update(*this, other.rest_bool_);
  rest_set_.update(*this, other.rest_set_);
}

Gecode::Space* ModelSpace::copy() {
  return new ModelSpace(*this);  // Gecode's cloning idiom: the engine owns the copy
}

void ModelSpace::branch_counted(const std::vector<Element>& counted,
                                std::optional<std::uint64_t> random_seed) {
  std::vector<bool> int_counted(static_cast<std::size_t>(iv.size())),
      bool_counted(static_cast<std::size_t>(bv.size()));
  Gecode::IntVarArgs ints;
  Gecode::BoolVarArgs bools;
  // Assigned variables are left out: each would be copied at every clone and looked at by
  // every brancher and check, for nothing (a puzzle's givens, the Booleans they decided).
  for (const Element& e : counted) {
    const auto i = static_cast<std::size_t>(e.index);
    if (e.type == Element::Type::integer && !int_counted[i]) {
      int_counted[i] = true;
      if (!iv[e.index].assigned()) ints << iv[e.index];
    } else if (e.type == Element::Type::boolean && !bool_counted[i]) {
      bool_counted[i] = true;
      if (!bv[e.index].assigned()) bools << bv[e.index];
    }
  }
  Gecode::IntVarArgs rest_ints;
  Gecode::BoolVarArgs rest_bools;
  for (int i = 0; i < iv.size(); ++i)
    if (!int_counted[static_cast<std::size_t>(i)] && !iv[i].assigned()) rest_ints << iv[i];
  for (int i = 0; i < bv.size(); ++i)
    if (!bool_counted[static_cast<std::size_t>(i)] && !bv[i].assigned()) rest_bools << bv[i];
  Gecode::IntVarArgs decisions = ints;
  for (const auto& b : bools) {
    Gecode::IntVar x(*this, 0, 1);
    Gecode::channel(*this, b, x);
    decisions << x;
  }
  decisions_ = Gecode::IntVarArray(*this, decisions);
  rest_int_ = Gecode::IntVarArray(*this, rest_ints);
  rest_bool_ = Gecode::BoolVarArray(*this, rest_bools);
  rest_set_ = sv;
  if (random_seed) {
    Gecode::Rnd rnd(static_cast<unsigned int>(*random_seed));
    Gecode::branch(*this, ints, Gecode::INT_VAR_SIZE_MIN(), Gecode::INT_VAL_RND(rnd));
    Gecode::branch(*this, bools, Gecode::BOOL_VAR_NONE(), Gecode::BOOL_VAL_RND(rnd));
  } else {
    Gecode::branch(*this, ints, Gecode::INT_VAR_SIZE_MIN(), Gecode::INT_VAL_MIN());
    Gecode::branch(*this, bools, Gecode::BOOL_VAR_NONE(), Gecode::BOOL_VAL_MIN());
  }
}

void ModelSpace::branch_rest(std::optional<std::uint64_t> random_seed) {
  if (random_seed) {
    Gecode::Rnd rnd(static_cast<unsigned int>(*random_seed));
    Gecode::branch(*this, rest_int_, Gecode::INT_VAR_SIZE_MIN(), Gecode::INT_VAL_RND(rnd));
    Gecode::branch(*this, rest_bool_, Gecode::BOOL_VAR_NONE(), Gecode::BOOL_VAL_RND(rnd));
  } else {
    Gecode::branch(*this, rest_int_, Gecode::INT_VAR_SIZE_MIN(), Gecode::INT_VAL_MIN());
    Gecode::branch(*this, rest_bool_, Gecode::BOOL_VAR_NONE(), Gecode::BOOL_VAL_MIN());
  }
  if (rest_set_.size() > 0)
    Gecode::branch(*this, rest_set_, Gecode::SET_VAR_NONE(), Gecode::SET_VAL_MIN_INC());
}

bool ModelSpace::rest_assigned() const {
  for (const auto& x : rest_int_)
    if (!x.assigned()) return false;
  for (const auto& x : rest_bool_)
    if (!x.assigned()) return false;
  for (const auto& x : rest_set_)
    if (!x.assigned()) return false;
  return true;
}

bool ModelSpace::assigned(const std::vector<Element>& counted) const {
  return std::all_of(counted.begin(), counted.end(), [&](const Element& e) {
    return e.type == Element::Type::constant ||
           (e.type == Element::Type::integer ? iv[e.index].assigned() : bv[e.index].assigned());
  });
}

void ModelSpace::fix(const Element& element, int value) {
  // Through views, as a propagator narrows: a post function's bookkeeping (its post info,
  // taken under a global lock) cost more than the narrowing, with a puzzle's data fixed per count.
  switch (element.type) {
    case Element::Type::integer:
      if (Gecode::me_failed(Gecode::Int::IntView(iv[element.index]).eq(*this, value))) fail();
      break;
    case Element::Type::boolean:
      if ((value != 0 && value != 1) ||
          Gecode::me_failed(Gecode::Int::BoolView(bv[element.index]).eq(*this, value)))
        fail();
      break;
    case Element::Type::constant:
      if (value != element.value) fail();
      break;
  }
}

void ModelSpace::exclude(const Element& element, int value) {
  switch (element.type) {
    case Element::Type::integer:
      if (Gecode::me_failed(Gecode::Int::IntView(iv[element.index]).nq(*this, value))) fail();
      break;
    case Element::Type::boolean:
      if (value == 0 || value == 1) fix(element, 1 - value);
      break;
    case Element::Type::constant:
      if (value == element.value) fail();
      break;
  }
}

int ModelSpace::value(const Element& element) const {
  switch (element.type) {
    case Element::Type::integer:
      return iv[element.index].val();
    case Element::Type::boolean:
      return bv[element.index].val();
    case Element::Type::constant:
      break;
  }
  return element.value;
}

CompiledModel::CompiledModel(std::string flatzinc, std::string origin)
    : flatzinc_(std::move(flatzinc)), origin_(std::move(origin)) {
  // Gecode's names for its variables, from a first parse (kept as the first idle root).
  Gecode::FlatZinc::Printer printer;
  auto root = std::make_unique<ModelSpace>();
  parse_into(flatzinc_, printer, *root);
  // Cloning needs a stable space; a model with no solution for any instance fails here.
  root_failed_ = root->status() == Gecode::SS_FAILED;
  if (root->fv.size() > 0)
    throw std::runtime_error("the model has float variables, which model families do not support");
  std::unordered_map<std::string, Element> named;
  for (int i = 0; i < root->iv.size(); ++i)
    named[printer.intVarName(i)] = {Element::Type::integer, i, 0};
  for (int i = 0; i < root->bv.size(); ++i)
    named[printer.boolVarName(i)] = {Element::Type::boolean, i, 0};

  std::vector<Declaration> outputs;
  std::unordered_map<std::string, std::string> aliases;
  std::istringstream lines(flatzinc_);
  for (std::string line; std::getline(lines, line);) {
    const auto d = read_declaration(trim(line));
    if (!d) continue;
    if (!d->is_array && !d->value.empty()) aliases[d->name] = d->value;
    if (d->output) outputs.push_back(*d);
  }
  // An element: a variable's name (through aliases), an integer, or true/false.
  std::function<Element(const std::string&, int)> resolve = [&](const std::string& token,
                                                                int depth) -> Element {
    if (const auto it = named.find(token); it != named.end()) return it->second;
    if (token == "true" || token == "false")
      return {Element::Type::constant, 0, token == "true" ? 1 : 0};
    if (!token.empty() && (std::isdigit(static_cast<unsigned char>(token[0])) || token[0] == '-'))
      return {Element::Type::constant, 0, std::stoi(token)};
    if (const auto it = aliases.find(token); it != aliases.end() && depth < 64)
      return resolve(it->second, depth + 1);
    throw std::runtime_error("cannot resolve the FlatZinc variable " + token);
  };
  for (const Declaration& d : outputs) {
    ModelVariable variable;
    variable.dims = d.dims;
    if (d.is_array) {
      const auto tokens = array_elements(d.value);
      if (!tokens) throw std::runtime_error("unexpected definition of " + d.name + ": " + d.value);
      for (const auto& token : *tokens) variable.elements.push_back(resolve(token, 0));
    } else {
      variable.elements.push_back(d.value.empty() ? resolve(d.name, 0) : resolve(d.value, 0));
    }
    variables_[d.name] = std::move(variable);
  }
  idle_roots_.push_back(std::move(root));
}

CompiledModel::~CompiledModel() = default;

const ModelVariable* CompiledModel::find(const std::string& name) const {
  const auto it = variables_.find(name);
  return it == variables_.end() ? nullptr : &it->second;
}

std::unique_ptr<ModelSpace> CompiledModel::parse() const {
  Gecode::FlatZinc::Printer printer;
  auto root = std::make_unique<ModelSpace>();
  parse_into(flatzinc_, printer, *root);
  root->status();
  return root;
}

std::unique_ptr<ModelSpace> CompiledModel::clone() const {
  if (root_failed_) {  // a failed space cannot be cloned: a fresh one, failed
    auto failed = parse();
    failed->fail();
    return failed;
  }
  std::unique_ptr<ModelSpace> root;
  {
    std::lock_guard lock(mutex_);
    if (!idle_roots_.empty()) {
      root = std::move(idle_roots_.back());
      idle_roots_.pop_back();
    }
  }
  if (!root) root = parse();  // another thread holds every root: this one gets its own
  std::unique_ptr<ModelSpace> copy(static_cast<ModelSpace*>(root->clone()));
  std::lock_guard lock(mutex_);
  idle_roots_.push_back(std::move(root));
  return copy;
}

namespace {

// Whether the counted assignment in `space` extends to every other variable; nullopt when a
// limit stopped the search first.
// One completion of the other variables of a space whose counted ones are assigned (values in
// a seeded order when `random_seed` is given), or null; `stopped` is set when a limit cut the
// search short, so that "none" is not taken for "no completion".
std::unique_ptr<ModelSpace> completion(const ModelSpace& space, const Limits& limits,
                                       StopReason& stopped,
                                       std::optional<std::uint64_t> random_seed = {}) {
  std::unique_ptr<ModelSpace> rest(static_cast<ModelSpace*>(space.clone()));
  if (space.rest_assigned()) return rest;
  rest->branch_rest(random_seed);
  SearchStats stats;
  auto whole = first_solution<ModelSpace>(*rest, limits, &stats);
  if (!whole && !stats.exhausted()) stopped = stats.stopped;
  return whole;
}

}  // namespace

Count count_assignments(std::unique_ptr<ModelSpace> root, const std::vector<Element>& counted,
                        std::uint64_t cap, const Limits& limits,
                        const std::function<bool(const ModelSpace&)>& visit) {
  Count result;
  // Propagated first, so that the branchers see only what is still open.
  if (root->status() == Gecode::SS_FAILED) return result;
  root->branch_counted(counted);
  bool cut = false;
  StopReason stopped = StopReason::none;
  const SearchStats stats = enumerate<ModelSpace>(std::move(root), limits, [&](ModelSpace& space) {
    std::unique_ptr<ModelSpace> whole;
    if (!space.rest_assigned() && !(whole = completion(space, limits, stopped))) {
      if (stopped == StopReason::none) return true;  // no completion: not a solution
      cut = true;
      return false;
    }
    result.value += 1;
    if ((visit && !visit(whole ? *whole : space)) || (cap != 0 && result.value >= cap)) {
      cut = true;
      return false;
    }
    return true;
  });
  result.stopped = stats.stopped != StopReason::none ? stats.stopped : stopped;
  result.exact = !cut && stats.exhausted();
  return result;
}

namespace {

// A seeded draw's commit distance (descend): a 30x30 Nonogram drew 2.5 times as many
// pictures a second with 128 as with Gecode's 8, and as many with no limit at all.
constexpr unsigned kDrawCommitDistance = 128;

std::unique_ptr<ModelSpace> one_attempt(ModelSpace& root, const std::vector<Element>& counted,
                                        const Limits& limits, StopReason& why,
                                        std::optional<std::uint64_t> random_seed) {
  root.branch_counted(counted, random_seed);
  why = StopReason::none;
  std::unique_ptr<ModelSpace> found;
  if (root.status() != Gecode::SS_FAILED) {
    const auto visit = [&](ModelSpace& space) {
      found = completion(space, limits, why, random_seed);
      return !found && why == StopReason::none;
    };
    const SearchStats stats = random_seed
                                  ? descend<ModelSpace>(root, limits, visit, kDrawCommitDistance)
                                  : enumerate<ModelSpace>(root, limits, visit);
    if (!found && why == StopReason::none) why = stats.stopped;
  }
  return found;
}

// The nodes a seeded draw's first attempt may take before it starts again.
constexpr std::uint64_t kFirstAttemptNodes = 10000;

}  // namespace

std::unique_ptr<ModelSpace> first_assignment(ModelSpace& root, const std::vector<Element>& counted,
                                             const Limits& limits, StopReason* stopped,
                                             std::optional<std::uint64_t> random_seed) {
  StopReason why = StopReason::none;
  std::unique_ptr<ModelSpace> found;
  if (!random_seed || root.status() == Gecode::SS_FAILED) {
    found = one_attempt(root, counted, limits, why, random_seed);
  } else {
    // A draw in a seeded value order starts again, with another seed and twice the nodes, when
    // an attempt runs out of nodes: an early choice can leave depth-first search a subtree with
    // no solution that takes it longer to leave than a fresh start takes (a blank 7x8 Magnets
    // board: none drawn in 60 s without restarts). The same seed gives the same draw.
    for (std::uint64_t attempt = 0, nodes = kFirstAttemptNodes;; ++attempt, nodes *= 2) {
      std::unique_ptr<ModelSpace> trial(static_cast<ModelSpace*>(root.clone()));
      Limits bounded = limits;
      const bool last = limits.node_limit != 0 && limits.node_limit <= nodes;
      bounded.node_limit = last ? limits.node_limit : nodes;
      found = one_attempt(*trial, counted, bounded, why,
                          attempt == 0 ? *random_seed : mix64(*random_seed + attempt));
      if (found || why != StopReason::node_limit || last) break;
    }
  }
  if (stopped) *stopped = found ? StopReason::none : why;
  return found;
}

namespace {

class ModelPropagator : public Gecode::Propagator {
 public:
  using View = Gecode::Int::IntView;
  ModelPropagator(Gecode::Home home, Gecode::ViewArray<View> x, const CompiledModel& model,
                  const std::vector<Element>& elements, bool complete)
      : Gecode::Propagator(home), x_(x), model_(&model), elements_(&elements), complete_(complete) {
    x_.subscribe(home, *this, Gecode::Int::PC_INT_DOM);
  }
  ModelPropagator(Gecode::Space& home, ModelPropagator& other)
      : Gecode::Propagator(home, other),
        model_(other.model_),
        elements_(other.elements_),
        complete_(other.complete_) {
    x_.update(home, other.x_);
  }
  static Gecode::ExecStatus post(Gecode::Home home, Gecode::ViewArray<View> x,
                                 const CompiledModel& model, const std::vector<Element>& elements,
                                 bool complete) {
    (void)new (home) ModelPropagator(home, x, model, elements, complete);
    return Gecode::ES_OK;
  }
  Gecode::Propagator* copy(Gecode::Space& home) override {
    return new (home) ModelPropagator(home, *this);
  }
  Gecode::PropCost cost(const Gecode::Space&, const Gecode::ModEventDelta&) const override {
    return Gecode::PropCost::linear(Gecode::PropCost::HI, x_.size());
  }
  void reschedule(Gecode::Space& home) override {
    x_.reschedule(home, *this, Gecode::Int::PC_INT_DOM);
  }
  std::size_t dispose(Gecode::Space& home) override {
    x_.cancel(home, *this, Gecode::Int::PC_INT_DOM);
    (void)Gecode::Propagator::dispose(home);
    return sizeof(*this);
  }

  Gecode::ExecStatus propagate(Gecode::Space& home, const Gecode::ModEventDelta&) override {
    auto model = model_->clone();
    if (model->failed()) return Gecode::ES_FAILED;
    for (int i = 0; i < x_.size(); ++i) {
      const Element& e = (*elements_)[static_cast<std::size_t>(i)];
      switch (e.type) {
        case Element::Type::constant:
          GECODE_ME_CHECK(x_[i].eq(home, e.value));
          break;
        case Element::Type::boolean:
          GECODE_ME_CHECK(x_[i].gq(home, 0));
          GECODE_ME_CHECK(x_[i].lq(home, 1));
          if (x_[i].assigned()) model->fix(e, x_[i].val());
          break;
        case Element::Type::integer: {
          // Narrowed through views, not Gecode::dom with an IntSet: IntSet's typeinfo is not
          // exported by Gecode's library, which a UBSan build of this module then needs.
          Gecode::Int::ViewRanges<View> ranges(x_[i]);
          View target(model->iv[e.index]);
          if (Gecode::me_failed(target.inter_r(*model, ranges, false))) return Gecode::ES_FAILED;
          break;
        }
      }
    }
    if (model->status() == Gecode::SS_FAILED) return Gecode::ES_FAILED;
    for (int i = 0; i < x_.size(); ++i) {
      const Element& e = (*elements_)[static_cast<std::size_t>(i)];
      if (e.type == Element::Type::integer) {
        Gecode::IntVarRanges ranges(model->iv[e.index]);
        GECODE_ME_CHECK(x_[i].inter_r(home, ranges, false));
      } else if (e.type == Element::Type::boolean && model->bv[e.index].assigned()) {
        GECODE_ME_CHECK(x_[i].eq(home, model->bv[e.index].val()));
      }
    }
    if (!x_.assigned()) return Gecode::ES_FIX;
    if (complete_ && !first_assignment(*model, *elements_, Limits{})) return Gecode::ES_FAILED;
    return home.ES_SUBSUMED(*this);
  }

 private:
  Gecode::ViewArray<View> x_;
  const CompiledModel* model_;
  const std::vector<Element>* elements_;
  bool complete_;
};

}  // namespace

void post_model_constraint(Gecode::Home home, const Gecode::IntVarArgs& x,
                           const CompiledModel& model, const std::vector<Element>& elements,
                           bool complete) {
  if (home.failed()) return;
  if (static_cast<std::size_t>(x.size()) != elements.size())
    throw std::logic_error("post_model_constraint: one element per variable");
  Gecode::ViewArray<Gecode::Int::IntView> views(home, x);
  if (home.failed()) return;
  GECODE_ES_FAIL(ModelPropagator::post(home, views, model, elements, complete));
}

}  // namespace puzzlegen::models
