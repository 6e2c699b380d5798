#include "verify.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "instance_file.hpp"
#include "output.hpp"

namespace puzzlegen {

std::string to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::verified:
      return "verified";
    case Verdict::not_verifiable:
      return "not verifiable";
    case Verdict::failed:
      return "FAILED";
  }
  return "?";
}

std::size_t VerifyReport::tally(Verdict verdict) const {
  return static_cast<std::size_t>(std::count_if(
      claims.begin(), claims.end(), [&](const Claim& c) { return c.verdict == verdict; }));
}

int VerifyReport::exit_code() const {
  if (tally(Verdict::failed) > 0) return 1;
  if (tally(Verdict::not_verifiable) > 0) return 3;
  return 0;
}

namespace {

std::string at_line(const std::string& file, std::size_t line) {
  return file + ":" + std::to_string(line);
}

Count count_from_json(const Json& value, const JsonFields& f, const std::string& field) {
  if (!value.is_object()) f.fail(field, "expected {count, exact}");
  Count count;
  const auto n = natural_from_json(value.value("count", Json()));
  if (!n) f.fail(field + ".count", "expected a whole number");
  count.value = *n;
  const Json exact = value.value("exact", Json(true));
  if (!exact.is_boolean()) f.fail(field + ".exact", "expected true or false");
  count.exact = exact.get<bool>();
  return count;
}

std::string count_text(const Count& count) {
  return count.exact ? to_string(count.value) : "at least " + to_string(count.value);
}

// `kind` counted again by the family's second method (Verification::verify_counts); a family
// without one has its counts called not verifiable, and verify says why.
Recount second_counts(const Family& family, const Instance& instance, const std::string& kind,
                      const OptionValues& options, const Limits& limits) {
  const Verification* second = family.verification();
  Recount again = second ? second->verify_counts(instance, kind, options, limits) : Recount{};
  if (!again.value && again.method.empty())
    again.method = "the family " + family.name() + " has no second counting method (verify_counts)";
  return again;
}

// The instance's class size by the family's second method (Verification::verify_class_size).
Recount second_class_size(const Family& family, const Instance& instance, const Limits& limits) {
  const Verification* second = family.verification();
  Recount size = second ? second->verify_class_size(instance, limits) : Recount{};
  if (!size.value && size.method.empty())
    size.method =
        "the family " + family.name() + " has no second method for class sizes (verify_class_size)";
  return size;
}

// The solution options of a record's convention, read as a spec's are.
OptionValues convention_of(const Family& family, const Json& convention, const std::string& file) {
  const YAML::Node node = YAML::Load(convention.dump());
  return read_options(node, family.solution_options(), "convention", file);
}

// `--count-as orientations --modulo none` for a convention.
std::string convention_flags(const OptionValues& options) {
  std::string out;
  for (const auto& [name, value] : options.all())
    if (const auto* s = std::get_if<std::string>(&value)) out += " --" + name + " " + *s;
  return out;
}

// How to see a record's count again with the first method.
std::string reproducer(const std::string& file, std::size_t line, const std::string& kind,
                       const OptionValues& options) {
  const std::string source = file == "<standard input>" ? "RESULT" : file;
  return "sed -n '" + std::to_string(line) + "p' " + source + " | puzzlegen solve - --kind " +
         kind + convention_flags(options);
}

// One record of the result, read and re-checked.
struct RecordCheck {
  const ResultFile* file = nullptr;
  const ResultRecord* record = nullptr;
  const Family* family = nullptr;
  std::shared_ptr<const Instance> instance;
  std::vector<int> key;  // recomputed from the instance
  OptionValues convention;
  Json convention_json;
  std::vector<std::pair<std::string, Count>> claimed;
  // Counts by the second method, per kind (exact ones only); absent where not verified.
  std::map<std::string, Natural> verified;
  std::optional<Natural> verified_class_size;
  std::optional<bool> meets_spec;  // with the spec: verified to meet it, or to fail it
  std::vector<Claim> claims;

  std::string where() const { return at_line(file->file, record->line); }
};

class Verifier {
 public:
  explicit Verifier(const VerifyOptions& options)
      : options_(options), limits_(Limits::within(options.time_limit, 0, 1)) {}

  VerifyReport run(const std::vector<ResultFile>& files);

 private:
  void add(const std::string& topic, const std::string& where, const std::string& text,
           Verdict verdict, const std::string& detail) {
    report_.claims.push_back({topic, where, text, verdict, detail});
  }
  static void add_to(std::vector<Claim>& claims, const std::string& topic, const std::string& where,
                     const std::string& text, Verdict verdict, const std::string& detail) {
    claims.push_back({topic, where, text, verdict, detail});
  }

  RecordCheck read_record(const ResultFile& file, const ResultRecord& record) const;
  void check_record(RecordCheck& c) const;
  std::optional<Natural> second_count(RecordCheck& c, const std::string& kind) const;
  void check_spec(RecordCheck& c) const;
  void check_all(std::vector<RecordCheck>& records) const;
  void check_classes(const std::vector<RecordCheck>& records);
  void check_spec_hash(const ResultFile& file) const;
  void check_summary(const ResultFile& result, const std::vector<RecordCheck>& records);
  void check_objective(const ResultFile& result, std::vector<RecordCheck>& records);
  bool check_census(const ResultFile& result, const std::vector<RecordCheck>& records);
  void check_proven(const ResultFile& result, std::vector<RecordCheck>& records);
  void check_given(const ResultFile& result, std::vector<RecordCheck>& records);
  std::vector<const ResultRecord*> check_shards(const std::vector<const ResultFile*>& shards,
                                                const ResultFile* merged);
  std::optional<Natural> objective_of(RecordCheck& c) const;
  std::optional<Rerun> list_again(const Spec& spec) const;
  std::string time_left_note() const {
    return limits_.expired() ? " (the time limit was reached: --time-limit)" : "";
  }

