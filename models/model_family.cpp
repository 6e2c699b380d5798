#include "model_family.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <numeric>
#include <set>

#include "clue_ties.hpp"
#include "compiler.hpp"
#include "drawing.hpp"
#include "yaml_read.hpp"

namespace puzzlegen::models {

namespace {

std::size_t product(const std::vector<int>& dims) {
  return std::accumulate(dims.begin(), dims.end(), std::size_t{1},
                         [](std::size_t a, int b) { return a * static_cast<std::size_t>(b); });
}

Json nested(const std::vector<int>& values, const std::vector<int>& dims) {
  if (dims.empty()) return values.empty() ? Json() : Json(values[0]);
  if (dims.size() == 1) return Json(values);
  Json rows = Json::array();
  const auto width = static_cast<std::size_t>(dims[1]);
  for (int r = 0; r < dims[0]; ++r)
    rows.push_back(std::vector<int>(values.begin() + static_cast<long>(r * width),
                                    values.begin() + static_cast<long>((r + 1) * width)));
  return rows;
}

// Dimensions of every data parameter for these sizes.
std::map<std::string, std::vector<int>> data_dims(const Manifest& m, const Sizes& sizes) {
  std::map<std::string, std::vector<int>> dims;
  for (const auto& d : m.data) dims[d.name] = m.dims_of(d, sizes);
  return dims;
}

std::vector<std::string> data_names(const Manifest& m) {
  std::vector<std::string> names;
  for (const auto& d : m.data) names.push_back(d.name);
  return names;
}

// A clone of `model` with `data` (an instance's) fixed on it, but for the array named `skip`.
std::unique_ptr<ModelSpace> with_data(const CompiledModel& model,
                                      const std::map<std::string, std::vector<int>>& data,
                                      const std::string& skip = "") {
  auto space = model.clone();
  for (const auto& [name, values] : data) {
    if (name == skip) continue;
    const ModelVariable* v = model.find(name);
    for (std::size_t i = 0; i < values.size() && !space->failed(); ++i)
      space->fix(v->elements[i], values[i]);
  }
  return space;
}

// The instance data a whole solution of `model` assigns.
std::map<std::string, std::vector<int>> data_of(const Manifest& m, const CompiledModel& model,
                                                const ModelSpace& whole) {
  std::map<std::string, std::vector<int>> data;
  for (const auto& d : m.data)
    for (const Element& e : model.find(d.name)->elements) data[d.name].push_back(whole.value(e));
  return data;
}

class ModelSolution : public Solution {
 public:
  ModelSolution(std::shared_ptr<const Manifest> manifest, Sizes sizes, Values instance,
                std::vector<std::string> names, std::map<std::string, std::vector<int>> dims,
                Values values)
      : manifest_(std::move(manifest)),
        sizes_(std::move(sizes)),
        instance_(std::move(instance)),
        names_(std::move(names)),
        dims_(std::move(dims)),
        values_(std::move(values)) {}
  Json to_json() const override {
    Json out = Json::object();
    for (const auto& name : names_) out[name] = nested(values_.at(name), dims_.at(name));
    return out;
  }
  std::string render_text() const override {
    return values_text(*manifest_, names_, dims_, values_);
  }
  render::Drawing draw() const override {
    const auto& g = manifest_->drawing;
    if (g && values_.count(g->solution))
      return draw_grid(*manifest_, sizes_, instance_, values_.at(g->solution));
    return draw_text(manifest_->name, render_text());
  }

