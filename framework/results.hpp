// Reading what `generate` and `merge` write as JSON Lines: records, then one summary line; a
// shard's summary (`generate --shard`) is its manifest. Shared by `merge`, which combines
// shards, and `verify`, which re-checks what any of them claims. Every field is checked as it is
// read: a file that cannot be read as such is an InputError naming the file, the line and the
// field. What the fields claim (a manifest that contradicts itself, a record from another
// shard's subproblems) is judged by the caller: merge refuses it, verify reports it as FAILED.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "error.hpp"
#include "family.hpp"

namespace puzzlegen {

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
  std::size_t line = 0;  // in its file
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

struct ResultFile {
  std::string file;
  ResultKind kind = ResultKind::run;
  std::vector<ResultRecord> records;
  Json summary;  // the summary object
  std::size_t summary_line = 0;
  Manifest manifest;  // kind == shard
};

// Any result in JSON Lines ("-": standard input). No size limit: censuses are large.
ResultFile read_result(const std::string& path);
// A shard's output, or an InputError saying the file is not one (merge's input).
ResultFile read_shard(const std::string& path);

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

// Combining the shards of one run (`run`: any shard's manifest), keyed by shard number, as
// merge prints them and verify rebuilds them:
// which of shards 1 to N are missing and which are there but incomplete: a run is covered,
// and may be proven, only when neither list has any;
struct ShardCoverage {
  std::vector<unsigned> missing, incomplete;
  bool complete() const { return missing.empty() && incomplete.empty(); }
};
ShardCoverage shard_coverage(const Manifest& run,
                             const std::map<unsigned, const ResultFile*>& shards);
// the shard whose best value is the best of an optimisation run, or null when none found one;
const ResultFile* best_shard(const Manifest& run,
                             const std::map<unsigned, const ResultFile*>& shards);
// the records in the order one process prints them: by subproblem, then as found within it,
// each class once, at most the number wanted.
std::vector<const ResultRecord*> records_in_run_order(
    const Manifest& run, const std::map<unsigned, const ResultFile*>& shards);

}  // namespace puzzlegen