  const VerifyOptions& options_;
  Limits limits_;
  VerifyReport report_;
};

RecordCheck Verifier::read_record(const ResultFile& file, const ResultRecord& record) const {
  RecordCheck c;
  c.file = &file;
  c.record = &record;
  LoadedInstance loaded =
      parse_instance(record.body, at_line(file.file, record.line), *options_.registry);
  c.family = loaded.family;
  c.instance = std::move(loaded.instance);
  const Json json = Json::parse(record.body);
  const JsonFields f(json, file.file, record.line);
  const Json& counts = f.at("counts", "the counts of each kind");
  if (!counts.is_object()) f.fail("counts", "expected an object of kinds");
  for (const auto& [kind, value] : counts.items()) {
    c.family->check_kind(kind, {file.file, static_cast<int>(record.line), 0}, "counts");
    c.claimed.emplace_back(kind, count_from_json(value, f, "counts." + kind));
  }
  c.convention_json = json.value("convention", Json::object());
  if (!c.convention_json.is_object()) f.fail("convention", "expected an object");
  c.convention = convention_of(*c.family, c.convention_json, at_line(file.file, record.line));
  return c;
}

std::optional<Natural> Verifier::second_count(RecordCheck& c, const std::string& kind) const {
  if (const auto it = c.verified.find(kind); it != c.verified.end()) return it->second;
  const Recount again = second_counts(*c.family, *c.instance, kind, c.convention, limits_);
  if (again.value && again.value->exact) {
    c.verified[kind] = again.value->value;
    return again.value->value;
  }
  return std::nullopt;
}

// Counts and class, each a claim of the record's.
void Verifier::check_record(RecordCheck& c) const {
  const std::string where = c.where();
  const std::string convention = convention_text(c.convention);
  for (const auto& [kind, claimed] : c.claimed) {
    const std::string text =
        kind + " = " + count_text(claimed) + (convention.empty() ? "" : " (" + convention + ")");
    const Recount again = second_counts(*c.family, *c.instance, kind, c.convention, limits_);
    if (!again.value) {
      add_to(c.claims, "counts", where, text, Verdict::not_verifiable, again.method);
      continue;
    }
    const Count& v = *again.value;
    if (v.exact) c.verified[kind] = v.value;
    const std::string see =
        "; see it again: " + reproducer(c.file->file, c.record->line, kind, c.convention);
    if (v.exact && (claimed.exact ? v.value == claimed.value : v.value >= claimed.value)) {
      add_to(c.claims, "counts", where, text, Verdict::verified,
             again.method + " gives " + to_string(v.value));
    } else if (v.exact || (claimed.exact && v.value > claimed.value)) {
      add_to(c.claims, "counts", where, text, Verdict::failed,
             again.method + " gives " + count_text(v) + see);
    } else {
      add_to(c.claims, "counts", where, text, Verdict::not_verifiable,
             again.method + " stopped at " + count_text(v) + time_left_note());
    }
  }

  // The class: the key the record says it has, and its size.
  c.key = c.instance->canonical_key();
  if (c.record->key) {
    const bool same = *c.record->key == c.key;
    add_to(c.claims, "class", where, "its canonical key",
           same ? Verdict::verified : Verdict::failed,
           same ? "recomputed from the instance"
                : "the record's key is not its instance's (recomputed from the instance)");
  }
  if (c.record->class_size) {
    const std::string text = "class size " + to_string(*c.record->class_size);
    const Recount size = second_class_size(*c.family, *c.instance, limits_);
    if (!size.value) {
      add_to(c.claims, "class", where, text, Verdict::not_verifiable, size.method);
    } else if (!size.value->exact) {
      add_to(c.claims, "class", where, text, Verdict::not_verifiable,
             size.method + " stopped" + time_left_note());
    } else {
      c.verified_class_size = size.value->value;
      const bool same = size.value->value == *c.record->class_size;
      add_to(c.claims, "class", where, text, same ? Verdict::verified : Verdict::failed,
             size.method + " gives " + to_string(size.value->value));
    }
  }
  if (options_.spec) check_spec(c);
}

// With the spec: the record answers it (its parameters, instance constraints, convention, and
// the bounds on its verified counts and measures).
void Verifier::check_spec(RecordCheck& c) const {
  const Spec& spec = *options_.spec;
  const std::string where = c.where();
  std::vector<std::string> wrong;
  if (c.family != spec.family) {
    add_to(c.claims, "spec", where, "meets the spec", Verdict::failed,
           "the instance is a " + c.family->name() + " instance, the spec asks for " +
               spec.family->name());
    return;
  }
  for (const auto& mismatch : spec.parameter_mismatches(*c.instance)) wrong.push_back(mismatch);
  if (!c.family->satisfies(*c.instance, spec.instance))
    wrong.push_back("the spec's instance constraints do not hold");
  if (c.convention_json != options_json(spec.solution_options))
    wrong.push_back("counted in " + c.convention_json.dump() + ", the spec asks for " +
                    options_json(spec.solution_options).dump());
  std::vector<std::string> unknown;
  for (const auto& [kind, bounds] : spec.bounds) {
    const auto value = second_count(c, kind);
    if (!value) {
      unknown.push_back(kind);
      continue;
    }
    if (bounds.admits(Count{*value, true, StopReason::none}) == Bounds::Verdict::no)
      wrong.push_back(kind + " = " + to_string(*value) + ", the spec asks for " + bounds.text());
  }
  for (const auto& [name, bounds] : spec.measure_bounds) {
    if (is_difficulty_measure(name)) {
      unknown.push_back(name + " (grades are not re-derived)");
      continue;
    }
    const std::uint64_t value = c.family->measure(*c.instance, name);
    if (bounds.admits(Count{value, true, StopReason::none}) == Bounds::Verdict::no)
      wrong.push_back(name + " = " + std::to_string(value) + ", the spec asks for " +
                      bounds.text());
  }
  c.meets_spec = wrong.empty() ? std::optional<bool>() : false;
  if (!wrong.empty())
    add_to(c.claims, "spec", where, "meets the spec", Verdict::failed, join(wrong, "; "));
  else if (!unknown.empty())
    add_to(c.claims, "spec", where, "meets the spec", Verdict::not_verifiable,
           "no second count of " + join(unknown, ", "));
  else
    add_to(c.claims, "spec", where, "meets the spec", Verdict::verified,
           "parameters, instance constraints, convention and every bound, on the second counts");
  if (wrong.empty() && unknown.empty()) c.meets_spec = true;
}

void Verifier::check_all(std::vector<RecordCheck>& records) const {
  const unsigned threads =
      std::max(1u, std::min<unsigned>(options_.threads, static_cast<unsigned>(records.size())));
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex mutex;
  const auto work = [&] {
    try {
      for (std::size_t i = next++; i < records.size(); i = next++) check_record(records[i]);
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      next = records.size();
    }
  };
  if (threads == 1) {
    work();
  } else {
    std::vector<std::jthread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
  }
  if (failure) std::rethrow_exception(failure);
}

// No two records in one class.
void Verifier::check_classes(const std::vector<RecordCheck>& records) {
  std::map<std::vector<int>, const RecordCheck*> first;
  bool twice = false;
  for (const RecordCheck& c : records) {
    const auto [it, fresh] = first.emplace(c.key, &c);
    if (fresh) continue;
    twice = true;
    add("class", c.where(), "a class of its own", Verdict::failed,
        "the same instance up to the family's symmetries as " + it->second->where() +
            " (the canonical keys recomputed from both instances are equal)");
  }
  if (!twice && !records.empty())
    add("class", records.front().file->file, "no two records in one class", Verdict::verified,
        std::to_string(records.size()) + " records, " + std::to_string(first.size()) +
            " canonical keys recomputed from their instances");
}

std::optional<Natural> Verifier::objective_of(RecordCheck& c) const {
  const Objective& objective = *options_.spec->objective;
  if (objective.measure) return Natural(c.family->measure(*c.instance, *objective.measure));
  Natural total = 0;
  for (const auto& kind : objective.kinds) {
    const auto value = second_count(c, kind);
    if (!value) return std::nullopt;
    total += *value;
  }
  return total;
}

// With the spec: the file answers it (its hash, in the summary and in every record), so that no
// claim is judged against another question.
void Verifier::check_spec_hash(const ResultFile& file) const {
  const Spec& spec = *options_.spec;
  const auto answers = [&](const Json& object, std::size_t line, const std::string& field) {
    const Json hash = object.value("spec-sha256", Json());
    if (hash != spec.sha256)
      throw InputError({file.file, static_cast<int>(line), 0}, field,
                       hash.dump() + " is not the SHA-256 of " + spec.file + " (" + spec.sha256 +
                           "): the result answers another spec");
  };
  answers(file.summary, file.summary_line, "summary.spec-sha256");
  for (const ResultRecord& record : file.records)
    answers(Json::parse(record.body), record.line, "spec-sha256");
  if (file.summary.contains("objective") != spec.objective.has_value())
    throw InputError({file.file, static_cast<int>(file.summary_line), 0}, "summary.objective",
                     "the result and " + spec.file + " disagree on whether there is an objective");
}

// What a run's or merge's summary says of its records.
void Verifier::check_summary(const ResultFile& result, const std::vector<RecordCheck>& records) {
  const std::string where = at_line(result.file, result.summary_line);
  const JsonFields f(result.summary, result.file, result.summary_line, "summary.");
  const std::uint64_t instances = f.count("instances");
  add("summary", where, "instances: " + std::to_string(instances),
      instances == records.size() ? Verdict::verified : Verdict::failed,
      std::to_string(records.size()) + " records above it");
  if (const Json* in_classes = f.find("instances-in-classes");
      in_classes && !in_classes->is_null()) {
    const auto claimed = natural_from_json(*in_classes);
    if (!claimed) f.fail("instances-in-classes", "expected a whole number or null");
    Natural claimed_sum = 0, verified_sum = 0;
    bool all_verified = true;
    for (const RecordCheck& c : records) {
      claimed_sum += c.record->class_size.value_or(0);
      if (c.verified_class_size)
        verified_sum += *c.verified_class_size;
      else
        all_verified = false;
    }
    const std::string text = "instances-in-classes: " + to_string(*claimed);
    if (claimed_sum != *claimed)
      add("summary", where, text, Verdict::failed,
          "the records' class sizes sum to " + to_string(claimed_sum));
    else if (all_verified && verified_sum != *claimed)
      add("summary", where, text, Verdict::failed,
          "the class sizes, re-derived, sum to " + to_string(verified_sum));
    else if (all_verified)
      add("summary", where, text, Verdict::verified, "the re-derived class sizes sum to it");
    else
      add("summary", where, text, Verdict::not_verifiable,
          "the records' class sizes sum to it, but not every one was re-derived");
  }
}

// With an objective: the records are successive improvements, the last reaches `best`, and no
// record that meets the spec does better.
void Verifier::check_objective(const ResultFile& result, std::vector<RecordCheck>& records) {
  const std::string where = at_line(result.file, result.summary_line);
  const JsonFields f(result.summary, result.file, result.summary_line, "summary.");
  const Json& best_json = f.at("best", "a whole number or null");
  const std::optional<Natural> best =
      best_json.is_null() ? std::nullopt : natural_from_json(best_json);
  if (!best_json.is_null() && !best) f.fail("best", "expected a whole number or null");
  const std::string text = "best = " + (best ? to_string(*best) : std::string("none"));
  if (!options_.spec) {
    add("summary", where, text, Verdict::not_verifiable,
        "the objective is the spec's: give it with --spec");
    return;
  }
  const Spec& spec = *options_.spec;
  const bool minimize = spec.objective->minimize;
  const auto better = [&](const Natural& a, const Natural& b) { return minimize ? a < b : a > b; };
  std::optional<Natural> previous;
  bool known = true;
  for (RecordCheck& c : records) {
    const auto value = objective_of(c);
    if (!value) {
      known = false;
      continue;
    }
    if (c.meets_spec == true && best && better(*value, *best))
      add("summary", c.where(), text, Verdict::failed,
          "this record meets the spec with " + spec.objective->text() + " = " + to_string(*value) +
              ", better than the best the summary claims");
    if (previous && !better(*value, *previous))
      add("summary", c.where(), "an improvement on the record before it", Verdict::failed,
          spec.objective->text() + " = " + to_string(*value) + " after " + to_string(*previous));
    previous = value;
  }
  if (!known) {
    add("summary", where, text, Verdict::not_verifiable,
        "not every record's objective could be counted again");
    return;
  }
  if (records.empty()) {
    add("summary", where, text, best ? Verdict::failed : Verdict::verified,
        best ? "no record reaches it" : "no record, no best");
    return;
  }
  RecordCheck& last = records.back();
  const auto value = objective_of(last);
  add("summary", where, text, best && value == best ? Verdict::verified : Verdict::failed,
      "the last record, " + last.where() + ", has " + spec.objective->text() + " = " +
          to_string(*value) + " by the second counts");
  // The witness: the last record, counted in every convention of its family.
  if (const Json* witness = f.find("witness")) {
    const JsonFields w(*witness, result.file, result.summary_line, "summary.witness.");
    const Json& instance = w.at("instance", "an instance");
    const bool same = instance == Json::parse(last.record->body).value("instance", Json());
    add("summary", where, "the witness is the last record's instance",
        same ? Verdict::verified : Verdict::failed, same ? "the same instance" : "another one");
    const Json& table = w.at("counts-by-convention", "a list");
    if (!table.is_array()) w.fail("counts-by-convention", "expected a list");
    for (const auto& row : table) {
      const JsonFields r(row, result.file, result.summary_line, "summary.witness.");
      const OptionValues convention =
          convention_of(*last.family, r.at("convention", "an object"), where);
      const Json& counts = r.at("counts", "an object");
      if (!counts.is_object()) r.fail("counts", "expected an object");
      std::vector<std::string> checked, unknown, wrong;
      for (const auto& [kind, value] : counts.items()) {
        last.family->check_kind(kind, {result.file, static_cast<int>(result.summary_line), 0},
                                "summary.witness.counts");
        const Count claimed = count_from_json(value, r, "counts." + kind);
        const Recount again =
            second_counts(*last.family, *last.instance, kind, convention, limits_);
        if (!again.value || !again.value->exact) {
          unknown.push_back(kind);
        } else if (claimed.exact ? again.value->value != claimed.value
                                 : again.value->value < claimed.value) {
          wrong.push_back(kind + " " + count_text(claimed) + ", the second count " +
                          to_string(again.value->value) + "; see it again: " +
                          reproducer(result.file, result.summary_line, kind, convention) +
                          " (the witness's instance)");
        } else {
          checked.push_back(kind + " " + count_text(claimed));
        }
      }
      const std::string conventions = convention_text(convention);
      const std::string row_text =
          "the witness's counts" + (conventions.empty() ? "" : " (" + conventions + ")");
      if (!wrong.empty())
        add("summary", where, row_text, Verdict::failed, join(wrong, "; "));
      else if (!unknown.empty())
        add("summary", where, row_text, Verdict::not_verifiable,
            "no second count of " + join(unknown, ", ") + time_left_note());
      else
        add("summary", where, row_text, Verdict::verified, join(checked, ", "));
    }
  }
}

// A census of every instance the spec's instance constraints allow: the figures the family
// knows. Returns whether they verified that the census is complete.
bool Verifier::check_census(const ResultFile& result, const std::vector<RecordCheck>& records) {
  const Spec& spec = *options_.spec;
  const Verification* second = spec.family->verification();
  const auto figures =
      second ? second->census_figures(spec.parameters, spec.instance) : std::vector<CensusFigure>{};
  const std::string where = at_line(result.file, result.summary_line);
  bool complete = false;
  for (const CensusFigure& figure : figures) {
    Natural sum = 0;
    bool known = true;
    for (const RecordCheck& c : records) {
      // A class's size was re-derived already, with the record's claims.
      const auto part = figure.counts_instances && c.verified_class_size
                            ? c.verified_class_size
                            : figure.per_class(*c.instance, limits_);
      if (!part) {
        known = false;
        break;
      }
      sum += *part;
    }
    const std::string text = figure.what + ": " + to_string(figure.value);
    if (!known)
      add("census", where, text, Verdict::not_verifiable,
          "not every class's share of it could be derived" + time_left_note());
    else
      add("census", where, text, sum == figure.value ? Verdict::verified : Verdict::failed,
          "the " + std::to_string(records.size()) + " classes make " + to_string(sum));
    complete = complete || (known && sum == figure.value && figure.counts_instances);
  }
  return complete;
}

// The spec's question asked of every instance the family lists a second way (verify_space):
// no model, no propagation, no symmetry breaking in the search, each instance judged by the
// second counts. nullopt when the family lists no such space.
std::optional<Rerun> Verifier::list_again(const Spec& spec) const {
  const Family& family = *spec.family;
  Rerun out;
  std::optional<std::string> unknown;
  std::optional<Natural> best;
  std::uint64_t classes = 0;
  const auto better = [&](const Natural& a, const Natural& b) {
    return spec.objective->minimize ? a < b : a > b;
  };
  const Verification* second = family.verification();
  if (!second) return std::nullopt;
  const auto started = Clock::now();
  const auto listing =
      second->verify_space(spec.parameters, spec.instance, limits_, [&](const Instance& instance) {
        ++classes;
        if (!family.satisfies(instance, spec.instance)) return true;
        for (const auto& [name, bounds] : spec.measure_bounds) {
          if (is_difficulty_measure(name)) {
            unknown = name + " (grades are not re-derived)";
            return false;
          }
          const Count value{family.measure(instance, name), true, StopReason::none};
          if (bounds.admits(value) == Bounds::Verdict::no) return true;
        }
        std::map<std::string, Natural> counts;
        const auto count = [&](const std::string& kind) -> std::optional<Natural> {
          if (const auto it = counts.find(kind); it != counts.end()) return it->second;
          const Recount again =
              second_counts(family, instance, kind, spec.solution_options, limits_);
          if (!again.value || !again.value->exact) {
            unknown = kind + " (" + again.method + ")";
            return std::nullopt;
          }
          return counts[kind] = again.value->value;
        };
        for (const auto& [kind, bounds] : spec.bounds) {
          const auto value = count(kind);
          if (!value) return false;
          if (bounds.admits(Count{*value, true, StopReason::none}) == Bounds::Verdict::no)
            return true;
        }
        std::optional<Natural> objective;
        if (spec.objective && spec.objective->measure) {
          objective = Natural(family.measure(instance, *spec.objective->measure));
        } else if (spec.objective) {
          objective = Natural(0);
          for (const auto& kind : spec.objective->kinds) {
            const auto value = count(kind);
            if (!value) return false;
            *objective += *value;
          }
        }
        if (objective && best && better(*best, *objective)) return true;
        if (objective && (!best || better(*objective, *best))) {
          best = objective;
          out.found.clear();
        }
        out.found.emplace(instance.canonical_key(), objective);
        return true;
      });
  if (!listing) return std::nullopt;
  out.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  out.how = "listing " + listing->method + " (" + std::to_string(listing->listed) + " instances, " +
            std::to_string(classes) +
            " classes), each judged by the second counts: no model, no propagation, no "
            "symmetry breaking in the search";
  out.finished = listing->finished && !unknown;
  if (unknown)
    out.why_not = "no second count of " + *unknown;
  else if (!listing->finished)
    out.why_not = "stopped by the time limit after " + std::to_string(listing->listed) +
                  " instances (--time-limit)";
  return out;
}

// An answer is proven: a figure of the census, the objective's bound, or a search again.
void Verifier::check_proven(const ResultFile& result, std::vector<RecordCheck>& records) {
  const JsonFields f(result.summary, result.file, result.summary_line, "summary.");
  if (!f.flag("proven")) return;
  const bool exhausted = f.flag("exhausted");
  const std::string where = at_line(result.file, result.summary_line);
  std::string text;
  const bool objective = result.summary.contains("objective");
  if (objective)
    text = "proven optimal";
  else if (records.empty())
    text = "proven: no instance meets the spec";
  else
    text = "proven: these are every instance that meets the spec, up to symmetry";
  if (!options_.spec) {
    add("proven", where, text, Verdict::not_verifiable,
        "what was asked is the spec's: give it with --spec");
    return;
  }
  const Spec& spec = *options_.spec;
  if (spec.given) {
    check_given(result, records);
    return;
  }
  const bool all_wanted = !spec.generate.instances || records.size() < *spec.generate.instances;
  if (!objective && !all_wanted) {
    // A run that stopped at the number wanted claims nothing of the rest.
    add("proven", where, text, Verdict::failed,
        "the spec asks for " + std::to_string(*spec.generate.instances) +
            " instances and the run stopped at them: nothing is proven of the rest");
    return;
  }
  // The census: every instance accepted, so the figures say whether every class is there.
  const bool accepts_all =
      !objective && spec.measure_bounds.empty() &&
      std::all_of(spec.bounds.begin(), spec.bounds.end(), [](const auto& entry) {
        return !entry.second.max && entry.second.min.value_or(0) == 0;
      });
  bool duplicate_free = true;
  {
    std::set<std::vector<int>> keys;
    for (const RecordCheck& c : records)
      duplicate_free = keys.insert(c.key).second && duplicate_free;
  }
  if (accepts_all && exhausted && check_census(result, records) && duplicate_free) {
    add("proven", where, text, Verdict::verified,
        "the classes' re-derived sizes sum to the number of instances in the space, and no class "
        "is there twice");
    return;
  }
  // An optimum that meets the bound the spec's bounds allow.
  if (objective && !exhausted && !records.empty()) {
    const auto bound = spec.objective_bound();
    RecordCheck& last = records.back();
    const auto value = objective_of(last);
    if (bound && value && *value == *bound) {
      add("proven", where, text, Verdict::verified,
          "the last record reaches " + to_string(*bound) +
              ", the best the spec's bounds allow (with the family's count_multiple)");
      return;
    }
  }
  // The plainest search the family allows first: its space listed a second way, judged by the
  // second counts; else the generators' search another way than the result's.
  std::optional<Rerun> again = list_again(spec);
  if ((!again || !again->finished) && options_.rerun)
    if (auto search = options_.rerun(spec, f.text("strategy"), limits_)) again = std::move(search);
  if (!again && !options_.rerun) {
    add("proven", where, text, Verdict::not_verifiable, "no other search to run");
    return;
  }
  if (!again) {
    add("proven", where, text, Verdict::not_verifiable,
        "no other way to search this space" + time_left_note());
    return;
  }
  if (!again->finished) {
    add("proven", where, text, Verdict::not_verifiable, again->how + ": " + again->why_not);
    return;
  }
  const std::string how =
      again->how + " (" + std::to_string(again->found.size()) + " classes accepted)";
  if (objective) {
    std::optional<Natural> best;
    for (const auto& [key, value] : again->found)
      if (value && (!best || (spec.objective->minimize ? *value < *best : *value > *best)))
        best = value;
    const Json& claimed = result.summary["best"];
    const auto claimed_best = claimed.is_null() ? std::nullopt : natural_from_json(claimed);
    const bool same = best == claimed_best;
    add("proven", where, text, same ? Verdict::verified : Verdict::failed,
        how + " finds the best " + (best ? to_string(*best) : std::string("none")));
    // With ties counted, how many classes reach it.
    if (const Json ties = result.summary.value("optimal-instances", Json()); ties.is_number()) {
      const bool same_ties = same && ties.get<std::uint64_t>() == again->found.size();
      add("proven", where, "optimal-instances: " + ties.dump(),
          same_ties ? Verdict::verified : Verdict::failed,
          how + " finds " + std::to_string(again->found.size()) + " classes reaching the best");
    }
    return;
  }
  std::set<std::vector<int>> mine;
  for (const RecordCheck& c : records) mine.insert(c.key);
  std::vector<std::string> wrong;
  for (const RecordCheck& c : records)
    if (!again->found.count(c.key)) wrong.push_back(c.where() + " is not accepted by it");
  std::size_t missing = 0;
  std::string example;
  for (const auto& [key, value] : again->found) {
    if (mine.count(key)) continue;
    if (missing++ == 0) example = Json(key).dump();
  }
  if (missing > 0)
    wrong.push_back(std::to_string(missing) +
                    " classes it accepts are not in the result (one has the canonical key " +
                    example + ")");
  add("proven", where, text, wrong.empty() ? Verdict::verified : Verdict::failed,
      how + (wrong.empty() ? ": the same classes" : ": " + join(wrong, "; ")));
}

// A spec about one instance (`given:`): the answer is whether it meets the spec.
void Verifier::check_given(const ResultFile& result, std::vector<RecordCheck>& records) {
  const Spec& spec = *options_.spec;
  const std::string where = at_line(result.file, result.summary_line);
  if (!records.empty()) {
    const bool same = records.size() == 1 && records.front().key == spec.given->canonical_key();
    add("proven", where, "the given instance meets the spec",
        !same                                ? Verdict::failed
        : records.front().meets_spec == true ? Verdict::verified
                                             : Verdict::not_verifiable,
        !same ? "the record is not the spec's given instance" : "see the record's claims above");
    return;
  }
  const std::string text = "the given instance does not meet the spec";
  std::vector<std::string> fails, unknown;
  if (!spec.family->satisfies(*spec.given, spec.instance))
    fails.push_back("the instance constraints do not hold");
  for (const auto& [kind, bounds] : spec.bounds) {
    const Recount again =
        second_counts(*spec.family, *spec.given, kind, spec.solution_options, limits_);
    if (!again.value || !again.value->exact) {
      unknown.push_back(kind);
      continue;
    }
    if (bounds.admits(*again.value) == Bounds::Verdict::no)
      fails.push_back(kind + " = " + to_string(again.value->value) + " by " + again.method +
                      ", the spec asks for " + bounds.text());
  }
  if (!fails.empty())
    add("proven", where, text, Verdict::verified, join(fails, "; "));
  else if (!unknown.empty())
    add("proven", where, text, Verdict::not_verifiable,
        "no second count of " + join(unknown, ", ") + time_left_note());
  else
    add("proven", where, text, Verdict::failed,
        "by the second counts it meets every bound of the spec");
}

// The shards of a run: their manifests, the subproblems they cover, their records' places, and
// the merged result (when given) against what merging them gives. Returns the records of the
// run in merge order (duplicates removed, cut at the number wanted).
std::vector<const ResultRecord*> Verifier::check_shards(
    const std::vector<const ResultFile*>& shards, const ResultFile* merged) {
  const ResultFile& first = *shards.front();
  const Manifest& run_manifest = first.manifest;
  std::map<unsigned, const ResultFile*> by_index;
  bool consistent = true;
  for (const ResultFile* shard : shards) {
    const Manifest& m = shard->manifest;
    const std::string where = at_line(shard->file, m.line);
    const std::string name = "shard " + std::to_string(m.index) + " of " + std::to_string(m.of);
    const auto problems = manifest_contradictions(m);
    for (const FieldProblem& problem : problems)
      add("shards", where, name + ": its manifest holds together", Verdict::failed,
          problem.field + ": " + problem.message);
    if (const auto d = run_difference(m, run_manifest)) {
      consistent = false;
      add("shards", where, name + ": the same run as " + first.file, Verdict::failed,
          d->field + " is " + d->here + " here, " + d->there + " there");
    }
    const auto [it, fresh] = by_index.emplace(m.index, shard);
    if (!fresh) {
      consistent = false;
      add("shards", where, name + ": given once", Verdict::failed,
          "shard " + std::to_string(m.index) + " is also " + it->second->file);
    }
    const std::uint64_t share = share_size(m.subproblems, m.index, m.of);
    if (m.subproblems != 0 && m.mine != share) {
      consistent = false;
      add("shards", where, name + ": reports every subproblem it owns", Verdict::failed,
          "its manifest says " + std::to_string(m.mine) + " subproblems, but shard " +
              std::to_string(m.index) + " of " + std::to_string(m.of) + " owns " +
              std::to_string(share) + " of the " + std::to_string(m.subproblems) +
              ": a subproblem is missing from its manifest");
    }
    if (!problems.empty()) consistent = false;
    const JsonFields f(shard->summary, shard->file, m.line, "summary.");
    const std::uint64_t instances = f.count("instances");
    if (instances != shard->records.size())
      add("shards", where, name + ": instances " + std::to_string(instances), Verdict::failed,
          std::to_string(shard->records.size()) + " records in its file");
    for (const ResultRecord& record : shard->records)
      if (const auto why = outside_share(m, *record.subproblem)) {
        consistent = false;
        add("shards", at_line(shard->file, record.line),
            "found in subproblem " + std::to_string(*record.subproblem) + " of " + name,
            Verdict::failed, *why + ": the record is in another shard's file than its own");
      }
  }
  // Every subproblem covered exactly once: every shard there, complete, each reporting its
  // whole share (shares are disjoint by construction, K - 1 + jN).
  const ShardCoverage covered = shard_coverage(run_manifest, by_index);
  const auto& missing = covered.missing;
  const auto& incomplete = covered.incomplete;
  const std::string coverage = "the shards cover each of the " +
                               std::to_string(run_manifest.subproblems) +
                               " subproblems exactly once";
  const bool merged_proven = merged && merged->summary.value("proven", false);
  if (missing.empty() && incomplete.empty()) {
    add("shards", first.file, coverage, consistent ? Verdict::verified : Verdict::failed,
        consistent
            ? std::to_string(run_manifest.of) + " shards, each complete, each owning its share"
            : "see the shards' failures above");
  } else {
    std::string what;
    if (!missing.empty()) {
      std::vector<std::string> names;
      for (const unsigned k : missing) names.push_back(std::to_string(k));
      what += "missing shards: " + join(names, ", ");
    }
    if (!incomplete.empty()) {
      std::vector<std::string> names;
      for (const unsigned k : incomplete) names.push_back(std::to_string(k));
      what += std::string(what.empty() ? "" : "; ") + "incomplete shards: " + join(names, ", ");
    }
    add("shards", first.file, coverage, merged_proven ? Verdict::failed : Verdict::not_verifiable,
        what + (merged_proven ? ", yet the merged result says proven" : ""));
  }

  // The records in the order one process prints them, as merge combines them.
  std::vector<const ResultRecord*> records;
  if (run_manifest.objective) {
    const ResultFile* best = best_shard(run_manifest, by_index);
    if (best && !best->records.empty()) records.push_back(&best->records.back());
  } else {
    records = records_in_run_order(run_manifest, by_index);
  }
  if (merged) {
    std::vector<std::string> bodies;
    for (const ResultRecord* record : records) bodies.push_back(record->body);
    std::optional<std::size_t> differs;
    for (std::size_t i = 0; i < std::max(bodies.size(), merged->records.size()) && !differs; ++i)
      if (i >= bodies.size() || i >= merged->records.size() ||
          Json::parse(bodies[i]) != Json::parse(merged->records[i].body))
        differs = i;
    const std::string where = differs && *differs < merged->records.size()
                                  ? at_line(merged->file, merged->records[*differs].line)
                                  : at_line(merged->file, merged->summary_line);
    add("shards", where, "the merged records are the shards' records, merged",
        differs ? Verdict::failed : Verdict::verified,
        differs ? "merging the shards gives " + std::to_string(bodies.size()) +
                      " records; they first differ at record " + std::to_string(*differs + 1)
                : std::to_string(bodies.size()) + " records, in the order one run prints them");
    const JsonFields f(merged->summary, merged->file, merged->summary_line, "summary.");
    const JsonFields s = f.object("shards");
    const bool same_shards =
        s.count("of") == run_manifest.of && s.count("present") == by_index.size();
    add("shards", at_line(merged->file, merged->summary_line),
        "shards: " + std::to_string(s.count("present")) + " of " + std::to_string(s.count("of")),
        same_shards ? Verdict::verified : Verdict::failed,
        std::to_string(by_index.size()) + " of " + std::to_string(run_manifest.of) +
            " shards given");
    const bool all_proven = missing.empty() && incomplete.empty() &&
                            std::all_of(by_index.begin(), by_index.end(), [](const auto& entry) {
                              return entry.second->manifest.proven;
                            });
    if (merged_proven && !all_proven && !run_manifest.objective)
      add("shards", at_line(merged->file, merged->summary_line), "proven", Verdict::failed,
          "not every shard is present, complete and proven");
    for (const char* field : {"spec-sha256", "version", "seed", "strategy"})
      if (merged->summary.value(field, Json()) != run_manifest.raw.value(field, Json()))
        add("shards", at_line(merged->file, merged->summary_line),
            std::string(field) + " of the shards", Verdict::failed,
            "the merged summary says " + merged->summary.value(field, Json()).dump() +
                ", the shards " + run_manifest.raw.value(field, Json()).dump());
  }
  return records;
}

VerifyReport Verifier::run(const std::vector<ResultFile>& files) {
  std::vector<const ResultFile*> shards;
  const ResultFile* result = nullptr;
  for (const ResultFile& file : files) {
    if (file.kind == ResultKind::shard) {
      shards.push_back(&file);
    } else if (result) {
      throw InputError({file.file, 0, 0}, "",
                       "a second result besides " + result->file +
                           ": give one result (a run's or merge's output), its shards, or both");
    } else {
      result = &file;
    }
  }
  if (options_.spec)
    for (const ResultFile& file : files) check_spec_hash(file);
  if (result && result->kind == ResultKind::run && !shards.empty())
    throw InputError({result->file, 0, 0}, "",
                     "a run's output with shards: shards go with the merged result");

  std::vector<const ResultRecord*> combined;
  if (!shards.empty()) combined = check_shards(shards, result);

  // The records whose claims are checked in full: the result's, or the shards' combined.
  std::vector<std::pair<const ResultFile*, const ResultRecord*>> chosen;
  if (result) {
    for (const auto& record : result->records) chosen.emplace_back(result, &record);
  } else {
    std::map<const ResultRecord*, const ResultFile*> owner;
    for (const ResultFile* shard : shards)
      for (const auto& record : shard->records) owner[&record] = shard;
    for (const ResultRecord* record : combined) chosen.emplace_back(owner[record], record);
  }
  std::vector<RecordCheck> records;
  records.reserve(chosen.size());
  for (const auto& [file, record] : chosen) records.push_back(read_record(*file, *record));
  check_all(records);
  for (RecordCheck& c : records)
    for (Claim& claim : c.claims) report_.claims.push_back(std::move(claim));
  for (RecordCheck& c : records) c.claims.clear();
  // Shards' own records against their keys, where the result's records are another file's.
  if (result)
    for (const ResultFile* shard : shards)
      for (const auto& record : shard->records) {
        const auto loaded =
            parse_instance(record.body, at_line(shard->file, record.line), *options_.registry);
        const bool same = loaded.instance->canonical_key() == *record.key;
        add("class", at_line(shard->file, record.line), "its canonical key",
            same ? Verdict::verified : Verdict::failed,
            same ? "recomputed from the instance"
                 : "the record's key is not its instance's (recomputed from the instance)");
      }
  check_classes(records);
  if (result) {
    check_summary(*result, records);
    if (result->summary.contains("objective")) check_objective(*result, records);
    check_proven(*result, records);
  }
  return std::move(report_);
}

}  // namespace

