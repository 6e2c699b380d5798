#include "results.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <set>

#include "files.hpp"

namespace puzzlegen {

namespace {
constexpr std::uint64_t kMaxShards = 100000;  // as `generate --shard` accepts
}  // namespace

JsonFields::JsonFields(const Json& object, const std::string& file, std::size_t line,
                       std::string prefix)
    : object_(object), file_(file), line_(line), prefix_(std::move(prefix)) {}

const Json* JsonFields::find(const std::string& name) const {
  const auto it = object_.find(name);
  return it == object_.end() ? nullptr : &*it;
}

const Json& JsonFields::at(const std::string& name, const char* expected) const {
  const Json* value = find(name);
  if (!value) fail(name, std::string("missing (expected ") + expected + ")");
  return *value;
}

std::uint64_t JsonFields::count(const std::string& name, std::uint64_t max) const {
  const Json& v = at(name, "a whole number");
  if (!v.is_number_unsigned() || v.get<std::uint64_t>() > max)
    fail(name, "expected a whole number" +
                   (max == UINT64_MAX ? std::string() : " up to " + std::to_string(max)));
  return v.get<std::uint64_t>();
}

bool JsonFields::flag(const std::string& name) const {
  const Json& v = at(name, "true or false");
  if (!v.is_boolean()) fail(name, "expected true or false");
  return v.get<bool>();
}

std::string JsonFields::text(const std::string& name) const {
  const Json& v = at(name, "text");
  if (!v.is_string()) fail(name, "expected text");
  return v.get<std::string>();
}

double JsonFields::number(const std::string& name) const {
  const Json& v = at(name, "a number");
  if (!v.is_number() || v.get<double>() < 0) fail(name, "expected a number of seconds");
  return v.get<double>();
}

JsonFields JsonFields::object(const std::string& name) const {
  const Json& v = at(name, "an object");
  if (!v.is_object()) fail(name, "expected an object");
  return JsonFields(v, file_, line_, prefix_ + name + ".");
}

std::vector<int> JsonFields::key(const Json& v, const std::string& name) const {
  std::vector<int> out;
  if (!v.is_array()) fail(name, "expected a list of integers");
  for (const auto& k : v) {
    if (!k.is_number_integer() || k.get<std::int64_t>() < INT32_MIN ||
        k.get<std::int64_t>() > INT32_MAX)
      fail(name, "expected a list of integers");
    out.push_back(static_cast<int>(k.get<std::int64_t>()));
  }
  return out;
}

void JsonFields::fail(const std::string& name, const std::string& what) const {
  throw InputError({file_, static_cast<int>(line_), 0}, prefix_ + name, what);
}

namespace {

Manifest read_manifest(const Json& summary, const std::string& file, std::size_t line) {
  const JsonFields f(summary, file, line, "summary.");
  Manifest m;
  m.line = line;
  m.raw = summary;
  const JsonFields shard = f.object("shard");
  m.of = static_cast<unsigned>(shard.count("of", kMaxShards));
  m.index = static_cast<unsigned>(shard.count("index", kMaxShards));
  if (m.of == 0 || m.index == 0 || m.index > m.of)
    shard.fail("index", "shard " + std::to_string(m.index) + " of " + std::to_string(m.of));
  m.spec_sha256 = f.text("spec-sha256");
  m.version = f.text("version");
  m.strategy = f.text("strategy");
  m.stopped = f.text("stopped");
  m.seed = f.count("seed");
  const JsonFields parts = f.object("subproblems");
  m.subproblems = parts.count("total");
  m.mine = parts.count("mine");
  m.done = parts.count("done");
  m.explored = f.count("explored");
  m.nodes = f.count("nodes");
  m.complete = f.flag("complete");
  m.proven = f.flag("proven");
  m.exhausted = f.flag("exhausted");
  m.seconds = f.number("seconds");
  const Json& wanted = f.at("instances-wanted", "a number or all");
  if (wanted.is_number_unsigned())
    m.wanted = wanted.get<std::uint64_t>();
  else if (wanted != "all")
    f.fail("instances-wanted", "expected a number or all");
  if (f.find("objective")) {
    m.objective = true;
    m.minimize = f.flag("minimize");
    const Json& best = f.at("best", "a whole number or null");
    if (!best.is_null()) {
      m.best = natural_from_json(best);
      if (!m.best) f.fail("best", "expected a whole number or null");
    }
    if (const Json* keys = f.find("optimal-keys")) {
      if (!keys->is_array()) f.fail("optimal-keys", "expected a list of keys");
      m.optimal_keys.emplace();
      for (const auto& key : *keys) m.optimal_keys->push_back(f.key(key, "optimal-keys"));
      m.optimal_class_sizes.assign(m.optimal_keys->size(), std::nullopt);
      if (const Json* sizes = f.find("optimal-class-sizes")) {
        if (!sizes->is_array() || sizes->size() != keys->size())
          f.fail("optimal-class-sizes", "expected one whole number or null per optimal key");
        for (std::size_t k = 0; k < sizes->size(); ++k)
          if (!(*sizes)[k].is_null() &&
              !(m.optimal_class_sizes[k] = natural_from_json((*sizes)[k])))
            f.fail("optimal-class-sizes", "expected one whole number or null per optimal key");
      }
    }
  }
  return m;
}

// A record that a shard wrote: the record one process prints with two fields appended. It is
// kept as text (checked to be JSON) rather than parsed whole and written again, which is most
// of the time merge takes on a large census. False when `text` is not written that way.
bool read_shard_record(const std::string& text, const std::string& path, std::size_t line,
                       ResultRecord& record) {
  const auto cut = text.rfind(",\"subproblem\":");
  if (text.rfind("{\"instance\":", 0) != 0 || cut == std::string::npos) return false;
  const JsonFields none(Json::object(), path, line);
  Json tail;
  try {
    tail = Json::parse("{" + text.substr(cut + 1));
  } catch (const Json::exception&) {
    none.fail("", "not JSON: results are written as JSON Lines (generate, merge)");
  }
  std::string body = text.substr(0, cut) + "}";
  if (!Json::accept(body))
    none.fail("", "not JSON: results are written as JSON Lines (generate, merge)");
  const JsonFields f(tail, path, line);
  if (tail.size() != 2) f.fail("key", "expected the record to end with subproblem and key");
  record.line = line;
  record.subproblem = f.count("subproblem");
  record.key = f.key(f.at("key", "a list of integers"), "key");
  // The class size is the record's last field (a quote inside a JSON string is escaped, so the
  // pattern cannot come from a name).
  const std::string field = ",\"class-size\":";
  if (const auto at = body.rfind(field); at != std::string::npos) {
    const auto start = at + field.size();
    Json size;
    try {
      size = Json::parse(body.substr(start, body.size() - 1 - start));
    } catch (const Json::exception&) {
    }
    record.class_size = natural_from_json(size);
    if (!record.class_size) none.fail("class-size", "expected a whole number");
  }
  record.body = std::move(body);
  return true;
}

ResultFile read_lines(std::istream& in, const std::string& path) {
  ResultFile result;
  result.file = path;
  bool have_summary = false;
  std::string text;
  std::size_t line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.empty()) continue;
    const JsonFields none(Json::object(), path, line);
    if (have_summary) none.fail("", "lines after the summary: not the output of one run");
    ResultRecord record;
    if (read_shard_record(text, path, line, record)) {
      result.records.push_back(std::move(record));
      continue;
    }
    Json json;
    try {
      json = Json::parse(text);
    } catch (const Json::exception&) {
      none.fail("", "not JSON: results are written as JSON Lines (generate, merge)");
    }
    if (!json.is_object()) none.fail("", "expected a JSON object");
    if (const auto it = json.find("summary"); it != json.end()) {
      if (!it->is_object()) none.fail("summary", "expected an object");
      result.summary = *it;
      result.summary_line = line;
      have_summary = true;
      continue;
    }
    const JsonFields f(json, path, line);
    record.line = line;
    if (f.find("subproblem")) {
      record.subproblem = f.count("subproblem");
      record.key = f.key(f.at("key", "a list of integers"), "key");
      json.erase("subproblem");
      json.erase("key");
    }
    if (const Json* size = f.find("class-size"))
      if (!(record.class_size = natural_from_json(*size)))
        f.fail("class-size", "expected a whole number");
    record.body = json.dump();
    result.records.push_back(std::move(record));
  }
  if (!have_summary)
    throw InputError({path, static_cast<int>(line), 0}, "summary",
                     "no summary line: the run was cut off before it finished; run it again");
  if (result.summary.contains("shard")) {
    result.kind = ResultKind::shard;
    result.manifest = read_manifest(result.summary, path, result.summary_line);
  } else if (result.summary.contains("shards")) {
    result.kind = ResultKind::merged;
  }
  // A shard's records all say where they were found; no one else's do.
  for (const ResultRecord& record : result.records)
    if (record.subproblem.has_value() != (result.kind == ResultKind::shard))
      JsonFields(Json::object(), path, record.line)
          .fail("subproblem", result.kind == ResultKind::shard
                                  ? "missing: every record of a shard says where it was found"
                                  : "a shard's record, but the summary is not a shard's manifest");
  return result;
}

}  // namespace

