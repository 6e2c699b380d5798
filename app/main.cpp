// puzzlegen: generate puzzle instances whose solution sets have prescribed properties.
#include <yaml-cpp/yaml.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "commands.hpp"
#include "completion.hpp"
#include "error.hpp"
#include "families.hpp"
#include "serve/server.hpp"
#include "strategies.hpp"

using namespace puzzlegen;

namespace {

CLI::Option* add_format(CLI::App* command, std::string& format) {
  return command->add_option("--format", format, "output format")
      ->check(CLI::IsMember({"text", "yaml", "json"}))
      ->default_val("text");
}

}  // namespace

int main(int argc, char** argv) {
  // Plugins first: their families' options are part of the command line being parsed.
  std::vector<std::string> plugins;
  try {
    cli::load_plugins(cli::plugin_arguments(argc, argv), std::getenv("PUZZLEGEN_PLUGIN_PATH"));
  } catch (const InputError& e) {
    std::cerr << "puzzlegen: " << e.what() << "\n";
    return cli::bad_input;
  }

  CLI::App app{
      "puzzlegen: generate puzzle instances whose solution sets have the properties "
      "a spec asks for.\nExit codes: 0 ok, 1 no instance found or check failed, "
      "2 bad input, 3 limit reached before an answer, 4 internal error, 5 output could not be "
      "written.",
      "puzzlegen"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "print the help of every command (the manual page)");
  app.set_version_flag("--version", "puzzlegen " + cli::version());
  // Read before parsing (see above); declared so that --help shows it and the parser accepts
  // it before or after the command.
  app.add_option("--plugin", plugins,
                 "load puzzle families from this shared library (repeatable; also every .so "
                 "in the directories of PUZZLEGEN_PLUGIN_PATH)")
      ->allow_extra_args(false);
  app.fallthrough();
  std::string given_root;
  app.add_option("--given-root", given_root,
                 "the folder a spec's given: file must lie in (default: the spec's tree, the "
                 "nearest folder above it holding a .puzzlegen-tree file, else its folder)");
  bool quiet = false;
  app.add_flag("-q,--quiet", quiet,
               "no progress or notes on standard error (errors are still reported)");

  std::string format = "text";
  auto* list = app.add_subcommand("list", "list the puzzle families");
  add_format(list, format);

  std::string family;
  auto* describe = app.add_subcommand("describe", "describe a family: parameters, kinds, options");
  describe->add_option("family", family, "family name")->required();
  add_format(describe, format);

  std::string file, spec_file, time_limit = "60s", kind;
  std::uint64_t cap = 0;
  unsigned threads = 1;
  auto* solve = app.add_subcommand("solve", "count an instance's solutions of every kind");
  solve->add_option("file", file, "instance file (YAML or JSON)")->required();
  // Every solution option any family declares becomes a flag; the family checks the value.
  cli::OptionOverrides overrides;
  std::set<std::string> declared;
  std::map<std::string, std::string> choices = {{"* --format", "text yaml json"},
                                                {"render --format", "text yaml json svg html"},
                                                {"* --strategy", strategies_text(" ", " ")},
                                                {"generate --instances", "all"},
                                                {"generate --joint-model", "true false"},
                                                {"generate --symmetry-breaking", "true false"},
                                                {"completion shell", "bash"},
                                                {"worksheet --paper", "a4 letter"},
                                                {"worksheet --key", "after separate none"},
                                                {"worksheet --progress-format", "text json"},
                                                {"* --difficulty", "easy medium hard extreme"}};
  for (const auto& f : cli::families().families())
    for (const auto& info : f->solution_options()) {
      for (const auto& choice : info.choices) {
        std::string& words = choices["solve --" + info.name];
        if (words.find(choice) == std::string::npos) words += (words.empty() ? "" : " ") + choice;
      }
      if (declared.insert(info.name).second)
        solve->add_option_function<std::string>(
            "--" + info.name,
            [&overrides, name = info.name](const std::string& v) { overrides[name] = v; },
            "solution option (see `describe`): " + info.name);
    }
  std::vector<std::string> only_kinds;
  solve->add_option("--kind", only_kinds, "count only these kinds (default: every kind)");
  // Whole numbers from 0 to 2^63 - 1, as a spec reads them: "-1" must not wrap around.
  const auto whole = CLI::Range(std::uint64_t{0}, std::uint64_t{INT64_MAX});
  solve->add_option("--cap", cap, "stop counting at this many (the count then says 'at least')")
      ->check(whole);
  solve->add_option("--time-limit", time_limit, "e.g. 30s, 10m")->default_val("60s");
  solve->add_option("--threads", threads, "search threads for uncapped counts")->default_val(1);
  bool no_difficulty = false;
  solve->add_flag("--no-difficulty", no_difficulty,
                  "do not grade how hard each kind is to solve (the grade replays a solver, which "
                  "takes long on large instances)");
  std::size_t explain = 0;
  solve
      ->add_option("--explain", explain,
                   "print the first N steps of a solution in words, for families that grade by a "
                   "ladder of techniques")
      ->check(CLI::Range(0, 1000));
  add_format(solve, format);

  auto* check = app.add_subcommand("check", "check an instance against a spec");
  check->add_option("file", file, "instance file")->required();
  check->add_option("--spec", spec_file, "spec file")->required();
  add_format(check, format);

  auto* validate = app.add_subcommand("validate", "validate a spec and print what it asks for");
  validate->add_option("spec", spec_file, "spec file")->required();
  add_format(validate, format);

  cli::GenerateRequest request;
  cli::RunOverrides& run = request.run;
  auto* generate = app.add_subcommand("generate", "generate instances that meet a spec");
  generate->add_option("spec", spec_file, "spec file")->required();
  generate->add_option("--instances", run.instances, "how many instances (or: all)");
  generate->add_option("--seed", run.seed, "random seed")->check(whole);
  generate->add_option("--strategy", run.strategy, strategies_text())
      ->check(CLI::IsMember(kStrategies));
  generate
      ->add_option("--difficulty", run.difficulty,
                   "only instances of this level: easy, medium, hard or extreme")
      ->check(CLI::IsMember(difficulty_levels()));
  generate->add_option("--time-limit", run.time_limit, "e.g. 30s, 10m (default: the spec's, 60s)");
  generate->add_option("--node-limit", run.node_limit, "instance-search nodes")->check(whole);
  generate
      ->add_option("--threads", run.threads,
                   "worker threads searching the subproblems (default: the spec's, 1)")
      ->check(CLI::Range(1u, GenerateOptions::max_threads));
  generate
      ->add_option("--subproblems", run.subproblems,
                   "split the instance space into at least this many subproblems (default 256)")
      ->check(CLI::Range(std::size_t{1}, GenerateOptions::max_subproblems));
  generate->add_option("--joint-model", run.joint_model,
                       "true or false: post one solution of each required kind on the instance "
                       "space (default: the spec's, false)");
  generate->add_option("--symmetry-breaking", run.symmetry_breaking,
                       "true or false: the family's instance symmetry breaking (default: the "
                       "spec's, true; false only to check that it is sound)");
  generate->add_option("--shard", request.shard,
                       "search only shard K of N (K/N, or slurm: from the job array); the "
                       "output is JSON Lines for puzzlegen merge");
  generate->add_flag("--progress", request.progress,
                     "progress on standard error even when it is not a terminal");
  generate->add_option("-o,--output", request.output,
                       "write to this file, whole, when the run ends (default: standard output)");
  add_format(generate, format);

  std::vector<std::string> shard_files;
  std::string merged;
  auto* merge = app.add_subcommand(
      "merge", "combine the outputs of generate --shard into one stream and one summary");
  merge->add_option("files", shard_files, "one JSON Lines file per shard")->required();
  merge->add_option("-o,--output", merged, "write to this file (default: standard output)");
  // JSON Lines by default, as merge has always printed (scripts read it).
  std::string merge_format = "json";
  merge->add_option("--format", merge_format, "output format (default json: JSON Lines)")
      ->check(CLI::IsMember({"text", "yaml", "json"}))
      ->default_val("json");

  cli::VerifyRequest checked;
  std::vector<std::string> result_files;
  auto* verify = app.add_subcommand(
      "verify",
      "re-check every claim of a result of generate or merge by a second method: exit 0 all "
      "verified, 1 one FAILED, 3 some not verifiable within the limits");
  verify
      ->add_option("results", result_files,
                   "the result (JSON Lines of generate or merge, - for standard input), its "
                   "shards' files, or both")
      ->required();
  verify->add_option("--spec", checked.spec_file,
                     "the spec it answers: also checks each record against it, censuses and "
                     "proofs");
  verify->add_option("--time-limit", checked.time_limit, "for the whole verification, e.g. 5m")
      ->default_val("60s");
  verify->add_option("--threads", checked.threads, "records checked at once")
      ->check(CLI::Range(1u, GenerateOptions::max_threads))
      ->default_val(1);
  add_format(verify, format);

  std::string output;
  auto* render =
      app.add_subcommand("render", "draw an instance (and a solution): text, SVG or HTML");
  render->add_option("file", file, "instance file")->required();
  render->add_option("--solution", kind, "also draw one solution of this kind");
  render->add_option("--format", format, "output format")
      ->check(CLI::IsMember({"text", "yaml", "json", "svg", "html"}))
      ->default_val("text");
  render->add_option("-o,--output", output, "write to this file (default: standard output)");

  cli::WorksheetRequest sheet;
  auto* worksheet = app.add_subcommand(
      "worksheet", "generate puzzles from a spec into a printable HTML page with an answer key");
  std::vector<std::string> sheet_specs;
  worksheet->add_option("spec", sheet_specs, "spec files: one part of the sheet each")->required();
  worksheet
      ->add_option("--count", sheet.counts,
                   "how many distinct puzzles: one number, or one per spec (2,3)")
      ->delimiter(',')
      ->default_val(4)
      ->check(CLI::Range(1, 100));
  worksheet->add_option("-o,--output", sheet.output, "the HTML file to write")->required();
  worksheet->add_flag("--pdf", sheet.pdf, "also print it to a PDF next to it (needs Chromium)");
  worksheet->add_option("--title", sheet.title, "the page's heading");
  worksheet->add_option("--seed", sheet.run.seed, "random seed (default: the spec's)")
      ->check(whole);
  worksheet->add_option("--strategy", sheet.run.strategy, strategies_text())
      ->check(CLI::IsMember(kStrategies));
  worksheet->add_option("--time-limit", sheet.run.time_limit,
                        "e.g. 30s, 10m (default: the spec's)");
  worksheet->add_option("--paper", sheet.paper, "a4 or letter")
      ->check(CLI::IsMember({"a4", "letter"}))
      ->default_val("a4");
  worksheet
      ->add_option("--difficulty", sheet.run.difficulty,
                   "only puzzles of this level: easy, medium, hard or extreme (see docs/specs.md)")
      ->check(CLI::IsMember(difficulty_levels()));
  worksheet
      ->add_option("--scale", sheet.scale,
                   "draw the puzzles this many times larger (0.5 to 3; nets' faces are 20 mm at "
                   "1, 11 mm at 0.55 for denser pages), as far as the page's width allows")
      ->check(CLI::Range(0.5, 3.0))
      ->default_val(1);
  worksheet
      ->add_option("--key", sheet.key,
                   "where the answer key goes: after (the last pages), separate (NAME-key.html "
                   "beside the sheet) or none")
      ->check(CLI::IsMember({"after", "separate", "none"}))
      ->default_val("after");
  worksheet
      ->add_option("--progress-format", sheet.progress_format,
                   "progress on standard error: text, or json (one JSON object a line, for "
                   "programs)")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_val("text");

  worksheet
      ->add_option("--versions", sheet.versions,
                   "make this many different sheets of the same puzzles' kind, level and number "
                   "(NAME-A.html, NAME-B.html, ...), each with its key; no puzzle is on two")
      ->check(CLI::Range(1, 26))
      ->default_val(1);
  worksheet
      ->add_option("--explain", sheet.explain,
                   "the answer key gives the first N steps of each solution in words, for "
                   "families that grade by a ladder of techniques")
      ->check(CLI::Range(0, 50));
  worksheet->add_flag("--allow-fewer", sheet.allow_fewer,
                      "when fewer distinct puzzles are found than asked for, make the sheet of "
                      "those found (saying so) instead of nothing");
  worksheet->add_flag("!--hide-level", sheet.show_level,
                      "leave each puzzle's level out of its heading on the sheet (the answer key "
                      "still gives it)");
  worksheet
      ->add_option("--code", sheet.code,
                   "the short code printed on the sheet and its answer key, to match them "
                   "(default: made from the puzzles)")
      ->check(CLI::Validator(
          [](std::string& code) -> std::string {
            if (code.empty() || code.size() > 12) return "1 to 12 letters and digits";
            for (const char c : code)
              if (!std::isalnum(static_cast<unsigned char>(c))) return "letters and digits only";
            return "";
          },
          "CODE"));

  cli::ServeRequest served;
  auto* serve = app.add_subcommand(
      "serve",
      "a page in the browser that makes worksheets (no YAML, no terminal): listens on "
      "127.0.0.1 until Ctrl-C");
  serve->add_option("--port", served.port, "the port (0: any free one, printed)")
      ->check(CLI::Range(0, 65535))
      ->default_val(8080);
  serve
      ->add_option("--host", served.host,
                   "the address to listen on; another than 127.0.0.1 lets other machines in")
      ->default_val("127.0.0.1");
  serve->add_flag("--open", served.open, "open the page in the desktop's browser");
  serve
      ->add_option("--jobs", served.limits.running,
                   "sheets made at once (default: one per core); up to 32 more wait their turn")
      ->check(CLI::Range(1, 64));

  std::vector<std::string> selftest_families;
  std::uint64_t selftest_seed = 2026;
  auto* selftest = app.add_subcommand(
      "selftest",
      "check the family contract on the loaded plugins' families (--plugin FILE), as built-in "
      "families are checked: exit 0 kept, 1 a check failed");
  selftest->add_option("families", selftest_families,
                       "only these families (default: every plugin's, or every family without "
                       "plugins)");
  selftest->add_option("--seed", selftest_seed, "seed of the random instances checked")
      ->check(whole);
  add_format(selftest, format);

  std::string shell;
  auto* completion = app.add_subcommand(
      "completion", "print a shell completion script (bash: source it, or install it)");
  completion->add_option("shell", shell, "the shell")->required()->check(CLI::IsMember({"bash"}));

  if (argc == 1) {  // a bare `puzzlegen`: what it can do, rather than "a subcommand is required"
    std::cerr << app.help();
    return cli::bad_input;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // A mistyped command reads as an unexpected argument: name the command it looks like.
    std::vector<std::string> commands;
    for (const auto* command : app.get_subcommands({})) commands.push_back(command->get_name());
    for (int i = 1; i < argc && app.get_subcommands().empty(); ++i) {
      const std::string word = argv[i];
      if (word == "--plugin" || word == "--given-root") {
        ++i;  // its value
        continue;
      }
      if (word.empty() || word[0] == '-') continue;
      if (std::find(commands.begin(), commands.end(), word) == commands.end()) {
        std::cerr << "puzzlegen: unknown command '" << word << "'" << did_you_mean(word, commands)
                  << "; the commands are:";
        for (const auto& command : commands) std::cerr << " " << command;
        std::cerr << " (puzzlegen --help)\n";
        return cli::bad_input;
      }
      break;
    }
    return app.exit(e) == 0 ? cli::ok : cli::bad_input;
  }
  std::ostringstream discarded;
  std::ostream& log = quiet ? discarded : std::cerr;
  request.quiet = quiet;
  request.given_root = given_root;
  sheet.given_root = given_root;

  served.plugins = plugins;
  install_interrupt_handler();
  const Format fmt = format == "svg" || format == "html" ? Format::text : parse_format(format);
  const auto dispatch = [&]() -> int {
    if (list->parsed()) return cli::list_families(fmt, std::cout);
    if (completion->parsed()) {
      std::cout << cli::bash_completion(app, choices);
      return cli::ok;
    }
    if (describe->parsed()) return cli::describe_family(family, fmt, std::cout);
    if (selftest->parsed()) return cli::selftest(selftest_families, selftest_seed, fmt, std::cout);
    if (solve->parsed())
      return cli::solve(file, overrides, only_kinds, cap, time_limit, threads, !no_difficulty,
                        explain, fmt, std::cout);
    if (check->parsed()) return cli::check(file, spec_file, given_root, fmt, std::cout);
    if (validate->parsed()) return cli::validate(spec_file, given_root, fmt, std::cout);
    if (generate->parsed()) return cli::generate(spec_file, request, fmt, std::cout);
    if (merge->parsed())
      return cli::merge(shard_files, merged, parse_format(merge_format), std::cout, log);
    if (verify->parsed()) {
      checked.given_root = given_root;
      return cli::verify(result_files, checked, fmt, std::cout);
    }
    if (render->parsed()) return cli::render(file, kind, format, output, std::cout);
    if (worksheet->parsed()) return cli::worksheet(sheet_specs, sheet, log);
    // Takes SIGINT and SIGTERM itself (sigwait), so the handler above never sees them.
    if (serve->parsed()) return cli::serve(served, std::cout, std::cerr);
    return cli::internal;
  };
  try {
    const int code = dispatch();
    // Output lost on the way (a full disk behind `>`) must not end as a success.
    if (!std::cout.flush() || std::fflush(stdout) != 0 || std::ferror(stdout)) {
      std::cerr << "puzzlegen: error: cannot write standard output"
                << (errno ? std::string(": ") + std::strerror(errno) : std::string()) << "\n";
      return cli::write_failed;
    }
    return code;
  } catch (const OutputError& e) {
    std::cerr << "puzzlegen: error: " << e.what() << "\n";
    return cli::write_failed;
  } catch (const InputError& e) {
    std::cerr << "puzzlegen: " << e.what() << "\n";
    return cli::bad_input;
  } catch (const YAML::Exception& e) {
    std::cerr << "puzzlegen: " << (file.empty() ? spec_file : file);
    if (!e.mark.is_null()) std::cerr << ":" << e.mark.line + 1 << ":" << e.mark.column + 1;
    std::cerr << ": error: " << e.msg << "\n";
    return cli::bad_input;
  } catch (const std::exception& e) {
    std::cerr << "puzzlegen: internal error: " << e.what() << "\n";
    return cli::internal;
  }
  return cli::internal;
}