VerifyReport verify_results(const std::vector<ResultFile>& files, const VerifyOptions& options) {
  if (files.empty()) throw InputError({"command line", 0, 0}, "RESULT", "no result to verify");
  Verifier verifier(options);
  return verifier.run(files);
}

std::string report_text(const VerifyReport& report) {
  std::ostringstream out;
  for (const Claim& claim : report.claims) {
    out << to_string(claim.verdict) << "  " << claim.where << "  [" << claim.topic << "] "
        << claim.text;
    if (!claim.detail.empty()) out << ": " << claim.detail;
    out << "\n";
  }
  out << "summary: " << report.claims.size() << " claims, " << report.tally(Verdict::verified)
      << " verified, " << report.tally(Verdict::not_verifiable) << " not verifiable, "
      << report.tally(Verdict::failed) << " FAILED\n";
  return out.str();
}

Json report_json(const VerifyReport& report) {
  Json claims = Json::array();
  for (const Claim& claim : report.claims)
    claims.push_back({{"topic", claim.topic},
                      {"where", claim.where},
                      {"claim", claim.text},
                      {"verdict", to_string(claim.verdict)},
                      {"detail", claim.detail}});
  return {{"claims", claims},
          {"summary",
           {{"claims", report.claims.size()},
            {"verified", report.tally(Verdict::verified)},
            {"not-verifiable", report.tally(Verdict::not_verifiable)},
            {"failed", report.tally(Verdict::failed)},
            {"exit", report.exit_code()}}}};
}

}  // namespace puzzlegen
