// The result format: what `generate` and `merge` write as JSON Lines (records, then one summary
// line; a shard's summary, `generate --shard`, is its manifest), written and read here only.
// Writing: a run's summary (results.cpp), a shard's manifest, and the shards of a run merged.
// Reading, shared by `merge`, which combines shards, and `verify`, which re-checks what any of
// them claims: every field is checked as it is read, and a file that cannot be read as such is
// an InputError naming the file, the line and the field. What the fields claim (a manifest that
// contradicts itself, a record from another shard's subproblems) is judged by the caller: merge
// refuses it, verify reports it as FAILED.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "error.hpp"
#include "family.hpp"

namespace puzzlegen {

struct Spec;

// ---- Writing

// What a generator run did: filled by generators (generate.hpp), written below.
struct RunSummary {
  std::string strategy;
  std::uint64_t nodes = 0;           // instance-search nodes, the split included
  std::uint64_t nodes_so_far = 0;    // for progress reports, while the run goes on
  std::size_t subproblems = 0;       // in the whole decomposition
  std::size_t subproblems_mine = 0;  // this shard's share
  std::size_t subproblems_done = 0;  // of this shard's, searched to the end
  double slowest_subproblem = 0;     // seconds: with the mean, how well the load balances
  double mean_subproblem = 0;
  // With an objective of counts: the canonical keys of the instances reaching `best`, so that
  // shards' ties can be merged without counting one instance twice.
  std::vector<std::vector<int>> optimal_keys;
  std::vector<std::optional<Natural>> optimal_class_sizes;  // of each optimal key
  std::uint64_t instances = 0;                              // emitted
  // The instances the emitted classes stand for (the sum of their class sizes), and the same
  // for `optimal_instances`; nullopt where a class size is not known.
  std::optional<Natural> instances_in_classes = Natural(0);
  std::optional<Natural> optimal_instances_in_classes;
  std::uint64_t explored = 0;  // candidate instances judged
  bool exhausted = false;      // the whole instance space was searched
  bool proven = false;         // exhausted, and no count was cut short by a limit
  std::optional<Natural> best;
  // With an objective: how many instances (distinct up to symmetry) reach `best`; complete
  // only when the space was exhausted.
  std::uint64_t optimal_instances = 0;
  std::shared_ptr<const Instance> witness;  // the last emitted instance (the best, if any)
  // Strategy "given": why the instance was rejected, with the counts that decided it.
  std::vector<std::string> given_failed;
  StopReason stopped = StopReason::none;
  // Local search (strategy `local`): the walkers' steps (also `nodes`), the moves they accepted,
  // their restarts from a fresh start, and the least distance from the spec any walker reached
  // (LocalScore::violation: 0 once an instance met every bound; nullopt before any step).
  std::uint64_t local_accepted = 0;
  std::uint64_t local_restarts = 0;
  std::optional<std::uint64_t> local_best_violation;
};

// The witness of an optimum counted in every convention of its family, so a figure from a
// paper in another convention can be compared directly.
struct WitnessCounts {
  std::vector<OptionValues> conventions;
  std::vector<std::vector<std::pair<std::string, Count>>> counts;
};

// A run's summary line, {"summary": {...}}, and the same in words.
Json summary_json(const Spec& spec, const RunSummary& s,
                  const std::optional<WitnessCounts>& witness);
std::string summary_text(const Spec& spec, const RunSummary& s,
                         const std::optional<WitnessCounts>& witness);
// What makes a shard's summary its manifest (shard `index` of `of`, run in `seconds`): the
// fields merge and verify need to combine and check the shards of a run.
void add_shard_manifest(Json& summary, const Spec& spec, const RunSummary& s, unsigned index,
                        unsigned of, const std::string& version, double seconds);

// ---- Reading

// Reads fields of one JSON object of a result file, with errors at that file and line.
// `prefix` is prepended to field names in messages ("summary.").
class JsonFields {
 public:
  JsonFields(const Json& object, const std::string& file, std::size_t line,
             std::string prefix = "");

  const Json* find(const std::string& name) const;
  const Json& at(const std::string& name, const char* expected) const;
  std::uint64_t count(const std::string& name, std::uint64_t max = UINT64_MAX) const;
  bool flag(const std::string& name) const;
  std::string text(const std::string& name) const;
  double number(const std::string& name) const;  // a number of seconds, not negative
  JsonFields object(const std::string& name) const;
  std::vector<int> key(const Json& value, const std::string& name) const;
  [[noreturn]] void fail(const std::string& name, const std::string& what) const;

