// The Instant Insanity family: n cubes, n colours, stack them so every side shows every colour
// once (all-different) or one colour per side (all-equal).
#include "family.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "classes.hpp"
#include "drawing.hpp"
#include "growth.hpp"
#include "ladder.hpp"
#include "model.hpp"
#include "reasoning.hpp"
#include "verify.hpp"

namespace puzzlegen::instant_insanity {

namespace {

const char* const kName = "instant-insanity";

Kind parse_kind(const std::string& kind) {
  if (kind == "all-different") return Kind::all_different;
  if (kind == "all-equal") return Kind::all_equal;
  if (kind == "monochrome-sides") return Kind::monochrome_sides;
  throw std::invalid_argument("unknown kind " + kind);
}

CountConvention convention_of(const OptionValues& options) {
  CountConvention c;
  const std::string& count_as = options.choice("count-as");
  c.count_as = count_as == "orientations"   ? CountAs::orientations
               : count_as == "arrangements" ? CountAs::arrangements
                                            : CountAs::decompositions;
  const std::string& modulo = options.choice("modulo");
  c.modulo = modulo == "tower-rotation" ? 4 : modulo == "tower-symmetry" ? 8 : 1;
  c.free_order = options.choice("cube-order") == "free";
  return c;
}

std::vector<std::string> colour_names(const OptionValues& parameters) {
  auto names = parameters.has("colors") ? parameters.names("colors") : std::vector<std::string>{};
  if (names.empty()) names = default_colors(static_cast<int>(parameters.integer("cubes")));
  return names;
}

class TowerSolution final : public Solution {
 public:
  TowerSolution(const TowerInstance& tower, std::string kind, std::vector<int> rotations)
      : instance_(tower), kind_(std::move(kind)), rotations_(std::move(rotations)) {}

  Json to_json() const override {
    Json tower = Json::array();
    for (std::size_t i = 0; i < rotations_.size(); ++i) {
      const Sides s = sides_of(instance_.cubes()[i], rotations_[i]);
      Json cube = {{"cube", i + 1}, {"rotation", rotations_[i]}};
      for (int k = 0; k < kSides; ++k) cube[kFaceNames[kSideFaces[k]]] = instance_.colors()[s[k]];
      tower.push_back(cube);
    }
    return {{"kind", kind_}, {"tower", tower}};
  }

  std::string render_text() const override {
    // The four sides as columns, the top cube first, as the tower stands.
    // Fits "cube N " and "bottom ".
    std::size_t width = std::max<std::size_t>(8, std::to_string(rotations_.size()).size() + 6);
    for (const auto& c : instance_.colors()) width = std::max(width, c.size() + 2);
    std::ostringstream out;
    auto pad = [&](const std::string& s) { return s + std::string(width - s.size(), ' '); };
    std::string header = pad("");
    for (const Face f : kSideFaces) header += pad(kFaceNames[f]);
    header.erase(header.find_last_not_of(' ') + 1);
    out << kind_ << " tower (top cube first)\n" << header << "\n";
    for (std::size_t i = rotations_.size(); i-- > 0;) {
      const Sides s = sides_of(instance_.cubes()[i], rotations_[i]);
      out << pad("cube " + std::to_string(i + 1));
      std::string row;
      for (int k = 0; k < kSides; ++k) row += pad(instance_.colors()[s[k]]);
      row.erase(row.find_last_not_of(' ') + 1);
      out << row << "\n";
    }
    // The same tower as two edge-disjoint subgraphs of the colour multigraph: the pairs that
    // face front and back, and those that face left and right (for all-different, each is a
    // 2-factor: every colour has degree 2).
    for (const auto& [label, slot] :
         {std::pair{"front/back", front}, std::pair{"left/right", left}}) {
      out << label << " edges:";
      for (std::size_t i = 0; i < rotations_.size(); ++i) {
        const int pair = rotations()[rotations_[i]].shows[slot] / 2;
        const auto& f = instance_.cubes()[i].faces;
        const auto [a, b] = std::minmax(f[2 * pair], f[2 * pair + 1]);
        out << "  " << instance_.abbreviations()[a] << "-" << instance_.abbreviations()[b] << " ("
            << i + 1 << ")";
      }
      out << "\n";
    }
    return out.str();
  }

  render::Drawing draw() const override {
    return draw_tower(instance_, rotations_, kind_ == "all-different");
  }

