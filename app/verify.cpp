// `verify`: every claim of a result of generate or merge re-checked by a second method
// (framework/verify.hpp), and a report of what held.
#include "verify.hpp"

#include <csignal>
#include <iostream>
#include <memory>

#include "command.hpp"
#include "commands.hpp"
#include "families.hpp"
#include "report.hpp"
#include "rerun.hpp"
#include "results.hpp"
#include "spill.hpp"

namespace puzzlegen::cli {

int verify(const std::vector<std::string>& files, const VerifyRequest& request, Format format,
           std::ostream& out) {
  // A reader that goes away (| head) is then a write error (exit 5) rather than the end of the
  // process, so that the temporary folder holding the report is still removed.
  std::signal(SIGPIPE, SIG_IGN);
  const SourceLocation cmd{"command line", 0, 0};
  const auto time_limit = parse_duration(request.time_limit, cmd, "--time-limit");
  std::optional<Spec> spec;
  if (!request.spec_file.empty()) spec = read_spec(request.spec_file, request.given_root);
  VerifyOptions options;
  options.registry = &families();
  options.spec = spec ? &*spec : nullptr;
  options.time_limit = time_limit;
  options.threads = request.threads;
  options.rerun = [threads = request.threads](const Spec& s, const std::string& strategy,
                                              const Limits& limits) {
    return search_again(s, strategy, limits, threads);
  };
  options.memory = request.memory;
  return verify_results(files, options, format, out).exit_code();
}

void add_verify_command(CLI::App& app, Commands& commands) {
  struct Options {
    std::vector<std::string> files;
    VerifyRequest request;
    std::string format;
    std::string key_memory;
  };
  auto options = std::make_shared<Options>();
  auto* verify = app.add_subcommand(
      "verify",
      "re-check every claim of a result of generate or merge by a second method: exit 0 all "
      "verified, 1 one FAILED, 3 some not verifiable within the limits");
  verify
      ->add_option("results", options->files,
                   "the result (JSON Lines of generate or merge, - for standard input), its "
                   "shards' files, or both")
      ->required();
  verify->add_option("--spec", options->request.spec_file,
                     "the spec it answers: also checks each record against it, censuses and "
                     "proofs");
  verify
      ->add_option("--time-limit", options->request.time_limit,
                   "for the whole verification, e.g. 5m")
      ->default_val("60s");
  verify
      ->add_option("--threads", options->request.threads,
                   "records checked at once, or auto: every core this process may use")
      ->transform(thread_count())
      ->default_val(1);
  add_format(*verify, options->format, commands);
  add_key_memory(*verify, options->key_memory);
  commands.add(verify, [options](const Globals& globals) {
    VerifyRequest request = options->request;
    request.given_root = globals.given_root;
    request.memory = *parse_memory_size(options->key_memory);
    return cli::verify(options->files, request, parse_format(options->format), std::cout);
  });
}

}  // namespace puzzlegen::cli
