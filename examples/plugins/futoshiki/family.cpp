// Futoshiki as a puzzlegen family: the solutions of a grid, the space of grids for generators,
// and random minimal puzzles.
#include <gecode/minimodel.hh>

#include <numeric>

#include "error.hpp"
#include "grid.hpp"
#include "grid/counting.hpp"
#include "grid/model.hpp"
#include "grid/reasoning.hpp"
#include "latin.hpp"
#include "render/play.hpp"
#include "solve.hpp"
#include "verify.hpp"

namespace futoshiki {

using namespace puzzlegen;
namespace grid = puzzlegen::grid;

namespace {

// The solutions of one grid; also the model its difficulty is graded with (cells decided).
class SolutionSpace final : public grid::BoardSpace {
 public:
  explicit SolutionSpace(const Grid& grid) : BoardSpace(grid.n()) {
    grid::post_latin(*this, x_, grid.n());
    grid::post_givens(*this, x_, grid.board());
    grid::post_ordered_marks(*this, x_, grid.board());
    Gecode::branch(*this, x_, Gecode::INT_VAR_SIZE_MIN(), Gecode::INT_VAL_MIN());
  }
  SolutionSpace(SolutionSpace& other) : BoardSpace(other) {}
  Gecode::Space* copy() override { return new SolutionSpace(*this); }
};

class Filled final : public Solution {
 public:
  Filled(const Grid& grid, std::vector<int> values) : grid_(grid), values_(std::move(values)) {}
  Json to_json() const override {
    return {{"kind", "solution"}, {"grid", grid::rows_json(grid_.n(), values_)}};
  }
  std::string render_text() const override {
    Board filled = grid_.board();
    filled.cells = values_;
    return "solution:\n" + Grid(std::move(filled)).render_text();
  }
  render::Drawing draw() const override { return grid_.draw_filled(values_); }

 private:
  const Grid& grid_;
  std::vector<int> values_;
};

// Grids of size n: for each cell the given (0 = none), for each neighbouring pair the sign
// (0 none, 1 less, 2 greater), and the two measures. With the solution kind required, a
// solution s is posted too (unbranched): a given must equal s there and a sign must hold for
// s, so only grids with a solution are searched.
class GridSpace final : public InstanceSpace {
 public:
  GridSpace(int n, const InstanceSearch& search)
      : n_(n),
        givens_(*this, n * n, 0, n),
        signs_(*this, 2 * n * (n - 1), 0, 2),
        given_count_(*this, 0, n * n),
        sign_count_(*this, 0, 2 * n * (n - 1)),
        clue_count_(*this, 0, n * n + 2 * n * (n - 1)) {
    using namespace Gecode;
    count(*this, givens_, 0, IRT_EQ, expr(*this, n * n - given_count_));
    count(*this, signs_, 0, IRT_EQ, expr(*this, 2 * n * (n - 1) - sign_count_));
    rel(*this, clue_count_ == given_count_ + sign_count_);
    // Givens alone must not clash in a row or a column.
    const Matrix<IntVarArgs> g(givens_, n, n);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j)
        for (int k = j + 1; k < n; ++k) {
          rel(*this, g(j, i) == 0 || g(j, i) != g(k, i));
          rel(*this, g(i, j) == 0 || g(i, j) != g(i, k));
        }
    }
    bool joint = false;
    for (const auto& kind : search.required_kinds) joint = joint || kind == "solution";
    if (joint) {
      IntVarArray s(*this, n * n, 1, n);
      grid::post_latin(*this, s, n);
      for (int cell = 0; cell < n * n; ++cell)
        rel(*this, givens_[cell] == 0 || givens_[cell] == s[cell]);
      int k = 0;
      for (const auto& [a, b] : grid::neighbour_pairs(n)) {
        rel(*this, signs_[k] != 1 || s[a] < s[b]);
        rel(*this, signs_[k] != 2 || s[a] > s[b]);
        ++k;
      }
    }
    for (const auto& [name, bounds] : search.measure_bounds) constrain_measure(name, bounds);
    // Clues are chosen from the first cell on; the random order draws each value by hashing.
    branch(*this, givens_, INT_VAR_NONE(), search.value_order());
    branch(*this, signs_, INT_VAR_NONE(), search.value_order());
  }
  GridSpace(GridSpace& other) : InstanceSpace(other), n_(other.n_) {
    givens_.update(*this, other.givens_);
    signs_.update(*this, other.signs_);
    given_count_.update(*this, other.given_count_);
    sign_count_.update(*this, other.sign_count_);
    clue_count_.update(*this, other.clue_count_);
  }
  Gecode::Space* copy() override { return new GridSpace(*this); }

