#include "verify.hpp"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <thread>

#include "files.hpp"
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
  ResultRecord record;
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
  // What the checks across records need of it, worked out with its own claims: its share of
  // each census figure, and its objective by the second counts.
  std::vector<std::optional<Natural>> census_parts;
  std::optional<Natural> objective;

  std::string where() const { return at_line(file->file, record.line); }
};

// A census figure summed over the records as they pass (check_census).
struct FigureSum {
  Natural sum = 0;
  bool known = true;
};

class Verifier {
 public:
  Verifier(const VerifyOptions& options, ReportWriter& report, const std::filesystem::path& folder)
      : options_(options),
        limits_(Limits::within(options.time_limit, 0, 1)),
        report_(report),
        folder_(folder) {}

  void run(const std::vector<std::string>& paths);

 private:
  void add(const std::string& topic, const std::string& where, const std::string& text,
           Verdict verdict, const std::string& detail) {
    report_.add({topic, where, text, verdict, detail});
  }
  static void add_to(std::vector<Claim>& claims, const std::string& topic, const std::string& where,
                     const std::string& text, Verdict verdict, const std::string& detail) {
    claims.push_back({topic, where, text, verdict, detail});
  }

  RecordCheck read_record(const ResultFile& file, ResultRecord record) const;
  void check_record(RecordCheck& c) const;
  std::optional<Natural> second_count(RecordCheck& c, const std::string& kind) const;
  void check_spec(RecordCheck& c) const;
  // Calls its argument with every record to check in full, and the file that holds it.
  using Records = std::function<void(const std::function<void(const ResultFile&, ResultRecord&)>&)>;
  void check_stream(const Records& records, const ResultFile* result);
  void check_batch(std::vector<RecordCheck>& checks, std::vector<ResultRecord>& read,
                   std::vector<const ResultFile*>& owners) const;
  void take(RecordCheck& c);
  void check_classes();
  void check_summary(const ResultFile& result);
  void check_objective(const ResultFile& result);
  bool check_census(const ResultFile& result);
  void check_proven(const ResultFile& result);
  void check_given(const ResultFile& result);
  std::unique_ptr<RunRecords> check_shards(const std::vector<const ResultFile*>& shards,
                                           const ResultFile* merged);
  std::optional<Natural> objective_of(RecordCheck& c) const;
  std::optional<Rerun> list_again(const Spec& spec) const;
  std::string time_left_note() const {
    return limits_.expired() ? " (the time limit was reached: --time-limit)" : "";
  }

  const VerifyOptions& options_;
  Limits limits_;
  ReportWriter& report_;
  std::filesystem::path folder_;

  // What the checks across records keep of the records checked in full, as they pass.
  bool want_objective_ = false;        // the result's objective, by the second counts
  std::vector<CensusFigure> figures_;  // the census figures the result must reproduce
  std::vector<FigureSum> figure_sums_;
  std::uint64_t records_ = 0;
  Natural claimed_sum_ = 0, verified_sum_ = 0;  // of the class sizes
  bool all_sizes_verified_ = true;
  std::string first_file_;  // the first record's
  std::vector<int> first_key_;
  std::optional<bool> first_meets_spec_;
  std::optional<RecordCheck> last_;
  std::unique_ptr<DuplicateKeys> keys_;  // every record's recomputed key, with where it is
  // Each record's objective (with the spec's objective), for check_objective: a line per record.
  std::unique_ptr<SpoolFile> objectives_;
};

