// The 36 Cube: n x n towers (n colours x n sizes) on a board of pedestals so that the top is
// flat and every row and column shows every colour once.
#include "family.hpp"

#include <numeric>
#include <sstream>

#include "classes.hpp"
#include "drawing.hpp"
#include "growth.hpp"
#include "latin.hpp"
#include "model.hpp"
#include "reasoning.hpp"
#include "verify.hpp"

namespace puzzlegen::cube36 {

namespace {

const char* const kName = "cube36";

Kind parse_kind(const std::string& kind) {
  if (kind == "solution") return Kind::solution;
  if (kind == "ordinary") return Kind::ordinary;
  throw std::invalid_argument("unknown kind " + kind);
}

std::vector<std::string> colour_names(const OptionValues& parameters) {
  auto names = parameters.has("colors") ? parameters.names("colors") : std::vector<std::string>{};
  if (names.empty()) names = default_colors(static_cast<int>(parameters.integer("n")));
  return names;
}

std::vector<SpecialPiece> special_pieces(const OptionValues& parameters,
                                         const SourceLocation& where = {}) {
  if (!parameters.has("special-pieces")) return {};
  return resolve_special_pieces(parameters.structured("special-pieces"),
                                static_cast<int>(parameters.integer("n")), colour_names(parameters),
                                where, "parameters.special-pieces");
}

class Placement final : public Solution {
 public:
  Placement(const Board& board, std::string kind, std::vector<int> colours, std::vector<int> pieces)
      : board_(board),
        kind_(std::move(kind)),
        colours_(std::move(colours)),
        pieces_(std::move(pieces)) {}

  Json to_json() const override {
    const int n = board_.n();
    Json rows = Json::array();
    for (int i = 0; i < n; ++i) {
      Json row = Json::array();
      for (int j = 0; j < n; ++j)
        row.push_back(name(colours_[static_cast<std::size_t>(i * n + j)]));
      rows.push_back(row);
    }
    Json out = {{"kind", kind_}, {"colors", rows}};
    Json specials = Json::array();
    for (const auto& [cell, piece] : special_placements())
      specials.push_back({{"color", name(piece / n)},
                          {"size", piece % n + 1},
                          {"row", cell / n + 1},
                          {"column", cell % n + 1}});
    if (!specials.empty()) out["special-placements"] = specials;
    return out;
  }

  std::string render_text() const override {
    // Each cell: the colour's letter and the tower's size (what a player reads off the board).
    const int n = board_.n();
    std::size_t width = 1;
    for (const auto& a : board_.abbreviations()) width = std::max(width, a.size());
    std::ostringstream out;
    out << kind_ << ": the colour and size of the tower on each cell\n";
    for (int i = 0; i < n; ++i) {
      out << " ";
      for (int j = 0; j < n; ++j) {
        const int cell = i * n + j;
        const std::string& a = board_.abbreviations()[static_cast<std::size_t>(
            colours_[static_cast<std::size_t>(cell)])];
        out << " " << a << std::string(width - a.size(), ' ') << size_on(cell);
      }
      out << "\n";
    }
    for (const auto& [cell, piece] : special_placements())
      out << "special tower " << name(piece / n) << " " << piece % n + 1 << " stands on row "
          << cell / n + 1 << ", column " << cell % n + 1 << " (a cell for size "
          << board_.size_at(cell) << ")\n";
    return out.str();
  }

  render::Drawing draw() const override {
    std::vector<int> sizes;
    for (int cell = 0; cell < board_.cells(); ++cell) sizes.push_back(size_on(cell));
    return draw_placement(board_, colours_, sizes);
  }

 private:
  const std::string& name(int colour) const {
    return board_.colors()[static_cast<std::size_t>(colour)];
  }
  int size_on(int cell) const {
    return pieces_.empty() ? board_.size_at(cell)
                           : pieces_[static_cast<std::size_t>(cell)] % board_.n() + 1;
  }
  // (cell, piece) where a special piece stands on a cell of another size.
  std::vector<std::pair<int, int>> special_placements() const {
    std::vector<std::pair<int, int>> out;
    for (int cell = 0; cell < static_cast<int>(pieces_.size()); ++cell)
      if (size_on(cell) != board_.size_at(cell))
        out.emplace_back(cell, pieces_[static_cast<std::size_t>(cell)]);
    return out;
  }

