// Eight Blocks to Madness, generalised (Haraguchi 2016): an instance is any multiset of cubes
// coloured with six colours; which of the 30 varieties of 2x2x2 solids can be built from it?
#include "family.hpp"

#include <algorithm>
#include <sstream>
#include <tuple>

#include "classes.hpp"
#include "drawing.hpp"
#include "growth.hpp"
#include "instance.hpp"
#include "model.hpp"
#include "verify.hpp"

namespace puzzlegen::eight_blocks {

namespace {

const char* const kName = "eight-blocks";
const char* const kComposableVarieties = "composable-varieties";

std::string net_text(const Colouring& c, const std::vector<std::string>& colors) {
  std::string out;
  for (int f = 0; f < 6; ++f) {
    if (f) out += " ";
    out += std::string(kFaceNames[static_cast<std::size_t>(f)]) + "=" +
           colors[static_cast<std::size_t>(c[static_cast<std::size_t>(f)])];
  }
  return out;
}

// The six colours: the spec's names, or p..u.
std::vector<std::string> colour_names(const OptionValues& parameters) {
  return parameters.has("colors") ? parameters.names("colors") : default_colors();
}

class Assembly final : public Solution {
 public:
  Assembly(int variety, std::vector<PlacedCube> cubes, const BlocksInstance& instance)
      : variety_(variety),
        cubes_(std::move(cubes)),
        instance_(instance),
        checked_(check_solid(cubes_)) {}

  Json to_json() const override {
    Json corners = Json::array();
    for (const auto& cube : cubes_)
      corners.push_back({{"corner", corner_name(cube.corner)},
                         {"variety", variety_name(cube.variety)},
                         {"rotation", cube.rotation},
                         {"shows", net_text(shown(cube), instance_.colors())}});
    return {{"kind", variety_name(variety_)},
            {"solid", net_text(varieties()[static_cast<std::size_t>(variety_)].colouring,
                               instance_.colors())},
            {"corners", corners},
            {"verified", checked_ == variety_}};
  }

  std::string render_text() const override {
    std::ostringstream out;
    out << variety_name(variety_) << " solid ("
        << net_text(varieties()[static_cast<std::size_t>(variety_)].colouring, instance_.colors())
        << "), corner by corner:\n";
    for (const auto& cube : cubes_)
      out << "  " << corner_name(cube.corner)
          << std::string(20 - corner_name(cube.corner).size(), ' ') << variety_name(cube.variety)
          << "  turned to show " << net_text(shown(cube), instance_.colors()) << "\n";
    out << "  built and checked: "
        << (checked_ == variety_ ? "every face one colour, six colours" : "FAILED") << "\n";
    return out.str();
  }

  render::Drawing draw() const override { return draw_assembly(instance_, variety_, cubes_); }