ResultFile read_result(const std::string& path) {
  if (path == "-") return read_lines(std::cin, "<standard input>");
  check_input_file(path, "a result");  // results may be large: no size limit
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, "", "cannot read the file");
  return read_lines(in, path);
}

ResultFile read_shard(const std::string& path) {
  check_input_file(path, "a shard's output");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, "", "cannot read the file");
  // A plain run's output names its first record, as the one that is not a shard's.
  const std::string not_a_shard =
      "missing: not a shard's output; run each shard with generate --shard K/N";
  ResultFile shard = read_lines(in, path);
  if (shard.kind != ResultKind::shard) {
    if (!shard.records.empty())
      throw InputError({path, static_cast<int>(shard.records.front().line), 0}, "subproblem",
                       not_a_shard);
    throw InputError({path, static_cast<int>(shard.summary_line), 0}, "summary.shard", not_a_shard);
  }
  return shard;
}

std::vector<FieldProblem> manifest_contradictions(const Manifest& m) {
  std::vector<FieldProblem> out;
  const auto of_mine = [&] {
    return std::to_string(m.done) + " of the shard's " + std::to_string(m.mine) +
           " subproblems were searched";
  };
  if (m.done > m.mine)
    out.push_back({"summary.subproblems.done", std::to_string(m.done) +
                                                   " subproblems done, more than the shard's " +
                                                   std::to_string(m.mine)});
  if (m.complete != (m.exhausted || m.proven))
    out.push_back({"summary.complete",
                   std::string(m.complete ? "true" : "false") +
                       ", but a shard is complete exactly when it is exhausted or proven"});
  if (m.exhausted && m.done < m.mine)
    out.push_back({"summary.exhausted", "true, but only " + of_mine()});
  // Only an optimum that meets its bound ends a shard before all of its subproblems.
  if (m.complete && m.done < m.mine && !(m.objective && m.proven && m.best))
    out.push_back({"summary.complete", "true, but only " + of_mine()});
  return out;
}

