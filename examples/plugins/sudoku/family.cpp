// Sudoku as a puzzlegen family: the solutions of a grid, the space of grids for generators, and
// random minimal puzzles.
#include <gecode/minimodel.hh>

#include <algorithm>
#include <map>
#include <numeric>

#include "board.hpp"
#include "error.hpp"
#include "grid/counting.hpp"
#include "grid/model.hpp"
#include "grid/reasoning.hpp"
#include "render/play.hpp"
#include "solve.hpp"
#include "verify.hpp"

namespace sudoku {

using namespace puzzlegen;
namespace grid = puzzlegen::grid;

namespace {

// The solutions of one grid; also the model its difficulty is graded with (cells decided).
class SolutionSpace final : public grid::BoardSpace {
 public:
  explicit SolutionSpace(const Sudoku& sudoku) : BoardSpace(sudoku.n()) {
    grid::post_latin(*this, x_, sudoku.n());
    grid::post_regions_distinct(*this, x_, sudoku.board().regions);
    grid::post_givens(*this, x_, sudoku.board());
    Gecode::branch(*this, x_, Gecode::INT_VAR_SIZE_MIN(), Gecode::INT_VAL_MIN());
  }
  SolutionSpace(SolutionSpace& other) : BoardSpace(other) {}
  Gecode::Space* copy() override { return new SolutionSpace(*this); }
};

class Filled final : public Solution {
 public:
  Filled(const Sudoku& sudoku, std::vector<int> values)
      : sudoku_(sudoku), values_(std::move(values)) {}
  Json to_json() const override {
    return {{"kind", "solution"}, {"grid", grid::rows_json(sudoku_.n(), values_)}};
  }
  std::string render_text() const override {
    return "solution:\n" + Sudoku(sudoku_.box_rows(), sudoku_.box_columns(), values_).render_text();
  }
  render::Drawing draw() const override { return sudoku_.draw_filled(values_); }

 private:
  const Sudoku& sudoku_;
  std::vector<int> values_;
};

// Grids with boxes of these shapes: for each cell the given (0 = none), and their number. With
// the solution kind required, a solution s is posted too (unbranched): a given must equal s
// there, so only grids with a solution are searched.
class GivensSpace final : public InstanceSpace {
 public:
  GivensSpace(int box_rows, int box_columns, const InstanceSearch& search)
      : box_rows_(box_rows),
        box_columns_(box_columns),
        givens_(*this, box_rows * box_columns * box_rows * box_columns, 0, box_rows * box_columns),
        given_count_(*this, 0, givens_.size()) {
    using namespace Gecode;
    const int n = box_rows * box_columns, cells = n * n;
    count(*this, givens_, 0, IRT_EQ, expr(*this, cells - given_count_));
    // Givens alone must not clash in a row, a column or a box.
    const std::vector<int> regions = grid::box_regions(n, box_rows, box_columns);
    for (int a = 0; a < cells; ++a)
      for (int b = a + 1; b < cells; ++b)
        if (a / n == b / n || a % n == b % n ||
            regions[static_cast<std::size_t>(a)] == regions[static_cast<std::size_t>(b)])
          rel(*this, givens_[a] == 0 || givens_[a] != givens_[b]);
    bool joint = false;
    for (const auto& kind : search.required_kinds) joint = joint || kind == "solution";
    if (joint) {
      IntVarArray s(*this, cells, 1, n);
      grid::post_latin(*this, s, n);
      grid::post_regions_distinct(*this, s, regions);
      for (int cell = 0; cell < cells; ++cell)
        rel(*this, givens_[cell] == 0 || givens_[cell] == s[cell]);
    }
    for (const auto& [name, bounds] : search.measure_bounds) constrain_measure(name, bounds);
    branch(*this, givens_, INT_VAR_NONE(), search.value_order());
  }
  GivensSpace(GivensSpace& other)
      : InstanceSpace(other), box_rows_(other.box_rows_), box_columns_(other.box_columns_) {
    givens_.update(*this, other.givens_);
    given_count_.update(*this, other.given_count_);
  }
  Gecode::Space* copy() override { return new GivensSpace(*this); }

  std::unique_ptr<Instance> instance() const override {
    std::vector<int> cells;
    for (int i = 0; i < givens_.size(); ++i) cells.push_back(givens_[i].val());
    return std::make_unique<Sudoku>(box_rows_, box_columns_, std::move(cells));
  }
  void constrain_measure(const std::string&, const Bounds& bounds) override {
    post_bounds(*this, given_count_, bounds);
  }

