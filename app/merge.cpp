// puzzlegen merge: one stream and one summary from the JSON Lines of a run's shards.
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "commands.hpp"
#include "error.hpp"
#include "render/html.hpp"

namespace puzzlegen::cli {

namespace {

struct Record {
  std::size_t subproblem = 0;
  std::vector<int> key;
  Json body;  // the record as a single run prints it
};

struct ShardFile {
  std::string file;
  Json manifest;
  std::vector<Record> records;
  unsigned index = 0;
};

[[noreturn]] void corrupt(const std::string& file, std::size_t line, const std::string& field,
                          const std::string& what) {
  throw InputError({file, static_cast<int>(line), 0}, field, what);
}

const Json& field(const Json& object, const std::string& name, const std::string& file,
                  std::size_t line, Json::value_t type) {
  const auto it = object.find(name);
  const bool number = type == Json::value_t::number_unsigned;
  if (it == object.end() ||
      (number ? !it->is_number_unsigned() : it->type() != type && !(it->is_null())))
    corrupt(file, line, name,
            it == object.end() ? "missing from a shard's record or manifest"
                               : "has the wrong type in a shard's record or manifest");
  return *it;
}

ShardFile read_shard(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, "", "cannot read the file");
  ShardFile shard;
  shard.file = path;
  std::string text;
  std::size_t line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.empty()) continue;
    if (!shard.manifest.is_null())
      corrupt(path, line, "", "lines after the summary: not the output of one shard");
    Json json;
    try {
      json = Json::parse(text);
    } catch (const Json::exception&) {
      corrupt(path, line, "", "not JSON: shards are written as JSON Lines (generate --shard)");
    }
    if (!json.is_object()) corrupt(path, line, "", "expected a JSON object");
    if (json.contains("summary")) {
      shard.manifest = json["summary"];
      if (!shard.manifest.is_object() || !shard.manifest.contains("shard"))
        corrupt(path, line, "summary",
                "not a shard's manifest: run each shard with generate --shard K/N");
      continue;
    }
    if (!json.contains("subproblem"))
      corrupt(path, line, "subproblem",
              "missing: not a shard's output; run each shard with generate --shard K/N");
    Record record;
    record.subproblem =
        field(json, "subproblem", path, line, Json::value_t::number_unsigned).get<std::size_t>();
    const Json& key = field(json, "key", path, line, Json::value_t::array);
    for (const auto& k : key) {
      if (!k.is_number_integer()) corrupt(path, line, "key", "expected a list of integers");
      record.key.push_back(k.get<int>());
    }
    json.erase("subproblem");
    json.erase("key");
    record.body = std::move(json);
    shard.records.push_back(std::move(record));
  }
  if (shard.manifest.is_null())
    corrupt(path, line, "summary",
            "no summary line: the shard was cut off before it finished; run it again");
  const Json& m = shard.manifest;
  const Json& s = field(m, "shard", path, line, Json::value_t::object);
  shard.index = field(s, "index", path, line, Json::value_t::number_unsigned).get<unsigned>();
  for (const char* name : {"spec-sha256", "version", "strategy"})
    field(m, name, path, line, Json::value_t::string);
  for (const char* name : {"complete", "proven"})
    field(m, name, path, line, Json::value_t::boolean);
  field(s, "of", path, line, Json::value_t::number_unsigned);
  field(m, "seed", path, line, Json::value_t::number_unsigned);
  field(field(m, "subproblems", path, line, Json::value_t::object), "total", path, line,
        Json::value_t::number_unsigned);
  return shard;
}

std::string list_text(const std::vector<unsigned>& shards) {
  std::string out;
  for (const unsigned k : shards) out += (out.empty() ? "" : ", ") + std::to_string(k);
  return out;
}

}  // namespace

