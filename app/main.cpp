// puzzlegen: generate puzzle instances whose solution sets have prescribed properties. Each
// command declares its options and action in its own file (command.hpp); here the global
// options, the parse, and the exit code of what went wrong.
#include <yaml-cpp/yaml.h>
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>

#include "command.hpp"
#include "commands.hpp"
#include "error.hpp"
#include "families.hpp"
#include "solve.hpp"

using namespace puzzlegen;
using namespace puzzlegen::cli;

int main(int argc, char** argv) {
  // Plugins first: their families' options are part of the command line being parsed.
  try {
    load_plugins(plugin_arguments(argc, argv), std::getenv("PUZZLEGEN_PLUGIN_PATH"));
  } catch (const InputError& e) {
    std::cerr << "puzzlegen: " << e.what() << "\n";
    return bad_input;
  }

  CLI::App app{
      "puzzlegen: generate puzzle instances whose solution sets have the properties "
      "a spec asks for.\nExit codes: 0 ok, 1 no instance found or check failed, "
      "2 bad input, 3 limit reached before an answer, 4 internal error, 5 output could not be "
      "written.",
      "puzzlegen"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "print the help of every command (the manual page)");
  app.set_version_flag("--version", "puzzlegen " + version());
  // Read before parsing (see above); declared so that --help shows it and the parser accepts
  // it before or after the command.
  std::vector<std::string> plugins;
  app.add_option("--plugin", plugins,
                 "load puzzle families from this shared library, or the model family in this "
                 "folder (family.yaml and MiniZinc; repeatable; also every .so and model "
                 "family folder in the directories of PUZZLEGEN_PLUGIN_PATH)")
      ->allow_extra_args(false);
  app.fallthrough();
  std::string given_root;
  app.add_option("--given-root", given_root,
                 "the folder a spec's given: file must lie in (default: the spec's tree, the "
                 "nearest folder above it holding a .puzzlegen-tree file, else its folder)");
  bool quiet = false;
  app.add_flag("-q,--quiet", quiet,
               "no progress or notes on standard error (errors are still reported)");

  Commands commands;
  for (const auto add :
       {add_list_command, add_describe_command, add_solve_command, add_check_command,
        add_validate_command, add_generate_command, add_merge_command, add_verify_command,
        add_render_command, add_worksheet_command, add_serve_command, add_selftest_command,
        add_completion_command})
    add(app, commands);

  if (argc == 1) {  // a bare `puzzlegen`: what it can do, rather than "a subcommand is required"
    std::cerr << app.help();
    return bad_input;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --help-all, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    if (unknown_command(app, argc, argv)) return bad_input;
    return app.exit(e) == 0 ? ok : bad_input;
  }
  std::ostringstream discarded;
  const Globals globals{given_root, quiet, quiet ? discarded : std::cerr, plugins};
  const Command* command = commands.parsed();
  if (!command) return internal;
  install_interrupt_handler();
  try {
    const int code = command->run(globals);
    // Output lost on the way (a full disk behind `>`) must not end as a success.
    if (!std::cout.flush() || std::fflush(stdout) != 0 || std::ferror(stdout)) {
      std::cerr << "puzzlegen: error: cannot write standard output"
                << (errno ? std::string(": ") + std::strerror(errno) : std::string()) << "\n";
      return write_failed;
    }
    return code;
  } catch (const OutputError& e) {
    std::cerr << "puzzlegen: error: " << e.what() << "\n";
    return write_failed;
  } catch (const InputError& e) {
    std::cerr << "puzzlegen: " << e.what() << "\n";
    return bad_input;
  } catch (const YAML::Exception& e) {
    std::cerr << "puzzlegen: " << command->input();
    if (!e.mark.is_null()) std::cerr << ":" << e.mark.line + 1 << ":" << e.mark.column + 1;
    std::cerr << ": error: " << e.msg << "\n";
    return bad_input;
  } catch (const std::exception& e) {
    std::cerr << "puzzlegen: internal error: " << e.what() << "\n";
    return internal;
  }
}
