#include "serve/request_reader.hpp"

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>

#include "difficulty.hpp"
#include "error.hpp"
#include "families.hpp"
#include "offers.hpp"
#include "serve/examples.hpp"

namespace puzzlegen::cli {

namespace fs = std::filesystem;

const std::vector<std::string> kCheckFields = {"yaml", "example"};
const std::vector<std::string> kSheetFields = {"example", "yaml",       "count",    "difficulty",
                                               "paper",   "key",        "scale",    "seed",
                                               "fewer",   "show-level", "versions", "explain"};
const std::vector<std::string> kInstancesFields = {"example", "yaml", "instances", "seed"};

Json request_object(const std::string& text, const std::vector<std::string>& fields) {
  const Json body = Json::parse(text, nullptr, false);
  if (body.is_discarded() || !body.is_object())
    throw Refusal{400, "the request's body must be a JSON object", ""};
  for (const auto& [key, value] : body.items())
    if (std::find(fields.begin(), fields.end(), key) == fields.end())
      throw Refusal{400, "unknown field '" + key + "'" + did_you_mean(key, fields), key};
  return body;
}

std::string text_field(const Json& body, const std::string& field, const std::string& fallback,
                       const std::vector<std::string>& allowed) {
  if (!body.contains(field)) return fallback;
  if (!body[field].is_string()) throw Refusal{400, field + " must be text", field};
  const std::string value = body[field].get<std::string>();
  if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    throw Refusal{400, field + " must be one of " + list + "; got '" + value + "'", field};
  }
  return value;
}

std::uint64_t whole_field(const Json& body, const std::string& field, std::uint64_t fallback,
                          std::uint64_t least, std::uint64_t most) {
  if (!body.contains(field) || body[field].is_null()) return fallback;
  const Json& value = body[field];
  const bool whole =
      value.is_number_unsigned() || (value.is_number_integer() && value.get<std::int64_t>() >= 0);
  if (!whole || value.get<std::uint64_t>() < least || value.get<std::uint64_t>() > most)
    throw Refusal{400,
                  field + " must be a whole number from " + std::to_string(least) + " to " +
                      std::to_string(most) + "; got " + value.dump(),
                  field};
  return value.get<std::uint64_t>();
}

Spec request_spec(const Json& body, const ServeLimits& limits, const fs::path& folder) {
  std::string text;
  if (body.contains("example") == body.contains("yaml"))
    throw Refusal{400, "name an example spec (example) or send one (yaml), not both", "example"};
  if (body.contains("example")) {
    const std::string name = text_field(body, "example", "", {});
    const auto& specs = offered_specs();
    const auto it = std::find_if(specs.begin(), specs.end(),
                                 [&](const ServedSpec& s) { return s.path == name; });
    if (it == specs.end()) throw Refusal{404, "no example spec named '" + name + "'", "example"};
    text = it->text;
  } else {
    text = text_field(body, "yaml", "", {});
    if (text.size() > limits.spec_bytes)
      throw Refusal{400,
                    "the spec is " + std::to_string(text.size()) + " bytes; at most " +
                        std::to_string(limits.spec_bytes) + " are accepted",
                    "yaml"};
  }
  const fs::path file = folder / "spec.yaml";
  std::ofstream(file, std::ios::binary) << text;
  return parse_spec(text, file.string(), families(), folder.string());
}