 private:
  const TowerInstance& instance_;
  std::string kind_;
  std::vector<int> rotations_;
};

// Every capability (family.hpp): classes to walk, grades, second methods for verify.
class InstantInsanity final : public FamilyOf<TowerInstance>,
                              public Classes,
                              public GradingOf<TowerInstance>,
                              public VerificationOf<TowerInstance> {
 public:
  const Classes* classes() const override { return this; }
  const Grading* grading() const override { return this; }
  const Verification* verification() const override { return this; }

  std::string name() const override { return kName; }
  std::string title() const override { return "Instant Insanity"; }
  std::string summary() const override {
    return "Stack n cubes coloured with n colours so that each of the tower's four sides shows "
           "every colour once (all-different) or a single colour (all-equal).";
  }
  std::vector<OptionInfo> parameters() const override {
    return {
        OptionInfo::integer("cubes", "number of cubes n (and of colours)", "4", 1, 64),
        OptionInfo::count_or_names(
            "colors",
            "the colours: their number (must equal cubes) or their names; default: as many as "
            "cubes, named red, green, blue, white, yellow, orange, ...",
            1, 64),
    };
  }
  void check_parameters(const OptionValues& p, const SourceLocation& where) const override {
    if (p.has("colors") && p.integer("colors") != p.integer("cubes"))
      throw InputError(where, "parameters.colors",
                       "needs as many colours as cubes (" + std::to_string(p.integer("cubes")) +
                           "): each side of the tower shows every colour once; got " +
                           std::to_string(p.integer("colors")));
  }
  std::vector<OptionInfo> instance_constraints() const override {
    return {
        OptionInfo::boolean("every-cube-uses-all-colors",
                            "every cube shows every colour at least once (Loeffler et al., "
                            "Remark 2; possible only for n <= 6)",
                            false),
        OptionInfo::boolean("distinct-cubes",
                            "no two cubes are the same up to rotation and reflection", false),
    };
  }
  std::uint64_t count_multiple(const std::string&, const OptionValues& options) const override {
    // The tower group (order 8) acts freely on orientation tuples: whole orbits are counted,
    // or orbits of the quotient when counting modulo a subgroup.
    const CountConvention c = convention_of(options);
    return c.count_as == CountAs::orientations ? static_cast<std::uint64_t>(8 / c.modulo) : 1;
  }
  std::vector<std::string> impossible_instances(const OptionValues& parameters,
                                                const OptionValues& constraints) const override {
    const auto colours = parameters.integer("cubes");
    if (constraints.boolean("every-cube-uses-all-colors") && colours > kFaces)
      return {"every-cube-uses-all-colors: a cube has " + std::to_string(kFaces) +
              " faces, so it cannot show all " + std::to_string(colours) + " colours"};
    return {};
  }
  std::vector<OptionInfo> solution_options() const override {
    return {
        OptionInfo::choice("count-as",
                           "orientations: tuples of rotations, one of the 24 per cube; "
                           "arrangements: distinct colourings of the front, back, left and right "
                           "of every cube; decompositions: unordered pairs of edge sets of the "
                           "colour multigraph (front/back pairs, left/right pairs) the towers use",
                           "orientations", {"orientations", "arrangements", "decompositions"}),
        OptionInfo::choice("modulo",
                           "none; tower-rotation: the 4 turns of the whole tower about its "
                           "vertical axis; tower-symmetry: those and the half-turns of every "
                           "cube that swap left and right (8)",
                           "none", {"none", "tower-rotation", "tower-symmetry"}),
        OptionInfo::choice(
            "cube-order",
            "fixed: cubes stacked in the order given; free: any stacking order (with "
            "orientations every stacking counts; with arrangements towers that "
            "look the same count once)",
            "fixed", {"fixed", "free"}),
    };
  }
  std::vector<KindInfo> kinds() const override {
    return {{"all-different", "every side shows every colour exactly once (ADIIS)"},
            {"all-equal",
             "every side shows a single colour and the four sides show four different colours "
             "(AEIIS as Loeffler et al. define it in words)"},
            {"monochrome-sides",
             "every side shows a single colour; sides may share a colour (AEIIS as their Eq. 11 "
             "states it: allEqual per side)"}};
  }

  Json play(const TowerInstance& tower, const std::string& kind) const override {
    return play_tower(tower, kind);
  }
  std::string task(const TowerInstance& tower, const std::string& kind) const override {
    const std::string n = std::to_string(tower.size());
    const std::string goal =
        kind == "all-different" ? "each of its four sides shows all " + n + " colours"
        : kind == "all-equal"   ? "each of its four sides shows a single colour, and the four "
                                  "sides four different colours"
                                : "each of its four sides shows a single colour";
    return "Make the " + n + " cubes (" + render::Palette::kNetHowTo +
           "), then stack them into a tower so that " + goal + ".";
  }
  std::string count_phrase(const std::string& kind, const Count& count,
                           const OptionValues& options) const override {
    const CountConvention c = convention_of(options);
    std::string text = count_words(count, kind + " solution", kind + " solutions");
    if (c.count_as == CountAs::decompositions)
      return text + " (pairs of 2-factors of the colour multigraph)";
    if (c.free_order) text += " in any stacking order";
    if (c.modulo == 4) text += " up to turning the whole tower";
    if (c.modulo == 8) text += " up to turning or flipping the whole tower";
    return text + (c.count_as == CountAs::arrangements ? " (towers that look the same count once)"
                                                       : " (each way of turning a cube counts)");
  }

  // A pupil's tower matches the key's only up to the turns the convention counts as one.
  std::string how_to_mark(const std::string&, const OptionValues& options) const override {
    const std::string modulo = options.choice("modulo");
    if (modulo == "tower-symmetry")
      return "The same tower turned round, or turned upside down, is the same answer: check "
             "that each of its four sides shows every colour once.";
    if (modulo == "tower-rotation")
      return "The same tower turned round is the same answer: check that each of its four "
             "sides shows every colour once.";
    return "";
  }
  std::vector<PrintSize> print_sizes() const override { return cube_net_sizes(); }

  std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                          const std::string& file) const override {
    return std::make_unique<TowerInstance>(read_tower(document, file));
  }
  OptionValues parameters_of(const TowerInstance& tower) const override {
    OptionValues values;
    values.set("cubes", static_cast<std::int64_t>(tower.size()));
    values.set("colors", tower.colors());
    return values;
  }
  bool satisfies(const TowerInstance& tower, const OptionValues& constraints) const override {
    if (constraints.boolean("every-cube-uses-all-colors")) {
      for (const auto& cube : tower.cubes()) {
        const std::set<int> used(cube.faces.begin(), cube.faces.end());
        if (static_cast<int>(used.size()) != tower.size()) return false;
      }
    }
    if (constraints.boolean("distinct-cubes")) {
      std::set<std::array<int, kFaces>> keys;
      for (const auto& cube : tower.cubes())
        if (!keys.insert(cube.pairs_key()).second) return false;
    }
    return true;
  }