std::uint64_t share_size(std::uint64_t total, unsigned index, unsigned of) {
  if (of == 0 || index == 0 || total < index) return 0;
  return (total - index) / of + 1;
}

std::optional<std::string> outside_share(const Manifest& m, std::size_t subproblem) {
  if (subproblem % m.of == m.index - 1 && (m.subproblems == 0 || subproblem < m.subproblems))
    return std::nullopt;
  return std::to_string(subproblem) + " is not a subproblem of shard " + std::to_string(m.index) +
         " of " + std::to_string(m.of) + " (of " + std::to_string(m.subproblems) + ")";
}

std::optional<RunDifference> run_difference(const Manifest& a, const Manifest& b) {
  const std::vector<RunDifference> fields = {
      {"spec-sha256", a.spec_sha256, b.spec_sha256},
      {"version", a.version, b.version},
      {"seed", std::to_string(a.seed), std::to_string(b.seed)},
      {"strategy", a.strategy, b.strategy},
      {"shard.of", std::to_string(a.of), std::to_string(b.of)},
      {"instances-wanted", a.wanted ? std::to_string(*a.wanted) : "all",
       b.wanted ? std::to_string(*b.wanted) : "all"},
      {"convention", a.raw.value("convention", Json()).dump(),
       b.raw.value("convention", Json()).dump()},
      // A shard stopped while splitting the space knows no total; it is merely incomplete.
      {"subproblems.total",
       a.subproblems != 0 && b.subproblems != 0 ? std::to_string(a.subproblems) : "",
       a.subproblems != 0 && b.subproblems != 0 ? std::to_string(b.subproblems) : ""}};
  for (const RunDifference& field : fields)
    if (field.here != field.there) return field;
  return std::nullopt;
}

const ResultFile* best_shard(const Manifest& run_manifest,
                             const std::map<unsigned, const ResultFile*>& shards) {
  const ResultFile* best = nullptr;
  for (const auto& [k, shard] : shards) {
    const auto& value = shard->manifest.best;
    if (value && (!best || (run_manifest.minimize ? *value < *best->manifest.best
                                                  : *value > *best->manifest.best)))
      best = shard;
  }
  return best;
}

std::vector<const ResultRecord*> records_in_run_order(
    const Manifest& run_manifest, const std::map<unsigned, const ResultFile*>& shards) {
  std::vector<const ResultRecord*> all;
  for (const auto& [k, shard] : shards)
    for (const auto& record : shard->records) all.push_back(&record);
  std::stable_sort(all.begin(), all.end(), [](const ResultRecord* a, const ResultRecord* b) {
    return *a->subproblem < *b->subproblem;
  });
  std::vector<const ResultRecord*> records;
  std::set<std::vector<int>> emitted;
  for (const ResultRecord* record : all) {
    if (run_manifest.wanted && records.size() >= *run_manifest.wanted) break;
    if (emitted.insert(*record->key).second) records.push_back(record);
  }
  return records;
}

ShardCoverage shard_coverage(const Manifest& run_manifest,
                             const std::map<unsigned, const ResultFile*>& shards) {
  ShardCoverage coverage;
  for (unsigned k = 1; k <= run_manifest.of; ++k) {
    const auto it = shards.find(k);
    if (it == shards.end())
      coverage.missing.push_back(k);
    else if (const Manifest& m = it->second->manifest;
             m.strategy == "local" ? m.done < m.mine : !m.complete)
      // A local search shard is never complete (it proves nothing): it has done its part when
      // each of its walkers took its budget of steps.
      coverage.incomplete.push_back(k);
  }
  return coverage;
}

}  // namespace puzzlegen