std::optional<std::string> seed_field(const Json& body) {
  if (!body.contains("seed")) return std::nullopt;
  const Json& value = body["seed"];
  // As the command line reads --seed: 0 to 2^63 - 1. Digits as text carry a seed beyond what a
  // JavaScript number holds exactly.
  constexpr std::uint64_t most = INT64_MAX;
  const std::string digits = value.is_string() ? value.get<std::string>() : "";
  std::optional<std::uint64_t> seed;
  if (value.is_number_unsigned() || (value.is_number_integer() && value.get<std::int64_t>() >= 0))
    seed = value.get<std::uint64_t>();
  else if (!digits.empty() && digits.size() <= 19 &&
           std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    seed = std::stoull(digits);
  if (!seed || *seed > most)
    throw Refusal{
        400,
        "seed must be a whole number from 0 to " + std::to_string(most) + "; got " + value.dump(),
        "seed"};
  return std::to_string(*seed);
}

namespace {

std::string format_scale(double scale) {
  std::ostringstream out;
  out << scale;
  return out.str();
}

// Each run has one core; the server runs --jobs of them at once.
void check_threads(const Spec& spec) {
  if (spec.generate.threads > 1)
    throw Refusal{400,
                  "generate.threads: the server gives each run one core, and runs --jobs "
                  "of them at once; leave threads out",
                  "generate.threads"};
}

// What every run's command line ends with: the server's time limit, and the seed asked for.
std::vector<std::string> with_limit_and_seed(std::vector<std::string> args, const Json& body,
                                             const ServeLimits& limits) {
  args.insert(args.end(), {"--time-limit", std::to_string(limits.seconds) + "s"});
  if (const auto seed = seed_field(body)) args.insert(args.end(), {"--seed", *seed});
  return args;
}

}  // namespace

std::vector<std::string> sheet_arguments(const Json& body, const Spec& spec,
                                         const ServeLimits& limits) {
  check_threads(spec);
  const auto count = whole_field(body, "count", 4, 1, limits.puzzles);
  std::vector<std::string> levels = difficulty_levels();
  levels.insert(levels.begin(), "");
  const std::string level = text_field(body, "difficulty", "", levels);
  // A class set: `versions` sheets of `count` puzzles, no puzzle on two, found in one run.
  const auto versions = whole_field(body, "versions", 1, 1, 26);
  if (count * versions > limits.puzzles)
    throw Refusal{400,
                  "at most " + std::to_string(limits.puzzles) +
                      " puzzles in all: " + std::to_string(versions) + " versions of " +
                      std::to_string(count) + " are " + std::to_string(count * versions),
                  "versions"};
  // An example makes only the levels and counts measured for it (app/serve/levels.tsv).
  if (body.contains("example"))
    if (const auto why = not_offered(body["example"].get<std::string>(), level, count * versions))
      throw Refusal{
          400,
          *why + (versions > 1
                      ? " (" + std::to_string(versions) + " versions of " + std::to_string(count) +
                            " puzzles are " + std::to_string(count * versions) + ")"
                      : std::string()),
          why->rfind("at most", 0) == 0 ? (versions > 1 ? "versions" : "count") : "difficulty"};
  if (!level.empty())
    if (const auto why = spec.ungraded()) throw Refusal{400, *why, "difficulty"};
  if (body.contains("fewer") && !body["fewer"].is_boolean())
    throw Refusal{400, "fewer must be true or false", "fewer"};
  const bool fewer = body.value("fewer", false);
  if (fewer && versions > 1)
    throw Refusal{400, "versions must be equally long: a class set cannot be made of fewer puzzles",
                  "versions"};
  if (body.contains("show-level") && !body["show-level"].is_boolean())
    throw Refusal{400, "show-level must be true or false", "show-level"};
  const bool show_level = body.value("show-level", true);
  double scale = 1;
  if (body.contains("scale")) {
    if (!body["scale"].is_number() || body["scale"].get<double>() < 0.5 ||
        body["scale"].get<double>() > 3)
      throw Refusal{400, "scale must be a number from 0.5 to 3", "scale"};
    scale = body["scale"].get<double>();
  }
  const std::string paper = text_field(body, "paper", "a4", {"a4", "letter"});
  const std::string key = text_field(body, "key", "after", {"after", "separate", "none"});
  // Progress as JSON Lines: the routes read it as data, not words.
  std::vector<std::string> args = {"worksheet",  "spec.yaml",         "-o",
                                   "sheet.html", "--progress-format", "json"};
  args.insert(args.end(), {"--count", std::to_string(count), "--paper", paper, "--key", key,
                           "--scale", format_scale(scale)});
  if (!level.empty()) args.insert(args.end(), {"--difficulty", level});
  if (fewer) args.push_back("--allow-fewer");
  if (versions > 1) args.insert(args.end(), {"--versions", std::to_string(versions)});
  if (!show_level) args.push_back("--hide-level");
  if (const auto explain = whole_field(body, "explain", 0, 0, 50); explain > 0)
    args.insert(args.end(), {"--explain", std::to_string(explain)});
  return with_limit_and_seed(std::move(args), body, limits);
}

std::vector<std::string> instances_arguments(const Json& body, const Spec& spec,
                                             const ServeLimits& limits) {
  check_threads(spec);
  const auto instances = whole_field(body, "instances", 10, 1, limits.instances);
  return with_limit_and_seed(
      {"generate", "spec.yaml", "--format", "json", "--instances", std::to_string(instances)}, body,
      limits);
}

}  // namespace puzzlegen::cli