 private:
  std::shared_ptr<const Manifest> manifest_;
  Sizes sizes_;
  Values instance_;
  std::vector<std::string> names_;
  std::map<std::string, std::vector<int>> dims_;
  Values values_;
};

// A compiled model whose propagation an instance space borrows (post_model_constraint).
struct BorrowedModel {
  const CompiledModel* model;
  const std::vector<Element>* data;  // the model's instance data elements
  bool complete;                     // an assigned instance needs one whole solution
};

// The instance's data as Gecode variables, for generators that search instances: every
// element within its declared range, pruned by the instance model and by the models of the
// kinds the spec requires (a joint model), branched in the order the manifest lists the data.
class ModelInstanceSpace : public InstanceSpace {
 public:
  ModelInstanceSpace(std::shared_ptr<const Manifest> manifest, Sizes sizes,
                     const InstanceSearch& search, const std::vector<BorrowedModel>& models)
      : manifest_(std::move(manifest)), sizes_(std::move(sizes)) {
    Gecode::IntVarArgs all;
    for (const auto& d : manifest_->data) {
      const auto n = product(manifest_->dims_of(d, sizes_));
      const auto lo = static_cast<int>(d.min.evaluate(sizes_));
      const auto hi = static_cast<int>(d.max.evaluate(sizes_));
      for (std::size_t i = 0; i < n; ++i) all << Gecode::IntVar(*this, lo, hi);
    }
    x_ = Gecode::IntVarArray(*this, all);
    for (const auto& [name, bounds] : search.measure_bounds) constrain_measure(name, bounds);
    for (const auto& m : models) post_model_constraint(*this, all, *m.model, *m.data, m.complete);
    Gecode::branch(*this, x_, Gecode::INT_VAR_NONE(), search.value_order());
  }
  ModelInstanceSpace(ModelInstanceSpace& other)
      : InstanceSpace(other),
        manifest_(other.manifest_),
        sizes_(other.sizes_),
        counts_givens_(other.counts_givens_) {
    x_.update(*this, other.x_);
    if (counts_givens_) givens_.update(*this, other.givens_);
  }
  Gecode::Space* copy() override { return new ModelInstanceSpace(*this); }
  // The one measure a model family has: the clues given, counted only once a bound asks.
  void constrain_measure(const std::string& name, const Bounds& bounds) override {
    if (name != "givens" || !manifest_->clues) return;
    if (!counts_givens_) {
      Gecode::BoolVarArgs given;
      int at = 0;
      for (const auto& d : manifest_->data) {
        const auto n = static_cast<int>(product(manifest_->dims_of(d, sizes_)));
        if (d.name == manifest_->clues->data)
          for (int i = at; i < at + n; ++i)
            given << Gecode::expr(*this, x_[i] != static_cast<int>(manifest_->clues->empty));
        at += n;
      }
      givens_ = Gecode::IntVar(*this, 0, given.size());
      Gecode::linear(*this, given, Gecode::IRT_EQ, givens_);
      counts_givens_ = true;
    }
    post_bounds(*this, givens_, bounds);
  }
  std::unique_ptr<Instance> instance() const override {
    std::map<std::string, std::vector<int>> data;
    int at = 0;
    for (const auto& d : manifest_->data) {
      auto& values = data[d.name];
      const auto n = product(manifest_->dims_of(d, sizes_));
      for (std::size_t i = 0; i < n; ++i) values.push_back(x_[at++].val());
    }
    return std::make_unique<ModelInstance>(manifest_, sizes_, std::move(data));
  }

 private:
  std::shared_ptr<const Manifest> manifest_;
  Sizes sizes_;
  Gecode::IntVarArray x_;
  bool counts_givens_ = false;  // givens_ is posted (a bound on `givens` asked for it)
  Gecode::IntVar givens_;       // the clues given
};

// A data value from an instance file: a number, or in a row written as text, one character.
int read_value(const YAML::Node& node, const std::string& file, const std::string& field,
               std::int64_t lo, std::int64_t hi) {
  return static_cast<int>(read_integer(node, file, field, lo, hi));
}

// A row written as text ("1..0.1"): digits are values, '.' is `empty`.
std::vector<int> read_text_row(const YAML::Node& node, const std::string& file,
                               const std::string& field, std::int64_t lo, std::int64_t hi,
                               std::optional<std::int64_t> empty) {
  std::vector<int> row;
  const std::string text = node.as<std::string>();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    std::int64_t v;
    if (c == '.' && empty) {
      v = *empty;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      v = c - '0';
    } else {
      SourceLocation where = location_of(node, file);
      where.column += static_cast<int>(i) + (node.Style() == YAML::EmitterStyle::Flow ? 1 : 0);
      throw InputError(
          where, field,
          std::string("expected a digit") + (empty ? " or '.' (empty)" : "") + ", got '" + c + "'");
    }
    if (v < lo || v > hi)
      throw InputError(location_of(node, file), field,
                       "expected values from " + std::to_string(lo) + " to " + std::to_string(hi) +
                           ", got " + std::to_string(v));
    row.push_back(static_cast<int>(v));
  }
  return row;
}

// At exit, Gecode's FlatZinc library is finalised (statics it makes on its first parse) before
// the registry that holds the families is destroyed, and a FlatZinc space deleted after that
// crashes. So the compiled models go first, from an exit handler registered once a model was
// parsed.
std::atomic<bool> exiting{false};

std::set<ModelFamily*>& live_families() {
  static std::set<ModelFamily*> families;
  return families;
}

std::mutex& live_mutex() {
  static std::mutex mutex;
  return mutex;
}

void release_models() {
  std::lock_guard lock(live_mutex());
  exiting = true;
  for (ModelFamily* family : live_families()) family->release();
}

}  // namespace

struct ModelFamily::Compiled {
  std::unique_ptr<CompiledModel> model;
  std::vector<Element> data;  // every element of the instance data, in the manifest's order
  std::vector<Element> counted;
  std::vector<std::string> solution_names;
  std::map<std::string, std::vector<int>> solution_dims;
  // The same model with its clues untied (clue_ties.hpp), made once it has been posed often
  // (posing); null where the model reads its clues in another way. In an untied model, each
  // clue's declared values (none in a model with its clues).
  mutable std::atomic<unsigned> posings{0};
  mutable std::once_flag untie_once;
  mutable std::unique_ptr<Compiled> untied;
  std::vector<std::pair<int, int>> clue_domains;
  bool clues_untied() const { return !clue_domains.empty(); }
};

// --- ModelInstance

Json ModelInstance::to_json() const {
  Json out;
  out["puzzle"] = manifest_->name;
  for (const auto& s : manifest_->sizes) out[s.key] = sizes_.at(s.name);
  const auto dims = data_dims(*manifest_, sizes_);
  for (const auto& d : manifest_->data) out[d.key] = nested(data_.at(d.name), dims.at(d.name));
  return out;
}

