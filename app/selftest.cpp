// `selftest`: the family contract (framework/contract.hpp) checked on the families of the
// plugins loaded, as the built-in families' tests check it on theirs.
#include <iostream>
#include <memory>
#include <sstream>

#include "command.hpp"
#include "commands.hpp"
#include "contract.hpp"
#include "families.hpp"
#include "report.hpp"

namespace puzzlegen::cli {

int selftest(const std::vector<std::string>& names, std::uint64_t seed, Format format,
             std::ostream& out) {
  const Registry& registry = families();
  std::vector<const Family*> chosen;
  for (const auto& name : names)
    chosen.push_back(&registry.get(name, {"command line", 0, 0}, "family"));
  if (chosen.empty())  // the plugins' families, or, with no plugin, every family
    for (const auto& family : registry.families())
      if (registry.origin(*family) != "built in") chosen.push_back(family.get());
  if (chosen.empty())
    for (const auto& family : registry.families()) chosen.push_back(family.get());
  Json reports = Json::array();
  std::ostringstream text;
  bool passed = true;
  for (const Family* family : chosen) {
    ContractOptions options;
    options.seed = seed;
    const ContractReport report = check_contract(*family, options);
    passed = passed && report.passed();
    reports.push_back({{"family", report.family},
                       {"origin", registry.origin(*family)},
                       {"checks", report.checks},
                       {"failures", report.failures},
                       {"passed", report.passed()}});
    text << (report.passed() ? "PASS  " : "FAIL  ") << report.family << ": " << report.checks
         << " checks, " << report.failures.size() << " failed\n";
    for (const auto& failure : report.failures) text << "  " << failure << "\n";
  }
  print(out, format, {{"selftest", reports}, {"passed", passed}}, text.str());
  return passed ? ok : not_found;
}

void add_selftest_command(CLI::App& app, Commands& commands) {
  struct Options {
    std::vector<std::string> families;
    std::uint64_t seed = 2026;
    std::string format;
  };
  auto options = std::make_shared<Options>();
  auto* selftest = app.add_subcommand(
      "selftest",
      "check the family contract on the loaded plugins' families (--plugin FILE), as built-in "
      "families are checked: exit 0 kept, 1 a check failed");
  selftest->add_option("families", options->families,
                       "only these families (default: every plugin's, or every family without "
                       "plugins)");
  selftest->add_option("--seed", options->seed, "seed of the random instances checked")
      ->check(whole_number());
  add_format(*selftest, options->format, commands);
  commands.add(selftest, [options](const Globals&) {
    return cli::selftest(options->families, options->seed, parse_format(options->format),
                         std::cout);
  });
}

}  // namespace puzzlegen::cli
