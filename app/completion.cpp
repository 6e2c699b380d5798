#include "completion.hpp"

#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <vector>

#include "commands.hpp"

namespace puzzlegen::cli {

namespace {

// Every option name of a command, its own and then the global ones, each once.
std::string option_words(const CLI::App& command, const CLI::App* global = nullptr) {
  std::vector<std::string> names;
  for (const CLI::App* app : {&command, global}) {
    if (!app) continue;
    for (const CLI::Option* option : app->get_options()) {
      if (!option->nonpositional()) continue;
      for (const auto& name : option->get_snames()) names.push_back("-" + name);
      for (const auto& name : option->get_lnames()) names.push_back("--" + name);
    }
  }
  std::string out;
  std::set<std::string> seen;
  for (const auto& name : names)
    if (seen.insert(name).second) out += (out.empty() ? "" : " ") + name;
  return out;
}

// The options of a command that take a value (flags take none).
std::string valued_options(const CLI::App& command) {
  std::string out;
  for (const CLI::Option* option : command.get_options()) {
    if (!option->nonpositional() || option->get_items_expected_max() == 0) continue;
    for (const auto& name : option->get_snames()) out += " -" + name;
    for (const auto& name : option->get_lnames()) out += " --" + name;
  }
  return out;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& word : words) out += (out.empty() ? "" : " ") + word;
  return out;
}

}  // namespace

std::string bash_completion(const CLI::App& app, const Commands& commands) {
  std::ostringstream out;
  std::string names;
  for (const CLI::App* command : app.get_subcommands({})) names += " " + command->get_name();
  out << "# bash completion for puzzlegen (made by `puzzlegen completion bash`)\n"
      << "_puzzlegen() {\n"
      << "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
      << "  local commands='" << names.substr(1) << "' command='' i\n"
      << "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      << "    case \" $commands \" in *\" ${COMP_WORDS[i]} \"*) command=${COMP_WORDS[i]}; break;; "
         "esac\n"
      << "  done\n"
      << "  local IFS=$'\\n'\n"
      << "  case \"$command $prev\" in\n";
  for (const CLI::App* command : app.get_subcommands({}))
    for (const CLI::Option* option : command->get_options()) {
      const std::string words = joined(commands.choices_of(option));
      if (words.empty() || !option->nonpositional()) continue;
      std::vector<std::string> spellings;
      for (const auto& name : option->get_snames()) spellings.push_back("-" + name);
      for (const auto& name : option->get_lnames()) spellings.push_back("--" + name);
      for (const auto& spelling : spellings)
        out << "    '" << command->get_name() << " " << spelling << "') COMPREPLY=($(IFS=' ' "
            << "compgen -W '" << words << "' -- \"$cur\")); return;;\n";
    }
  out << "    *' --plugin') COMPREPLY=($(compgen -f -X '!*.so' -- \"$cur\") $(compgen -d -- "
         "\"$cur\")); return;;\n"
      << "    *' --given-root') COMPREPLY=($(compgen -d -- \"$cur\")); return;;\n"
      << "  esac\n"
      << "  local options='' names=''\n"
      << "  case $command in\n"
      << "    '') options='" << option_words(app) << "'; names=$commands;;\n";
  for (const CLI::App* command : app.get_subcommands({})) {
    out << "    " << command->get_name() << ") options='" << option_words(*command, &app) << "'";
    // After an option that takes a value: file names for files, nothing to guess otherwise.
    const std::string valued = valued_options(*command);
    if (!valued.empty())
      out << "\n      case \" " << valued.substr(1) << " \" in *\" $prev \"*)\n"
          << "        case $prev in --spec|-o|--output) COMPREPLY=($(compgen -f -- \"$cur\"));; "
             "*) COMPREPLY=();; esac\n"
          << "        return;;\n"
          << "      esac";
    // A positional's values where a name goes (completion's shell), and describe's families.
    for (const CLI::Option* option : command->get_options())
      if (option->get_positional() && !commands.choices_of(option).empty())
        out << "\n      names='" << joined(commands.choices_of(option)) << "'";
    if (command->get_name() == "describe")
      out << "\n      names=$(\"${COMP_WORDS[0]}\" list --format json 2>/dev/null |"
             " sed -n 's/^ *\"name\": *\"\\(.*\\)\",$/\\1/p')";
    out << ";;\n";
  }
  out << "  esac\n"
      << "  if [[ $cur == -* ]]; then\n"
      << "    COMPREPLY=($(IFS=' ' compgen -W \"$options\" -- \"$cur\"))\n"
      << "  elif [[ -n $names ]]; then\n"
      << "    COMPREPLY=($(IFS=$' \\n' compgen -W \"$names\" -- \"$cur\"))\n"
      << "  else\n"
      << "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
      << "  fi\n"
      << "}\n"
      << "complete -o filenames -F _puzzlegen puzzlegen\n";
  return out.str();
}

void add_completion_command(CLI::App& app, Commands& commands) {
  auto shell = std::make_shared<std::string>();
  auto* completion = app.add_subcommand(
      "completion", "print a shell completion script (bash: source it, or install it)");
  commands.choices(completion->add_option("shell", *shell, "the shell")->required(), {"bash"});
  // `app` and `commands` live as long as main, which runs this; the action keeps `shell`, which
  // the parse writes.
  commands.add(completion, [&app, &commands, shell](const Globals&) {
    std::cout << bash_completion(app, commands);
    return ok;
  });
}

}  // namespace puzzlegen::cli