int merge(const std::vector<std::string>& files, const std::string& output, std::ostream& out,
          std::ostream& log) {
  std::vector<ShardFile> shards;
  for (const auto& file : files) shards.push_back(read_shard(file));
  const Json& first = shards.front().manifest;
  const unsigned of = first["shard"]["of"].get<unsigned>();
  std::map<unsigned, const ShardFile*> by_index;
  for (const auto& shard : shards) {
    const Json& m = shard.manifest;
    // Shards of different runs cannot be combined into one answer.
    for (const auto& [name, value] :
         {std::pair{"spec-sha256", m["spec-sha256"]}, std::pair{"version", m["version"]},
          std::pair{"seed", m["seed"]}, std::pair{"strategy", m["strategy"]},
          std::pair{"shard.of", m["shard"]["of"]},
          std::pair{"subproblems.total", m["subproblems"]["total"]},
          std::pair{"convention", m.value("convention", Json())}}) {
      const std::string key = name;
      const Json& expected = key == "shard.of"            ? first["shard"]["of"]
                             : key == "subproblems.total" ? first["subproblems"]["total"]
                                                          : first.value(key, Json());
      if (value != expected)
        throw InputError({shard.file, 0, 0}, key,
                         "differs from " + shards.front().file + " (" + expected.dump() +
                             " there, " + value.dump() + " here): shards of different runs");
    }
    if (shard.index < 1 || shard.index > of)
      throw InputError({shard.file, 0, 0}, "shard.index",
                       "shard " + std::to_string(shard.index) + " of " + std::to_string(of));
    const auto [it, fresh] = by_index.emplace(shard.index, &shard);
    if (!fresh)
      throw InputError({shard.file, 0, 0}, "shard",
                       "shard " + std::to_string(shard.index) + " is also in " + it->second->file +
                           ": give each shard once (a rerun replaces its file)");
  }
  std::vector<unsigned> missing, incomplete;
  for (unsigned k = 1; k <= of; ++k) {
    const auto it = by_index.find(k);
    if (it == by_index.end())
      missing.push_back(k);
    else if (!it->second->manifest["complete"].get<bool>())
      incomplete.push_back(k);
  }
  const bool all_complete = missing.empty() && incomplete.empty();

  // Totals over the shards.
  Json summary;
  std::uint64_t explored = 0, nodes = 0, done = 0;
  double seconds = 0, slowest = 0, fastest = -1;
  bool all_proven = all_complete;
  std::string stopped = "none";
  for (const auto& [k, shard] : by_index) {
    const Json& m = shard->manifest;
    explored += m.value("explored", std::uint64_t{0});
    nodes += m.value("nodes", std::uint64_t{0});
    done += m["subproblems"].value("done", std::uint64_t{0});
    const double t = m.value("seconds", 0.0);
    seconds += t;
    slowest = std::max(slowest, t);
    fastest = fastest < 0 ? t : std::min(fastest, t);
    all_proven = all_proven && m["proven"].get<bool>();
    if (stopped == "none") stopped = m.value("stopped", std::string("none"));
  }

  std::vector<const Record*> records;
  const bool objective = first.contains("objective");
  std::optional<std::uint64_t> best;
  Json witness;
  bool proven = all_proven;
  Json optimal_instances = nullptr;
  if (objective) {
    const bool minimize = first.value("minimize", true);
    const ShardFile* best_shard = nullptr;
    for (const auto& [k, shard] : by_index) {
      const Json& b = shard->manifest["best"];
      if (!b.is_number_unsigned()) continue;
      const auto value = b.get<std::uint64_t>();
      if (!best || (minimize ? value < *best : value > *best)) {
        best = value;
        best_shard = shard;
      }
    }
    if (best_shard) {
      if (!best_shard->records.empty()) records.push_back(&best_shard->records.back());
      witness = best_shard->manifest.value("witness", Json());
      // Nothing beats a minimum of 0, whatever the other shards did.
      if (minimize && *best == 0 && best_shard->manifest["proven"].get<bool>()) proven = true;
    }
    if (all_complete && first.contains("optimal-keys")) {
      std::set<std::vector<int>> ties;
      for (const auto& [k, shard] : by_index)
        if (best && shard->manifest["best"] == Json(*best))
          for (const auto& key : shard->manifest["optimal-keys"])
            ties.insert(key.get<std::vector<int>>());
      optimal_instances = ties.size();
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
    const Json wanted = first.value("instances-wanted", Json("all"));
    for (const Record* record : all) {
      if (wanted.is_number_unsigned() && records.size() >= wanted.get<std::uint64_t>()) break;
      if (emitted.insert(record->key).second) records.push_back(record);
    }
  }

  summary["instances"] = records.size();
  summary["proven"] = proven;
  summary["exhausted"] = all_complete;
  if (objective) {
    summary["objective"] = first["objective"];
    summary["best"] = best ? Json(*best) : Json(nullptr);
    summary["optimal-instances"] = optimal_instances;
    if (!witness.is_null()) summary["witness"] = witness;
  }
  summary["explored"] = explored;
  summary["strategy"] = first["strategy"];
  summary["stopped"] = stopped;
  summary["seed"] = first["seed"];
  summary["convention"] = first.value("convention", Json::object());
  summary["spec-sha256"] = first["spec-sha256"];
  summary["version"] = first["version"];
  summary["shards"] = {
      {"of", of}, {"present", by_index.size()}, {"missing", missing}, {"incomplete", incomplete}};
  summary["subproblems"] = {{"total", first["subproblems"]["total"]}, {"done", done}};
  summary["nodes"] = nodes;
  summary["seconds"] = {{"sum", seconds}, {"slowest-shard", slowest}, {"fastest-shard", fastest}};

  std::ostringstream text;
  for (const Record* record : records) text << record->body.dump() << "\n";
  text << Json{{"summary", summary}}.dump() << "\n";
  if (output.empty())
    out << text.str();
  else
    render::write_file_atomically(output, text.str());

  log << "merged " << by_index.size() << " of " << of << " shards: " << records.size()
      << " instance" << (records.size() == 1 ? "" : "s");
  if (best) log << ", best " << *best;
  log << (proven ? ", proven" : ", not proven") << "\n";
  if (!missing.empty()) log << "  missing shards: " << list_text(missing) << "\n";
  if (!incomplete.empty())
    log << "  incomplete shards (stopped before the end; run them again): " << list_text(incomplete)
        << "\n";
  return all_complete ? ok : limit_reached;
}

}  // namespace puzzlegen::cli
