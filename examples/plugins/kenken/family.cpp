// KenKen as a puzzlegen family: the solutions of a puzzle, a ladder that grades it, a space of
// puzzles for generators, and random puzzles with one solution.
#include <gecode/minimodel.hh>

#include <algorithm>
#include <numeric>

#include "error.hpp"
#include "grid/model.hpp"
#include "ladder.hpp"
#include "latin.hpp"
#include "puzzle.hpp"
#include "render/play.hpp"
#include "solve.hpp"
#include "solver.hpp"
#include "verify.hpp"

namespace kenken {

using namespace puzzlegen;
namespace grid = puzzlegen::grid;

namespace {

// A cage's fillings are posted as a table when there are at most this many (domain consistent,
// as a person reasons with a cage), and as arithmetic otherwise.
constexpr std::size_t kTableFillings = 20000;

// The solutions of one puzzle; also the model its `propagation-difficulty` is graded with.
class SolutionSpace final : public grid::BoardSpace {
 public:
  explicit SolutionSpace(const Puzzle& puzzle) : BoardSpace(puzzle.n()) {
    using namespace Gecode;
    grid::post_latin(*this, x_, puzzle.n());
    const Shape shape(puzzle);
    for (std::size_t k = 0; k < shape.cages.size(); ++k) {
      const Cage& cage = shape.cages[k];
      IntVarArgs cells;
      for (const int c : cage.cells) cells << x_[c];
      std::vector<std::vector<int>> fillings;
      if (list_fillings(shape, k, kTableFillings, fillings)) {
        TupleSet table(cells.size());
        for (const auto& filling : fillings) table.add(IntArgs(filling));
        table.finalize();
        if (fillings.empty())
          fail();
        else
          extensional(*this, cells, table);
        continue;
      }
      const int value = static_cast<int>(cage.value);
      switch (cage.op) {
        case Op::add:
          linear(*this, cells, IRT_EQ, value);
          break;
        case Op::mul: {
          IntVar product = cells[0];
          for (int i = 1; i < cells.size(); ++i) {
            IntVar next(*this, 1, value);
            mult(*this, product, cells[i], next);
            product = next;
          }
          rel(*this, product, IRT_EQ, value);
          break;
        }
        case Op::sub:
          rel(*this, abs(cells[0] - cells[1]) == value);
          break;
        case Op::div:
          rel(*this, cells[0] == value * cells[1] || cells[1] == value * cells[0]);
          break;
      }
    }
    Gecode::branch(*this, x_, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
  }
  SolutionSpace(SolutionSpace& other) : BoardSpace(other) {}
  Gecode::Space* copy() override { return new SolutionSpace(*this); }
};

class Filled final : public Solution {
 public:
  Filled(const Puzzle& puzzle, std::vector<int> values)
      : puzzle_(puzzle), values_(std::move(values)) {}
  Json to_json() const override {
    return {{"kind", "solution"}, {"grid", grid::rows_json(puzzle_.n(), values_)}};
  }
  std::string render_text() const override {
    std::string out = "solution:\n";
    for (int r = 0; r < puzzle_.n(); ++r) {
      for (int c = 0; c < puzzle_.n(); ++c) {
        if (c > 0) out += ' ';
        out += std::to_string(values_[static_cast<std::size_t>(r * puzzle_.n() + c)]);
      }
      out += "\n";
    }
    return out;
  }
  render::Drawing draw() const override { return puzzle_.draw_filled(values_); }

