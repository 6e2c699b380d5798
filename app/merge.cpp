// puzzlegen merge: one stream and one summary from the JSON Lines of a run's shards. Every
// field read from a file is checked first: a file merge cannot trust is an input error (exit 2)
// naming the file, the line and the field, never a crash.
#include <fstream>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>

#include "commands.hpp"
#include "error.hpp"
#include "families.hpp"
#include "files.hpp"
#include "instance_file.hpp"
#include "render/html.hpp"
#include "report.hpp"

namespace puzzlegen::cli {

namespace {

constexpr std::uint64_t kMaxShards = 100000;  // as `generate --shard` accepts

struct Record {
  std::size_t line = 0;  // in its file
  std::size_t subproblem = 0;
  std::vector<int> key;
  std::string body;  // the record as a single run prints it
  std::optional<Natural> class_size;
};

// A shard's manifest, read and checked.
struct Manifest {
  unsigned index = 0, of = 0;
  std::string spec_sha256, version, strategy, stopped;
  std::uint64_t seed = 0, subproblems = 0, mine = 0, done = 0, explored = 0, nodes = 0;
  bool complete = false, proven = false, exhausted = false;
  double seconds = 0;
  std::optional<std::uint64_t> wanted;  // instances asked for; nullopt = all
  // With an objective:
  bool objective = false, minimize = true;
  std::optional<Natural> best;
  std::optional<std::vector<std::vector<int>>> optimal_keys;
  std::vector<std::optional<Natural>> optimal_class_sizes;  // per key; nullopt = not known
  Json raw;  // for the fields merge copies (objective text, convention, witness)
};

struct ShardFile {
  std::string file;
  Manifest manifest;
  std::vector<Record> records;
};

// Reads fields of one JSON object of a shard's file, with errors at that file and line.
class Fields {
 public:
  Fields(const Json& object, const std::string& file, std::size_t line, std::string prefix = "")
      : object_(object), file_(file), line_(line), prefix_(std::move(prefix)) {}

