// `verify`: every claim of a result of generate or merge re-checked by a second method
// (framework/verify.hpp), and a report of what held.
#include "verify.hpp"
#include "commands.hpp"
#include "families.hpp"
#include "report.hpp"
#include "rerun.hpp"
#include "results.hpp"

namespace puzzlegen::cli {

int verify(const std::vector<std::string>& files, const VerifyRequest& request, Format format,
           std::ostream& out) {
  const SourceLocation cmd{"command line", 0, 0};
  const auto time_limit = parse_duration(request.time_limit, cmd, "--time-limit");
  std::optional<Spec> spec;
  if (!request.spec_file.empty()) spec = read_spec(request.spec_file, request.given_root);
  std::vector<ResultFile> results;
  for (const auto& file : files) results.push_back(read_result(file));
  VerifyOptions options;
  options.registry = &families();
  options.spec = spec ? &*spec : nullptr;
  options.time_limit = time_limit;
  options.threads = request.threads;
  options.rerun = [threads = request.threads](const Spec& s, const std::string& strategy,
                                              const Limits& limits) {
    return search_again(s, strategy, limits, threads);
  };
  const VerifyReport report = verify_results(results, options);
  print(out, format, report_json(report), report_text(report));
  return report.exit_code();
}

}  // namespace puzzlegen::cli