 private:
  const Puzzle& puzzle_;
  std::vector<int> values_;
};

// The target `op` gives for these numbers, or 0 when it gives none (a quotient that is not
// whole, a product too large).
std::int64_t target(Op op, const std::vector<int>& numbers) {
  switch (op) {
    case Op::add:
      return std::accumulate(numbers.begin(), numbers.end(), std::int64_t{0});
    case Op::mul: {
      std::int64_t p = 1;
      for (const int v : numbers) {
        p *= v;
        if (p > kMaxTarget) return 0;
      }
      return p;
    }
    case Op::sub:
      return numbers.size() == 2 ? std::abs(numbers[0] - numbers[1]) : 0;
    case Op::div: {
      if (numbers.size() != 2) return 0;
      const int big = std::max(numbers[0], numbers[1]), small = std::min(numbers[0], numbers[1]);
      return big % small == 0 && big != small ? big / small : 0;
    }
  }
  return 0;
}

std::vector<int> values_in(const std::vector<int>& square, const std::vector<int>& cells) {
  std::vector<int> out;
  for (const int c : cells) out.push_back(square[static_cast<std::size_t>(c)]);
  return out;
}

// Puzzles of size n: per neighbouring pair whether the two cells share a cage, per cell an
// operation (read at a cage's first cell: for a cage of 2 any of + x - /, a quotient that is not
// whole read as -; for larger cages + or x), and a Latin square whose numbers give the targets,
// so that every puzzle in it has a solution.
class PuzzleSpace final : public InstanceSpace {
 public:
  PuzzleSpace(int n, const InstanceSearch& search)
      : n_(n),
        joined_(*this, 2 * n * (n - 1), 0, 1),
        ops_(*this, n * n, 0, 3),
        square_(*this, n * n, 1, n) {
    using namespace Gecode;
    grid::post_latin(*this, square_, n);
    // A cell joined to its left or upper neighbour does not start a cage: its operation is
    // unused, kept at 0 so that it does not multiply the puzzles.
    const auto pairs = grid::neighbour_pairs(n);
    for (std::size_t k = 0; k < pairs.size(); ++k)
      rel(*this, joined_[static_cast<int>(k)] == 0 || ops_[pairs[k].b] == 0);
    branch(*this, joined_, INT_VAR_NONE(), search.value_order());
    branch(*this, ops_, INT_VAR_NONE(), search.value_order());
    branch(*this, square_, INT_VAR_NONE(), search.value_order());
  }
  PuzzleSpace(PuzzleSpace& other) : InstanceSpace(other), n_(other.n_) {
    joined_.update(*this, other.joined_);
    ops_.update(*this, other.ops_);
    square_.update(*this, other.square_);
  }
  Gecode::Space* copy() override { return new PuzzleSpace(*this); }