  const Json* find(const std::string& name) const {
    const auto it = object_.find(name);
    return it == object_.end() ? nullptr : &*it;
  }
  const Json& at(const std::string& name, const char* expected) const {
    const Json* value = find(name);
    if (!value) fail(name, std::string("missing (expected ") + expected + ")");
    return *value;
  }
  std::uint64_t count(const std::string& name, std::uint64_t max = UINT64_MAX) const {
    const Json& v = at(name, "a whole number");
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() > max)
      fail(name, "expected a whole number" +
                     (max == UINT64_MAX ? std::string() : " up to " + std::to_string(max)));
    return v.get<std::uint64_t>();
  }
  bool flag(const std::string& name) const {
    const Json& v = at(name, "true or false");
    if (!v.is_boolean()) fail(name, "expected true or false");
    return v.get<bool>();
  }
  std::string text(const std::string& name) const {
    const Json& v = at(name, "text");
    if (!v.is_string()) fail(name, "expected text");
    return v.get<std::string>();
  }
  double number(const std::string& name) const {
    const Json& v = at(name, "a number");
    if (!v.is_number() || v.get<double>() < 0) fail(name, "expected a number of seconds");
    return v.get<double>();
  }
  Fields object(const std::string& name) const {
    const Json& v = at(name, "an object");
    if (!v.is_object()) fail(name, "expected an object");
    return Fields(v, file_, line_, prefix_ + name + ".");
  }
  std::vector<int> key(const Json& v, const std::string& name) const {
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
  [[noreturn]] void fail(const std::string& name, const std::string& what) const {
    throw InputError({file_, static_cast<int>(line_), 0}, prefix_ + name, what);
  }

 private:
  const Json& object_;
  const std::string& file_;
  std::size_t line_;
  std::string prefix_;
};

Manifest read_manifest(const Json& summary, const std::string& file, std::size_t line) {
  const Fields f(summary, file, line, "summary.");
  if (!f.find("shard"))
    f.fail("shard", "missing: not a shard's output; run each shard with generate --shard K/N");
  Manifest m;
  m.raw = summary;
  const Fields shard = f.object("shard");
  m.of = static_cast<unsigned>(shard.count("of", kMaxShards));
  m.index = static_cast<unsigned>(shard.count("index", kMaxShards));
  if (m.of == 0 || m.index == 0 || m.index > m.of)
    shard.fail("index", "shard " + std::to_string(m.index) + " of " + std::to_string(m.of));
  m.spec_sha256 = f.text("spec-sha256");
  m.version = f.text("version");
  m.strategy = f.text("strategy");
  m.stopped = f.text("stopped");
  m.seed = f.count("seed");
  const Fields parts = f.object("subproblems");
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
  // What the shard says of itself must hold together, or merge would prove what was never
  // searched.
  if (m.done > m.mine)
    parts.fail("done", std::to_string(m.done) + " subproblems done, more than the shard's " +
                           std::to_string(m.mine));
  if (m.complete != (m.exhausted || m.proven))
    f.fail("complete", std::string(m.complete ? "true" : "false") +
                           ", but a shard is complete exactly when it is exhausted or proven");
  if (m.exhausted && m.done < m.mine)
    f.fail("exhausted", "true, but only " + std::to_string(m.done) + " of the shard's " +
                            std::to_string(m.mine) + " subproblems were searched");
  // Only an optimum that meets its bound ends a shard before all of its subproblems.
  if (m.complete && m.done < m.mine && !(m.objective && m.proven && m.best))
    f.fail("complete", "true, but only " + std::to_string(m.done) + " of the shard's " +
                           std::to_string(m.mine) + " subproblems were searched");
  return m;
}

// Every record must come from a subproblem of its own shard: shard K of N has the subproblems
// K - 1, K - 1 + N, ... (shard_subproblems in generators/subproblems.cpp).
void check_records(const ShardFile& shard) {
  const Manifest& m = shard.manifest;
  for (const Record& record : shard.records)
    if (record.subproblem % m.of != m.index - 1 ||
        (m.subproblems != 0 && record.subproblem >= m.subproblems))
      throw InputError({shard.file, static_cast<int>(record.line), 0}, "subproblem",
                       std::to_string(record.subproblem) + " is not a subproblem of shard " +
                           std::to_string(m.index) + " of " + std::to_string(m.of) + " (of " +
                           std::to_string(m.subproblems) + ")");
}

ShardFile read_shard(const std::string& path) {
  check_input_file(path, "a shard's output");  // shard files may be large: no size limit
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, "", "cannot read the file");
  ShardFile shard;
  shard.file = path;
  bool have_manifest = false;
  std::string text;
  std::size_t line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.empty()) continue;
    const Fields none(Json::object(), path, line);
    if (have_manifest) none.fail("", "lines after the summary: not the output of one shard");
    // A record is the record one process prints with two fields appended: it is kept as text
    // (checked to be JSON) rather than parsed whole and written again, which is most of the
    // time merge takes on a large census.
    if (const auto cut = text.rfind(",\"subproblem\":");
        text.rfind("{\"instance\":", 0) == 0 && cut != std::string::npos) {
      Json tail;
      try {
        tail = Json::parse("{" + text.substr(cut + 1));
      } catch (const Json::exception&) {
        none.fail("", "not JSON: shards are written as JSON Lines (generate --shard)");
      }
      std::string body = text.substr(0, cut) + "}";
      if (!Json::accept(body))
        none.fail("", "not JSON: shards are written as JSON Lines (generate --shard)");
      const Fields f(tail, path, line);
      if (tail.size() != 2) f.fail("key", "expected the record to end with subproblem and key");
      Record record;
      record.line = line;
      record.subproblem = f.count("subproblem");
      record.key = f.key(f.at("key", "a list of integers"), "key");
      // The class size is the record's last field (a quote inside a JSON string is escaped,
      // so the pattern cannot come from a name).
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
      shard.records.push_back(std::move(record));
      continue;
    }
    Json json;
    try {
      json = Json::parse(text);
    } catch (const Json::exception&) {
      none.fail("", "not JSON: shards are written as JSON Lines (generate --shard)");
    }
    if (!json.is_object()) none.fail("", "expected a JSON object");
    if (const auto it = json.find("summary"); it != json.end()) {
      if (!it->is_object()) none.fail("summary", "expected an object");
      shard.manifest = read_manifest(*it, path, line);
      have_manifest = true;
      continue;
    }
    const Fields f(json, path, line);
    if (!f.find("subproblem"))
      f.fail("subproblem",
             "missing: not a shard's output; run each shard with generate --shard K/N");
    Record record;
    record.line = line;
    record.subproblem = f.count("subproblem");
    record.key = f.key(f.at("key", "a list of integers"), "key");
    if (const Json* size = f.find("class-size"))
      if (!(record.class_size = natural_from_json(*size)))
        f.fail("class-size", "expected a whole number");
    json.erase("subproblem");
    json.erase("key");
    record.body = json.dump();
    shard.records.push_back(std::move(record));
  }
  if (!have_manifest)
    throw InputError({path, static_cast<int>(line), 0}, "summary",
                     "no summary line: the shard was cut off before it finished; run it again");
  check_records(shard);
  return shard;
}