std::vector<int> ModelInstance::canonical_key() const {
  std::vector<int> key;
  for (const auto& s : manifest_->sizes) key.push_back(static_cast<int>(sizes_.at(s.name)));
  for (const auto& d : manifest_->data) {
    const auto& v = data_.at(d.name);
    key.insert(key.end(), v.begin(), v.end());
  }
  return key;
}

std::string ModelInstance::render_text() const {
  std::string out = manifest_->title;
  std::string sizes;
  for (const auto& s : manifest_->sizes)
    sizes += (sizes.empty() ? "" : ", ") + s.key + " " + std::to_string(sizes_.at(s.name));
  if (!sizes.empty()) out += " (" + sizes + ")";
  return out + "\n" +
         values_text(*manifest_, data_names(*manifest_), data_dims(*manifest_, sizes_), data_);
}

render::Drawing ModelInstance::draw(double) const {
  if (manifest_->drawing) return draw_grid(*manifest_, sizes_, data_, {});
  return draw_text(manifest_->name,
                   values_text(*manifest_, data_names(*manifest_), data_dims(*manifest_, sizes_),
                               data_));  // no grid declared: the text, as printed
}

// --- ModelFamily

ModelFamily::ModelFamily(Manifest manifest)
    : manifest_(std::make_shared<const Manifest>(std::move(manifest))) {
  Sizes defaults;
  for (const auto& s : manifest_->sizes) defaults[s.name] = s.default_value;
  for (const auto& kind : manifest_->kinds) compiled(kind, defaults, Library::gecode);
  if (manifest_->instance_model) compiled(*manifest_->instance_model, defaults, Library::gecode);
  // Registered after a first parse, which makes the FlatZinc library's own statics: exit
  // handlers run in reverse order, so this one runs while they are still there.
  std::lock_guard lock(live_mutex());
  live_families().insert(this);  // made before the handler is registered, so it outlives it
  static const bool registered = std::atexit(release_models) == 0;
  (void)registered;
}

ModelFamily::~ModelFamily() {
  if (exiting) return;  // the set is gone; release_models emptied this family
  std::lock_guard lock(live_mutex());
  live_families().erase(this);
}

void ModelFamily::release() {
  std::lock_guard lock(mutex_);
  compiled_.clear();
}

const KindModel& ModelFamily::kind_model(const std::string& kind) const {
  for (const auto& k : manifest_->kinds)
    if (k.name == kind) return k;
  check_kind(kind, {}, "kind");
  throw std::logic_error("unreachable");
}

Sizes ModelFamily::sizes_of(const OptionValues& parameters) const {
  Sizes sizes;
  for (const auto& s : manifest_->sizes)
    sizes[s.name] = parameters.has(s.key) ? parameters.integer(s.key) : s.default_value;
  return sizes;
}

