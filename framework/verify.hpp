// `puzzlegen verify`: every claim in a result of `generate` or `merge` re-checked by a second,
// independent method, each reported as verified, not verifiable (and why) or FAILED (and how to
// see it again).
//
//   counts     each record's counts, in its convention, by the family's second method
//              (Verification::verify_counts), which shares no model code with its first
//   classes    each record's canonical key recomputed from its instance; no two records in one
//              class; each class size by a second method (Verification::verify_class_size)
//   the spec   (with the spec) each record meets it: parameters, instance constraints, the
//              bounds on its verified counts and measures; same spec hash and convention
//   summary    the number of records and the sum of their class sizes; with an objective, the
//              records improve one after another, the last reaches `best`, none beats it
//   census     a census of every instance: the class sizes summed, and other figures the
//              family knows (Verification::census_figures), against their published values
//   shards     every manifest re-read and consistent; shard K of N owns its share of the
//              subproblems and reports all of them; every subproblem covered exactly once; one
//              spec, version, seed and convention; no record outside its shard's subproblems;
//              a merged file holds what merging the shards gives
//   proven     optima, non-existence and complete lists, by a figure of the census or the
//              objective's bound, or by searching the space again another way (RerunFn: the
//              generators, with the family's symmetry breaking off)
//
// The checks know families only through Family, and generators only through RerunFn.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "output.hpp"
#include "registry.hpp"
#include "results.hpp"
#include "spec.hpp"
#include "spill.hpp"

namespace puzzlegen {

enum class Verdict { verified, not_verifiable, failed };
std::string to_string(Verdict verdict);  // "verified", "not verifiable", "FAILED"

struct Claim {
  std::string topic;  // counts, class, spec, summary, census, shards, proven
  std::string where;  // "file:line" of the record or summary that makes the claim
  std::string text;   // the claim: "all-different = 8 (count-as orientations, ...)"
  Verdict verdict = Verdict::not_verifiable;
  std::string detail;  // how it was checked; why not; or what failed and how to see it again
};

// How many claims had each verdict.
struct VerifyTally {
  std::size_t verified = 0, not_verifiable = 0, failed = 0;
  std::size_t claims() const { return verified + not_verifiable + failed; }
  // 0 every claim verified, 1 one failed, 3 some could not be verified (and none failed).
  int exit_code() const;
};

// The report, written claim by claim as they are decided: in words (a line per claim, then the
// tally), or the JSON or YAML document {"claims": [...], "summary": {...}}.
class ReportWriter {
 public:
  ReportWriter(std::ostream& out, Format format) : out_(out), format_(format) {}
  void add(const Claim& claim);
  // The tally, which ends the report.
  void finish();
  const VerifyTally& tally() const { return tally_; }

 private:
  std::ostream& out_;
  Format format_;
  VerifyTally tally_;
};

// What searching a spec's space again found (RerunFn).
struct Rerun {
  bool finished = false;  // searched to the end within the limits
  std::string how;        // "exhaustive search without the family's symmetry breaking"
  std::string why_not;    // when not finished, or not tried
  // Every instance it accepted, by canonical key, with its objective value (if any).
  std::map<std::vector<int>, std::optional<Natural>> found;
  double seconds = 0;
};
// Searches `spec`'s whole space again another way than `strategy` (the result's) did, within
// `limits`; nullopt when it has no other way.
using RerunFn = std::function<std::optional<Rerun>(const Spec& spec, const std::string& strategy,
                                                   const Limits& limits)>;

struct VerifyOptions {
  const Registry* registry = nullptr;
  const Spec* spec = nullptr;                      // --spec: the spec the result answers, if given
  std::chrono::duration<double> time_limit{60.0};  // one deadline for the whole verification
  unsigned threads = 1;
  RerunFn rerun;  // may be null: proven claims are then verified only by figures and bounds
  // For each sort of the records (the classes met twice, the shards' records in run order):
  // beyond it, the sort spills to the temporary folder.
  std::size_t memory = kDefaultSortMemory;
};

// `files`: one result (a run's or merge's output), its shards, or both ("-": standard input).
// Records are read, checked and reported one at a time, keeping only what the checks across
// records need (sums, counts, the classes' keys, sorted within `memory` and spilled beyond it,
// to a temporary folder removed at the end). The report is written to `out` in `format` once it
// is complete. Throws InputError for what cannot be read as a result (exit 2), having written
// nothing.
VerifyTally verify_results(const std::vector<std::string>& files, const VerifyOptions& options,
                           Format format, std::ostream& out);

}  // namespace puzzlegen