std::string list_text(const std::vector<unsigned>& shards) {
  std::string out;
  for (const unsigned k : shards) out += (out.empty() ? "" : ", ") + std::to_string(k);
  return out;
}

// Shards of different runs cannot be combined into one answer.
void check_same_run(const ShardFile& shard, const ShardFile& first) {
  const Manifest& a = shard.manifest;
  const Manifest& b = first.manifest;
  const auto differs = [&](const std::string& field, const std::string& here,
                           const std::string& there) {
    if (here != there)
      throw InputError({shard.file, 0, 0}, field,
                       "differs from " + first.file + " (" + there + " there, " + here +
                           " here): shards of different runs");
  };
  differs("spec-sha256", a.spec_sha256, b.spec_sha256);
  differs("version", a.version, b.version);
  differs("seed", std::to_string(a.seed), std::to_string(b.seed));
  differs("strategy", a.strategy, b.strategy);
  differs("shard.of", std::to_string(a.of), std::to_string(b.of));
  differs("instances-wanted", a.wanted ? std::to_string(*a.wanted) : "all",
          b.wanted ? std::to_string(*b.wanted) : "all");
  differs("convention", a.raw.value("convention", Json()).dump(),
          b.raw.value("convention", Json()).dump());
  // A shard stopped while splitting the space knows no total; it is merely incomplete.
  if (a.subproblems != 0 && b.subproblems != 0)
    differs("subproblems.total", std::to_string(a.subproblems), std::to_string(b.subproblems));
}

// A merged record as `generate --format text` prints one, from what the record says.
std::string record_text(const Record& record, const std::string& file) {
  const Json json = Json::parse(record.body);
  const LoadedInstance loaded = parse_instance(record.body, file, families());
  std::vector<std::pair<std::string, Count>> counts;
  const Json counted_kinds = json.value("counts", Json::object());
  const Json choices = json.value("convention", Json::object());
  for (const auto& [kind, counted] : counted_kinds.items()) {
    Count count;
    count.value = natural_from_json(counted.value("count", Json())).value_or(0);
    count.exact = counted.value("exact", true);
    for (const auto reason : {StopReason::time_limit, StopReason::node_limit,
                              StopReason::interrupted, StopReason::cancelled})
      if (counted.value("stopped", "") == to_string(reason)) count.stopped = reason;
    counts.emplace_back(kind, count);
  }
  // The convention's choices, as convention_suffix words them.
  std::string convention;
  for (const auto& [name, value] : choices.items())
    if (value.is_string())
      convention += (convention.empty() ? "" : ", ") + name + " " + value.get<std::string>();
  return instance_text(*loaded.instance, record.class_size,
                       convention.empty() ? "" : " (" + convention + ")", counts);
}