const ModelFamily::Compiled& ModelFamily::compiled(const KindModel& kind, const Sizes& sizes,
                                                   Library library, Strength strength) const {
  std::string key = kind.name + (library == Library::gecode ? "|gecode" : "|std") + "|" +
                    std::to_string(static_cast<int>(strength));
  for (const auto& [name, value] : sizes) key += "|" + name + "=" + std::to_string(value);
  std::lock_guard lock(mutex_);
  if (const auto it = compiled_.find(key); it != compiled_.end()) return *it->second;

  const std::string model_file = (std::filesystem::path(manifest_->folder) / kind.model).string();
  auto c = std::make_unique<Compiled>();
  try {
    // A grade's rungs propagate the rules as written: constraints the model marks as implied
    // help counting, and would make a puzzle look easier than a person finds it.
    const bool grading = strength != Strength::as_posted && strength != Strength::counting;
    c->model = std::make_unique<CompiledModel>(
        with_strength(compile(*manifest_, kind, sizes, library, !grading), strength), model_file);
  } catch (const InputError&) {
    throw;  // located by the compiler
  } catch (const std::runtime_error& e) {
    std::string why = e.what();
    const auto registry = why.find("Constraint ");
    if (registry != std::string::npos && why.find("not found") != std::string::npos)
      why = "Gecode 6.2 cannot post the constraint " +
            why.substr(registry + 11, why.find(" not found") - registry - 11) +
            " (write it with other constraints, or leave it to MiniZinc's decomposition)";
    throw InputError({model_file, 0, 0}, "model", why);
  }
  // Every declared data array must be a var array of the model, of its declared size.
  for (const auto& d : manifest_->data) {
    const ModelVariable* v = c->model->find(d.name);
    if (!v)
      throw InputError(d.where, "instance." + d.name,
                       "the model " + kind.model + " has no variable '" + d.name +
                           "' (declare it: array[...] of var MIN..MAX: " + d.name + ";)");
    const auto n = product(manifest_->dims_of(d, sizes));
    if (v->elements.size() != n)
      throw InputError(d.where, "instance." + d.name,
                       "the model's '" + d.name + "' has " + std::to_string(v->elements.size()) +
                           " elements, the manifest's dims make " + std::to_string(n));
  }
  for (const auto& d : manifest_->data) {
    const auto& elements = c->model->find(d.name)->elements;
    c->data.insert(c->data.end(), elements.begin(), elements.end());
  }
  if (manifest_->instance_model &&
      &kind == &*manifest_->instance_model)  // constraints on the data alone: no solution
    return *(compiled_[key] = std::move(c));
  if (!manifest_->solution.empty()) {
    c->solution_names = manifest_->solution;
  } else {
    for (const auto& [name, variable] : c->model->variables())
      if (!manifest_->find_data(name)) c->solution_names.push_back(name);
  }
  for (const auto& name : c->solution_names) {
    const ModelVariable* v = c->model->find(name);
    if (!v)
      throw InputError(manifest_->solution_where.file.empty()
                           ? SourceLocation{manifest_->file, 0, 0}
                           : manifest_->solution_where,
                       "solution", "the model " + kind.model + " has no variable '" + name + "'");
    c->counted.insert(c->counted.end(), v->elements.begin(), v->elements.end());
    c->solution_dims[name] = v->dims;
  }
  // Clues and the key's drawing name solution variables: checked now, not when first used.
  if (const auto& clues = manifest_->clues) {
    const ModelVariable* solution = c->model->find(clues->solution);
    if (!solution)
      throw InputError(clues->where, "clues.solution",
                       "the model " + kind.model + " has no variable '" + clues->solution + "'");
    if (solution->elements.size() !=
        product(manifest_->dims_of(*manifest_->find_data(clues->data), sizes)))
      throw InputError(clues->where, "clues.solution",
                       "'" + clues->solution + "' and '" + clues->data + "' differ in size");
  }
  if (const auto& drawing = manifest_->drawing; drawing && !drawing->solution.empty()) {
    if (std::find(c->solution_names.begin(), c->solution_names.end(), drawing->solution) ==
        c->solution_names.end())
      throw InputError(drawing->solution_where, "draw.solution",
                       "expected a solution variable (" + join(c->solution_names, ", ") +
                           "), got '" + drawing->solution + "'");
    if (c->model->find(drawing->solution)->elements.size() !=
        product(manifest_->dims_of(*manifest_->find_data(drawing->cells), sizes)))
      throw InputError(
          drawing->solution_where, "draw.solution",
          "'" + drawing->solution + "' and the board '" + drawing->cells + "' differ in size");
  }
  if (c->solution_names.empty())
    throw InputError({model_file, 0, 0}, "model",
                     "the model has no variables besides the instance data: nothing to solve");
  return *(compiled_[key] = std::move(c));
}

std::string ModelFamily::task(const ModelInstance& instance, const std::string& kind) const {
  if (manifest_->task.empty()) return Family::task(instance, kind);
  return manifest_->task;
}

std::string ModelFamily::count_phrase(const std::string&, const Count& count,
                                      const OptionValues&) const {
  return count_words(count, "solution", "solutions");
}

std::vector<OptionInfo> ModelFamily::parameters() const {
  std::vector<OptionInfo> out;
  for (const auto& s : manifest_->sizes)
    out.push_back(
        OptionInfo::integer(s.key, s.help, std::to_string(s.default_value), s.min, s.max));
  return out;
}

std::vector<KindInfo> ModelFamily::kinds() const {
  std::vector<KindInfo> out;
  for (const auto& k : manifest_->kinds) out.push_back({k.name, k.help});
  return out;
}

std::vector<KindInfo> ModelFamily::measures() const {
  if (!manifest_->clues) return {};
  return {{"givens", "clues given (" + manifest_->clues->data + " not " +
                         std::to_string(manifest_->clues->empty) + ")"}};
}

std::uint64_t ModelFamily::measure(const ModelInstance& instance, const std::string&) const {
  const auto& clues = instance.data().at(manifest_->clues->data);
  return static_cast<std::uint64_t>(std::count_if(
      clues.begin(), clues.end(), [&](int v) { return v != manifest_->clues->empty; }));
}