 private:
  int variety_;
  std::vector<PlacedCube> cubes_;
  BlocksInstance instance_;  // to number the cubes and name the colours as its drawing does
  int checked_;
};

// Per-variety count bounds from `instance: {per-variety: ...}`: least and most per variety,
// within max-per-variety (a least count above it stays above it: no instance meets it).
std::pair<Counts, Counts> per_variety_bounds(const OptionValues& constraints) {
  const auto most = static_cast<std::uint64_t>(constraints.integer("max-per-variety"));
  Counts low{}, high{};
  high.fill(static_cast<int>(most));
  if (!constraints.has("per-variety")) return {low, high};
  for (const auto& [name, range] : constraints.structured("per-variety").items()) {
    const auto v = static_cast<std::size_t>(parse_variety(name));
    if (range.contains("min"))
      low[v] = static_cast<int>(std::min(range["min"].get<std::uint64_t>(), most + 1));
    if (range.contains("max"))
      high[v] = static_cast<int>(std::min(range["max"].get<std::uint64_t>(), most));
  }
  return {low, high};
}

// Which instances count as the same: `instance: {modulo: ...}`.
Convention convention_of(const OptionValues& constraints) {
  return constraints.has("modulo") && constraints.choice("modulo") == kRenamingAndMirror
             ? Convention::renaming_and_mirror
             : Convention::renaming;
}

// The bounds of each variety's solid, from the spec's kind bounds.
std::array<Bounds, kVarieties> solid_bounds(const InstanceSearch& search) {
  std::array<Bounds, kVarieties> out{};
  for (int v = 0; v < kVarieties; ++v)
    if (const auto it = search.kind_bounds.find(variety_name(v)); it != search.kind_bounds.end())
      out[static_cast<std::size_t>(v)] = it->second;
  return out;
}

// Classes to walk and second methods for verify (family.hpp); its puzzles are not graded.
class EightBlocks final : public FamilyOf<BlocksInstance>,
                          public Classes,
                          public VerificationOf<BlocksInstance> {
 public:
  const Classes* classes() const override { return this; }
  const Verification* verification() const override { return this; }

  std::string name() const override { return kName; }
  std::string title() const override { return "Eight Blocks to Madness"; }
  std::string summary() const override {
    return "Build a 2x2x2 cube with one colour on each face and six colours in all from cubes "
           "coloured with six colours (Haraguchi's generalisation of Eight Blocks to Madness); "
           "the 30 varieties are named (i,j) by Conway's table.";
  }
  std::vector<OptionInfo> parameters() const override {
    return {OptionInfo::count_or_names(
        "colors",
        "the six colours' names, as the sheet and its key print them (default p, q, r, s, t, u; "
        "colour i is row and column i of Conway's table)",
        6, 6)};
  }
  std::vector<OptionInfo> instance_constraints() const override {
    return {OptionInfo::integer(
                "max-per-variety",
                "at most this many cubes of each variety (the instance space of generators; a "
                "ninth cube of a variety never makes another solid composable)",
                "8", 0, 1000),
            OptionInfo::structured(
                "per-variety",
                "bounds on the number of cubes of single varieties, such as {\"(1,2)\": {min: 2}}",
                "a mapping from varieties to a number or {min, max, exactly}",
                [](const YAML::Node& node, const std::string& file, const std::string& field) {
                  return read_per_variety(node, file, field);
                }),
            OptionInfo::choice(
                "modulo",
                "which instances count as one class (generators print one instance per class, "
                "with how many it stands for): those that differ by renaming the colours (720 "
                "renamings), or also mirror images of each other (1,440 symmetries)",
                kRenaming, {kRenaming, kRenamingAndMirror})};
  }
  std::vector<OptionInfo> solution_options() const override {
    return {
        OptionInfo::structured(
            "composable",
            "these solid varieties must be composable: all, none, or a list; sets the bounds of "
            "those kinds to at least 1 (none: at most 0)",
            "all, none, or a list of varieties such as [\"(1,2)\", \"(1,3)\"]",
            [](const YAML::Node& node, const std::string& file, const std::string& field) {
              return read_variety_list(node, file, field, {"all", "none"});
            }),
        OptionInfo::structured(
            "not-composable",
            "these varieties must not be composable: a list, or others (every variety not "
            "listed under composable)",
            "others, or a list of varieties such as [\"(2,1)\"]",
            [](const YAML::Node& node, const std::string& file, const std::string& field) {
              return read_variety_list(node, file, field, {"others"});
            }),
    };
  }
  std::vector<KindInfo> kinds() const override {
    std::vector<KindInfo> out;
    for (int v = 0; v < kVarieties; ++v)
      out.push_back({variety_name(v),
                     "assemblies of a solid of this variety: which variety fills each corner "
                     "(cubes of one variety are interchangeable; orientations are forced)"});
    out.push_back({kComposableVarieties, "the number of varieties of solid that are composable"});
    return out;
  }
  std::vector<KindInfo> measures() const override {
    return {{"size", "the number of cubes in the instance"}};
  }
  std::uint64_t measure(const BlocksInstance& blocks, const std::string&) const override {
    return static_cast<std::uint64_t>(blocks.size());
  }
  std::map<std::string, Bounds> implied_bounds(const OptionValues& options) const override {
    std::map<std::string, Bounds> out;
    std::vector<bool> listed(kVarieties, false);
    if (options.has("composable")) {
      const Json& c = options.structured("composable");
      for (int v = 0; v < kVarieties; ++v) {
        const bool all = c == "all";
        const bool none = c == "none";
        const bool in_list =
            c.is_array() && std::find(c.begin(), c.end(), variety_name(v)) != c.end();
        listed[static_cast<std::size_t>(v)] = all || in_list;
        if (all || in_list) out[variety_name(v)].min = 1;
        if (none) out[variety_name(v)].max = 0;
      }
    }
    if (options.has("not-composable")) {
      const Json& n = options.structured("not-composable");
      for (int v = 0; v < kVarieties; ++v) {
        const bool in_list =
            n.is_array() && std::find(n.begin(), n.end(), variety_name(v)) != n.end();
        const bool others = n == "others" && !listed[static_cast<std::size_t>(v)];
        if (in_list && listed[static_cast<std::size_t>(v)])
          throw InputError({}, "solutions.not-composable",
                           variety_name(v) + " is also required to be composable");
        if (in_list || others) out[variety_name(v)].max = 0;
      }
    }
    return out;
  }
  Json solve_facts(const BlocksInstance& blocks, const Limits&) const override {
    const auto& counts = blocks.counts();
    Json composable = Json::array();
    for (int v = 0; v < kVarieties; ++v)
      if (composable_by_trees(counts, v)) composable.push_back(variety_name(v));
    return {{"composable", composable}};
  }

  std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                          const std::string& file) const override {
    return std::make_unique<BlocksInstance>(read_blocks(document, file));
  }
  OptionValues parameters_of(const BlocksInstance& blocks) const override {
    OptionValues out;
    if (blocks.named()) out.set("colors", blocks.colors());
    return out;
  }
  bool satisfies(const BlocksInstance& blocks, const OptionValues& constraints) const override {
    const auto& counts = blocks.counts();
    const auto most = constraints.integer("max-per-variety");
    if (!std::all_of(counts.begin(), counts.end(), [&](int c) { return c <= most; })) return false;
    const auto [low, high] = per_variety_bounds(constraints);
    for (int v = 0; v < kVarieties; ++v)
      if (counts[static_cast<std::size_t>(v)] < low[static_cast<std::size_t>(v)] ||
          counts[static_cast<std::size_t>(v)] > high[static_cast<std::size_t>(v)])
        return false;
    return true;
  }

