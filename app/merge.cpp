// puzzlegen merge: one stream and one summary from the JSON Lines of a run's shards. Every
// field read from a file is checked first: a file merge cannot trust is an input error (exit 2)
// naming the file, the line and the field, never a crash.
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "command.hpp"
#include "commands.hpp"
#include "error.hpp"
#include "families.hpp"
#include "files.hpp"
#include "instance_file.hpp"
#include "render/html.hpp"
#include "report.hpp"
#include "results.hpp"

namespace puzzlegen::cli {

namespace {

using Record = ResultRecord;
using ShardFile = ResultFile;

// A shard's file, read, with what it says of itself checked: a manifest that contradicts itself
// or a record from another shard's subproblems would make merge prove what was never searched.
ShardFile read_checked_shard(const std::string& path) {
  ShardFile shard = read_shard(path);
  const auto problems = manifest_contradictions(shard.manifest);
  if (!problems.empty())
    throw InputError({path, static_cast<int>(shard.manifest.line), 0}, problems.front().field,
                     problems.front().message);
  for (const Record& record : shard.records)
    if (const auto why = outside_share(shard.manifest, *record.subproblem))
      throw InputError({path, static_cast<int>(record.line), 0}, "subproblem", *why);
  return shard;
}

std::string list_text(const std::vector<unsigned>& shards) {
  std::string out;
  for (const unsigned k : shards) out += (out.empty() ? "" : ", ") + std::to_string(k);
  return out;
}

// Shards of different runs cannot be combined into one answer.
void check_same_run(const ShardFile& shard, const ShardFile& first) {
  if (const auto d = run_difference(shard.manifest, first.manifest))
    throw InputError({shard.file, 0, 0}, d->field,
                     "differs from " + first.file + " (" + d->there + " there, " + d->here +
                         " here): shards of different runs");
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
  for (const auto& file : files) shards.push_back(read_checked_shard(file));
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
  const ShardCoverage coverage = shard_coverage(run, by_index);
  const auto& missing = coverage.missing;
  const auto& incomplete = coverage.incomplete;
  const bool all_complete = coverage.complete();

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
    if (const ShardFile* best_in = best_shard(run, by_index)) {
      best = best_in->manifest.best;
      if (!best_in->records.empty()) records.push_back(&best_in->records.back());
      witness = best_in->manifest.raw.value("witness", Json());
      // A shard proves without exhausting only when its best meets the bound the spec and
      // the family allow: nothing beats that, whatever the other shards did.
      if (best_in->manifest.proven && !best_in->manifest.exhausted) proven = true;
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
    records = records_in_run_order(run, by_index);
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

void add_merge_command(CLI::App& app, Commands& commands) {
  struct Options {
    std::vector<std::string> files;
    std::string output;
    std::string format = "json";
  };
  auto options = std::make_shared<Options>();
  auto* merge = app.add_subcommand(
      "merge", "combine the outputs of generate --shard into one stream and one summary");
  merge->add_option("files", options->files, "one JSON Lines file per shard")->required();
  merge->add_option("-o,--output", options->output,
                    "write to this file (default: standard output)");
  // JSON Lines by default, as merge has always printed (scripts read it).
  commands
      .choices(merge->add_option("--format", options->format,
                                 "output format (default json: JSON Lines)"),
               {"text", "yaml", "json"})
      ->default_val("json");
  commands.add(merge, [options](const Globals& globals) {
    return cli::merge(options->files, options->output, parse_format(options->format), std::cout,
                      globals.log);
  });
}

}  // namespace puzzlegen::cli