std::unique_ptr<Instance> ModelFamily::read_instance(const YAML::Node& document,
                                                     const std::string& file) const {
  std::vector<std::string> keys = {"puzzle"};
  for (const auto& s : manifest_->sizes) keys.push_back(s.key);
  for (const auto& d : manifest_->data) keys.push_back(d.key);
  reject_unknown_keys(document, keys, "", file);
  Sizes sizes;
  for (const auto& s : manifest_->sizes)
    sizes[s.name] = document[s.key] ? read_integer(document[s.key], file, s.key, s.min, s.max)
                                    : s.default_value;
  std::optional<std::int64_t> empty;
  if (manifest_->clues)
    empty = manifest_->clues->empty;
  else if (manifest_->drawing && manifest_->drawing->blank)
    empty = manifest_->drawing->blank;
  std::map<std::string, std::vector<int>> data;
  for (const auto& d : manifest_->data) {
    const YAML::Node node = document[d.key];
    if (!node) throw InputError({file, 1, 1}, d.key, "missing: " + d.help);
    const auto dims = manifest_->dims_of(d, sizes);
    const std::int64_t lo = d.min.evaluate(sizes), hi = d.max.evaluate(sizes);
    auto& values = data[d.name];
    if (dims.empty()) {
      values.push_back(read_value(node, file, d.key, lo, hi));
      continue;
    }
    const std::string rows_expected =
        std::to_string(dims[0]) + (dims.size() == 2 ? " rows" : " values");
    expect_sequence(node, file, d.key, "a list of " + rows_expected);
    if (node.size() != static_cast<std::size_t>(dims[0]))
      throw InputError(location_of(node, file), d.key,
                       "expected " + rows_expected + ", got " + std::to_string(node.size()));
    for (std::size_t r = 0; r < node.size(); ++r) {
      const std::string field = d.key + "[" + std::to_string(r + 1) + "]";
      if (dims.size() == 1) {
        values.push_back(read_value(node[r], file, field, lo, hi));
        continue;
      }
      std::vector<int> row;
      if (node[r].IsScalar()) {
        row = read_text_row(node[r], file, field, lo, hi, empty);
      } else {
        expect_sequence(node[r], file, field, "a row: a list of numbers, or text such as 1..0");
        for (std::size_t c = 0; c < node[r].size(); ++c)
          row.push_back(read_value(node[r][c], file, field, lo, hi));
      }
      if (row.size() != static_cast<std::size_t>(dims[1]))
        throw InputError(location_of(node[r], file), field,
                         "expected " + std::to_string(dims[1]) + " values in the row, got " +
                             std::to_string(row.size()));
      values.insert(values.end(), row.begin(), row.end());
    }
  }
  return std::make_unique<ModelInstance>(manifest_, std::move(sizes), std::move(data));
}

OptionValues ModelFamily::parameters_of(const ModelInstance& instance) const {
  OptionValues values;
  for (const auto& s : manifest_->sizes) values.set(s.key, instance.sizes().at(s.name));
  return values;
}

bool ModelFamily::satisfies(const ModelInstance& instance, const OptionValues&) const {
  if (!manifest_->instance_model) return true;
  const Compiled& valid = compiled(*manifest_->instance_model, instance.sizes(), Library::gecode);
  auto space = with_data(*valid.model, instance.data());
  return !space->failed() && first_assignment(*space, valid.data, Limits{}) != nullptr;
}

namespace {
// Counts a model is posed for before it is untied: a run that counts a few puzzles (`solve`,
// the judge of four 20x20 Nonograms) would spend more on parsing the untied model again than
// it saves; `minimal` poses thousands. The answers are the same either way.
constexpr unsigned kUntieAfter = 100;
}  // namespace

const ModelFamily::Compiled& ModelFamily::posing(const Compiled& model) const {
  if (model.posings.fetch_add(1, std::memory_order_relaxed) < kUntieAfter) return model;
  std::call_once(model.untie_once, [&] {
    const auto& clues = manifest_->clues;
    if (!clues || model.solution_names.empty()) return;
    auto untied = untie_clues(model.model->flatzinc(), clues->data, clues->solution,
                              static_cast<int>(clues->empty));
    if (!untied) return;
    auto u = std::make_unique<Compiled>();
    try {
      u->model =
          std::make_unique<CompiledModel>(std::move(untied->flatzinc), model.model->origin());
    } catch (const std::runtime_error&) {
      return;  // the model whole, then
    }
    u->solution_names = model.solution_names;
    u->solution_dims = model.solution_dims;
    for (const auto& name : u->solution_names) {
      const ModelVariable* v = u->model->find(name);
      if (!v) return;
      u->counted.insert(u->counted.end(), v->elements.begin(), v->elements.end());
    }
    if (!u->model->find(clues->solution)) return;
    u->clue_domains = std::move(untied->domains);
    model.untied = std::move(u);
  });
  return model.untied ? *model.untied : model;
}

std::unique_ptr<ModelSpace> ModelFamily::posed(const Compiled& model,
                                               const ModelInstance& instance) const {
  const auto& clues = manifest_->clues;
  auto space =
      with_data(*model.model, instance.data(), model.clues_untied() ? clues->data : std::string());
  // A clue gives its solution variable's value (the manifest says so): fixed at once, rather
  // than left to the model's reified "given -> equal", which then only checks it (an untied
  // model has no clues: only their values are checked).
  if (clues) {
    const ModelVariable* solution = model.model->find(clues->solution);
    const auto& given = instance.data().at(clues->data);
    for (std::size_t i = 0; i < given.size() && !space->failed(); ++i) {
      if (model.clues_untied() &&
          (given[i] < model.clue_domains[i].first || given[i] > model.clue_domains[i].second))
        space->fail();
      else if (given[i] != clues->empty)
        space->fix(solution->elements[i], given[i]);
    }
  }
  return space;
}

