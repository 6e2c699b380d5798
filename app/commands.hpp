// The puzzlegen commands, one group per file. Each file also declares its commands' part of
// the command line (add_<name>_command, command.hpp): a new option or command is added there,
// and a new command's add_<name>_command is listed in main.cpp. The functions here are what
// those actions call, and what the tests call directly. Each returns the process exit code:
// 0 ok, 1 no instance found / check failed, 2 bad input, 3 a limit was reached before an
// answer, 4 internal error, 5 output could not be written.
//
//   describe.cpp     list, describe (and version)
//   solve.cpp        solve, check
//   validate.cpp     validate
//   generate.cpp     generate: its records, summary, progress line and shard manifest
//   merge.cpp        merge
//   verify.cpp       verify
//   render.cpp       render
//   worksheet.cpp    worksheet
//   serve/           serve (serve/server.hpp)
//   selftest.cpp     selftest
//   completion.cpp   completion (completion.hpp)
//   command.cpp      how a command joins the command line, and the options several share
//   spec_input.cpp   specs read with a given root and the command line's overrides
//   report.hpp       what several commands print alike (formats, counts, output files)
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "output.hpp"
#include "spec.hpp"
#include "spill.hpp"

namespace puzzlegen::cli {

enum ExitCode : int {
  ok = 0,
  not_found = 1,
  bad_input = 2,
  limit_reached = 3,
  internal = 4,
  write_failed = 5  // the system refused output the user asked for (disk full, ...)
};

// Solution options given on the command line (--count-as, --modulo, ...), by name.
using OptionOverrides = std::map<std::string, std::string>;

struct SpecOverrides {
  std::optional<std::string> instances;
  std::optional<std::uint64_t> seed;
  std::optional<std::string> strategy;
  std::optional<std::string> time_limit;
  std::optional<std::uint64_t> node_limit;
  std::optional<unsigned> threads;
  std::optional<std::size_t> subproblems;
  // Local search: generate.walkers, generate.steps and generate.restart-after.
  std::optional<std::size_t> walkers;
  std::optional<std::uint64_t> steps;
  std::optional<std::uint64_t> restart_after;
  std::optional<std::string> difficulty;  // a level name: instance.difficulty in the spec
  // generate.joint-model and generate.symmetry-breaking: "true" or "false", read as the spec
  // reads them.
  std::optional<std::string> joint_model;
  std::optional<std::string> symmetry_breaking;
};

// selftest.cpp: the family contract checked on `names` (default: the plugins' families, or
// every family when no plugin is loaded); exit 0 all kept, 1 some check failed.
int selftest(const std::vector<std::string>& names, std::uint64_t seed, Format format,
             std::ostream& out);

// describe.cpp
int list_families(Format format, std::ostream& out);
int describe_family(const std::string& name, Format format, std::ostream& out);
// This build's version, written into every shard manifest.
std::string version();

// solve.cpp
// Counts each file's instance in turn (every file read first: a bad one is exit 2 before any
// output); several files print as JSON Lines (json), YAML documents or text sections.
int solve(const std::vector<std::string>& files, const OptionOverrides& options,
          const std::vector<std::string>& kinds, std::uint64_t cap, const std::string& time_limit,
          unsigned threads, bool grade, std::size_t explain, Format format, std::ostream& out);
// `given_root`: the folder a spec's `given:` file must lie in (--given-root), "" for the
// default (load_spec); likewise in the requests below.
int check(const std::string& file, const std::string& spec_file, const std::string& given_root,
          Format format, std::ostream& out);

// validate.cpp
int validate(const std::string& spec_file, const std::string& given_root, Format format,
             std::ostream& out);

// generate.cpp
struct GenerateRequest {
  SpecOverrides overrides;
  // "K/N" (1 <= K <= N), "slurm" (from the job array's environment), "slurm/N", or nothing
  // for the whole run.
  std::optional<std::string> shard;
  bool progress = false;  // progress on standard error even when it is not a terminal
  bool quiet = false;     // no progress at all, even on a terminal
  std::string output;     // the file to write (atomically, at the end), or "" for standard output
  std::string given_root;
};

// With a shard, the output is JSON Lines whose summary is the shard's manifest (see merge).
int generate(const std::string& spec_file, const GenerateRequest& request, Format format,
             std::ostream& out);

// merge.cpp
// Combines the JSON Lines of a run's shards into one stream and summary: exit 0 when every
// shard is present and complete, 3 naming the missing or incomplete ones, 2 for files that
// cannot be trusted (unreadable, corrupt, duplicate shards, different specs or versions).
// `format`: json is JSON Lines, as the shards are written; yaml and text as generate prints.
// The records are read and written one at a time; `memory` bounds each sort that orders them
// and finds classes given twice (beyond it they spill to a temporary folder).
int merge(const std::vector<std::string>& files, const std::string& output, Format format,
          std::ostream& out, std::ostream& log, std::size_t memory = kDefaultSortMemory);

// verify.cpp
struct VerifyRequest {
  std::string spec_file;  // --spec: the spec the result answers ("" = none)
  std::string time_limit = "60s";
  unsigned threads = 1;
  std::string given_root;
  std::size_t memory = kDefaultSortMemory;  // --key-memory
};
// Re-checks every claim of a result (a run's or merge's output, its shards, or both; "-" is
// standard input) by a second method and reports each: exit 0 when every claim verified, 1
// when one FAILED, 3 when some could not be verified within the limits, 2 for bad input.
int verify(const std::vector<std::string>& files, const VerifyRequest& request, Format format,
           std::ostream& out);

// render.cpp
// `format`: text, yaml, json, svg or html; `output`: a file written atomically, or "" for `out`.
int render(const std::string& file, const std::string& solution_kind, const std::string& format,
           const std::string& output, std::ostream& out);

// worksheet.cpp
struct WorksheetRequest {
  // Puzzles per spec: one count for every spec, or one for all.
  std::vector<std::size_t> counts{4};
  std::string output;  // the HTML file; with `pdf`, the PDF goes next to it
  bool pdf = false;
  std::string title;          // default: "<Family> puzzles"
  SpecOverrides overrides;    // --seed, --time-limit, ...
  std::string paper = "a4";   // a4 | letter
  std::string key = "after";  // after (the sheet's last pages) | separate (NAME-key.html) | none
  double scale = 1;           // the puzzles' drawings enlarged (nets: 20 mm faces times it)
  std::string given_root;
  // Progress on `log`: text (lines for a reader) | json (JSON Lines: part, puzzle and wrote
  // events, for a program such as serve).
  std::string progress_format = "text";
  // Fewer puzzles than asked, when no more are found: a sheet of those found (at least one),
  // saying so, rather than nothing.
  bool allow_fewer = false;
  // The puzzles' levels in their headings on the sheet ("Puzzle 2 · hard"); the key always has
  // them.
  bool show_level = true;
  // The short code printed on the sheet and its key (default: made from the puzzles).
  std::string code;
  // Different sheets (versions A, B, ...) of `counts` puzzles each, none shared: a class set.
  std::size_t versions = 1;
  // The first steps of each solution in words in the key (Grading::explain), 0 for none.
  std::size_t explain = 0;
};
// Progress goes to `log`, errors to standard error.
// A sheet of puzzles from one or more specs (a titled part each), numbered through.
int worksheet(const std::vector<std::string>& spec_files, const WorksheetRequest& request,
              std::ostream& log);

// spec_input.cpp
// A spec file; `given_root` as for check.
Spec read_spec(const std::string& spec_file, const std::string& given_root);
// The spec with command-line overrides of its `generate:` section applied.
Spec load_spec_with(const std::string& spec_file, const SpecOverrides& overrides,
                    const std::string& given_root);

}  // namespace puzzlegen::cli