  std::unique_ptr<Instance> instance() const override {
    Board board = Board::empty(n_, true);
    for (int i = 0; i < givens_.size(); ++i)
      board.cells[static_cast<std::size_t>(i)] = givens_[i].val();
    const int across = n_ * (n_ - 1);
    for (int i = 0; i < signs_.size(); ++i)
      (i < across ? board.across[static_cast<std::size_t>(i)]
                  : board.down[static_cast<std::size_t>(i - across)]) = signs_[i].val();
    return std::make_unique<Grid>(std::move(board));
  }
  void constrain_measure(const std::string& name, const Bounds& bounds) override {
    post_bounds(*this,
                name == "givens"         ? given_count_
                : name == "inequalities" ? sign_count_
                                         : clue_count_,
                bounds);
  }

 private:
  int n_;
  Gecode::IntVarArray givens_, signs_;
  Gecode::IntVar given_count_, sign_count_, clue_count_;
};

// Clues for the minimal strategy, grades and second methods for verify (family.hpp).
class Futoshiki final : public FamilyOf<Grid>,
                        public CluesOf<Grid>,
                        public GradingOf<Grid>,
                        public VerificationOf<Grid> {
 public:
  const Clues* clues() const override { return this; }
  const Grading* grading() const override { return this; }
  const Verification* verification() const override { return this; }

  std::string name() const override { return "futoshiki"; }
  std::string title() const override { return "Futoshiki"; }
  std::string summary() const override {
    return "Fill an n x n grid with 1..n, each once in every row and column, keeping the given "
           "numbers and the inequality signs between neighbouring cells.";
  }
  std::vector<OptionInfo> parameters() const override {
    return {OptionInfo::integer("n", "the grid is n x n, filled with 1..n", "5", 3, 9)};
  }
  std::vector<OptionInfo> instance_constraints() const override { return {}; }
  std::vector<OptionInfo> solution_options() const override { return {}; }
  std::vector<KindInfo> kinds() const override {
    return {{"solution", "the grid filled in, keeping every given number and sign"}};
  }
  std::vector<KindInfo> measures() const override {
    return {{"givens", "how many numbers are given"},
            {"inequalities", "how many inequality signs there are"},
            {"clues", "givens and inequalities together"}};
  }
  std::uint64_t measure(const Grid& grid, const std::string& name) const override {
    const Board& b = grid.board();
    const int clues = name == "givens"         ? b.given_count()
                      : name == "inequalities" ? b.mark_count()
                                               : b.given_count() + b.mark_count();
    return static_cast<std::uint64_t>(clues);
  }
  Json solve_facts(const Grid& grid, const Limits&) const override {
    return {{"givens", grid.board().given_count()},
            {"inequalities", grid.board().mark_count()},
            {"game", grid.game_description()}};
  }
  std::string task(const Grid& grid, const std::string&) const override {
    const std::string n = std::to_string(grid.n());
    return "Write a number from 1 to " + n + " in every cell so that each row and each column " +
           "has every number once. A sign between two cells says which number is smaller: it " +
           "points at the smaller one.";
  }
  // On screen (render/play.hpp): the grid with its givens and signs, checked by the rules.
  Json play(const Grid& grid, const std::string&) const override {
    const int n = grid.n();
    puzzlegen::render::PlayGrid play;
    play.rows = play.columns = n;
    for (int v = 1; v <= n; ++v) play.values.push_back(std::to_string(v));
    for (const int given : grid.board().cells)
      play.givens.push_back(given == 0 ? std::nullopt : std::optional<int>(given - 1));
    play.add_rows_and_columns();
    const auto pairs = puzzlegen::grid::neighbour_pairs(n);
    for (std::size_t k = 0; k < pairs.size(); ++k) {
      if (puzzlegen::grid::mark(grid.board(), k) == Sign::less)
        play.less.push_back({pairs[k].a, pairs[k].b});
      if (puzzlegen::grid::mark(grid.board(), k) == Sign::greater)
        play.less.push_back({pairs[k].b, pairs[k].a});
    }
    return play.to_json();
  }
  std::string count_phrase(const std::string&, const Count& count,
                           const OptionValues&) const override {
    return count_words(count, "solution", "solutions");
  }

  std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                          const std::string& file) const override {
    return std::make_unique<Grid>(read_grid(document, file));
  }
  OptionValues parameters_of(const Grid& grid) const override {
    OptionValues values;
    values.set("n", static_cast<std::int64_t>(grid.n()));
    return values;
  }
  bool satisfies(const Grid&, const OptionValues&) const override { return true; }

  // On bit masks (grid/counting.hpp): a generator asks this dozens of times per puzzle.
  Count count(const Grid& grid, const std::string&, const OptionValues&, std::uint64_t cap,
              const Limits& limits) const override {
    return grid::count_latin(grid::latin_puzzle(grid.board()), cap, limits).count;
  }
  // For `puzzlegen verify` (verify.cpp): brute force, and the class by its stabiliser.
  Recount verify_counts(const Grid& grid, const std::string&, const OptionValues&,
                        const Limits& limits) const override {
    return fillings_by_brute_force(grid, limits);
  }
  Recount verify_class_size(const Grid& grid, const Limits&) const override {
    return class_size_by_stabiliser(grid);
  }
  std::unique_ptr<Solution> first_solution(const Grid& grid, const std::string&,
                                           const Limits& limits) const override {
    SolutionSpace root(grid);
    const auto found = puzzlegen::first_solution<SolutionSpace>(root, limits);
    return found ? std::make_unique<Filled>(grid, found->values()) : nullptr;
  }

  std::vector<std::string> graded_kinds() const override { return {"solution"}; }
  // The grade a pupil feels: singles, then inequalities, then sets (grid/reasoning.hpp).
  std::optional<Grade> reasoned_grade(const Grid& grid, const std::string&,
                                      const Limits& limits) const override {
    return grid::reason(grid::latin_puzzle(grid.board()), limits).grade;
  }
  Explanation explain(const Grid& grid, const std::string&, std::size_t steps, double,
                      const Limits& limits) const override {
    auto out = grid::explain(grid::latin_puzzle(grid.board()), steps, limits);
    out.drawing = grid.draw_steps(grid::step_cells(out));
    return out;
  }
  std::unique_ptr<GradedSpace> graded_space(const Grid& grid, const std::string&) const override {
    return std::make_unique<SolutionSpace>(grid);
  }

  std::unique_ptr<InstanceSpace> instance_space(const OptionValues& parameters, const OptionValues&,
                                                const InstanceSearch& search) const override {
    return std::make_unique<GridSpace>(static_cast<int>(parameters.integer("n")), search);
  }

  // A minimal puzzle with one solution, the way hand-made generators build them: a random
  // Latin square, clues of it added in a random order until it is the only solution, then
  // every clue whose removal keeps it the only one removed, in a random order. A spec's least
  // number of clues (givens and signs) is a floor: clues are taken back only down to it.
  std::unique_ptr<Instance> random_instance(const OptionValues& parameters, const OptionValues&,
                                            const std::map<std::string, Bounds>& measures,
                                            Rng& rng) const override {
    const int n = static_cast<int>(parameters.integer("n"));
    const std::vector<int> square = random_latin_square(n, rng);
    const auto pairs = grid::neighbour_pairs(n);
    const int cells = n * n, across = n * (n - 1);
    // Clue k < cells: the given of cell k; otherwise the sign of pair k - cells.
    Board board = Board::empty(n, true);
    // The same clues as the counter reads them, kept beside the board.
    grid::LatinPuzzle puzzle{n, board.cells, {}, {}};
    std::vector<char> sign_on(pairs.size(), 0);
    grid::LatinCounter counter(n, {});
    const auto value = [&](int cell) { return square[static_cast<std::size_t>(cell)]; };
    // Pair k's sign as the square has it, or turned round.
    const auto sign_of = [&](std::size_t k, bool turned) {
      const auto [a, b] = pairs[k];
      return (value(a) < value(b)) != turned ? grid::LatinPuzzle::Less{a, b}
                                             : grid::LatinPuzzle::Less{b, a};
    };
    // A second solution of the clues set so far, while it still is one: adding clues only
    // removes solutions, so "not unique" is known without a search until a clue rules it out.
    std::vector<int> other;
    const auto set = [&](int clue, bool on) {
      if (clue < cells) {
        board.cells[static_cast<std::size_t>(clue)] = on ? value(clue) : 0;
        puzzle.givens[static_cast<std::size_t>(clue)] = on ? value(clue) : 0;
        if (on && !other.empty() && other[static_cast<std::size_t>(clue)] != value(clue))
          other.clear();
        return;
      }
      const auto [a, b] = pairs[static_cast<std::size_t>(clue - cells)];
      if (on && !other.empty() &&
          (other[static_cast<std::size_t>(a)] < other[static_cast<std::size_t>(b)]) !=
              (value(a) < value(b)))
        other.clear();
      const int sign = !on ? Sign::none : value(a) < value(b) ? Sign::less : Sign::greater;
      (clue - cells < across ? board.across[static_cast<std::size_t>(clue - cells)]
                             : board.down[static_cast<std::size_t>(clue - cells - across)]) = sign;
      sign_on[static_cast<std::size_t>(clue - cells)] = on;
    };
    // After a clue is taken back, a second solution must break it: only those are searched.
    const auto unique = [&](int taken_back) {
      if (!other.empty()) return false;
      puzzle.less.clear();
      for (std::size_t k = 0; k < pairs.size(); ++k)
        if (sign_on[k]) puzzle.less.push_back(sign_of(k, false));
      if (taken_back >= 0) {
        std::vector<std::pair<int, int>> ruled_out;
        if (taken_back < cells)
          ruled_out.emplace_back(taken_back, value(taken_back));
        else
          puzzle.less.push_back(sign_of(static_cast<std::size_t>(taken_back - cells), true));
        const grid::LatinCount found = counter.count(puzzle, 1, Limits{}, 1, ruled_out);
        if (!found.solutions.empty()) other = found.solutions.front();
        return found.solutions.empty();
      }
      const grid::LatinCount found = counter.count(puzzle, 2, Limits{}, 2);
      for (const auto& solution : found.solutions)
        if (solution != square) other = solution;
      return found.count.value == 1;
    };
    grid::minimal_clues(cells + 2 * across, set, unique, rng, grid::least_clues(measures, "clues"));
    return std::make_unique<Grid>(std::move(board));
  }

  // The clues the `minimal` strategy takes back one by one, numbered as above: a random Latin
  // square with every cell given and every sign between neighbours drawn.
  CluedSolution clued_solution(const OptionValues& parameters, const OptionValues&,
                               Rng& rng) const override {
    const int n = static_cast<int>(parameters.integer("n"));
    Board board = Board::empty(n, true);
    board.cells = random_latin_square(n, rng);
    const auto pairs = grid::neighbour_pairs(n);
    const std::size_t across = static_cast<std::size_t>(n * (n - 1));
    for (std::size_t k = 0; k < pairs.size(); ++k) {
      const auto [a, b] = pairs[k];
      const int sign =
          board.cells[static_cast<std::size_t>(a)] < board.cells[static_cast<std::size_t>(b)]
              ? Sign::less
              : Sign::greater;
      (k < across ? board.across[k] : board.down[k - across]) = sign;
    }
    const std::size_t clues = board.cells.size() + pairs.size();
    return CluedSolution{std::make_unique<Grid>(std::move(board)), clues};
  }
  std::string clue_measure() const override { return "clues"; }
  std::unique_ptr<Instance> with_clues(const Grid& full,
                                       const std::vector<bool>& kept) const override {
    Board board = full.board();
    const std::size_t cells = board.cells.size(), across = board.across.size();
    for (std::size_t c = 0; c < cells; ++c)
      if (!kept[c]) board.cells[c] = 0;
    for (std::size_t k = 0; k < across + board.down.size(); ++k)
      if (!kept[cells + k]) (k < across ? board.across[k] : board.down[k - across]) = Sign::none;
    return std::make_unique<Grid>(std::move(board));
  }
};

}  // namespace

std::unique_ptr<Family> make_family() {
  return std::make_unique<Futoshiki>();
}

}  // namespace futoshiki