  Count count(const TowerInstance& tower, const std::string& kind, const OptionValues& options,
              std::uint64_t cap, const Limits& limits) const override {
    return count_towers(tower, parse_kind(kind), convention_of(options), cap, limits);
  }
  // Verification (verify.cpp): the colour graph's pairs of 2-factors, orbit-stabiliser.
  Recount verify_counts(const TowerInstance& tower, const std::string& kind,
                        const OptionValues& options, const Limits& limits) const override {
    return count_by_graph(tower, kind, options, limits);
  }
  Recount verify_class_size(const TowerInstance& tower, const Limits& limits) const override {
    return class_size_again(tower, limits);
  }
  std::vector<CensusFigure> census_figures(const OptionValues& parameters,
                                           const OptionValues& constraints) const override {
    return cube_census_figures(static_cast<int>(parameters.integer("cubes")),
                               constraints.boolean("every-cube-uses-all-colors"),
                               constraints.boolean("distinct-cubes"));
  }
  std::optional<Listing> verify_space(
      const OptionValues& parameters, const OptionValues& constraints, const Limits& limits,
      const std::function<bool(const Instance&)>& visit) const override {
    return list_towers(colour_names(parameters), constraints.boolean("every-cube-uses-all-colors"),
                       constraints.boolean("distinct-cubes"), limits, visit);
  }
  std::unique_ptr<Solution> first_solution(const TowerInstance& tower, const std::string& kind,
                                           const Limits& limits) const override {
    if (parse_kind(kind) == Kind::all_different) {  // the graph formulation scales to n = 96
      auto rotations = first_tower_through_two_factors(tower, limits);
      if (rotations.empty()) return nullptr;
      return std::make_unique<TowerSolution>(tower, kind, std::move(rotations));
    }
    TowerSpace root(tower, parse_kind(kind));
    const auto found = puzzlegen::first_solution<TowerSpace>(root, limits);
    if (!found) return nullptr;
    return std::make_unique<TowerSolution>(tower, kind, found->first_rotations());
  }

  std::vector<std::string> graded_kinds() const override { return kind_names(); }
  // The tower's sides are decided; turning and flipping the tower are broken, so a puzzle with
  // one tower up to those has one solution to reason towards.
  std::unique_ptr<GradedSpace> graded_space(const TowerInstance& tower,
                                            const std::string& kind) const override {
    auto space = std::make_unique<TowerSpace>(tower, parse_kind(kind));
    space->break_tower_symmetry();
    return space;
  }

