#include "command.hpp"

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <utility>

#include "error.hpp"
#include "solve.hpp"
#include "spec.hpp"
#include "spill.hpp"

namespace puzzlegen::cli {

void Commands::add(const CLI::App* app, std::function<int(const Globals&)> run,
                   std::function<std::string()> input) {
  if (!input) input = [] { return std::string(); };
  commands_.push_back({app, std::move(run), std::move(input)});
}

const Command* Commands::parsed() const {
  for (const auto& command : commands_)
    if (command.app->parsed()) return &command;
  return nullptr;
}

CLI::Option* Commands::choices(CLI::Option* option, const std::vector<std::string>& words) {
  return suggest(option->check(CLI::IsMember(words)), words);
}

CLI::Option* Commands::suggest(CLI::Option* option, const std::vector<std::string>& words) {
  std::vector<std::string>& recorded = choices_[option];
  for (const auto& word : words)
    if (std::find(recorded.begin(), recorded.end(), word) == recorded.end())
      recorded.push_back(word);
  return option;
}

const std::vector<std::string>& Commands::choices_of(const CLI::Option* option) const {
  static const std::vector<std::string> none;
  const auto found = choices_.find(option);
  return found == choices_.end() ? none : found->second;
}

CLI::Option* add_format(CLI::App& command, std::string& format, Commands& commands) {
  return commands
      .choices(command.add_option("--format", format, "output format"), {"text", "yaml", "json"})
      ->default_val("text");
}

CLI::Validator whole_number() {
  return CLI::Range(std::uint64_t{0}, std::uint64_t{INT64_MAX});
}

CLI::Validator thread_count() {
  const std::string cores = std::to_string(std::min(usable_cores(), GenerateOptions::max_threads));
  return CLI::Transformer(std::map<std::string, std::string>{{"auto", cores}, {"0", cores}}) &
         CLI::Range(1u, GenerateOptions::max_threads);
}

CLI::Option* add_key_memory(CLI::App& command, std::string& size) {
  const CLI::Validator memory_size(
      [](std::string& text) {
        return parse_memory_size(text) ? std::string()
                                       : "expected a size such as 256M, 1G or 512K: " + text;
      },
      "SIZE");
  return command
      .add_option("--key-memory", size,
                  "memory for each sort of the records (their order, classes given twice): "
                  "beyond it they are sorted in files in the temporary folder (TMPDIR)")
      ->check(memory_size)
      ->default_val("256M");
}

bool unknown_command(const CLI::App& app, int argc, const char* const* argv) {
  std::vector<std::string> commands;
  for (const auto* command : app.get_subcommands({})) commands.push_back(command->get_name());
  for (int i = 1; i < argc && app.get_subcommands().empty(); ++i) {
    const std::string word = argv[i];
    if (word == "--plugin" || word == "--given-root") {
      ++i;  // its value
      continue;
    }
    if (word.empty() || word[0] == '-') continue;
    if (std::find(commands.begin(), commands.end(), word) != commands.end()) return false;
    std::cerr << "puzzlegen: unknown command '" << word << "'" << did_you_mean(word, commands)
              << "; the commands are:";
    for (const auto& command : commands) std::cerr << " " << command;
    std::cerr << " (puzzlegen --help)\n";
    return true;
  }
  return false;
}

}  // namespace puzzlegen::cli