Count ModelFamily::count_with(const ModelInstance& instance, const KindModel& kind,
                              std::uint64_t cap, const Limits& limits, Library library) const {
  // The standard library's model, verify's second way, is posed as MiniZinc wrote it.
  const Compiled& whole = compiled(kind, instance.sizes(), library, Strength::counting);
  const Compiled& model = library == Library::gecode ? posing(whole) : whole;
  auto space = posed(model, instance);
  if (space->failed()) return Count{};
  return count_assignments(std::move(space), model.counted, cap, limits);
}

Count ModelFamily::count(const ModelInstance& instance, const std::string& kind,
                         const OptionValues&, std::uint64_t cap, const Limits& limits) const {
  return count_with(instance, kind_model(kind), cap, limits, Library::gecode);
}

std::unique_ptr<Solution> ModelFamily::first_solution(const ModelInstance& instance,
                                                      const std::string& kind,
                                                      const Limits& limits) const {
  const Compiled& model = compiled(kind_model(kind), instance.sizes(), Library::gecode);
  auto space = posed(model, instance);
  if (space->failed()) return nullptr;
  const auto whole = first_assignment(*space, model.counted, limits);
  if (!whole) return nullptr;
  Values values;
  for (const auto& name : model.solution_names)
    for (const Element& e : model.model->find(name)->elements)
      values[name].push_back(whole->value(e));
  return std::make_unique<ModelSolution>(manifest_, instance.sizes(), instance.data(),
                                         model.solution_names, model.solution_dims,
                                         std::move(values));
}

std::unique_ptr<InstanceSpace> ModelFamily::instance_space(const OptionValues& parameters,
                                                           const OptionValues&,
                                                           const InstanceSearch& search) const {
  const Sizes sizes = sizes_of(parameters);
  std::vector<BorrowedModel> models;
  if (manifest_->instance_model) {
    const Compiled& valid = compiled(*manifest_->instance_model, sizes, Library::gecode);
    models.push_back({valid.model.get(), &valid.data, true});
  }
  for (const auto& kind : search.required_kinds) {
    const Compiled& joint = compiled(kind_model(kind), sizes, Library::gecode, Strength::counting);
    models.push_back({joint.model.get(), &joint.data, false});
  }
  return std::make_unique<ModelInstanceSpace>(manifest_, sizes, search, models);
}

std::unique_ptr<ModelInstance> ModelFamily::solved_full(const Sizes& sizes, std::uint64_t seed,
                                                        StopReason* stopped) const {
  const DeclaredClues& clues = *manifest_->clues;
  const Compiled& model = compiled(manifest_->kinds.front(), sizes, Library::gecode);
  // Every clue empty; the rest of the instance's data (a board's shape, its plates) is drawn
  // with the solution, as the model allows.
  auto space = model.model->clone();
  const ModelVariable* clue_data = model.model->find(clues.data);
  for (std::size_t i = 0; i < clue_data->elements.size() && !space->failed(); ++i)
    space->fix(clue_data->elements[i], clues.empty);
  if (space->failed()) return nullptr;
  const auto whole = first_assignment(*space, model.counted,
                                      Limits::within(std::chrono::seconds(60)), stopped, seed);
  if (!whole) return nullptr;
  auto data = data_of(*manifest_, *model.model, *whole);
  std::fill(data[clues.data].begin(), data[clues.data].end(), static_cast<int>(clues.empty));
  const ModelVariable* solution = model.model->find(clues.solution);
  if (!solution)
    throw InputError(clues.where, "clues.solution",
                     "the model has no variable '" + clues.solution + "'");
  auto& given = data[clues.data];
  if (solution->elements.size() != given.size())
    throw InputError(clues.where, "clues.solution",
                     "'" + clues.solution + "' and '" + clues.data + "' differ in size");
  for (std::size_t i = 0; i < given.size(); ++i) given[i] = whole->value(solution->elements[i]);
  return std::make_unique<ModelInstance>(manifest_, sizes, std::move(data));
}

std::unique_ptr<Instance> ModelFamily::random_instance(const OptionValues& parameters,
                                                       const OptionValues&,
                                                       const std::map<std::string, Bounds>&,
                                                       Rng& rng) const {
  const Sizes sizes = sizes_of(parameters);
  if (manifest_->clues) {
    // A drawn solution's clues, each kept or not with even odds.
    auto full = solved_full(sizes, rng.next());
    if (full) {
      std::vector<bool> kept(full->data().at(manifest_->clues->data).size());
      for (std::size_t i = 0; i < kept.size(); ++i) kept[i] = rng.below(2) == 1;
      return keeping(*full, kept);
    }
  }
  std::map<std::string, std::vector<int>> data;
  if (manifest_->instance_model) {
    // A valid instance: the instance model's first solution, its values in a seeded order.
    const Compiled& valid = compiled(*manifest_->instance_model, sizes, Library::gecode);
    auto space = valid.model->clone();
    if (auto whole = first_assignment(*space, valid.data, Limits::within(std::chrono::seconds(60)),
                                      nullptr, rng.next()))
      return std::make_unique<ModelInstance>(manifest_, sizes,
                                             data_of(*manifest_, *valid.model, *whole));
  }
  // Every element uniform in its range.
  for (const auto& d : manifest_->data) {
    const std::int64_t lo = d.min.evaluate(sizes), hi = d.max.evaluate(sizes);
    auto& values = data[d.name];
    for (std::size_t i = 0, n = product(manifest_->dims_of(d, sizes)); i < n; ++i)
      values.push_back(static_cast<int>(
          lo + static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(hi - lo + 1)))));
  }
  return std::make_unique<ModelInstance>(manifest_, sizes, std::move(data));
}