  const Board& board_;
  std::string kind_;
  std::vector<int> colours_;
  std::vector<int> pieces_;
};

// Every capability but clues (family.hpp): classes to walk, grades, second methods for verify.
class Cube36 final : public FamilyOf<Board>,
                     public Classes,
                     public GradingOf<Board>,
                     public VerificationOf<Board> {
 public:
  const Classes* classes() const override { return this; }
  const Grading* grading() const override { return this; }
  const Verification* verification() const override { return this; }

  std::string name() const override { return kName; }
  std::string title() const override { return "The 36 Cube"; }
  std::string summary() const override {
    return "Place n x n towers (n colours x n sizes) on an n x n board of pedestals so that the "
           "top is flat and every row and column shows every colour once; special pieces also "
           "fit named cells.";
  }
  std::vector<OptionInfo> parameters() const override {
    return {
        OptionInfo::integer("n", "the board is n x n; n colours and n sizes of tower", "6", 3, 9),
        OptionInfo::count_or_names(
            "colors",
            "the colours: their number (must equal n) or their names; default a, b, c, ...", 3, 9),
        OptionInfo::structured(
            "special-pieces",
            "towers that also fit named cells, where an ordinary tower of their size does not "
            "(rows and columns counted from 1); every other tower is ordinary",
            "a list of {color: NAME, size: S, also-fits: [[ROW, COLUMN], ...]}",
            [](const YAML::Node& node, const std::string& file, const std::string& field) {
              return read_special_pieces(node, file, field);
            }),
    };
  }
  void check_parameters(const OptionValues& p, const SourceLocation& where) const override {
    if (p.has("colors") && p.integer("colors") != p.integer("n"))
      throw InputError(where, "parameters.colors",
                       "needs n = " + std::to_string(p.integer("n")) + " colours, got " +
                           std::to_string(p.integer("colors")));
    special_pieces(p, where);
  }
  std::vector<OptionInfo> instance_constraints() const override {
    return {OptionInfo::boolean(
        "latin",
        "every row and column of the board takes every size once (a Latin square; with ordinary "
        "pieces a solution is then an orthogonal mate, Euler's officers problem)",
        false)};
  }
  std::vector<OptionInfo> solution_options() const override {
    return {OptionInfo::choice(
        "modulo",
        "none: every colouring of the board; color-relabelling: colourings up to renaming "
        "colours that have the same pieces (with ordinary pieces, all n! renamings; the blog "
        "post's convention of fixing the first row's colours)",
        "none", {"none", "color-relabelling"})};
  }
  std::vector<KindInfo> kinds() const override {
    return {{"solution", "a flat top with every colour once in every row and column"},
            {"ordinary",
             "a solution in which every tower stands on a cell of its own size (the special "
             "pieces are not needed)"}};
  }

  std::string task(const Board& board, const std::string& kind) const override {
    const std::string n = std::to_string(board.n());
    const std::string givens =
        board.has_givens() ? " The coloured cells are given: keep their colours." : "";
    // What pupils do on paper first: most have the sheet, not the towers.
    if (board.specials().empty())
      return "Write a colour in every cell so that every row and every column has each colour "
             "once and no colour is on two cells of the same size." +
             givens + " (With the " + n + " towers in each of the " + n +
             " colours, of sizes 1 to " + n +
             ": stand on every cell the tower of the size written on it, so that the top is "
             "flat and every row and every column shows each colour once.)";
    std::string text = "You have " + n + " towers in each of the " + n +
                       " colours, of sizes 1 to " + n +
                       ". Stand one tower on every cell so that the top is flat (a cell " +
                       "takes the tower of the size written on it) and every row and every " +
                       "column shows each colour once.";
    text += givens;
    if (kind == "ordinary") return text + " Use every tower on a cell of its own size.";
    for (const auto& piece : board.specials()) {
      text += " The " + board.colors()[static_cast<std::size_t>(piece.color)] + " tower of size " +
              std::to_string(piece.size) + " also fits";
      for (std::size_t k = 0; k < piece.cells.size(); ++k)
        text += std::string(k == 0                        ? ""
                            : k + 1 == piece.cells.size() ? " and"
                                                          : ",") +
                " row " + std::to_string(piece.cells[k] / board.n() + 1) + ", column " +
                std::to_string(piece.cells[k] % board.n() + 1);
      text += " (marked *).";
    }
    return text;
  }
  Json play(const Board& board, const std::string& kind) const override {
    return play_board(board, parse_kind(kind) == Kind::ordinary);
  }
  std::string count_phrase(const std::string& kind, const Count& count,
                           const OptionValues& options) const override {
    std::string text = count_words(count, "solution", "solutions");
    if (kind == "ordinary") text += " with every tower on a cell of its own size";
    return text + (options.choice("modulo") == "color-relabelling"
                       ? " up to renaming the colours"
                       : " (each colouring of the board counts)");
  }

  // Counted up to renaming the colours, a pupil's board is right with other colours.
  std::string how_to_mark(const std::string&, const OptionValues& options) const override {
    if (options.choice("modulo") != "color-relabelling") return "";
    return "A pupil's board with the colours renamed is right too: pair each colour in the "
           "pupil's first row with the key's colour in the same cell, rename the pupil's colours "
           "that way, and every cell must then match the key.";
  }

  // The board is printed, not cut out: cells from 13.8 mm up.
  std::vector<PrintSize> print_sizes() const override {
    return {{"1", "normal (cells 13.8 mm)"},
            {"1.25", "larger (cells 17 mm)"},
            {"1.5", "large (cells 21 mm)"},
            {"2", "largest (cells 28 mm)"}};
  }

  std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                          const std::string& file) const override {
    return std::make_unique<Board>(read_board(document, file));
  }
  OptionValues parameters_of(const Board& board) const override {
    OptionValues values;
    values.set("n", static_cast<std::int64_t>(board.n()));
    values.set("colors", board.colors());
    const Json json = board.to_json();
    if (json.contains("special-pieces")) values.set("special-pieces", json["special-pieces"]);
    return values;
  }
  bool satisfies(const Board& board, const OptionValues& constraints) const override {
    return !constraints.boolean("latin") || board.is_latin();
  }