// The merged summary in words.
std::string summary_text(const Json& s, const std::vector<unsigned>& missing,
                         const std::vector<unsigned>& incomplete) {
  std::ostringstream out;
  const auto instances = s["instances"].get<std::size_t>();
  const bool objective = s.contains("objective");
  out << "summary: " << instances << " instance" << (instances == 1 ? "" : "s");
  if (!s["instances-in-classes"].is_null() && instances > 0 && !objective)
    out << " up to symmetry, " << s["instances-in-classes"].dump() << " counted one by one";
  out << " (" << s["strategy"].get<std::string>() << ", seed " << s["seed"].dump() << ", "
      << s["explored"].dump() << " candidates judged), from " << s["shards"]["present"].dump()
      << " of " << s["shards"]["of"].dump() << " shards\n";
  if (objective) {
    out << "  objective: " << s["objective"].get<std::string>() << " = "
        << (s["best"].is_null() ? std::string("none found") : s["best"].dump()) << "\n";
    if (!s["optimal-instances"].is_null())
      out << "  instances reaching it: " << s["optimal-instances"].dump()
          << " (distinct up to the family's instance symmetries"
          << (s["optimal-instances-in-classes"].is_null()
                  ? std::string()
                  : "; " + s["optimal-instances-in-classes"].dump() + " counted one by one")
          << ")\n";
  }
  if (!missing.empty()) out << "  missing shards: " << list_text(missing) << "\n";
  if (!incomplete.empty())
    out << "  incomplete shards (stopped before the end; run them again): " << list_text(incomplete)
        << "\n";
  out << "  subproblems: " << s["subproblems"]["done"].dump() << " of "
      << s["subproblems"]["total"].dump() << " searched, " << s["nodes"].dump()
      << " nodes; shards took " << std::setprecision(3) << s["seconds"]["sum"].get<double>()
      << " s in all, the slowest " << s["seconds"]["slowest-shard"].get<double>() << " s\n";
  if (s["proven"].get<bool>() && s["exhausted"].get<bool>())
    out << "  proven: the whole instance space was searched"
        << (objective ? ", so this is optimal" : "") << "\n";
  else if (s["proven"].get<bool>())
    out << "  proven: a shard's best meets the bound nothing can do better than, so this is "
           "optimal\n";
  else if (!missing.empty() || !incomplete.empty())
    out << "  not proven: shards are missing or incomplete\n";
  else if (s["stopped"] != "none")
    out << "  not proven: stopped by " << s["stopped"].get<std::string>() << "\n";
  else
    out << "  not proven: the instance space was not exhausted\n";
  return out.str();
}

}  // namespace