 private:
  int box_rows_, box_columns_;
  Gecode::IntVarArray givens_;
  Gecode::IntVar given_count_;
};

// The cells of each box, row-major.
std::vector<std::vector<int>> boxes_of(int box_rows, int box_columns) {
  const int n = box_rows * box_columns;
  std::vector<std::vector<int>> out(static_cast<std::size_t>(n));
  const std::vector<int> regions = grid::box_regions(n, box_rows, box_columns);
  for (std::size_t cell = 0; cell < regions.size(); ++cell)
    out[static_cast<std::size_t>(regions[cell])].push_back(static_cast<int>(cell));
  return out;
}

// A random full grid: the boxes on the diagonal (which share no row or column) filled at random
// and the rest completed by the counter (with 2 x 2 boxes some draws cannot be completed: then
// the first box alone, which always can), then bands, stacks, rows within a band, columns
// within a stack and the numbers shuffled (each keeps a grid a Sudoku's solution).
std::vector<int> random_full_grid(int box_rows, int box_columns, grid::LatinCounter& counter,
                                  const std::vector<std::vector<int>>& boxes, Rng& rng) {
  const int n = box_rows * box_columns;
  const int bands = n / box_rows, stacks = n / box_columns;
  std::vector<int> full;
  for (int tries = 0; full.empty(); ++tries) {
    grid::LatinPuzzle seed{n, std::vector<int>(static_cast<std::size_t>(n * n), 0), {}, boxes};
    for (int d = 0; d < (tries < 8 ? std::min(bands, stacks) : 1); ++d) {
      std::vector<int> numbers(static_cast<std::size_t>(n));
      std::iota(numbers.begin(), numbers.end(), 1);
      rng.shuffle(numbers);
      std::size_t next = 0;
      for (int r = 0; r < box_rows; ++r)
        for (int c = 0; c < box_columns; ++c)
          seed.givens[static_cast<std::size_t>((d * box_rows + r) * n + d * box_columns + c)] =
              numbers[next++];
    }
    const auto found = counter.count(seed, 1, Limits{}, 1).solutions;
    if (!found.empty()) full = found.front();
  }
  // Row order: bands shuffled, rows within each band shuffled; columns likewise.
  const auto order = [&](int groups, int size) {
    std::vector<int> group(static_cast<std::size_t>(groups)), out;
    std::iota(group.begin(), group.end(), 0);
    rng.shuffle(group);
    for (const int g : group) {
      std::vector<int> inner(static_cast<std::size_t>(size));
      std::iota(inner.begin(), inner.end(), g * size);
      rng.shuffle(inner);
      out.insert(out.end(), inner.begin(), inner.end());
    }
    return out;
  };
  const std::vector<int> rows = order(bands, box_rows), columns = order(stacks, box_columns);
  std::vector<int> name(static_cast<std::size_t>(n + 1));
  std::iota(name.begin() + 1, name.end(), 1);
  std::vector<int> renamed(name.begin() + 1, name.end());
  rng.shuffle(renamed);
  std::copy(renamed.begin(), renamed.end(), name.begin() + 1);
  std::vector<int> out(full.size());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      out[static_cast<std::size_t>(r * n + c)] =
          name[static_cast<std::size_t>(full[static_cast<std::size_t>(
              rows[static_cast<std::size_t>(r)] * n + columns[static_cast<std::size_t>(c)])])];
  return out;
}

// Clues for the minimal strategy, grades and second methods for verify (family.hpp).
class SudokuFamily final : public FamilyOf<Sudoku>,
                           public CluesOf<Sudoku>,
                           public GradingOf<Sudoku>,
                           public VerificationOf<Sudoku> {
 public:
  const Clues* clues() const override { return this; }
  const Grading* grading() const override { return this; }
  const Verification* verification() const override { return this; }

  std::string name() const override { return "sudoku"; }
  std::string title() const override { return "Sudoku"; }
  std::string summary() const override {
    return "Fill an n x n grid with 1..n, each once in every row, column and box (n = a box's "
           "rows x its columns), keeping the given numbers.";
  }
  std::vector<OptionInfo> parameters() const override {
    return {OptionInfo::integer("box-rows", "a box is this many rows tall", "3", 2, 5),
            OptionInfo::integer("box-columns", "a box is this many columns wide", "3", 2, 5)};
  }
  std::vector<OptionInfo> instance_constraints() const override { return {}; }
  std::vector<OptionInfo> solution_options() const override { return {}; }
  std::vector<KindInfo> kinds() const override {
    return {{"solution", "the grid filled in, keeping every given number"}};
  }
  std::vector<KindInfo> measures() const override {
    return {{"givens", "how many numbers are given"}};
  }
  std::uint64_t measure(const Sudoku& sudoku, const std::string&) const override {
    return static_cast<std::uint64_t>(sudoku.board().given_count());
  }
  Json solve_facts(const Sudoku& sudoku, const Limits&) const override {
    Json facts = {{"givens", sudoku.board().given_count()}, {"game", sudoku.game_description()}};
    if (sudoku.n() <= 9) facts["line"] = sudoku.line();
    return facts;
  }
  std::string task(const Sudoku& sudoku, const std::string&) const override {
    const std::string n = std::to_string(sudoku.n());
    return "Write a number from 1 to " + n + " in every cell so that each row, each column and " +
           "each box (inside the thick lines) has every number once.";
  }
  // On screen (render/play.hpp): the grid with its givens, checked by the rules.
  Json play(const Sudoku& sudoku, const std::string&) const override {
    const int n = sudoku.n();
    render::PlayGrid play;
    play.rows = play.columns = n;
    for (int v = 1; v <= n; ++v) play.values.push_back(std::to_string(v));
    for (const int given : sudoku.board().cells)
      play.givens.push_back(given == 0 ? std::nullopt : std::optional<int>(given - 1));
    play.add_rows_and_columns();
    std::vector<render::PlayGrid::Distinct> boxes(static_cast<std::size_t>(n));
    for (int cell = 0; cell < n * n; ++cell)
      boxes[static_cast<std::size_t>(sudoku.board().regions[static_cast<std::size_t>(cell)])]
          .cells.push_back(cell);
    for (std::size_t b = 0; b < boxes.size(); ++b) {
      boxes[b].where = "in box " + std::to_string(b + 1);
      play.distinct.push_back(std::move(boxes[b]));
    }
    return play.to_json();
  }
  std::string count_phrase(const std::string&, const Count& count,
                           const OptionValues&) const override {
    return count_words(count, "solution", "solutions");
  }

  std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                          const std::string& file) const override {
    return std::make_unique<Sudoku>(read_sudoku(document, file));
  }
  OptionValues parameters_of(const Sudoku& sudoku) const override {
    OptionValues values;
    values.set("box-rows", static_cast<std::int64_t>(sudoku.box_rows()));
    values.set("box-columns", static_cast<std::int64_t>(sudoku.box_columns()));
    return values;
  }
  bool satisfies(const Sudoku&, const OptionValues&) const override { return true; }

