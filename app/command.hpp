// How a command joins the command line. Each command's file declares it whole in one
// add_<name>_command: the subcommand, its options (their values kept by the command itself),
// their checks and what it does once parsed. main.cpp calls every add_<name>_command, parses,
// and runs the command that was given; adding an option touches only the command's file.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace puzzlegen::cli {

// The global options, which any command may need, as parsed.
struct Globals {
  std::string given_root;            // --given-root, "" for the default (see check in commands.hpp)
  bool quiet = false;                // --quiet
  std::ostream& log;                 // progress and notes: standard error, or nowhere with --quiet
  std::vector<std::string> plugins;  // --plugin files, for what runs puzzlegen again (serve)
};

struct Command {
  const CLI::App* app = nullptr;
  std::function<int(const Globals&)> run;  // returns the exit code (commands.hpp)
  // The file a YAML error comes from, which its message names before line and column.
  std::function<std::string()> input;
};

class Commands {
 public:
  // `run` is called when `app` was the command given; `input` names the file of a YAML error
  // (none without it).
  void add(const CLI::App* app, std::function<int(const Globals&)> run,
           std::function<std::string()> input = {});
  // The command given on the parsed command line, or null.
  const Command* parsed() const;

  // The only values `option` accepts: checked by CLI11 and offered by completion, from this
  // one list.
  CLI::Option* choices(CLI::Option* option, const std::vector<std::string>& words);
  // Values completion offers for an option that also takes others (a number, or what a family
  // checks itself); nothing is checked here. Adds to the words already recorded, each once.
  CLI::Option* suggest(CLI::Option* option, const std::vector<std::string>& words);
  // What completion offers for `option`: empty when it takes any value.
  const std::vector<std::string>& choices_of(const CLI::Option* option) const;

 private:
  std::vector<Command> commands_;
  std::map<const CLI::Option*, std::vector<std::string>> choices_;
};

// --format text|yaml|json, default text: the output format of most commands.
CLI::Option* add_format(CLI::App& command, std::string& format, Commands& commands);
// Whole numbers from 0 to 2^63 - 1, as a spec reads them: "-1" must not wrap around.
CLI::Validator whole_number();
// Reads --threads N: 1 to GenerateOptions::max_threads, or `auto` (or 0) for every core this
// process may use (its CPU affinity and cgroup quota: usable_cores()).
CLI::Validator thread_count();

// --key-memory SIZE (verify, merge): the memory each sort of a result's records may take before
// it spills to the temporary folder (default 256M); read with parse_memory_size.
CLI::Option* add_key_memory(CLI::App& command, std::string& size);

// After a parse error: when the command line's command is none of `app`'s (a mistyped one reads
// to CLI11 as an unexpected argument), says so on standard error with the one it looks like.
bool unknown_command(const CLI::App& app, int argc, const char* const* argv);

// One per command, in the order `--help` lists them (main.cpp).
void add_list_command(CLI::App& app, Commands& commands);        // describe.cpp
void add_describe_command(CLI::App& app, Commands& commands);    // describe.cpp
void add_solve_command(CLI::App& app, Commands& commands);       // solve.cpp
void add_check_command(CLI::App& app, Commands& commands);       // solve.cpp
void add_validate_command(CLI::App& app, Commands& commands);    // validate.cpp
void add_generate_command(CLI::App& app, Commands& commands);    // generate.cpp
void add_merge_command(CLI::App& app, Commands& commands);       // merge.cpp
void add_verify_command(CLI::App& app, Commands& commands);      // verify.cpp
void add_render_command(CLI::App& app, Commands& commands);      // render.cpp
void add_worksheet_command(CLI::App& app, Commands& commands);   // worksheet.cpp
void add_serve_command(CLI::App& app, Commands& commands);       // serve/server.cpp
void add_selftest_command(CLI::App& app, Commands& commands);    // selftest.cpp
void add_completion_command(CLI::App& app, Commands& commands);  // completion.cpp

}  // namespace puzzlegen::cli
