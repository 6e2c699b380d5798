// puzzlegen merge: one stream and one summary from the JSON Lines of a run's shards. Every
// field read from a file is checked first: a file merge cannot trust is an input error (exit 2)
// naming the file, the line and the field, never a crash.
#include <csignal>
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
#include "spill.hpp"

namespace puzzlegen::cli {

namespace {

using Record = ResultRecord;
using ShardFile = ResultFile;

// A shard's file, read through, with what it says of itself checked: a manifest that
// contradicts itself or a record from another shard's subproblems would make merge prove what
// was never searched.
ShardFile read_checked_shard(const std::string& path) {
  // The records are judged against the manifest on the file's last line as they are read; what
  // is wrong is said once the whole file is read and its manifest checked, as before.
  const std::optional<Manifest> last = peek_manifest(path);
  std::optional<std::pair<std::size_t, std::string>> outside;
  ShardFile shard = read_shard(path, [&](const Record& record) {
    if (last && !outside)
      if (const auto why = outside_share(*last, *record.subproblem))
        outside.emplace(record.line, *why);
  });
  const auto problems = manifest_contradictions(shard.manifest);
  if (!problems.empty())
    throw InputError({path, static_cast<int>(shard.manifest.line), 0}, problems.front().field,
                     problems.front().message);
  if (!last || last->raw != shard.manifest.raw) {  // the file changed: read it again
    outside.reset();
    ResultReader reader(shard);
    for (Record record; !outside && reader.next(record);)
      if (const auto why = outside_share(shard.manifest, *record.subproblem))
        outside.emplace(record.line, *why);
  }
  if (outside)
    throw InputError({path, static_cast<int>(outside->first), 0}, "subproblem", outside->second);
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
          std::ostream& out, std::ostream& log, std::size_t memory) {
  if (!output.empty()) check_output_file(output, "-o");
  // A reader that goes away (| head) is then a write error (exit 5) rather than the end of the
  // process, so that the temporary folder is still removed.
  std::signal(SIGPIPE, SIG_IGN);
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
  // The records go to the output as they are read; standard output gets them from a copy in
  // the temporary folder once all is written, so that an error prints nothing, as with -o.
  const TemporaryFolder folder("puzzlegen-merge-");
  RunRecords records(run_manifest, by_index, folder.path(), memory);
  std::optional<OutputFile> file;
  std::optional<SpoolFile> spooled;
  if (output.empty())
    spooled.emplace(folder.path() / "merged");
  else
    file.emplace(output);
  std::ostream& text = file ? file->stream() : spooled->stream();
  std::uint64_t count = 0;
  std::optional<Natural> in_classes = Natural(0);
  records.for_each([&](const ShardFile&, Record& record) {
    ++count;
    add_known(in_classes, record.class_size);
    switch (format) {
      case Format::json:
        text << record.body << "\n";
        break;
      case Format::yaml:
        text << "---\n" << to_yaml(Json::parse(record.body));
        break;
      case Format::text:
        text << record_text(record, first.file);
        break;
    }
  });
  const MergedRun merged = merge_shards(run_manifest, by_index, count, in_classes);
  const auto& summary = merged.summary;
  const auto& missing = merged.coverage.missing;
  const auto& incomplete = merged.coverage.incomplete;
  const bool proven = merged.proven, exhausted = merged.exhausted;
  const auto& best = merged.best;
  switch (format) {
    case Format::json:
      text << Json{{"summary", summary}}.dump() << "\n";
      break;
    case Format::yaml:
      text << "---\n" << to_yaml(Json{{"summary", summary}});
      break;
    case Format::text:
      text << merged_summary_text(summary, merged.coverage);
      break;
  }
  if (file)
    file->commit();
  else
    spooled->copy_to(out);

  log << "merged " << by_index.size() << " of " << run_manifest.of << " shards: " << count
      << " instance" << (count == 1 ? "" : "s");
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
  if (run_manifest.wanted && count >= *run_manifest.wanted) return ok;
  if (!merged.coverage.complete()) return limit_reached;
  if (exhausted && count > 0) return ok;
  return proven ? not_found : limit_reached;
}

void add_merge_command(CLI::App& app, Commands& commands) {
  struct Options {
    std::vector<std::string> files;
    std::string output;
    std::string format = "json";
    std::string key_memory;
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
  add_key_memory(*merge, options->key_memory);
  commands.add(merge, [options](const Globals& globals) {
    return cli::merge(options->files, options->output, parse_format(options->format), std::cout,
                      globals.log, *parse_memory_size(options->key_memory));
  });
}

}  // namespace puzzlegen::cli