  // On bit masks (grid/counting.hpp): a generator asks this dozens of times per puzzle.
  Count count(const Sudoku& sudoku, const std::string&, const OptionValues&, std::uint64_t cap,
              const Limits& limits) const override {
    return grid::count_latin(grid::latin_puzzle(sudoku.board()), cap, limits).count;
  }
  // For `puzzlegen verify` (verify.cpp): brute force, and the class by its stabiliser.
  Recount verify_counts(const Sudoku& sudoku, const std::string&, const OptionValues&,
                        const Limits& limits) const override {
    return fillings_by_brute_force(sudoku, limits);
  }
  Recount verify_class_size(const Sudoku& sudoku, const Limits&) const override {
    return class_size_by_stabiliser(sudoku);
  }
  std::unique_ptr<Solution> first_solution(const Sudoku& sudoku, const std::string&,
                                           const Limits& limits) const override {
    SolutionSpace root(sudoku);
    const auto found = puzzlegen::first_solution<SolutionSpace>(root, limits);
    return found ? std::make_unique<Filled>(sudoku, found->values()) : nullptr;
  }

  std::vector<std::string> graded_kinds() const override { return {"solution"}; }
  // The grade a pupil feels: singles, then intersections, then sets (grid/reasoning.hpp).
  std::optional<Grade> reasoned_grade(const Sudoku& sudoku, const std::string&,
                                      const Limits& limits) const override {
    return grid::reason(grid::latin_puzzle(sudoku.board()), limits).grade;
  }
  Explanation explain(const Sudoku& sudoku, const std::string&, std::size_t steps, double,
                      const Limits& limits) const override {
    auto out = grid::explain(grid::latin_puzzle(sudoku.board()), steps, limits);
    out.drawing = sudoku.draw_steps(grid::step_cells(out));
    return out;
  }
  std::unique_ptr<GradedSpace> graded_space(const Sudoku& sudoku,
                                            const std::string&) const override {
    return std::make_unique<SolutionSpace>(sudoku);
  }