 private:
  const Json& object_;
  const std::string& file_;
  std::size_t line_;
  std::string prefix_;
};

// One record: the instance with its counts, class size, convention and spec hash.
struct ResultRecord {
  std::size_t line = 0;      // in its file
  std::uint64_t offset = 0;  // of its line, in bytes: where ResultReader::at finds it again
  // A shard's records also say where they were found and their canonical key.
  std::optional<std::size_t> subproblem;
  std::optional<std::vector<int>> key;
  std::string body;  // the record as a single run prints it (JSON text, without those two)
  std::optional<Natural> class_size;
};

// A shard's manifest (its summary line), read field by field.
struct Manifest {
  std::size_t line = 0;  // of the summary, in its file
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
  Json raw;  // the whole summary object, for the fields read where they are used
};

// What wrote the file: one `generate` run, one shard of a run, or `merge`.
enum class ResultKind { run, shard, merged };

// A result file read once through, every line checked, its records counted but not kept
// (censuses are large): ResultReader reads them again one at a time.
struct ResultFile {
  std::string file;              // as messages name it ("<standard input>" for -)
  std::filesystem::path source;  // where its lines are read (standard input: a copy of it)
  // Its size and last change when it was read through, to read again only the same file.
  std::pair<std::uintmax_t, std::filesystem::file_time_type> state;
  ResultKind kind = ResultKind::run;
  std::uint64_t records = 0;
  std::optional<ResultRecord> last;  // the last record (an optimisation's best), if any
  Json summary;                      // the summary object
  std::size_t summary_line = 0;
  Manifest manifest;  // kind == shard
};

// Any result in JSON Lines ("-": standard input, first copied into `folder` so that it can be
// read again). No size limit: censuses are large. Every line is checked as it is read (an
// InputError names the file, the line and the field), and `each`, when given, is called with
// every record in turn.
using EachRecord = std::function<void(const ResultRecord&)>;
ResultFile read_result(const std::string& path, const std::filesystem::path& folder,
                       const EachRecord& each = {});
// A shard's output, or an InputError saying the file is not one (merge's input).
ResultFile read_shard(const std::string& path, const EachRecord& each = {});
// The manifest on the last line of a shard's file, read before the file is read through (so
// that its records can be judged as they pass), or nullopt when that line is not one. Only
// reading the whole file (read_shard) tells whether the file is a shard's output.
std::optional<Manifest> peek_manifest(const std::string& path);

// The records of a file read before (read_result, read_shard), one at a time; an InputError if
// the file changed since.
class ResultReader {
 public:
  explicit ResultReader(const ResultFile& file);
  ~ResultReader();
  ResultReader(const ResultReader&) = delete;
  ResultReader& operator=(const ResultReader&) = delete;
  // The next record in the file; false after the last.
  bool next(ResultRecord& record);
  // The record on `line`, which starts at byte `offset` (ResultRecord's).
  ResultRecord at(std::uint64_t offset, std::size_t line);

  struct Lines;

 private:
  std::unique_ptr<Lines> lines_;
};

// A field of a manifest, or of a record, and what is wrong with it.
struct FieldProblem {
  std::string field;  // as in messages: "summary.subproblems.done"
  std::string message;
};
// What a manifest says of itself that cannot all hold (merge would prove what was never
// searched): `complete` other than `exhausted` or `proven`, more subproblems done than the
// shard's, `complete` or `exhausted` with fewer. Empty when it holds together.
std::vector<FieldProblem> manifest_contradictions(const Manifest& manifest);
// Shard K of N has the subproblems K - 1, K - 1 + N, ... below the total: why `subproblem` is
// not one of them, or nullopt.
std::optional<std::string> outside_share(const Manifest& manifest, std::size_t subproblem);
// The subproblems shard K of N owns out of `total` (shard_subproblems in generators).
std::uint64_t share_size(std::uint64_t total, unsigned index, unsigned of);
// The first field where two shards' manifests show different runs (spec, version, seed,
// strategy, shard count, instances wanted, convention, number of subproblems), with its value
// in `here` and `there`; nullopt for shards of one run.
struct RunDifference {
  std::string field, here, there;
};
std::optional<RunDifference> run_difference(const Manifest& here, const Manifest& there);

// Combining the shards of one run (`run_manifest`: any shard's manifest), keyed by shard number, as
// merge prints them and verify rebuilds them:
// which of shards 1 to N are missing and which are there but incomplete: a run is covered,
// and may be proven, only when neither list has any;
struct ShardCoverage {
  std::vector<unsigned> missing, incomplete;
  bool complete() const { return missing.empty() && incomplete.empty(); }
};
ShardCoverage shard_coverage(const Manifest& run_manifest,
                             const std::map<unsigned, const ResultFile*>& shards);
// the shard whose best value is the best of an optimisation run, or null when none found one;
const ResultFile* best_shard(const Manifest& run_manifest,
                             const std::map<unsigned, const ResultFile*>& shards);
// the records a merge of the shards holds, in the order one process prints them: by subproblem,
// then as found within it, each class (by the key the record carries) once, at most the number
// wanted; with an objective, the best shard's last record. They are read from the shards' files
// one at a time: the order and the classes met twice are found by sorts within `memory` bytes,
// spilling to `folder` beyond it.
class RunRecords {
 public:
  RunRecords(const Manifest& run_manifest, const std::map<unsigned, const ResultFile*>& shards,
             const std::filesystem::path& folder, std::size_t memory);
  ~RunRecords();
  RunRecords(const RunRecords&) = delete;
  RunRecords& operator=(const RunRecords&) = delete;
  std::uint64_t size() const { return size_; }
  // Calls `each` with every record in order, and the shard whose file holds it.
  void for_each(const std::function<void(const ResultFile&, ResultRecord&)>& each);

  struct State;

 private:
  std::unique_ptr<State> state_;
  std::uint64_t size_ = 0;
};

// ---- Merging: the shards of one run combined as one process prints them (`merge`).
struct MergedRun {
  Json summary;  // the summary object
  ShardCoverage coverage;
  std::optional<Natural> best;
  bool proven = false, exhausted = false;
};
// The merged summary of `records` records (RunRecords) whose class sizes sum to `in_classes`.
MergedRun merge_shards(const Manifest& run_manifest,
                       const std::map<unsigned, const ResultFile*>& shards, std::uint64_t records,
                       const std::optional<Natural>& in_classes);
// Shard numbers as a message lists them: "2, 5".
std::string shard_list_text(const std::vector<unsigned>& shards);
// The merged summary in words.
std::string merged_summary_text(const Json& summary, const ShardCoverage& coverage);

}  // namespace puzzlegen
