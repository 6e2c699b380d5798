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

}  // namespace

int merge(const std::vector<std::string>& files, const std::string& output, Format format,
          std::ostream& out, std::ostream& log) {
  if (!output.empty()) check_output_file(output, "-o");
  std::vector<ShardFile> shards;
  for (const auto& file : files) shards.push_back(read_checked_shard(file));
  const ShardFile& first = shards.front();
  const Manifest& run_manifest = first.manifest;
  std::map<unsigned, const ShardFile*> by_index;
  for (const auto& shard : shards) {
    check_same_run(shard, first);
    const auto [it, fresh] = by_index.emplace(shard.manifest.index, &shard);
    if (!fresh)
      throw InputError({shard.file, 0, 0}, "shard",
                       "shard " + std::to_string(shard.manifest.index) + " is also in " +
                           it->second->file + ": give each shard once (a rerun replaces its file)");
  }
  const MergedRun merged = merge_shards(run_manifest, by_index);
  const auto& records = merged.records;
  const auto& summary = merged.summary;
  const auto& missing = merged.coverage.missing;
  const auto& incomplete = merged.coverage.incomplete;
  const bool proven = merged.proven, exhausted = merged.exhausted;
  const auto& best = merged.best;

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
      text << merged_summary_text(summary, merged.coverage);
      break;
  }
  if (output.empty())
    out << text.str();
  else
    write_file_atomically(output, text.str());

  log << "merged " << by_index.size() << " of " << run_manifest.of << " shards: " << records.size()
      << " instance" << (records.size() == 1 ? "" : "s");
  if (best) log << ", best " << *best;
  log << (proven ? ", proven" : ", not proven") << "\n";
  // What keeps the answer from being proven is said even with --quiet.
  if (!missing.empty()) std::cerr << "  missing shards: " << shard_list_text(missing) << "\n";
  if (!incomplete.empty())
    std::cerr << "  incomplete shards (stopped before the end; run them again): "
              << shard_list_text(incomplete) << "\n";
  // The exit codes of one process's generate: 0 found, 1 proven that none exists (or no
  // better), 3 unfinished.
  if (run_manifest.objective) return proven && best ? ok : proven ? not_found : limit_reached;
  if (run_manifest.wanted && records.size() >= *run_manifest.wanted) return ok;
  if (!merged.coverage.complete()) return limit_reached;
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