std::unique_ptr<Instance> ModelFamily::neighbour(const Instance& base, const OptionValues&,
                                                 Rng& rng) const {
  const auto& instance = detail::own<ModelInstance>(base);
  // Every element that can change, as (data, index, its range).
  struct Changeable {
    const std::string* name;
    std::size_t index;
    std::int64_t lo, hi;
  };
  std::vector<Changeable> changeable;
  for (const auto& d : manifest_->data) {
    const std::int64_t lo = d.min.evaluate(instance.sizes()), hi = d.max.evaluate(instance.sizes());
    if (hi <= lo) continue;
    for (std::size_t i = 0; i < instance.data().at(d.name).size(); ++i)
      changeable.push_back({&d.name, i, lo, hi});
  }
  if (changeable.empty()) return nullptr;
  const Changeable& c = changeable[rng.below(changeable.size())];
  auto data = instance.data();
  int& value = data.at(*c.name)[c.index];
  const auto span = static_cast<std::uint64_t>(c.hi - c.lo + 1);
  const auto offset =
      static_cast<std::uint64_t>(std::clamp<std::int64_t>(value, c.lo, c.hi) - c.lo);
  value =
      static_cast<int>(c.lo + static_cast<std::int64_t>((offset + 1 + rng.below(span - 1)) % span));
  return std::make_unique<ModelInstance>(manifest_, instance.sizes(), std::move(data));
}

std::unique_ptr<Instance> ModelFamily::planted_instance(const OptionValues& parameters,
                                                        const std::string& kind,
                                                        const Limits& limits, Rng& rng) const {
  const Sizes sizes = sizes_of(parameters);
  const Compiled& model = compiled(kind_model(kind), sizes, Library::gecode);
  auto space = model.model->clone();
  const auto whole = first_assignment(*space, model.counted, limits, nullptr, rng.next());
  if (!whole) return nullptr;
  return std::make_unique<ModelInstance>(manifest_, sizes,
                                         data_of(*manifest_, *model.model, *whole));
}

CluedSolution CluedModelFamily::clued_solution(const OptionValues& parameters, const OptionValues&,
                                               Rng& rng) const {
  StopReason stopped = StopReason::none;
  auto full = solved_full(sizes_of(parameters), rng.next(), &stopped);
  if (!full)
    throw InputError(manifest().clues->where, "clues",
                     stopped == StopReason::none
                         ? "the model has no solution with every clue empty: nothing to draw "
                           "clues from"
                         : "no solution with every clue empty was drawn in 60 s (" +
                               to_string(stopped) + "): nothing to draw clues from");
  CluedSolution out;
  out.clues = full->data().at(manifest().clues->data).size();
  out.full = std::move(full);
  return out;
}

std::optional<OtherSolutions> ModelFamily::others_than(const ModelInstance& full,
                                                       const std::vector<bool>& kept,
                                                       int taken_back, const std::string& kind,
                                                       const Limits& limits) const {
  const DeclaredClues& clues = *manifest_->clues;
  const Compiled& model =
      posing(compiled(kind_model(kind), full.sizes(), Library::gecode, Strength::counting));
  const ModelVariable* solution = model.model->find(clues.solution);
  const auto& given = full.data().at(clues.data);
  if (!solution || solution->elements.size() != given.size()) return std::nullopt;
  auto space = posed(model, *keeping(full, kept));
  OtherSolutions out;
  const auto search = [&](std::unique_ptr<ModelSpace> root, std::uint64_t cap) {
    return count_assignments(std::move(root), model.counted, cap, limits,
                             [&](const ModelSpace& whole) {
                               std::vector<bool> agrees(given.size());
                               for (std::size_t c = 0; c < given.size(); ++c)
                                 agrees[c] = whole.value(solution->elements[c]) == given[c];
                               out.found.push_back(std::move(agrees));
                               return true;
                             });
  };
  const OtherSolutions undecided{false, {}};
  if (taken_back >= 0 && model.clues_untied()) {
    // An untied clue is read only as its solution variable's value: the puzzle keeping that
    // value is the puzzle with the clue, which was unique. So only solutions breaking it are
    // searched, on a root propagated once with the value ruled out (none: unique).
    const auto t = static_cast<std::size_t>(taken_back);
    space->exclude(solution->elements[t], given[t]);
    if (space->failed() || space->status() == Gecode::SS_FAILED) return out;
    if (search(std::move(space), 1).stopped != StopReason::none) return undecided;
    return out;
  }
  // No solution at all, or a limit: the count says so.
  if (space->failed() || space->status() == Gecode::SS_FAILED) return std::nullopt;
  if (taken_back < 0) {
    const Count count = search(std::move(space), 2);
    if (count.stopped != StopReason::none) return undecided;
    if (count.value == 0) return std::nullopt;  // not even the full puzzle's: the count says so
    if (count.value == 1) out.found.clear();    // the one found is the full puzzle's own
    return out;
  }
  // The root propagated once serves both halves: solutions giving the clue taken back another
  // value (any one shows the puzzle is not unique), then those keeping it.
  const Element& clue = solution->elements[static_cast<std::size_t>(taken_back)];
  const int value = given[static_cast<std::size_t>(taken_back)];
  std::unique_ptr<ModelSpace> breaking(static_cast<ModelSpace*>(space->clone()));
  breaking->exclude(clue, value);
  if (!breaking->failed()) {
    const Count count = search(std::move(breaking), 1);
    if (count.stopped != StopReason::none) return undecided;
    if (count.value > 0) return out;
  }
  // Where taking a clue away only adds solutions, exactly one keeps it (the full puzzle's own,
  // as the puzzle with the clue was unique); counted all the same, since a model may read a clue
  // for more than its solution variable's value (an empty one can even rule every solution out).
  space->fix(clue, value);
  if (space->failed()) return std::nullopt;
  const Count count = search(std::move(space), 2);
  if (count.stopped != StopReason::none) return undecided;
  if (count.value == 0) return std::nullopt;
  if (count.value == 1) out.found.clear();
  return out;
}

