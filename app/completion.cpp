#include "completion.hpp"

#include <set>
#include <sstream>
#include <vector>

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

}  // namespace

std::string bash_completion(const CLI::App& app,
                            const std::map<std::string, std::string>& choices) {
  std::ostringstream out;
  std::string commands;
  for (const CLI::App* command : app.get_subcommands({})) commands += " " + command->get_name();
  out << "# bash completion for puzzlegen (made by `puzzlegen completion bash`)\n"
      << "_puzzlegen() {\n"
      << "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
      << "  local commands='" << commands.substr(1) << "' command='' i\n"
      << "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      << "    case \" $commands \" in *\" ${COMP_WORDS[i]} \"*) command=${COMP_WORDS[i]}; break;; "
         "esac\n"
      << "  done\n"
      << "  local IFS=$'\\n'\n"
      << "  case \"$command $prev\" in\n";
  // One command's option first, then "* --option" for every command.
  for (const bool any : {false, true})
    for (const auto& [key, words] : choices)
      if ((key.rfind("* ", 0) == 0) == any)
        out << "    " << (any ? "*'" + key.substr(1) : "'" + key) << "') COMPREPLY=($(IFS=' ' "
            << "compgen -W '" << words << "' -- \"$cur\")); return;;\n";
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

}  // namespace puzzlegen::cli