RecordCheck Verifier::read_record(const ResultFile& file, ResultRecord record) const {
  RecordCheck c;
  c.file = &file;
  c.record = std::move(record);
  LoadedInstance loaded =
      parse_instance(c.record.body, at_line(file.file, c.record.line), *options_.registry);
  c.family = loaded.family;
  c.instance = std::move(loaded.instance);
  const Json json = Json::parse(c.record.body);
  const JsonFields f(json, file.file, c.record.line);
  const Json& counts = f.at("counts", "the counts of each kind");
  if (!counts.is_object()) f.fail("counts", "expected an object of kinds");
  for (const auto& [kind, value] : counts.items()) {
    c.family->check_kind(kind, {file.file, static_cast<int>(c.record.line), 0}, "counts");
    c.claimed.emplace_back(kind, count_from_json(value, f, "counts." + kind));
  }
  c.convention_json = json.value("convention", Json::object());
  if (!c.convention_json.is_object()) f.fail("convention", "expected an object");
  c.convention = convention_of(*c.family, c.convention_json, at_line(file.file, c.record.line));
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
        "; see it again: " + reproducer(c.file->file, c.record.line, kind, c.convention);
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
  if (c.record.key) {
    const bool same = *c.record.key == c.key;
    add_to(c.claims, "class", where, "its canonical key",
           same ? Verdict::verified : Verdict::failed,
           same ? "recomputed from the instance"
                : "the record's key is not its instance's (recomputed from the instance)");
  }
  if (c.record.class_size) {
    const std::string text = "class size " + to_string(*c.record.class_size);
    const Recount size = second_class_size(*c.family, *c.instance, limits_);
    if (!size.value) {
      add_to(c.claims, "class", where, text, Verdict::not_verifiable, size.method);
    } else if (!size.value->exact) {
      add_to(c.claims, "class", where, text, Verdict::not_verifiable,
             size.method + " stopped" + time_left_note());
    } else {
      c.verified_class_size = size.value->value;
      const bool same = size.value->value == *c.record.class_size;
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

// The records checked in full, a batch at a time: each read and checked (on --threads), then,
// in order, its claims reported and what the checks across records need of it kept.
void Verifier::check_stream(const Records& records, const ResultFile* result) {
  const Spec* spec = options_.spec;
  want_objective_ = result && spec && result->summary.contains("objective");
  // A census whose figures check_proven will judge (the same conditions as there): the share
  // of each figure is worked out with each record's claims.
  if (result && spec && !spec->given && !want_objective_) {
    const auto flag = [&](const char* name) {
      const Json value = result->summary.value(name, Json());
      return value.is_boolean() && value.get<bool>();
    };
    const bool all_wanted =
        !spec->generate.instances || result->records < *spec->generate.instances;
    const bool accepts_all =
        !spec->objective && spec->measure_bounds.empty() &&
        std::all_of(spec->bounds.begin(), spec->bounds.end(), [](const auto& entry) {
          return !entry.second.max && entry.second.min.value_or(0) == 0;
        });
    if (flag("proven") && flag("exhausted") && all_wanted && accepts_all)
      if (const Verification* second = spec->family->verification())
        figures_ = second->census_figures(spec->parameters, spec->instance);
  }
  figure_sums_.assign(figures_.size(), FigureSum());
  if (want_objective_) objectives_ = std::make_unique<SpoolFile>(folder_ / "objectives");

  const std::size_t batch = 256 * std::max(1u, options_.threads);
  std::vector<ResultRecord> read;
  std::vector<const ResultFile*> owners;
  const auto check_read = [&] {
    std::vector<RecordCheck> checks(read.size());
    check_batch(checks, read, owners);
    for (RecordCheck& c : checks) take(c);
    read.clear();
    owners.clear();
  };
  records([&](const ResultFile& file, ResultRecord& record) {
    owners.push_back(&file);
    read.push_back(std::move(record));
    if (read.size() == batch) check_read();
  });
  check_read();
}

// Reads and checks each record of a batch (on --threads); an error is thrown as the first
// record with one would have thrown it, alone.
void Verifier::check_batch(std::vector<RecordCheck>& checks, std::vector<ResultRecord>& read,
                           std::vector<const ResultFile*>& owners) const {
  const unsigned threads =
      std::max(1u, std::min<unsigned>(options_.threads, static_cast<unsigned>(read.size())));
  std::vector<std::exception_ptr> failures(read.size());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  const auto work = [&] {
    for (std::size_t i = next++; i < read.size() && !failed; i = next++) {
      try {
        RecordCheck& c = checks[i];
        c = read_record(*owners[i], std::move(read[i]));
        check_record(c);
        for (const CensusFigure& figure : figures_)
          c.census_parts.push_back(figure.counts_instances && c.verified_class_size
                                       ? c.verified_class_size
                                       : figure.per_class(*c.instance, limits_));
        if (want_objective_) c.objective = objective_of(c);
      } catch (...) {
        failures[i] = std::current_exception();
        failed = true;
      }
    }
  };
  if (threads == 1) {
    work();
  } else {
    std::vector<std::jthread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
  }
  for (const auto& failure : failures)
    if (failure) std::rethrow_exception(failure);
}

// A record checked: its claims reported, and what the checks across records need kept.
void Verifier::take(RecordCheck& c) {
  for (const Claim& claim : c.claims) report_.add(claim);
  c.claims.clear();
  ++records_;
  claimed_sum_ += c.record.class_size.value_or(0);
  if (c.verified_class_size)
    verified_sum_ += *c.verified_class_size;
  else
    all_sizes_verified_ = false;
  for (std::size_t f = 0; f < figures_.size(); ++f) {
    FigureSum& figure = figure_sums_[f];
    if (!figure.known) continue;
    if (!c.census_parts[f])
      figure.known = false;
    else
      figure.sum += *c.census_parts[f];
  }
  c.census_parts.clear();
  const std::string where = c.where();
  if (want_objective_) {
    // "meets value where": meets 1, 0 or - (not known), value - when it could not be counted.
    objectives_->stream() << (c.meets_spec ? (*c.meets_spec ? "1" : "0") : "-") << " "
                          << (c.objective ? to_string(*c.objective) : "-") << " " << where.size()
                          << ":" << where << "\n";
  }
  keys_->add(c.key, where);
  if (records_ == 1) {
    first_file_ = c.file->file;
    first_key_ = c.key;
    first_meets_spec_ = c.meets_spec;
  }
  last_ = std::move(c);
}

// No two records in one class.
void Verifier::check_classes() {
  bool twice = false;
  keys_->for_each_duplicate([&](const DuplicateKeys::Duplicate& d) {
    twice = true;
    add("class", d.note, "a class of its own", Verdict::failed,
        "the same instance up to the family's symmetries as " + d.first_note +
            " (the canonical keys recomputed from both instances are equal)");
  });
  if (!twice && records_ > 0)
    add("class", first_file_, "no two records in one class", Verdict::verified,
        std::to_string(records_) + " records, " + std::to_string(records_) +
            " canonical keys recomputed from their instances");
}

// With the spec: the file answers it (its hash, in the summary and in every record), so that no
// claim is judged against another question. `record`: the first record whose hash is not the
// spec's (its line and hash), found as the file was read.
void check_spec_hash(const Spec& spec, const ResultFile& file,
                     const std::optional<std::pair<std::size_t, Json>>& record) {
  const auto wrong = [&](const Json& hash, std::size_t line, const std::string& field) {
    throw InputError({file.file, static_cast<int>(line), 0}, field,
                     hash.dump() + " is not the SHA-256 of " + spec.file + " (" + spec.sha256 +
                         "): the result answers another spec");
  };
  if (const Json hash = file.summary.value("spec-sha256", Json()); hash != spec.sha256)
    wrong(hash, file.summary_line, "summary.spec-sha256");
  if (record) wrong(record->second, record->first, "spec-sha256");
  if (file.summary.contains("objective") != spec.objective.has_value())
    throw InputError({file.file, static_cast<int>(file.summary_line), 0}, "summary.objective",
                     "the result and " + spec.file + " disagree on whether there is an objective");
}

// What a run's or merge's summary says of its records.
void Verifier::check_summary(const ResultFile& result) {
  const std::string where = at_line(result.file, result.summary_line);
  const JsonFields f(result.summary, result.file, result.summary_line, "summary.");
  const std::uint64_t instances = f.count("instances");
  add("summary", where, "instances: " + std::to_string(instances),
      instances == records_ ? Verdict::verified : Verdict::failed,
      std::to_string(records_) + " records above it");
  if (const Json* in_classes = f.find("instances-in-classes");
      in_classes && !in_classes->is_null()) {
    const auto claimed = natural_from_json(*in_classes);
    if (!claimed) f.fail("instances-in-classes", "expected a whole number or null");
    const std::string text = "instances-in-classes: " + to_string(*claimed);
    if (claimed_sum_ != *claimed)
      add("summary", where, text, Verdict::failed,
          "the records' class sizes sum to " + to_string(claimed_sum_));
    else if (all_sizes_verified_ && verified_sum_ != *claimed)
      add("summary", where, text, Verdict::failed,
          "the class sizes, re-derived, sum to " + to_string(verified_sum_));
    else if (all_sizes_verified_)
      add("summary", where, text, Verdict::verified, "the re-derived class sizes sum to it");
    else
      add("summary", where, text, Verdict::not_verifiable,
          "the records' class sizes sum to it, but not every one was re-derived");
  }
}

// With an objective: the records are successive improvements, the last reaches `best`, and no
// record that meets the spec does better.
void Verifier::check_objective(const ResultFile& result) {
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
  objectives_->close();
  std::ifstream in(objectives_->path(), std::ios::binary);
  std::string meets, number, record_where;
  std::size_t length = 0;
  while (in >> meets >> number >> length && in.get() == ':') {
    record_where.resize(length);
    in.read(record_where.data(), static_cast<std::streamsize>(length));
    if (number == "-") {
      known = false;
      continue;
    }
    const Natural value(number);
    if (meets == "1" && best && better(value, *best))
      add("summary", record_where, text, Verdict::failed,
          "this record meets the spec with " + spec.objective->text() + " = " + to_string(value) +
              ", better than the best the summary claims");
    if (previous && !better(value, *previous))
      add("summary", record_where, "an improvement on the record before it", Verdict::failed,
          spec.objective->text() + " = " + to_string(value) + " after " + to_string(*previous));
    previous = value;
  }
  if (!known) {
    add("summary", where, text, Verdict::not_verifiable,
        "not every record's objective could be counted again");
    return;
  }
  if (records_ == 0) {
    add("summary", where, text, best ? Verdict::failed : Verdict::verified,
        best ? "no record reaches it" : "no record, no best");
    return;
  }
  RecordCheck& last = *last_;
  const auto value = objective_of(last);
  add("summary", where, text, best && value == best ? Verdict::verified : Verdict::failed,
      "the last record, " + last.where() + ", has " + spec.objective->text() + " = " +
          to_string(*value) + " by the second counts");
  // The witness: the last record, counted in every convention of its family.
  if (const Json* witness = f.find("witness")) {
    const JsonFields w(*witness, result.file, result.summary_line, "summary.witness.");
    const Json& instance = w.at("instance", "an instance");
    const bool same = instance == Json::parse(last.record.body).value("instance", Json());
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
// knows, summed as the records passed. Returns whether they verified that the census is
// complete.
bool Verifier::check_census(const ResultFile& result) {
  const std::string where = at_line(result.file, result.summary_line);
  bool complete = false;
  for (std::size_t i = 0; i < figures_.size(); ++i) {
    const CensusFigure& figure = figures_[i];
    const auto& [sum, known] = figure_sums_[i];
    const std::string text = figure.what + ": " + to_string(figure.value);
    if (!known)
      add("census", where, text, Verdict::not_verifiable,
          "not every class's share of it could be derived" + time_left_note());
    else
      add("census", where, text, sum == figure.value ? Verdict::verified : Verdict::failed,
          "the " + std::to_string(records_) + " classes make " + to_string(sum));
    complete = complete || (known && sum == figure.value && figure.counts_instances);
  }
  return complete;
}
// An answer is proven: a figure of the census, the objective's bound, or a search again.
void Verifier::check_proven(const ResultFile& result) {
  const JsonFields f(result.summary, result.file, result.summary_line, "summary.");
  if (!f.flag("proven")) return;
  const bool exhausted = f.flag("exhausted");
  const std::string where = at_line(result.file, result.summary_line);
  std::string text;
  const bool objective = result.summary.contains("objective");
  if (objective)
    text = "proven optimal";
  else if (records_ == 0)
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
    check_given(result);
    return;
  }
  const bool all_wanted = !spec.generate.instances || records_ < *spec.generate.instances;
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
  const bool duplicate_free = keys_->duplicates() == 0;
  if (accepts_all && exhausted && check_census(result) && duplicate_free) {
    add("proven", where, text, Verdict::verified,
        "the classes' re-derived sizes sum to the number of instances in the space, and no class "
        "is there twice");
    return;
  }
  // An optimum that meets the bound the spec's bounds allow.
  if (objective && !exhausted && records_ > 0) {
    const auto bound = spec.objective_bound();
    const auto value = objective_of(*last_);
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
  // The records' keys, read back in order, against the classes the search accepted.
  std::set<const std::vector<int>*> mine;  // of the search's keys, those the result has
  std::vector<std::string> wrong;
  keys_->for_each([&](const std::vector<int>& key, const std::string& record_where) {
    if (const auto it = again->found.find(key); it != again->found.end())
      mine.insert(&it->first);
    else
      wrong.push_back(record_where + " is not accepted by it");
  });
  std::size_t missing = 0;
  std::string example;
  for (const auto& [key, value] : again->found) {
    if (mine.count(&key)) continue;
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
void Verifier::check_given(const ResultFile& result) {
  const Spec& spec = *options_.spec;
  const std::string where = at_line(result.file, result.summary_line);
  if (records_ > 0) {
    const bool same = records_ == 1 && first_key_ == spec.given->canonical_key();
    add("proven", where, "the given instance meets the spec",
        !same                       ? Verdict::failed
        : first_meets_spec_ == true ? Verdict::verified
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
// run in merge order (duplicates removed, cut at the number wanted), to be read as needed.
std::unique_ptr<RunRecords> Verifier::check_shards(const std::vector<const ResultFile*>& shards,
                                                   const ResultFile* merged) {
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
    if (instances != shard->records)
      add("shards", where, name + ": instances " + std::to_string(instances), Verdict::failed,
          std::to_string(shard->records) + " records in its file");
    ResultReader reader(*shard);
    for (ResultRecord record; reader.next(record);)
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

  // The records in the order one process prints them, as merge combines them. Half the memory
  // for sorts is theirs; the other half is the records' keys' (keys_).
  auto records = std::make_unique<RunRecords>(run_manifest, by_index, folder_, options_.memory / 2);
  if (merged) {
    // The first record where the two differ, and its line in the merged file.
    std::optional<std::uint64_t> differs;
    std::optional<std::size_t> differs_line;
    std::uint64_t at = 0;
    ResultReader theirs(*merged);
    ResultRecord their;
    records->for_each([&](const ResultFile&, ResultRecord& record) {
      if (!differs) {
        if (!theirs.next(their)) {
          differs = at;
        } else if (Json::parse(record.body) != Json::parse(their.body)) {
          differs = at;
          differs_line = their.line;
        }
      }
      ++at;
    });
    const std::uint64_t count = records->size();
    if (!differs && merged->records != count) {
      differs = std::min<std::uint64_t>(count, merged->records);
      if (*differs < merged->records && theirs.next(their)) differs_line = their.line;
    }
    const std::string where = differs_line ? at_line(merged->file, *differs_line)
                                           : at_line(merged->file, merged->summary_line);
    add("shards", where, "the merged records are the shards' records, merged",
        differs ? Verdict::failed : Verdict::verified,
        differs ? "merging the shards gives " + std::to_string(count) +
                      " records; they first differ at record " + std::to_string(*differs + 1)
                : std::to_string(count) + " records, in the order one run prints them");
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

void Verifier::run(const std::vector<std::string>& paths) {
  // Each file read through once, every line checked; with the spec, the first record whose
  // spec hash is not the spec's is noted as it passes.
  std::vector<ResultFile> files;
  std::vector<std::optional<std::pair<std::size_t, Json>>> other_spec;
  for (const std::string& path : paths) {
    std::optional<std::pair<std::size_t, Json>> wrong;
    EachRecord each;
    if (options_.spec)
      each = [&](const ResultRecord& record) {
        if (wrong) return;
        Json hash = Json::parse(record.body).value("spec-sha256", Json());
        if (hash != options_.spec->sha256) wrong.emplace(record.line, std::move(hash));
      };
    files.push_back(read_result(path, folder_, each));
    other_spec.push_back(std::move(wrong));
  }
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
    for (std::size_t i = 0; i < files.size(); ++i)
      check_spec_hash(*options_.spec, files[i], other_spec[i]);
  if (result && result->kind == ResultKind::run && !shards.empty())
    throw InputError({result->file, 0, 0}, "",
                     "a run's output with shards: shards go with the merged result");

  std::unique_ptr<RunRecords> combined;
  if (!shards.empty()) combined = check_shards(shards, result);

  // The records whose claims are checked in full: the result's, or the shards' combined.
  keys_ = std::make_unique<DuplicateKeys>(folder_, "keys",
                                          combined ? options_.memory / 2 : options_.memory);
  if (result) {
    check_stream(
        [&](const std::function<void(const ResultFile&, ResultRecord&)>& each) {
          ResultReader reader(*result);
          for (ResultRecord record; reader.next(record);) each(*result, record);
        },
        result);
  } else {
    check_stream(
        [&](const std::function<void(const ResultFile&, ResultRecord&)>& each) {
          combined->for_each(each);
        },
        nullptr);
  }
  combined.reset();
  // Shards' own records against their keys, where the result's records are another file's.
  if (result)
    for (const ResultFile* shard : shards) {
      ResultReader reader(*shard);
      for (ResultRecord record; reader.next(record);) {
        const auto loaded =
            parse_instance(record.body, at_line(shard->file, record.line), *options_.registry);
        const bool same = loaded.instance->canonical_key() == *record.key;
        add("class", at_line(shard->file, record.line), "its canonical key",
            same ? Verdict::verified : Verdict::failed,
            same ? "recomputed from the instance"
                 : "the record's key is not its instance's (recomputed from the instance)");
      }
    }
  check_classes();
  if (result) {
    check_summary(*result);
    if (result->summary.contains("objective")) check_objective(*result);
    check_proven(*result);
  }
}

}  // namespace

int VerifyTally::exit_code() const {
  if (failed > 0) return 1;
  if (not_verifiable > 0) return 3;
  return 0;
}

namespace {

// `text` with `indent` spaces after each line break (a JSON document nested in another).
std::string indented(const std::string& text, std::size_t indent) {
  std::string out;
  for (const char c : text) {
    out += c;
    if (c == '\n') out.append(indent, ' ');
  }
  return out;
}

Json claim_json(const Claim& claim) {
  return {{"topic", claim.topic},
          {"where", claim.where},
          {"claim", claim.text},
          {"verdict", to_string(claim.verdict)},
          {"detail", claim.detail}};
}

}  // namespace

// Written as the whole document would print (Json::dump(2), to_yaml), one claim at a time.
void ReportWriter::add(const Claim& claim) {
  const bool first = tally_.claims() == 0;
  switch (claim.verdict) {
    case Verdict::verified:
      ++tally_.verified;
      break;
    case Verdict::not_verifiable:
      ++tally_.not_verifiable;
      break;
    case Verdict::failed:
      ++tally_.failed;
      break;
  }
  switch (format_) {
    case Format::text:
      out_ << to_string(claim.verdict) << "  " << claim.where << "  [" << claim.topic << "] "
           << claim.text;
      if (!claim.detail.empty()) out_ << ": " << claim.detail;
      out_ << "\n";
      break;
    case Format::json:
      out_ << (first ? "{\n  \"claims\": [\n    " : ",\n    ")
           << indented(claim_json(claim).dump(2), 4);
      break;
    case Format::yaml: {
      // A list of one claim, less its key: the items of a block list are written alike.
      const std::string one = to_yaml(Json{{"claims", Json::array({claim_json(claim)})}});
      const std::string prefix = "claims:\n";
      if (one.compare(0, prefix.size(), prefix) != 0 || one.back() != '\n')
        throw std::logic_error("unexpected YAML for a claim: " + one);
      out_ << (first ? prefix : "\n") << one.substr(prefix.size(), one.size() - prefix.size() - 1);
      break;
    }
  }
}

void ReportWriter::finish() {
  const std::size_t claims = tally_.claims();
  const Json summary = {{"claims", claims},
                        {"verified", tally_.verified},
                        {"not-verifiable", tally_.not_verifiable},
                        {"failed", tally_.failed},
                        {"exit", tally_.exit_code()}};
  switch (format_) {
    case Format::text:
      out_ << "summary: " << claims << " claims, " << tally_.verified << " verified, "
           << tally_.not_verifiable << " not verifiable, " << tally_.failed << " FAILED\n";
      break;
    case Format::json:
      out_ << (claims == 0 ? "{\n  \"claims\": [],\n" : "\n  ],\n")
           << "  \"summary\": " << indented(summary.dump(2), 2) << "\n}\n";
      break;
    case Format::yaml:
      if (claims == 0)
        out_ << to_yaml(Json{{"claims", Json::array()}, {"summary", summary}});
      else
        out_ << "\n" << to_yaml(Json{{"summary", summary}});
      break;
  }
}

VerifyTally verify_results(const std::vector<std::string>& files, const VerifyOptions& options,
                           Format format, std::ostream& out) {
  if (files.empty()) throw InputError({"command line", 0, 0}, "RESULT", "no result to verify");
  // Spilled sorts, standard input's copy and the report until it is complete: removed on every
  // way out of here.
  const TemporaryFolder folder("puzzlegen-verify-");
  SpoolFile spooled(folder.path() / "report");
  ReportWriter report(spooled.stream(), format);
  {
    Verifier verifier(options, report, folder.path());
    verifier.run(files);
  }
  report.finish();
  spooled.copy_to(out);
  return report.tally();
}

}  // namespace puzzlegen