  Count count(const Board& board, const std::string& kind, const OptionValues& options,
              std::uint64_t cap, const Limits& limits) const override {
    return count_placements(board, parse_kind(kind),
                            options.choice("modulo") == "color-relabelling", cap, limits);
  }
  // Verification (verify.cpp): exact cover by transversals, classes by orbit-stabiliser.
  Recount verify_counts(const Board& board, const std::string& kind, const OptionValues& options,
                        const Limits& limits) const override {
    return cover_count(board, parse_kind(kind) == Kind::solution,
                       options.choice("modulo") == "color-relabelling", limits);
  }
  Recount verify_class_size(const Board& board, const Limits& limits) const override {
    return class_size_again(board, limits);
  }
  std::vector<CensusFigure> census_figures(const OptionValues& parameters,
                                           const OptionValues& constraints) const override {
    if (!constraints.boolean("latin") || !special_pieces(parameters).empty()) return {};
    return latin_census_figures(static_cast<int>(parameters.integer("n")));
  }
  // The colour of every cell is decided; interchangeable colours are already ordered.
  std::vector<std::string> graded_kinds() const override { return kind_names(); }
  std::unique_ptr<GradedSpace> graded_space(const Board& board,
                                            const std::string& kind) const override {
    return std::make_unique<PlacementSpace>(board, parse_kind(kind));
  }
  // The grade a pupil feels where the ladder applies (reasoning.hpp): singles and sets on
  // rows, columns and the cells of each size.
  std::optional<Grade> reasoned_grade(const Board& board, const std::string& kind,
                                      const Limits& limits) const override {
    const auto posed = colour_puzzle(board, parse_kind(kind));
    if (!posed) return std::nullopt;
    return grid::reason(posed->puzzle, limits, 0, 1000000, posed->wording).grade;
  }
  Explanation explain(const Board& board, const std::string& kind, std::size_t steps, double,
                      const Limits& limits) const override {
    const auto posed = colour_puzzle(board, parse_kind(kind));
    if (!posed || steps == 0) return {};
    Explanation out;
    if (posed->named_by_row_one) {
      std::vector<int> row_one(static_cast<std::size_t>(board.n()));
      std::iota(row_one.begin(), row_one.end(), 0);
      out.steps.push_back({naming_step(board), std::move(row_one)});
    }
    for (auto& step :
         grid::explain(posed->puzzle, steps - out.steps.size(), limits, posed->wording).steps)
      out.steps.push_back(std::move(step));
    out.drawing = board.draw_steps(grid::step_cells(out));
    return out;
  }
  std::unique_ptr<Solution> first_solution(const Board& board, const std::string& kind,
                                           const Limits& limits) const override {
    PlacementSpace root(board, parse_kind(kind));
    const auto found = puzzlegen::first_solution<PlacementSpace>(root, limits);
    if (!found) return nullptr;
    auto colours = found->colours();
    auto pieces = place_pieces(board, colours, parse_kind(kind) == Kind::solution);
    return std::make_unique<Placement>(board, kind, std::move(colours), std::move(pieces));
  }

