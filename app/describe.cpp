// `list` and `describe`: the families this build knows, and what a spec may say of each.
#include <iostream>
#include <memory>
#include <sstream>

#include "command.hpp"
#include "commands.hpp"
#include "families.hpp"
#include "report.hpp"
#include "version.hpp"

namespace puzzlegen::cli {

namespace {

Json option_info_json(const OptionInfo& info) {
  Json j = {{"name", info.name}, {"type", describe_type(info)}, {"help", info.help}};
  if (!info.default_value.empty()) j["default"] = info.default_value;
  return j;
}

std::string option_info_text(const std::vector<OptionInfo>& infos) {
  std::ostringstream out;
  for (const auto& info : infos) {
    out << "  " << info.name << ": " << describe_type(info);
    if (!info.default_value.empty()) out << " (default " << info.default_value << ")";
    out << "\n      " << info.help << "\n";
  }
  if (infos.empty()) out << "  (none)\n";
  return out.str();
}

}  // namespace

int list_families(Format format, std::ostream& out) {
  Json families = Json::array();
  std::ostringstream text;
  for (const auto& family : cli::families().families()) {
    const std::string& origin = cli::families().origin(*family);
    families.push_back(
        {{"name", family->name()}, {"summary", family->summary()}, {"origin", origin}});
    text << family->name() << "\n  " << family->summary()
         << "\n  from: " << (origin == "built in" ? origin : "plugin " + origin) << "\n";
  }
  print(out, format, {{"families", families}}, text.str());
  return ok;
}

int describe_family(const std::string& name, Format format, std::ostream& out) {
  const Family& family = families().get(name, {"command line", 0, 0}, "family");
  Json j;
  j["name"] = family.name();
  j["summary"] = family.summary();
  for (const auto& [key, infos] : {std::pair{"parameters", family.parameters()},
                                   std::pair{"instance", family.instance_constraints()},
                                   std::pair{"solution-options", family.solution_options()}}) {
    j[key] = Json::array();
    for (const auto& info : infos) j[key].push_back(option_info_json(info));
  }
  j["kinds"] = Json::array();
  std::ostringstream kinds;
  for (const auto& kind : family.kinds()) {
    j["kinds"].push_back({{"name", kind.name}, {"help", kind.help}});
    kinds << "  " << kind.name << "\n      " << kind.help << "\n";
  }
  j["measures"] = Json::array();
  std::ostringstream measures;
  // Every measure a spec may bound, the difficulty measures of a family that grades included
  // (they cannot be objectives: objectives below lists what can).
  for (const auto& measure : family.every_measure()) {
    j["measures"].push_back({{"name", measure.name}, {"help", measure.help}});
    measures << "  " << measure.name << "\n      " << measure.help << "\n";
  }
  // What `objective:` accepts: a sum of kinds' counts, or one measure.
  const std::vector<std::string> kind_names = family.kind_names();
  j["objectives"] = Json::array();
  for (const char* direction : {"minimize", "maximize"}) {
    j["objectives"].push_back(std::string(direction) + ": KIND + KIND ...");
    for (const auto& measure : family.measures())
      j["objectives"].push_back(std::string(direction) + ": " + measure.name);
  }
  j["origin"] = cli::families().origin(family);
  std::ostringstream text;
  text << family.name() << ": " << family.summary() << "\n\nparameters:\n"
       << option_info_text(family.parameters()) << "\ninstance constraints (spec `instance:`):\n"
       << option_info_text(family.instance_constraints())
       << "\nsolution options (spec `solutions:`):\n"
       << option_info_text(family.solution_options())
       << "\nsolution kinds (bounds in spec `solutions:`, e.g. KIND: {exactly: 1}):\n"
       << kinds.str();
  if (!family.every_measure().empty())
    text << "\nmeasures (bound them under `instance:`; objectives below lists those that can be "
            "optimised):\n"
         << measures.str();
  text << "\nobjectives (spec `objective:`; generate searches for the optimum and says when it is "
          "proven):\n"
       << "  {minimize: KIND} or {maximize: KIND}, or a sum: {minimize: " << kind_names.front()
       << (kind_names.size() > 1 ? " + " + kind_names[1] : std::string()) << "}\n";
  for (const auto& measure : family.measures())
    text << "  {minimize: " << measure.name << "} or {maximize: " << measure.name << "}\n";
  print(out, format, j, text.str());
  return ok;
}

std::string version() {
  return PUZZLEGEN_VERSION;
}

void add_list_command(CLI::App& app, Commands& commands) {
  auto format = std::make_shared<std::string>();
  auto* list = app.add_subcommand("list", "list the puzzle families");
  add_format(*list, *format, commands);
  commands.add(
      list, [format](const Globals&) { return list_families(parse_format(*format), std::cout); });
}

void add_describe_command(CLI::App& app, Commands& commands) {
  struct Options {
    std::string family, format;
  };
  auto options = std::make_shared<Options>();
  auto* describe = app.add_subcommand("describe", "describe a family: parameters, kinds, options");
  describe->add_option("family", options->family, "family name")->required();
  add_format(*describe, options->format, commands);
  commands.add(describe, [options](const Globals&) {
    return describe_family(options->family, parse_format(options->format), std::cout);
  });
}

}  // namespace puzzlegen::cli