  Count count(const BlocksInstance& blocks, const std::string& kind, const OptionValues&,
              std::uint64_t cap, const Limits& limits) const override {
    const auto& counts = blocks.counts();
    if (kind == kComposableVarieties) {
      Count c;
      for (int v = 0; v < kVarieties; ++v) c.value += composable_by_trees(counts, v) ? 1 : 0;
      return c;
    }
    return count_assemblies(counts, parse_variety(kind), cap, limits);
  }
  // Verification (verify.cpp): the solids assembled geometrically, orbit-stabiliser.
  Recount verify_counts(const BlocksInstance& blocks, const std::string& kind, const OptionValues&,
                        const Limits& limits) const override {
    return assemblies_again(blocks, kind, limits);
  }
  Recount verify_class_size(const BlocksInstance& blocks, const Limits& limits) const override {
    return class_size_again(blocks, limits);
  }
  std::string task(const BlocksInstance& blocks, const std::string&) const override {
    // Never the variety: the answer key names it.
    const int n = blocks.size();
    return "Make the " + std::to_string(n) + " cubes (" + render::Palette::kNetHowTo +
           "), then build " + (n == 8 ? "from all eight" : "from eight of them") +
           " a 2x2x2 cube whose six faces each show a single colour, six different colours.";
  }
  std::string count_phrase(const std::string& kind, const Count& count,
                           const OptionValues&) const override {
    if (kind == kComposableVarieties)
      return count_words(count, "solid (variety) can be built", "solids (varieties) can be built");
    return count_words(count, "way", "ways") + " to build the " + kind +
           " solid (choices of cubes and corners, each cube's turn forced)";
  }
  std::vector<PrintSize> print_sizes() const override { return cube_net_sizes(); }

  std::unique_ptr<Solution> first_solution(const BlocksInstance& blocks, const std::string& kind,
                                           const Limits&) const override {
    if (kind == kComposableVarieties) return nullptr;
    const auto& counts = blocks.counts();
    const int v = parse_variety(kind);
    auto cubes = first_assembly(counts, v);
    if (cubes.empty()) return nullptr;
    return std::make_unique<Assembly>(v, std::move(cubes), blocks);
  }

  std::unique_ptr<InstanceSpace> instance_space(const OptionValues& parameters,
                                                const OptionValues& constraints,
                                                const InstanceSearch& search) const override {
    const auto [low, high] = per_variety_bounds(constraints);
    return std::make_unique<BlocksSpace>(static_cast<int>(constraints.integer("max-per-variety")),
                                         low, high, search, colour_names(parameters),
                                         convention_of(constraints));
  }
  std::unique_ptr<Instance> random_instance(const OptionValues& parameters,
                                            const OptionValues& constraints,
                                            const std::map<std::string, Bounds>&,
                                            Rng& rng) const override {
    // Each variety's count uniform in 0..max-per-variety.
    const auto most = static_cast<std::uint64_t>(constraints.integer("max-per-variety"));
    Counts counts{};
    for (auto& c : counts) c = static_cast<int>(rng.below(most + 1));
    return std::make_unique<BlocksInstance>(counts, colour_names(parameters),
                                            convention_of(constraints));
  }

  // Multisets grown a cube at a time (growth.hpp), up to the symmetries of the convention
  // that keep the spec's bounds on every variety's cubes and solid.
  std::unique_ptr<Growth> growth(const OptionValues& parameters, const OptionValues& constraints,
                                 const InstanceSearch& search) const override {
    CubeGrowthSpec spec;
    spec.colors = colour_names(parameters);
    spec.convention = convention_of(constraints);
    std::tie(spec.low, spec.high) = per_variety_bounds(constraints);
    const auto solids = solid_bounds(search);
    for (int v = 0; v < kVarieties; ++v) {
      const Bounds& b = solids[static_cast<std::size_t>(v)];
      if (b.max && *b.max == 0) spec.wanted[static_cast<std::size_t>(v)] = -1;
      if (b.min && *b.min >= 1) spec.wanted[static_cast<std::size_t>(v)] = 1;
    }
    if (const auto it = search.kind_bounds.find(kComposableVarieties);
        it != search.kind_bounds.end())
      spec.composable = it->second;
    if (const auto it = search.measure_bounds.find("size"); it != search.measure_bounds.end())
      spec.size = it->second;
    const VarietyGroup& group = VarietyGroup::of(spec.convention);
    spec.group = std::make_shared<const VarietyGroup>(group.keeping([&](int v, int image) {
      const auto a = static_cast<std::size_t>(v), b = static_cast<std::size_t>(image);
      return solids[a] == solids[b] && spec.low[a] == spec.low[b] && spec.high[a] == spec.high[b];
    }));
    return cube_growth(std::move(spec));
  }
};

}  // namespace

std::unique_ptr<Family> make_family() {
  return std::make_unique<EightBlocks>();
}

}  // namespace puzzlegen::eight_blocks