std::unique_ptr<ModelInstance> ModelFamily::keeping(const ModelInstance& full,
                                                    const std::vector<bool>& kept) const {
  auto data = full.data();
  auto& clues = data.at(manifest_->clues->data);
  for (std::size_t i = 0; i < clues.size() && i < kept.size(); ++i)
    if (!kept[i]) clues[i] = static_cast<int>(manifest_->clues->empty);
  return std::make_unique<ModelInstance>(manifest_, full.sizes(), std::move(data));
}

std::vector<std::string> ModelFamily::graded_kinds() const {
  return kind_names();
}

std::optional<Grade> ModelFamily::reasoned_grade(const ModelInstance& instance,
                                                 const std::string& kind,
                                                 const Limits& limits) const {
  // The weakest propagation that decides the solution: each constraint at value, then bounds,
  // then domain consistency; then singleton consistency (probing); then search.
  const KindModel& k = kind_model(kind);
  const std::pair<Strength, const char*> rungs[] = {{Strength::value, "value consistency"},
                                                    {Strength::bounds, "bounds consistency"},
                                                    {Strength::domain, "domain consistency"}};
  // Stops where the level is known to be past Limits::level_ceiling.
  const auto past_ceiling = [&](int level) -> std::optional<Grade> {
    if (!past_level_ceiling(limits, level)) return std::nullopt;
    Grade g;
    g.level = level;
    g.past_ceiling = true;
    return g;
  };
  for (const auto& [strength, name] : rungs) {
    if (auto past = past_ceiling(strength == Strength::domain ? Grade::medium : Grade::easy))
      return past;
    const Compiled& model = compiled(k, instance.sizes(), Library::gecode, strength);
    auto space = posed(model, instance);
    const bool failed = space->failed() || space->status() == Gecode::SS_FAILED;
    if (failed || space->assigned(model.counted)) {
      Grade g;
      g.level = strength == Strength::domain ? Grade::medium : Grade::easy;
      g.solvable = !failed;
      g.reasoning = name;
      return g;
    }
  }
  if (auto past = past_ceiling(Grade::hard)) return past;
  const Compiled& model = compiled(k, instance.sizes(), Library::gecode, Strength::domain);
  auto space = posed(model, instance);
  space->branch_counted(model.counted);
  space->branch_rest();
  Limits probing = limits;  // probing's levels are all hard here: only search is past it
  if (probing.level_ceiling > 0) probing.level_ceiling = Grade::hard;
  Grade g = grade_by_probing(
      *space, [](const ModelSpace& s) { return s.decisions(); }, probing);
  if (g.level != Grade::extreme) {
    g.level = Grade::hard;
    g.reasoning = "singleton consistency (" + std::to_string(g.rounds) + " round" +
                  (g.rounds == 1 ? "" : "s") + " of probing)";
  } else {
    g.reasoning = "singleton consistency stalls";  // Grade::text adds the search's nodes
  }
  return g;
}

Recount ModelFamily::verify_counts(const ModelInstance& instance, const std::string& kind,
                                   const OptionValues&, const Limits& limits) const {
  const std::string method =
      "the model flattened again with MiniZinc's standard decompositions (-G std: no Gecode "
      "global propagators) and counted in a space of its own; it shares the model's text, so it "
      "checks the flattening and the propagators, not the rules as written";
  const Count c = count_with(instance, kind_model(kind), 0, limits, Library::standard);
  if (!c.exact) return {std::nullopt, method + " (cut short: " + to_string(c.stopped) + ")"};
  return {c, method};
}

std::unique_ptr<Family> make_model_family(Manifest manifest) {
  if (manifest.clues) return std::make_unique<CluedModelFamily>(std::move(manifest));
  return std::make_unique<ModelFamily>(std::move(manifest));
}

}  // namespace puzzlegen::models
