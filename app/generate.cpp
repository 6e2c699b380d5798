// `generate`: a run of the generator, its records and summary in the chosen format, its
// progress line, and its shard manifest.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string_view>

#include "command.hpp"
#include "commands.hpp"
#include "difficulty.hpp"
#include "files.hpp"
#include "generate.hpp"
#include "judge.hpp"
#include "report.hpp"
#include "strategies.hpp"

namespace puzzlegen::cli {

namespace {

WitnessCounts witness_counts(const Spec& spec, const Instance& witness) {
  WitnessCounts out;
  // One thread: these are the counts of one instance, mostly small, where Gecode's parallel
  // engine costs more to start and stop than it saves (Löffler Q3 on 2 threads spent 0.12 s
  // of its 0.16 s here).
  const Limits limits = Limits::within(std::chrono::seconds(60), 0, 1);
  for (const auto& convention : every_convention(*spec.family)) {
    out.conventions.push_back(convention);
    out.counts.push_back(count_all_kinds(*spec.family, witness, convention, 0, limits));
  }
  return out;
}

// One number of --shard, read like every other whole number (framework/yaml_read).
long long shard_number(const std::string& text, const std::string& field) {
  return parse_integer(text, {"command line", 0, 0}, field, INT32_MIN, INT32_MAX);
}

long long slurm_variable(const char* name) {
  const char* value = std::getenv(name);
  if (!value || !*value)
    throw InputError({"command line", 0, 0}, "--shard",
                     std::string("slurm: ") + name + " is not set (run it as a job array task)");
  return shard_number(value, std::string("--shard (") + name + ")");
}

// K or N of --shard: digits only (no sign, no spaces), or nullopt. A number too long to be a
// shard's is read as too large, and refused as out of range.
std::optional<long long> shard_digits(std::string_view text) {
  if (text.empty() ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return text.size() > 9
             ? 1000000000LL
             : parse_integer(std::string(text), {"command line", 0, 0}, "--shard", 0, kNoMost);
}

// "K/N", "slurm" or "slurm/N"; nothing given is the whole run, but an empty or malformed value
// is refused rather than read as the whole run.
Split parse_shard(const std::optional<std::string>& given) {
  if (!given) return {};
  const std::string& text = *given;
  const auto malformed = [&] {
    return InputError(
        {"command line", 0, 0}, "--shard",
        "expected K/N (as in 3/16), slurm or slurm/N, K and N whole numbers; got '" + text + "'");
  };
  long long k = 0, n = 0;
  if (text == "slurm") {
    n = slurm_variable("SLURM_ARRAY_TASK_COUNT");
    // Arrays may be numbered from 0 or 1 (or anything): K counts from the array's first task.
    k = slurm_variable("SLURM_ARRAY_TASK_ID") - slurm_variable("SLURM_ARRAY_TASK_MIN") + 1;
  } else if (text.rfind("slurm/", 0) == 0) {
    // N given: K is the task's own number, so that a partial array (--array=7,19, to rerun
    // two shards) still maps each task to its shard.
    const auto count = shard_digits(std::string_view(text).substr(6));
    if (!count) throw malformed();
    n = *count;
    k = slurm_variable("SLURM_ARRAY_TASK_ID");
  } else {
    const auto slash = text.find('/');
    const auto index = shard_digits(std::string_view(text).substr(0, slash));
    const auto count = slash == std::string::npos
                           ? std::nullopt
                           : shard_digits(std::string_view(text).substr(slash + 1));
    if (!index || !count) throw malformed();
    k = *index;
    n = *count;
  }
  if (n < 1 || n > 100000 || k < 1 || k > n)
    throw InputError(
        {"command line", 0, 0}, "--shard",
        "expected 1 <= K <= N <= 100000; got " +
            (text.rfind("slurm", 0) == 0 ? "shard " + std::to_string(k) + " of " + std::to_string(n)
                                         : "'" + text + "'"));
  return {static_cast<unsigned>(k), static_cast<unsigned>(n)};
}

// Progress on standard error: one line rewritten in place on a terminal, a line per report
// otherwise (only when asked for).
class ProgressLine {
 public:
  explicit ProgressLine(bool terminal) : terminal_(terminal) {}
  ~ProgressLine() {
    if (written_ && terminal_) std::cerr << "\n";
  }
  void operator()(const RunSummary& s) {
    const double elapsed = std::chrono::duration<double>(Clock::now() - started_).count();
    std::ostringstream line;
    line << "[" << static_cast<long long>(elapsed) << "s] ";
    if (s.subproblems_mine > 1) {
      line << "subproblems " << s.subproblems_done << "/" << s.subproblems_mine << ", ";
    }
    line << s.nodes_so_far << " nodes, " << s.explored << " judged, " << s.instances << " found";
    if (s.best) line << ", best " << *s.best;
    if (s.subproblems_done > 0 && s.subproblems_done < s.subproblems_mine) {
      const double left = elapsed * static_cast<double>(s.subproblems_mine - s.subproblems_done) /
                          static_cast<double>(s.subproblems_done);
      line << ", about " << static_cast<long long>(left) << "s left";
    }
    written_ = true;
    if (terminal_)
      std::cerr << "\r" << line.str() << "\x1b[K" << std::flush;
    else
      std::cerr << line.str() << std::endl;
  }

 private:
  bool terminal_;
  bool written_ = false;
  Clock::time_point started_ = Clock::now();
};

}  // namespace

int generate(const std::string& spec_file, const GenerateRequest& request, Format format,
             std::ostream& out) {
  if (!request.output.empty()) check_output_file(request.output, "-o");
  const Spec spec = load_spec_with(spec_file, request.overrides, request.given_root);
  const Split split = parse_shard(request.shard);
  const bool sharded = request.shard.has_value();
  // A shard's output is read back by merge: JSON Lines, whatever --format says.
  if (sharded) format = Format::json;
  const std::string strategy = resolve_strategy(spec);
  if (sharded && strategy != "exhaustive" && strategy != "search" && strategy != "classes" &&
      strategy != "local")
    throw InputError({"command line", 0, 0}, "--shard",
                     "the " + strategy +
                         " strategy has no subproblems to share out; shards need exhaustive, "
                         "search, classes or local (its walkers)");
  // With -o, records go to a temporary file beside it as they are found (a census's output
  // can be far larger than the run's memory), renamed onto it when the run has ended.
  std::optional<OutputFile> file;
  if (!request.output.empty()) file.emplace(request.output);
  std::ostream& sink = file ? file->stream() : out;
  const auto started = Clock::now();
  // The workers format records in parallel; emission only writes them, in order.
  auto prepare = [&](const InstancePtr& instance, const Evaluation& e, std::size_t subproblem) {
    // Text needs no record: building one and throwing it away was over half of what a census
    // printing text took on one thread.
    if (format == Format::text)
      return instance_text(*instance, e.class_size, convention_suffix(spec.solution_options),
                           e.counts);
    Json record = instance_record(spec, *instance, e.class_size, e.counts, 0, e.grade);
    if (e.propagation_grade)  // graded only where the spec bounds it
      record["measures"][kPropagationDifficulty] =
          natural_json(difficulty_measure(*e.propagation_grade, kDifficulty).value);
    if (sharded) {
      record["subproblem"] = subproblem;
      record["key"] = instance->canonical_key();
    }
    return format == Format::json ? record.dump() + "\n" : "---\n" + to_yaml(record);
  };
  // Records reach the reader as they are found, but a run that finds thousands a second
  // writes them in batches (a flush per record was a system call per record).
  auto last_flush = Clock::now();
  auto emit = [&](const InstancePtr&, const Evaluation&, std::size_t, const std::string& text) {
    sink << text;
    if (const auto now = Clock::now(); now - last_flush > std::chrono::milliseconds(100)) {
      sink.flush();
      last_flush = now;
    }
  };
  const bool terminal = isatty(STDERR_FILENO) != 0;
  ProgressLine line(terminal);
  ProgressFn progress = nullptr;
  if (!request.quiet && (terminal || request.progress))
    progress = [&](const RunSummary& s) { line(s); };
  const RunSummary s = puzzlegen::generate(spec, emit, progress, split, prepare);
  std::optional<WitnessCounts> witness;
  if (spec.objective && s.witness && !interrupt_flag().load())
    witness = witness_counts(spec, *s.witness);
  Json summary = summary_json(spec, s, witness);
  if (sharded)
    add_shard_manifest(summary, spec, s, split.shard, split.shards, version(),
                       std::chrono::duration<double>(Clock::now() - started).count());
  switch (format) {
    case Format::json:
      sink << summary.dump() << "\n";
      break;
    case Format::yaml:
      sink << "---\n" << to_yaml(summary);
      break;
    case Format::text:
      sink << summary_text(spec, s, witness);
      break;
  }
  if (file) file->commit();
  if (sharded) return s.exhausted || s.proven ? ok : limit_reached;
  if (spec.objective) return s.proven && s.best ? ok : s.proven ? not_found : limit_reached;
  const bool enough = spec.generate.instances && s.instances >= *spec.generate.instances;
  if (enough || (s.exhausted && s.instances > 0)) return ok;
  return s.proven ? not_found : limit_reached;
}

void add_generate_command(CLI::App& app, Commands& commands) {
  struct Options {
    std::string spec_file, format;
    GenerateRequest request;
  };
  auto options = std::make_shared<Options>();
  SpecOverrides& overrides = options->request.overrides;
  auto* generate = app.add_subcommand("generate", "generate instances that meet a spec");
  generate->add_option("spec", options->spec_file, "spec file")->required();
  commands.suggest(
      generate->add_option("--instances", overrides.instances, "how many instances (or: all)"),
      {"all"});
  generate->add_option("--seed", overrides.seed, "random seed")->check(whole_number());
  commands.choices(generate->add_option("--strategy", overrides.strategy, strategies_text()),
                   kStrategies);
  commands.choices(
      generate->add_option("--difficulty", overrides.difficulty,
                           "only instances of this level: easy, medium, hard or extreme"),
      difficulty_levels());
  generate->add_option("--time-limit", overrides.time_limit,
                       "e.g. 30s, 10m (default: the spec's, 60s)");
  generate->add_option("--node-limit", overrides.node_limit, "instance-search nodes")
      ->check(whole_number());
  generate
      ->add_option("--threads", overrides.threads,
                   "worker threads searching the subproblems, or auto: every core this "
                   "process may use (default: the spec's, 1)")
      ->transform(thread_count());
  generate
      ->add_option("--subproblems", overrides.subproblems,
                   "split the instance space into at least this many subproblems (default 256)")
      ->check(CLI::Range(std::size_t{1}, GenerateOptions::max_subproblems));
  generate
      ->add_option("--walkers", overrides.walkers,
                   "local search: how many seeded walks (default: the spec's, 4)")
      ->check(CLI::Range(std::size_t{1}, GenerateOptions::max_walkers));
  generate
      ->add_option("--steps", overrides.steps,
                   "local search: steps each walker takes (default: the spec's, no budget)")
      ->check(CLI::Range(std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max()));
  generate
      ->add_option("--restart-after", overrides.restart_after,
                   "local search: steps without a better score before a walker starts again "
                   "(default: the spec's, 1000)")
      ->check(CLI::Range(std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max()));
  // Read as the spec reads them (which says what else it accepts), so only offered here.
  commands.suggest(generate->add_option("--joint-model", overrides.joint_model,
                                        "true or false: post one solution of each required kind "
                                        "on the instance space (default: the spec's, false)"),
                   {"true", "false"});
  commands.suggest(
      generate->add_option("--symmetry-breaking", overrides.symmetry_breaking,
                           "true or false: the family's instance symmetry breaking (default: the "
                           "spec's, true; false only to check that it is sound)"),
      {"true", "false"});
  generate->add_option("--shard", options->request.shard,
                       "search only shard K of N (K/N, or slurm: from the job array); the "
                       "output is JSON Lines for puzzlegen merge");
  generate->add_flag("--progress", options->request.progress,
                     "progress on standard error even when it is not a terminal");
  generate->add_option("-o,--output", options->request.output,
                       "write to this file, whole, when the run ends (default: standard output)");
  add_format(*generate, options->format, commands);
  commands.add(
      generate,
      [options](const Globals& globals) {
        GenerateRequest request = options->request;
        request.quiet = globals.quiet;
        request.given_root = globals.given_root;
        return cli::generate(options->spec_file, request, parse_format(options->format), std::cout);
      },
      [options] { return options->spec_file; });
}

}  // namespace puzzlegen::cli