  std::unique_ptr<InstanceSpace> instance_space(const OptionValues& parameters, const OptionValues&,
                                                const InstanceSearch& search) const override {
    const auto [rows, columns] = shape(parameters);
    return std::make_unique<GivensSpace>(rows, columns, search);
  }

  // A minimal puzzle with one solution, the way hand-made generators build them: a random full
  // grid, its numbers given in a random order until it is the only solution, then every given
  // whose removal keeps it the only one removed, in a random order. A spec's least number of
  // givens is a floor: givens are taken back only down to it.
  std::unique_ptr<Instance> random_instance(const OptionValues& parameters, const OptionValues&,
                                            const std::map<std::string, Bounds>& measures,
                                            Rng& rng) const override {
    const auto [rows, columns] = shape(parameters);
    const int n = rows * columns, cells = n * n;
    const auto boxes = boxes_of(rows, columns);
    grid::LatinCounter counter(n, boxes);
    const std::vector<int> full = random_full_grid(rows, columns, counter, boxes, rng);
    grid::LatinPuzzle puzzle{n, std::vector<int>(static_cast<std::size_t>(cells), 0), {}, boxes};
    // A second solution of the givens set so far, as the cells it agrees with the grid on,
    // while it still is one: adding givens only removes solutions, so "not unique" is known
    // without a search until a given rules it out. After a given is taken back, only grids
    // that differ there are searched (grid::other_solutions, as the minimal strategy asks).
    std::vector<bool> other;
    const auto set = [&](int cell, bool on) {
      const auto c = static_cast<std::size_t>(cell);
      puzzle.givens[c] = on ? full[c] : 0;
      if (on && !other.empty() && !other[c]) other.clear();
    };
    const auto unique = [&](int taken_back) {
      if (!other.empty()) return false;
      const OtherSolutions found =
          grid::other_solutions(counter, puzzle, full, taken_back, Limits{});
      for (const auto& agrees : found.found)
        if (std::find(agrees.begin(), agrees.end(), false) != agrees.end()) other = agrees;
      return found.found.empty();
    };
    grid::minimal_clues(cells, set, unique, rng, grid::least_clues(measures, "givens"));
    return std::make_unique<Sudoku>(rows, columns, puzzle.givens);
  }

  // The clues the `minimal` strategy takes back one by one: every cell of a random full grid.
  CluedSolution clued_solution(const OptionValues& parameters, const OptionValues&,
                               Rng& rng) const override {
    const auto [rows, columns] = shape(parameters);
    const int n = rows * columns;
    const auto boxes = boxes_of(rows, columns);
    grid::LatinCounter counter(n, boxes);
    return CluedSolution{std::make_unique<Sudoku>(
                             rows, columns, random_full_grid(rows, columns, counter, boxes, rng)),
                         static_cast<std::size_t>(n * n)};
  }
  std::string clue_measure() const override { return "givens"; }
  std::unique_ptr<Instance> with_clues(const Sudoku& full,
                                       const std::vector<bool>& kept) const override {
    std::vector<int> cells = full.board().cells;
    for (std::size_t c = 0; c < cells.size(); ++c)
      if (!kept[c]) cells[c] = 0;
    return std::make_unique<Sudoku>(full.box_rows(), full.box_columns(), std::move(cells));
  }
  // The minimal strategy asks this rather than counting to two: it keeps a second solution
  // while it lasts, and after a given is taken back searches only grids that differ there.
  std::optional<OtherSolutions> other_solutions(const Sudoku& full, const std::vector<bool>& kept,
                                                int taken_back, const std::string&,
                                                const OptionValues&,
                                                const Limits& limits) const override {
    const auto puzzle = with_clues(full, kept);
    // A counter per shape and thread: building one costs more than a question.
    thread_local std::map<std::pair<int, int>, grid::LatinCounter> counters;
    const auto shape = std::pair{full.box_rows(), full.box_columns()};
    auto found = counters.find(shape);
    if (found == counters.end())
      found = counters.try_emplace(shape, full.n(), boxes_of(full.box_rows(), full.box_columns()))
                  .first;
    return grid::other_solutions(found->second,
                                 grid::latin_puzzle(static_cast<const Sudoku&>(*puzzle).board()),
                                 full.board().cells, taken_back, limits);
  }

 private:
  static std::pair<int, int> shape(const OptionValues& parameters) {
    return {static_cast<int>(parameters.integer("box-rows")),
            static_cast<int>(parameters.integer("box-columns"))};
  }
};

}  // namespace

std::unique_ptr<Family> make_family() {
  return std::make_unique<SudokuFamily>();
}

}  // namespace sudoku