int merge(const std::vector<std::string>& files, const std::string& output, Format format,
          std::ostream& out, std::ostream& log) {
  if (!output.empty()) check_output_file(output, "-o");
  std::vector<ShardFile> shards;
  for (const auto& file : files) shards.push_back(read_shard(file));
  const ShardFile& first = shards.front();
  const Manifest& run = first.manifest;
  std::map<unsigned, const ShardFile*> by_index;
  for (const auto& shard : shards) {
    check_same_run(shard, first);
    const auto [it, fresh] = by_index.emplace(shard.manifest.index, &shard);
    if (!fresh)
      throw InputError({shard.file, 0, 0}, "shard",
                       "shard " + std::to_string(shard.manifest.index) + " is also in " +
                           it->second->file + ": give each shard once (a rerun replaces its file)");
  }
  std::vector<unsigned> missing, incomplete;
  for (unsigned k = 1; k <= run.of; ++k) {
    const auto it = by_index.find(k);
    if (it == by_index.end())
      missing.push_back(k);
    else if (!it->second->manifest.complete)
      incomplete.push_back(k);
  }
  const bool all_complete = missing.empty() && incomplete.empty();

  std::uint64_t explored = 0, nodes = 0, done = 0, subproblems = 0;
  double seconds = 0, slowest = 0, fastest = -1;
  bool all_proven = all_complete;
  bool all_exhausted = all_complete;
  std::string stopped = "none";
  for (const auto& [k, shard] : by_index) {
    const Manifest& m = shard->manifest;
    explored += m.explored;
    nodes += m.nodes;
    done += m.done;
    subproblems = std::max(subproblems, m.subproblems);
    seconds += m.seconds;
    slowest = std::max(slowest, m.seconds);
    fastest = fastest < 0 ? m.seconds : std::min(fastest, m.seconds);
    all_proven = all_proven && m.proven;
    all_exhausted = all_exhausted && m.exhausted;
    if (stopped == "none") stopped = m.stopped;
  }

  std::vector<const Record*> records;
  std::optional<Natural> best;
  Json witness;
  bool proven = all_proven;
  bool exhausted = all_exhausted;
  Json optimal_instances = nullptr;
  Json optimal_in_classes = nullptr;
  if (run.objective) {
    const ShardFile* best_shard = nullptr;
    for (const auto& [k, shard] : by_index) {
      const auto& value = shard->manifest.best;
      if (value && (!best || (run.minimize ? *value < *best : *value > *best))) {
        best = value;
        best_shard = shard;
      }
    }
    if (best_shard) {
      if (!best_shard->records.empty()) records.push_back(&best_shard->records.back());
      witness = best_shard->manifest.raw.value("witness", Json());
      // A shard proves without exhausting only when its best meets the bound the spec and
      // the family allow: nothing beats that, whatever the other shards did.
      if (best_shard->manifest.proven && !best_shard->manifest.exhausted) proven = true;
    }
    if (all_complete && run.optimal_keys) {
      std::map<std::vector<int>, std::optional<Natural>> ties;  // with class sizes
      for (const auto& [k, shard] : by_index)
        if (shard->manifest.best == best && shard->manifest.optimal_keys)
          for (std::size_t t = 0; t < shard->manifest.optimal_keys->size(); ++t)
            ties.emplace((*shard->manifest.optimal_keys)[t],
                         shard->manifest.optimal_class_sizes[t]);
      optimal_instances = ties.size();
      std::optional<Natural> sum = Natural(0);
      for (const auto& [key, size] : ties) add_known(sum, size);
      if (sum) optimal_in_classes = natural_json(*sum);
    }
  } else {
    std::vector<const Record*> all;
    for (const auto& [k, shard] : by_index)
      for (const auto& record : shard->records) all.push_back(&record);
    // The order of a single run: by subproblem, then as found within it.
    std::stable_sort(all.begin(), all.end(), [](const Record* a, const Record* b) {
      return a->subproblem < b->subproblem;
    });
    std::set<std::vector<int>> emitted;
    for (const Record* record : all) {
      if (run.wanted && records.size() >= *run.wanted) break;
      if (emitted.insert(record->key).second) records.push_back(record);
    }
    // One process stops at the number wanted without searching the rest: nothing is proven.
    if (run.wanted && records.size() >= *run.wanted) proven = exhausted = false;
  }

  std::optional<Natural> in_classes = Natural(0);
  for (const Record* record : records) add_known(in_classes, record->class_size);

  Json summary;
  summary["instances"] = records.size();
  summary["instances-in-classes"] = in_classes ? natural_json(*in_classes) : Json(nullptr);
  summary["proven"] = proven;
  summary["exhausted"] = exhausted;
  if (run.objective) {
    summary["objective"] = run.raw.value("objective", Json());
    summary["best"] = best ? natural_json(*best) : Json(nullptr);
    summary["optimal-instances"] = optimal_instances;
    summary["optimal-instances-in-classes"] = optimal_in_classes;
    if (!witness.is_null()) summary["witness"] = witness;
  }
  summary["explored"] = explored;
  summary["strategy"] = run.strategy;
  summary["stopped"] = stopped;
  summary["seed"] = run.seed;
  summary["convention"] = run.raw.value("convention", Json::object());
  summary["spec-sha256"] = run.spec_sha256;
  summary["version"] = run.version;
  summary["shards"] = {{"of", run.of},
                       {"present", by_index.size()},
                       {"missing", missing},
                       {"incomplete", incomplete}};
  summary["subproblems"] = {{"total", subproblems}, {"done", done}};
  summary["nodes"] = nodes;
  summary["seconds"] = {{"sum", seconds}, {"slowest-shard", slowest}, {"fastest-shard", fastest}};

  std::ostringstream text;
  switch (format) {
    case Format::json:
      for (const Record* record : records) text << record->body << "\n";
      text << Json{{"summary", summary}}.dump() << "\n";
      break;
    case Format::yaml:
      for (const Record* record : records) text << "---\n" << to_yaml(Json::parse(record->body));
      text << "---\n" << to_yaml(Json{{"summary", summary}});
      break;
    case Format::text:
      for (const Record* record : records) text << record_text(*record, first.file);
      text << summary_text(summary, missing, incomplete);
      break;
  }
  if (output.empty())
    out << text.str();
  else
    write_file_atomically(output, text.str());

  log << "merged " << by_index.size() << " of " << run.of << " shards: " << records.size()
      << " instance" << (records.size() == 1 ? "" : "s");
  if (best) log << ", best " << *best;
  log << (proven ? ", proven" : ", not proven") << "\n";
  // What keeps the answer from being proven is said even with --quiet.
  if (!missing.empty()) std::cerr << "  missing shards: " << list_text(missing) << "\n";
  if (!incomplete.empty())
    std::cerr << "  incomplete shards (stopped before the end; run them again): "
              << list_text(incomplete) << "\n";
  // The exit codes of one process's generate: 0 found, 1 proven that none exists (or no
  // better), 3 unfinished.
  if (run.objective) return proven && best ? ok : proven ? not_found : limit_reached;
  if (run.wanted && records.size() >= *run.wanted) return ok;
  if (!all_complete) return limit_reached;
  if (exhausted && !records.empty()) return ok;
  return proven ? not_found : limit_reached;
}

}  // namespace puzzlegen::cli