  // Solutions come in orbits under the colour renamings that keep the piece set, and row 1
  // shows every colour: printing a solution's row 1 leaves one answer per orbit.
  std::unique_ptr<Instance> printed_puzzle(const Board& board, const std::string& kind,
                                           const Limits& limits) const override {
    if (board.has_givens() || board.colour_symmetries() == 1) return nullptr;
    PlacementSpace root(board, parse_kind(kind));
    const auto found = puzzlegen::first_solution<PlacementSpace>(root, limits);
    if (!found) return nullptr;
    std::vector<int> given(static_cast<std::size_t>(board.cells()), Board::kNoColour);
    const auto colours = found->colours();
    std::copy_n(colours.begin(), board.n(), given.begin());
    return std::make_unique<Board>(board.with_given_colours(std::move(given)));
  }

  std::unique_ptr<InstanceSpace> instance_space(const OptionValues& parameters,
                                                const OptionValues& constraints,
                                                const InstanceSearch& search) const override {
    std::optional<Kind> joint;
    for (const auto& kind : search.required_kinds)
      if (!joint || parse_kind(kind) == Kind::ordinary) joint = parse_kind(kind);
    return std::make_unique<BoardSpace>(static_cast<int>(parameters.integer("n")),
                                        colour_names(parameters), special_pieces(parameters),
                                        constraints.boolean("latin"), search, joint);
  }
  std::unique_ptr<Instance> random_instance(const OptionValues& parameters,
                                            const OptionValues& constraints,
                                            const std::map<std::string, Bounds>&,
                                            Rng& rng) const override {
    const int n = static_cast<int>(parameters.integer("n"));
    std::vector<int> sizes;
    if (constraints.boolean("latin")) {
      sizes = random_latin_square(n, rng);
    } else {  // every size n times, in a uniformly random arrangement
      for (int s = 1; s <= n; ++s) sizes.insert(sizes.end(), static_cast<std::size_t>(n), s);
      rng.shuffle(sizes);
    }
    return std::make_unique<Board>(n, std::move(sizes), colour_names(parameters),
                                   special_pieces(parameters));
  }
  // Latin boards with ordinary pieces, row by row (growth.hpp); special pieces pin cells, so
  // those boards have no classes to walk.
  std::unique_ptr<Growth> growth(const OptionValues& parameters, const OptionValues& constraints,
                                 const InstanceSearch&) const override {
    if (!constraints.boolean("latin") || !special_pieces(parameters).empty()) return nullptr;
    return latin_board_growth(static_cast<int>(parameters.integer("n")), colour_names(parameters));
  }
};

}  // namespace

std::unique_ptr<Family> make_family() {
  return std::make_unique<Cube36>();
}

}  // namespace puzzlegen::cube36