  std::unique_ptr<Instance> instance() const override {
    const int n = n_;
    std::vector<int> root(static_cast<std::size_t>(n * n));
    std::iota(root.begin(), root.end(), 0);
    const auto find = [&](int x) {
      while (root[static_cast<std::size_t>(x)] != x) x = root[static_cast<std::size_t>(x)];
      return x;
    };
    const auto pairs = grid::neighbour_pairs(n);
    for (std::size_t k = 0; k < pairs.size(); ++k)
      if (joined_[static_cast<int>(k)].val()) {
        const int a = find(pairs[k].a), b = find(pairs[k].b);
        root[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
      }
    std::vector<int> square;
    for (int i = 0; i < square_.size(); ++i) square.push_back(square_[i].val());
    std::vector<Cage> cages;
    std::vector<int> index(static_cast<std::size_t>(n * n), -1);
    for (int cell = 0; cell < n * n; ++cell) {
      int& k = index[static_cast<std::size_t>(find(cell))];
      if (k < 0) k = static_cast<int>(cages.size()), cages.emplace_back();
      cages[static_cast<std::size_t>(k)].cells.push_back(cell);
    }
    for (Cage& cage : cages) {
      const int chosen = ops_[cage.cells.front()].val();
      const auto numbers = values_in(square, cage.cells);
      cage.op = cage.cells.size() == 1   ? Op::add
                : cage.cells.size() == 2 ? static_cast<Op>(chosen)
                                         : static_cast<Op>(chosen % 2);
      if (target(cage.op, numbers) == 0) cage.op = cage.cells.size() == 2 ? Op::sub : Op::add;
      cage.value = target(cage.op, numbers);
    }
    return std::make_unique<Puzzle>(make_puzzle(n, std::move(cages)));
  }

 private:
  int n_;
  Gecode::IntVarArray joined_, ops_, square_;
};

// A random partition of the board into connected cages of 2 to 4 cells, mostly 2 and 3; a cell
// left alone joins a neighbouring cage (which may then have 5).
std::vector<std::vector<int>> random_cages(int n, Rng& rng) {
  std::vector<int> order(static_cast<std::size_t>(n * n));
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order);
  std::vector<int> owner(order.size(), -1);
  std::vector<std::vector<int>> cages;
  static constexpr int kSizeWeights[] = {0, 8, 5, 3};  // sizes 1 to 4, out of 16
  for (const int start : order) {
    if (owner[static_cast<std::size_t>(start)] >= 0) continue;
    std::uint64_t draw = rng.below(16);
    std::size_t size = 1;
    for (int w : kSizeWeights) {
      if (draw < static_cast<std::uint64_t>(w)) break;
      draw -= static_cast<std::uint64_t>(w);
      ++size;
    }
    std::vector<int> cage{start};
    owner[static_cast<std::size_t>(start)] = static_cast<int>(cages.size());
    while (cage.size() < size) {
      std::vector<int> frontier;
      for (const int c : cage) {
        const int r = c / n, col = c % n;
        if (r > 0) frontier.push_back(c - n);
        if (r + 1 < n) frontier.push_back(c + n);
        if (col > 0) frontier.push_back(c - 1);
        if (col + 1 < n) frontier.push_back(c + 1);
      }
      std::erase_if(frontier, [&](int c) { return owner[static_cast<std::size_t>(c)] >= 0; });
      if (frontier.empty()) break;
      const int next = frontier[rng.below(frontier.size())];
      owner[static_cast<std::size_t>(next)] = static_cast<int>(cages.size());
      cage.push_back(next);
    }
    cages.push_back(std::move(cage));
  }
  for (std::size_t k = 0; k < cages.size(); ++k) {
    if (cages[k].size() != 1) continue;
    const int c = cages[k].front(), r = c / n, col = c % n;
    std::vector<int> near;
    if (r > 0) near.push_back(owner[static_cast<std::size_t>(c - n)]);
    if (r + 1 < n) near.push_back(owner[static_cast<std::size_t>(c + n)]);
    if (col > 0) near.push_back(owner[static_cast<std::size_t>(c - 1)]);
    if (col + 1 < n) near.push_back(owner[static_cast<std::size_t>(c + 1)]);
    const int into = near[rng.below(near.size())];
    cages[static_cast<std::size_t>(into)].push_back(c);
    owner[static_cast<std::size_t>(c)] = into;
    cages[k].clear();
  }
  std::erase_if(cages, [](const std::vector<int>& cage) { return cage.empty(); });
  return cages;
}

// An operation for a cage holding `numbers`, drawn as puzzle makers do: a quotient or a
// difference for two cells, where it is whole, more often than a sum or a product.
Op random_op(const std::vector<int>& numbers, bool multiplication_only, Rng& rng) {
  if (multiplication_only) return Op::mul;
  if (numbers.size() == 1) return Op::add;
  if (numbers.size() == 2) {
    const bool whole = target(Op::div, numbers) != 0;
    const std::uint64_t draw = rng.below(whole ? 7 : 4);
    if (whole && draw >= 4) return Op::div;
    return draw < 2 ? Op::sub : draw == 2 ? Op::add : Op::mul;
  }
  const Op op = rng.below(2) == 0 ? Op::add : Op::mul;
  return target(op, numbers) == 0 ? Op::add : op;
}

// Cuts a cage in two connected parts, `keep` in the first; a cage of one cell stays.
std::vector<std::vector<int>> split_cage(int n, const std::vector<int>& cage, int keep, Rng& rng) {
  if (cage.size() < 2) return {cage};
  const auto touching = [n](int a, int b) {
    return (a / n == b / n && std::abs(a - b) == 1) || std::abs(a - b) == n;
  };
  const auto connected = [&](const std::vector<int>& cells) {
    if (cells.empty()) return false;
    std::vector<int> reached{cells.front()};
    for (std::size_t k = 0; k < reached.size(); ++k)
      for (const int c : cells)
        if (touching(reached[k], c) &&
            std::find(reached.begin(), reached.end(), c) == reached.end())
          reached.push_back(c);
    return reached.size() == cells.size();
  };
  for (int attempt = 0; attempt < 8; ++attempt) {
    std::vector<int> part{keep}, rest;
    // Parts of 2 cells or more where the cage allows it: a cage of one cell is a given number.
    const std::size_t want =
        cage.size() >= 4 ? 2 + rng.below(cage.size() - 3) : 1 + rng.below(cage.size() - 1);
    while (part.size() < want) {
      std::vector<int> frontier;
      for (const int c : cage)
        if (std::find(part.begin(), part.end(), c) == part.end())
          for (const int p : part)
            if (touching(p, c)) {
              frontier.push_back(c);
              break;
            }
      if (frontier.empty()) break;
      part.push_back(frontier[rng.below(frontier.size())]);
    }
    for (const int c : cage)
      if (std::find(part.begin(), part.end(), c) == part.end()) rest.push_back(c);
    if (connected(rest)) return {part, rest};
  }
  // The cell alone, and what is left of the cage in its connected pieces.
  std::vector<std::vector<int>> out{{keep}};
  std::vector<int> left;
  for (const int c : cage)
    if (c != keep) left.push_back(c);
  while (!left.empty()) {
    std::vector<int> piece{left.front()};
    for (std::size_t k = 0; k < piece.size(); ++k)
      for (const int c : left)
        if (touching(piece[k], c) && std::find(piece.begin(), piece.end(), c) == piece.end())
          piece.push_back(c);
    std::erase_if(left,
                  [&](int c) { return std::find(piece.begin(), piece.end(), c) != piece.end(); });
    out.push_back(std::move(piece));
  }
  return out;
}

// Grades and second methods for verify (family.hpp); cages are not clues taken back one by
// one, so it offers no Clues.
class KenKen final : public FamilyOf<Puzzle>,
                     public GradingOf<Puzzle>,
                     public VerificationOf<Puzzle> {
 public:
  const Grading* grading() const override { return this; }
  const Verification* verification() const override { return this; }

  std::string name() const override { return "kenken"; }
  std::string title() const override { return "KenKen"; }
  std::string summary() const override {
    return "Fill an n x n grid with 1..n, each once in every row and column, so that the numbers "
           "in each cage give its target by its operation (+, -, x, /).";
  }
  std::vector<OptionInfo> parameters() const override {
    return {OptionInfo::integer("n", "the grid is n x n, filled with 1..n", "6", 3, 9),
            OptionInfo::choice("operations",
                               "the operations random puzzles use: all four, or multiplication "
                               "only (Inshi no heya)",
                               "all", {"all", "multiplication"})};
  }
  std::vector<OptionInfo> instance_constraints() const override { return {}; }
  std::vector<OptionInfo> solution_options() const override { return {}; }
  std::vector<KindInfo> kinds() const override {
    return {{"solution", "the grid filled in, each cage giving its target"}};
  }
  std::vector<KindInfo> measures() const override {
    return {{"cages", "how many cages there are"},
            {"largest-cage", "how many cells the largest cage has"},
            {"single-cells", "how many cages have one cell (a given number)"}};
  }
  std::uint64_t measure(const Puzzle& puzzle, const std::string& name) const override {
    std::size_t largest = 0, singles = 0;
    for (const Cage& cage : puzzle.cages()) {
      largest = std::max(largest, cage.cells.size());
      singles += cage.cells.size() == 1 ? 1 : 0;
    }
    return name == "cages" ? puzzle.cages().size() : name == "largest-cage" ? largest : singles;
  }
  Json solve_facts(const Puzzle& puzzle, const Limits&) const override {
    Json out = {{"cages", puzzle.cages().size()}};
    if (const std::string game = puzzle.game_description(); !game.empty()) out["game"] = game;
    return out;
  }
  std::string task(const Puzzle& puzzle, const std::string&) const override {
    const std::string n = std::to_string(puzzle.n());
    return "Write a number from 1 to " + n + " in every cell so that each row and each column " +
           "has every number once. The numbers in each cage (thick walls) must give the target " +
           "in its corner: added (+), multiplied (\u00d7), the larger less the smaller (\u2212) " +
           "or the larger divided by the smaller (\u00f7).";
  }
  // On screen (render/play.hpp): the rows, the columns and each cage's arithmetic are checked,
  // and each cage's clue is shown in its first cell.
  Json play(const Puzzle& puzzle, const std::string&) const override {
    const int n = puzzle.n();
    render::PlayGrid play;
    play.rows = play.columns = n;
    for (int v = 1; v <= n; ++v) play.values.push_back(std::to_string(v));
    play.givens.assign(static_cast<std::size_t>(n * n), std::nullopt);
    play.labels.assign(static_cast<std::size_t>(n * n), "");
    for (const Cage& cage : puzzle.cages()) {
      static constexpr char kOps[] = {'+', 'x', '-', '/'};
      play.cages.push_back({cage.cells,
                            cage.cells.size() == 1 ? '\0' : kOps[static_cast<int>(cage.op)],
                            static_cast<long long>(cage.value)});
      play.labels[static_cast<std::size_t>(cage.cells.front())] = clue_text(cage);
      if (cage.cells.size() == 1)
        play.givens[static_cast<std::size_t>(cage.cells.front())] =
            static_cast<int>(cage.value) - 1;
    }
    play.add_rows_and_columns();
    return play.to_json();
  }
  std::string count_phrase(const std::string&, const Count& count,
                           const OptionValues&) const override {
    return count_words(count, "solution", "solutions");
  }

  std::unique_ptr<Instance> read_instance(const YAML::Node& document,
                                          const std::string& file) const override {
    return std::make_unique<Puzzle>(read_puzzle(document, file));
  }
  OptionValues parameters_of(const Puzzle& puzzle) const override {
    // `operations` is how random puzzles are drawn, not a property a puzzle is checked for.
    OptionValues values;
    values.set("n", static_cast<std::int64_t>(puzzle.n()));
    return values;
  }
  bool satisfies(const Puzzle&, const OptionValues&) const override { return true; }

  // On bit masks (solver.hpp): a generator asks this dozens of times per puzzle.
  Count count(const Puzzle& puzzle, const std::string&, const OptionValues&, std::uint64_t cap,
              const Limits& limits) const override {
    return count_solutions(Shape(puzzle), cap, limits).count;
  }
  Recount verify_counts(const Puzzle& puzzle, const std::string&, const OptionValues&,
                        const Limits& limits) const override {
    return fillings_by_brute_force(puzzle, limits);
  }
  Recount verify_class_size(const Puzzle& puzzle, const Limits&) const override {
    return class_size_by_stabiliser(puzzle);
  }
  std::unique_ptr<Solution> first_solution(const Puzzle& puzzle, const std::string&,
                                           const Limits& limits) const override {
    SolutionSpace root(puzzle);
    const auto found = puzzlegen::first_solution<SolutionSpace>(root, limits);
    return found ? std::make_unique<Filled>(puzzle, found->values()) : nullptr;
  }

  std::vector<std::string> graded_kinds() const override { return {"solution"}; }
  // The grade a person feels (solver.hpp): singles and cage clues, cage fillings, sets.
  std::optional<Grade> reasoned_grade(const Puzzle& puzzle, const std::string&,
                                      const Limits& limits) const override {
    return reason(Shape(puzzle), limits).grade;
  }
  Explanation explain(const Puzzle& puzzle, const std::string&, std::size_t steps, double,
                      const Limits& limits) const override {
    const Reasoning reasoning = reason(Shape(puzzle), limits, steps);
    Explanation out;
    for (const Step& step : reasoning.steps) out.steps.push_back({step.text, step.cells});
    out.drawing = puzzle.draw_steps(step_cells(out));
    return out;
  }
  std::unique_ptr<GradedSpace> graded_space(const Puzzle& puzzle,
                                            const std::string&) const override {
    return std::make_unique<SolutionSpace>(puzzle);
  }

  std::unique_ptr<InstanceSpace> instance_space(const OptionValues& parameters, const OptionValues&,
                                                const InstanceSearch& search) const override {
    return std::make_unique<PuzzleSpace>(static_cast<int>(parameters.integer("n")), search);
  }

  // A puzzle with one solution, as puzzle makers build them: a random Latin square, a random
  // partition into cages of 1 to 4 cells, an operation per cage; then, while a second solution
  // exists, a cage where it differs gets an operation that rules it out, or is cut in two.
  std::unique_ptr<Instance> random_instance(const OptionValues& parameters, const OptionValues&,
                                            const std::map<std::string, Bounds>&,
                                            Rng& rng) const override {
    const int n = static_cast<int>(parameters.integer("n"));
    const bool multiplication = parameters.choice("operations") == "multiplication";
    const std::vector<int> square = random_latin_square(n, rng);
    std::vector<Cage> cages;
    for (auto& cells : random_cages(n, rng)) {
      Cage cage;
      cage.cells = std::move(cells);
      const auto numbers = values_in(square, cage.cells);
      cage.op = random_op(numbers, multiplication, rng);
      cage.value = target(cage.op, numbers);
      cages.push_back(std::move(cage));
    }
    for (int round = 0;; ++round) {
      const SolveCount found = count_solutions(Shape(n, cages), 2, Limits{}, 2);
      if (found.count.value <= 1) break;
      const auto& other = found.solutions[0] == square ? found.solutions[1] : found.solutions[0];
      // The cages where the second solution differs, and a cell of each where it does.
      std::vector<std::pair<std::size_t, int>> differing;
      for (std::size_t k = 0; k < cages.size(); ++k)
        for (const int c : cages[k].cells)
          if (other[static_cast<std::size_t>(c)] != square[static_cast<std::size_t>(c)]) {
            differing.emplace_back(k, c);
            break;
          }
      // Another operation that the second solution breaks, while few rounds have gone by.
      std::vector<std::pair<std::size_t, Op>> breaking;
      if (!multiplication && round < 4 * n * n)
        for (const auto& [k, cell] : differing) {
          const Cage& cage = cages[k];
          const auto numbers = values_in(square, cage.cells);
          const auto others = values_in(other, cage.cells);
          for (const Op op : {Op::add, Op::mul, Op::sub, Op::div}) {
            const std::int64_t value = target(op, numbers);
            if (op != cage.op && value != 0 && cage.cells.size() > 1 && target(op, others) != value)
              breaking.emplace_back(k, op);
          }
        }
      if (!breaking.empty()) {
        const auto [k, op] = breaking[rng.below(breaking.size())];
        cages[k].op = op;
        cages[k].value = target(op, values_in(square, cages[k].cells));
        continue;
      }
      // Otherwise one of the largest such cages is cut in two.
      std::size_t largest = 0;
      for (const auto& [k, cell] : differing) largest = std::max(largest, cages[k].cells.size());
      std::erase_if(differing,
                    [&](const auto& d) { return cages[d.first].cells.size() < largest; });
      const auto [k, cell] = differing[rng.below(differing.size())];
      const std::vector<int> cells = cages[k].cells;
      cages.erase(cages.begin() + static_cast<std::ptrdiff_t>(k));
      for (auto& part : split_cage(n, cells, cell, rng)) {
        Cage cage;
        cage.cells = std::move(part);
        const auto part_numbers = values_in(square, cage.cells);
        cage.op = random_op(part_numbers, multiplication, rng);
        cage.value = target(cage.op, part_numbers);
        cages.push_back(std::move(cage));
      }
    }
    // A cage of one cell is a given number: each, in a random order, joins a neighbouring cage
    // of at most 3 cells where the solution stays the only one.
    std::vector<int> alone;
    for (const Cage& cage : cages)
      if (cage.cells.size() == 1) alone.push_back(cage.cells.front());
    rng.shuffle(alone);
    const auto cage_at = [&](int cell) {
      return static_cast<std::size_t>(std::find_if(cages.begin(), cages.end(),
                                                   [&](const Cage& cage) {
                                                     return std::find(cage.cells.begin(),
                                                                      cage.cells.end(),
                                                                      cell) != cage.cells.end();
                                                   }) -
                                      cages.begin());
    };
    for (const int cell : alone) {
      const std::size_t k = cage_at(cell);
      if (cages[k].cells.size() != 1) continue;  // another joined it
      std::vector<int> near;
      const int r = cell / n, c = cell % n;
      if (r > 0) near.push_back(cell - n);
      if (r + 1 < n) near.push_back(cell + n);
      if (c > 0) near.push_back(cell - 1);
      if (c + 1 < n) near.push_back(cell + 1);
      rng.shuffle(near);
      for (const int neighbour : near) {
        const std::size_t j = cage_at(neighbour);
        if (cages[j].cells.size() > 3) continue;
        Cage joined;
        joined.cells = cages[j].cells;
        joined.cells.push_back(cell);
        const auto numbers = values_in(square, joined.cells);
        joined.op = random_op(numbers, multiplication, rng);
        joined.value = target(joined.op, numbers);
        std::vector<Cage> trial;
        for (std::size_t i = 0; i < cages.size(); ++i)
          if (i != j && i != k) trial.push_back(cages[i]);
        trial.push_back(joined);
        if (count_solutions(Shape(n, trial), 2, Limits{}).count.value == 1) {
          cages = std::move(trial);
          break;
        }
      }
    }
    return std::make_unique<Puzzle>(make_puzzle(n, std::move(cages)));
  }
};

}  // namespace

std::unique_ptr<Family> make_family() {
  return std::make_unique<KenKen>();
}

}  // namespace kenken