  // All-different towers are graded the way a person solves them (reasoning.hpp): pairs for
  // each side, colour counts, what-ifs.
  std::optional<Grade> reasoned_grade(const TowerInstance& tower, const std::string& kind,
                                      const Limits& limits) const override {
    if (parse_kind(kind) != Kind::all_different) return std::nullopt;
    const auto reasoned = reason_pairs(tower, limits);
    if (!reasoned) return std::nullopt;
    return reasoned->grade;
  }
  Explanation explain(const TowerInstance& tower, const std::string& kind, std::size_t steps,
                      double, const Limits& limits) const override {
    if (parse_kind(kind) != Kind::all_different || steps == 0) return {};
    const auto reasoned = reason_pairs(tower, limits, steps, 0);
    if (!reasoned) return {};
    Explanation out;
    for (const auto& step : reasoned->steps) out.steps.push_back({step.text, step.cubes});
    out.drawing = draw_steps(tower, step_cells(out));
    return out;
  }

  std::vector<std::unique_ptr<Solution>> distinct_solutions(const TowerInstance& tower,
                                                            const std::string& kind,
                                                            std::size_t most,
                                                            const Limits& limits) const override {
    // Towers that look different: arrangements up to turning and flipping the whole tower.
    std::vector<std::unique_ptr<Solution>> out;
    for (auto& rotations : distinct_towers(tower, parse_kind(kind), most, limits))
      out.push_back(std::make_unique<TowerSolution>(tower, kind, std::move(rotations)));
    return out;
  }

  std::unique_ptr<InstanceSpace> instance_space(const OptionValues& parameters,
                                                const OptionValues& constraints,
                                                const InstanceSearch& search) const override {
    std::vector<Kind> required;
    for (const auto& kind : search.required_kinds) required.push_back(parse_kind(kind));
    return std::make_unique<TowerInstanceSpace>(
        static_cast<int>(parameters.integer("cubes")), colour_names(parameters),
        constraints.boolean("every-cube-uses-all-colors"), constraints.boolean("distinct-cubes"),
        search, required);
  }
  // Sets of cubes, a cube at a time, up to reordering cubes and renaming colours (growth.hpp);
  // both instance constraints are constraints on cubes, so the growth keeps to them.
  std::unique_ptr<Growth> growth(const OptionValues& parameters, const OptionValues& constraints,
                                 const InstanceSearch&) const override {
    return cube_set_growth(colour_names(parameters),
                           constraints.boolean("every-cube-uses-all-colors"),
                           constraints.boolean("distinct-cubes"));
  }
  std::unique_ptr<Instance> random_instance(const OptionValues& parameters,
                                            const OptionValues& constraints,
                                            const std::map<std::string, Bounds>&,
                                            Rng& rng) const override {
    // Cubes are independent, so drawing each cube until it meets the per-cube constraint is
    // uniform over the instances that meet it (whole-instance rejection would almost never
    // succeed for n = 6, where every cube must show six different colours).
    const auto colors = colour_names(parameters);
    const int n = static_cast<int>(colors.size());
    const bool all_colours = constraints.boolean("every-cube-uses-all-colors") && n <= kFaces;
    std::vector<Cube> cubes(static_cast<std::size_t>(n));
    for (auto& cube : cubes) {
      do {
        for (auto& face : cube.faces)
          face = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
      } while (all_colours &&
               static_cast<int>(std::set<int>(cube.faces.begin(), cube.faces.end()).size()) != n);
    }
    return std::make_unique<TowerInstance>(colors, std::move(cubes));
  }

  // Local search's move: one cube changed a little, two of its faces swapped or one face given
  // another colour. Where every cube must show every colour, only swaps, which keep its
  // colours; other constraints (distinct cubes) are left to the judge.
  std::unique_ptr<Instance> neighbour(const Instance& instance, const OptionValues& constraints,
                                      Rng& rng) const override {
    const auto& tower = detail::own<TowerInstance>(instance);
    std::vector<Cube> cubes = tower.cubes();
    constexpr std::uint64_t faces = kFaces;
    const auto n = static_cast<std::uint64_t>(tower.colors().size());
    const bool all_colours = constraints.boolean("every-cube-uses-all-colors") && n <= faces;
    Cube& cube = cubes[rng.below(cubes.size())];
    const auto face = rng.below(faces);
    if (all_colours || n < 2 || rng.below(2) == 0) {
      const auto other = (face + 1 + rng.below(faces - 1)) % faces;  // another slot
      std::swap(cube.faces[face], cube.faces[other]);
    } else {  // another colour than the face's
      const auto colour = static_cast<std::uint64_t>(cube.faces[face]);
      cube.faces[face] = static_cast<int>((colour + 1 + rng.below(n - 1)) % n);
    }
    return std::make_unique<TowerInstance>(tower.colors(), std::move(cubes));
  }
};

}  // namespace

std::unique_ptr<Family> make_family() {
  return std::make_unique<InstantInsanity>();
}

}  // namespace puzzlegen::instant_insanity
