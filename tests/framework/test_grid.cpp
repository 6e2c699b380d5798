// The grid kit (framework/grid): keys and class sizes against boards turned and reflected by
// hand here, border clues and marks moving with the cells, renamings counted through the
// stabiliser against listing them, text, located reading errors, posting and minimal puzzles,
// and the bit-mask counter against backtracking.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>

#include "grid/board.hpp"
#include "grid/counting.hpp"
#include "grid/model.hpp"
#include "grid/reasoning.hpp"
#include "latin.hpp"
#include "symmetry.hpp"
#include "yaml_read.hpp"

using namespace puzzlegen;
using grid::Board;
using grid::Side;

namespace {

// A board turned a quarter clockwise, written out without the kit: the cell (r, c) goes to
// (c, n-1-r); the top clues go to the right side, the right ones to the bottom (reversed), the
// bottom ones to the left, the left ones to the top (reversed); an across mark becomes a down
// mark and a down mark an across one with its cells swapped.
Board quarter_turn(const Board& b) {
  const int n = b.n;
  Board out = b;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) out.cells[static_cast<std::size_t>(c * n + n - 1 - r)] = b.at(r, c);
  if (!b.side(Side::top).empty() || !b.side(Side::left).empty() || !b.side(Side::right).empty() ||
      !b.side(Side::bottom).empty()) {
    auto side = [&](Side s) {
      auto v = b.side(s);
      if (v.empty()) v.assign(static_cast<std::size_t>(n), 0);
      return v;
    };
    auto top = side(Side::top), right = side(Side::right), bottom = side(Side::bottom),
         left = side(Side::left);
    std::reverse(right.begin(), right.end());
    std::reverse(left.begin(), left.end());
    out.side(Side::right) = top;
    out.side(Side::bottom) = right;
    out.side(Side::left) = bottom;
    out.side(Side::top) = left;
  }
  if (!b.across.empty()) {
    const auto swap_order = [](int v) { return v == 1 ? 2 : v == 2 ? 1 : v; };
    for (int r = 0; r < n; ++r)
      for (int c = 0; c + 1 < n; ++c)  // (r,c)|(r,c+1) -> (c,n-1-r) over (c+1,n-1-r)
        out.down[static_cast<std::size_t>(c * n + n - 1 - r)] =
            b.across[static_cast<std::size_t>(r * (n - 1) + c)];
    for (int r = 0; r + 1 < n; ++r)
      for (int c = 0; c < n; ++c)  // (r,c)/(r+1,c) -> (c,n-1-r) right of (c,n-2-r)
        out.across[static_cast<std::size_t>(c * (n - 1) + n - 2 - r)] =
            swap_order(b.down[static_cast<std::size_t>(r * n + c)]);
  }
  if (!b.regions.empty())
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        out.regions[static_cast<std::size_t>(c * n + n - 1 - r)] =
            b.regions[static_cast<std::size_t>(r * n + c)];
  return out;
}

// The board mirrored left to right, without the kit.
Board mirror(const Board& b) {
  const int n = b.n;
  Board out = b;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) out.cells[static_cast<std::size_t>(r * n + n - 1 - c)] = b.at(r, c);
  for (const Side s : {Side::top, Side::bottom})
    std::reverse(out.side(s).begin(), out.side(s).end());
  std::swap(out.side(Side::left), out.side(Side::right));
  if (!b.across.empty()) {
    const auto swap_order = [](int v) { return v == 1 ? 2 : v == 2 ? 1 : v; };
    for (int r = 0; r < n; ++r)
      for (int c = 0; c + 1 < n; ++c)
        out.across[static_cast<std::size_t>(r * (n - 1) + n - 2 - c)] =
            swap_order(b.across[static_cast<std::size_t>(r * (n - 1) + c)]);
    for (int r = 0; r + 1 < n; ++r)
      for (int c = 0; c < n; ++c)
        out.down[static_cast<std::size_t>(r * n + n - 1 - c)] =
            b.down[static_cast<std::size_t>(r * n + c)];
  }
  if (!b.regions.empty())
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        out.regions[static_cast<std::size_t>(r * n + n - 1 - c)] =
            b.regions[static_cast<std::size_t>(r * n + c)];
  return out;
}

// The 8 images of a board, by quarter turns and a mirror.
std::vector<Board> eight(const Board& b) {
  std::vector<Board> out;
  Board t = b;
  for (int k = 0; k < 4; ++k) {
    out.push_back(t);
    out.push_back(mirror(t));
    t = quarter_turn(t);
  }
  return out;
}

// A board compared as a puzzle: the regions as a partition (each cell's region's first cell).
std::vector<int> plain(const Board& b) {
  std::vector<int> out = b.cells;
  for (const auto& s : b.border)
    for (std::size_t i = 0; i < static_cast<std::size_t>(b.n); ++i)
      out.push_back(s.empty() ? 0 : s[i]);
  out.insert(out.end(), b.across.begin(), b.across.end());
  out.insert(out.end(), b.down.begin(), b.down.end());
  for (std::size_t cell = 0; cell < b.regions.size(); ++cell) {
    const auto first = std::find(b.regions.begin(), b.regions.end(), b.regions[cell]);
    out.push_back(static_cast<int>(first - b.regions.begin()));
    out.push_back(b.region_clues[static_cast<std::size_t>(b.regions[cell])]);
  }
  return out;
}

Board random_board(int n, Rng& rng, bool border, bool marks, bool regions) {
  Board b = Board::empty(n, marks);
  for (int& v : b.cells) v = rng.below(3) == 0 ? 1 + static_cast<int>(rng.below(3)) : 0;
  if (border) {
    b.side(Side::top).assign(static_cast<std::size_t>(n), 0);
    b.side(Side::left).assign(static_cast<std::size_t>(n), 0);
    for (int& v : b.side(Side::top)) v = static_cast<int>(rng.below(3));
    for (int& v : b.side(Side::left)) v = static_cast<int>(rng.below(3));
  }
  if (marks) {
    for (int& v : b.across) v = static_cast<int>(rng.below(3));
    for (int& v : b.down) v = static_cast<int>(rng.below(3));
  }
  if (regions) {
    b.regions = grid::box_regions(n, n == 4 ? 2 : 1, n);  // rows as regions
    b.region_clues.assign(static_cast<std::size_t>(n), 0);
    for (int& v : b.region_clues) v = static_cast<int>(rng.below(2));
  }
  return b;
}

}  // namespace

TEST_CASE("grid: keys are equal exactly across the 8 symmetries, sizes are the distinct images",
          "[grid]") {
  grid::BoardSymmetry geometric;
  geometric.marks = grid::Marks::ordered;
  Rng rng(7);
  for (int trial = 0; trial < 60; ++trial) {
    const int n = 3 + trial % 2;
    const Board b = random_board(n, rng, trial % 3 != 0, trial % 2 == 0, trial % 5 == 0);
    const auto images = eight(b);
    std::set<std::vector<int>> distinct;
    for (const Board& image : images) {
      CHECK(grid::canonical_key(image, geometric) == grid::canonical_key(b, geometric));
      distinct.insert(plain(image));
    }
    CHECK(grid::class_size(b, geometric) == Natural(distinct.size()));
  }
  // A clue on the top looking down column 1 is the same puzzle as one on the left looking
  // along row 1 (a transposition), not as one on the top looking down column 2.
  Board a = Board::empty(3), c = Board::empty(3), d = Board::empty(3);
  a.side(Side::top) = {2, 0, 0};
  c.side(Side::left) = {2, 0, 0};
  d.side(Side::top) = {0, 2, 0};
  CHECK(grid::canonical_key(a, geometric) == grid::canonical_key(c, geometric));
  CHECK(grid::canonical_key(a, geometric) != grid::canonical_key(d, geometric));
  CHECK(grid::class_size(a, geometric) == 8);  // a corner slot: 8 places around the board
  CHECK(grid::class_size(d, geometric) == 4);  // a middle slot: 4
}

TEST_CASE("grid: keeping rows as rows is 4 symmetries", "[grid]") {
  grid::BoardSymmetry rows;
  rows.geometry = grid::dihedral_group(false);
  CHECK(rows.geometry.size() == 4);
  Board a = Board::empty(4), transposed = Board::empty(4);
  a.cells[1] = 1;           // r1c2
  transposed.cells[4] = 1;  // r2c1
  CHECK(grid::canonical_key(a, rows) != grid::canonical_key(transposed, rows));
  CHECK(grid::canonical_key(a, {}) == grid::canonical_key(transposed, {}));
}

TEST_CASE("grid: with renamings the class size is the images under symmetries and renamings",
          "[grid]") {
  grid::BoardSymmetry sudoku;
  sudoku.values = grid::Values::renaming;
  const auto renamings = all_permutations(4);
  Rng rng(11);
  for (int trial = 0; trial < 30; ++trial) {
    Board b = Board::empty(4);
    for (int& v : b.cells) v = rng.below(2) == 0 ? 1 + static_cast<int>(rng.below(4)) : 0;
    std::set<std::vector<int>> listed;
    for (const Board& image : eight(b))
      for (const auto& p : renamings) {
        std::vector<int> renamed = image.cells;
        for (int& v : renamed)
          if (v) v = p[static_cast<std::size_t>(v - 1)] + 1;
        listed.insert(renamed);
        Board other = image;
        other.cells = renamed;
        CHECK(grid::canonical_key(other, sudoku) == grid::canonical_key(b, sudoku));
      }
    CHECK(grid::class_size(b, sudoku) == Natural(listed.size()));
  }
}

TEST_CASE("grid: reversal turns ordered marks round", "[grid]") {
  grid::BoardSymmetry futoshiki{grid::dihedral_group(), grid::Values::reversal,
                                grid::Marks::ordered};
  Board a = Board::empty(3, true), b = Board::empty(3, true);
  a.across[0] = 1;  // r1c1 < r1c2
  a.cells[0] = 1;
  b.across[0] = 2;  // r1c1 > r1c2: the reversal of a (1 -> 3)
  b.cells[0] = 3;
  CHECK(grid::canonical_key(a, futoshiki) == grid::canonical_key(b, futoshiki));
  grid::BoardSymmetry fixed = futoshiki;
  fixed.values = grid::Values::fixed;
  CHECK(grid::canonical_key(a, fixed) != grid::canonical_key(b, fixed));
  // As a fact about the pair, a mark does not turn round.
  fixed.marks = grid::Marks::unordered;
  Board left = Board::empty(3, true), right = Board::empty(3, true);
  left.across[0] = 1;   // between r1c1 and r1c2
  right.across[1] = 1;  // between r1c2 and r1c3: its mirror image
  CHECK(grid::canonical_key(left, fixed) == grid::canonical_key(right, fixed));
}

TEST_CASE("grid: regions compare as partitions", "[grid]") {
  Board a = Board::empty(4), b = Board::empty(4);
  a.regions = grid::box_regions(4, 2, 2);
  a.region_clues = {5, 6, 7, 8};
  b.regions = a.regions;
  for (int& r : b.regions) r = 3 - r;  // the same boxes, numbered the other way
  b.region_clues = {8, 7, 6, 5};
  CHECK(grid::encoding(a) == grid::encoding(b));
  b.region_clues = {8, 7, 5, 6};
  CHECK(grid::encoding(a) != grid::encoding(b));
  CHECK(grid::box_regions(6, 2, 3) == std::vector<int>{0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1,
                                                       2, 2, 2, 3, 3, 3, 2, 2, 2, 3, 3, 3,
                                                       4, 4, 4, 5, 5, 5, 4, 4, 4, 5, 5, 5});
}

TEST_CASE("grid: text shows cells, marks and border clues", "[grid]") {
  Board b = Board::empty(3, true);
  b.cells = {1, 0, 0, 0, 2, 0, 0, 0, 3};
  b.across[0] = 1;
  b.down[4] = 2;
  CHECK(grid::board_text(b) ==
        "1 1 .   .\n"
        "\n"
        ".   2   .\n"
        "    2\n"
        ".   .   3\n");
  Board s = Board::empty(3);
  s.side(Side::top) = {3, 0, 1};
  s.side(Side::left) = {0, 12, 0};
  s.side(Side::right) = {1, 0, 0};
  CHECK(grid::board_text(s) ==
        "   3   1\n"
        "   . . . 1\n"
        "12 . . .\n"
        "   . . .\n");
}

TEST_CASE("grid: rows and borders read back, and mistakes are located", "[grid]") {
  Board b = Board::empty(3);
  b.cells = grid::read_rows(parse_yaml("g: [[1, 0, 2], [0, 0, 0], [3, 0, 0]]", "t.yaml")["g"],
                            "t.yaml", "givens", 3, 1, 3);
  CHECK(b.cells == std::vector<int>{1, 0, 2, 0, 0, 0, 3, 0, 0});
  CHECK(grid::rows_json(3, b.cells).dump() == "[[1,0,2],[0,0,0],[3,0,0]]");
  grid::read_border(parse_yaml("b: {top: [0, 1, 3], left: [2, 0, 0]}", "t.yaml")["b"], "t.yaml",
                    "clues", 1, 3, b);
  CHECK(b.side(Side::top) == std::vector<int>{0, 1, 3});
  CHECK(b.side(Side::right).empty());
  CHECK(grid::border_json(b).dump() == R"({"top":[0,1,3],"left":[2,0,0]})");
  const auto error = [](const std::string& text, auto read) -> std::string {
    try {
      read(parse_yaml(text, "t.yaml")["x"]);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  const auto rows = [](const YAML::Node& x) { grid::read_rows(x, "t.yaml", "givens", 3, 1, 3); };
  CHECK_THAT(
      error("x:\n  - [1, 0, 2]\n  - [0, 4, 0]\n  - [0, 0, 0]\n", rows),
      Catch::Contains("t.yaml:3:9") && Catch::Contains("givens[2]") && Catch::Contains("got 4"));
  CHECK_THAT(error("x: [[1, 0, 2], [0, 0]]", rows), Catch::Contains("3 rows of 3 numbers"));
  CHECK_THAT(error("x: [[1, 0, 2], [0, 0], [0, 0, 0]]", rows),
             Catch::Contains("t.yaml:1:16") && Catch::Contains("a row of 3 numbers"));
  Board target = Board::empty(3);
  const auto border = [&](const YAML::Node& x) {
    grid::read_border(x, "t.yaml", "clues", 1, 3, target);
  };
  CHECK_THAT(error("x: {top: [0, 1, 3], lft: [1, 1, 1]}", border),
             Catch::Contains("t.yaml:1:21") && Catch::Contains("did you mean 'left'"));
  CHECK_THAT(error("x: {top: [0, 1]}", border),
             Catch::Contains("clues.top") && Catch::Contains("a list of 3 clues"));
  CHECK_THAT(error("x:\n  bottom: [0, 1, 9]\n", border),
             Catch::Contains("t.yaml:2:18") && Catch::Contains("clues.bottom[3]"));
}

namespace {

class Square final : public Gecode::Space {
 public:
  explicit Square(const Board& b) : x_(*this, b.n * b.n, 1, b.n) {
    grid::post_latin(*this, x_, b.n);
    grid::post_givens(*this, x_, b);
    if (!b.across.empty()) grid::post_ordered_marks(*this, x_, b);
    if (!b.regions.empty()) grid::post_regions_distinct(*this, x_, b.regions);
    Gecode::branch(*this, x_, Gecode::INT_VAR_NONE(), Gecode::INT_VAL_MIN());
  }
  Square(Square& other) : Gecode::Space(other) { x_.update(*this, other.x_); }
  Gecode::Space* copy() override { return new Square(*this); }

 private:
  Gecode::IntVarArray x_;
};

std::uint64_t solutions(const Board& b, std::uint64_t cap) {
  Square root(b);
  return grid::count_up_to(root, cap);
}

}  // namespace

TEST_CASE("grid: Latin posting, boxes and marks count what is known", "[grid]") {
  CHECK(solutions(Board::empty(4), 0) == 576);  // 4 x 4 Latin squares
  Board boxes = Board::empty(4);
  boxes.regions = grid::box_regions(4, 2, 2);
  boxes.region_clues.assign(4, 0);
  CHECK(solutions(boxes, 0) == 288);          // 4 x 4 Sudoku grids
  CHECK(solutions(Board::empty(4), 2) == 2);  // capped
  Board ordered = Board::empty(3, true);
  ordered.across = {1, 1, 1, 1, 1, 1};  // every row increasing: only 1 2 3 in each, not Latin
  CHECK(solutions(ordered, 0) == 0);
  ordered.across = {1, 1, 0, 0, 0, 0};  // the first row is 1 2 3: 2 squares
  CHECK(solutions(ordered, 0) == 2);
}

// A 4x4 Latin square drawn from `rng`, and a board its cells are given on, for minimal_clues.
struct CluedSquare {
  static constexpr int n = 4;
  explicit CluedSquare(Rng& rng) : square(random_latin_square(n, rng)) {}
  std::vector<int> square;
  Board board = Board::empty(n);
  void set(int cell, bool on) {
    board.cells[static_cast<std::size_t>(cell)] = on ? square[static_cast<std::size_t>(cell)] : 0;
  }
  bool unique() const { return solutions(board, 2) == 1; }
  // The loop on this board, the square's cells its clues.
  std::vector<int> minimal(Rng& rng, int least = 0) {
    return grid::minimal_clues(
        n * n, [this](int cell, bool on) { set(cell, on); }, [this] { return unique(); }, rng,
        least);
  }
};

TEST_CASE("grid: minimal_clues keeps a unique puzzle from which no clue can go", "[grid]") {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Rng rng(seed);
    CluedSquare clued(rng);
    const int n = CluedSquare::n;
    Board& b = clued.board;
    const auto set = [&](int cell, bool on) { clued.set(cell, on); };
    const auto kept = clued.minimal(rng);
    CHECK(solutions(b, 2) == 1);
    CHECK(static_cast<int>(kept.size()) == b.given_count());
    for (const int cell : kept) {  // each clue is needed: without it, two solutions or more
      set(cell, false);
      CHECK(solutions(b, 2) == 2);
      set(cell, true);
    }
    // Told which clue was taken back, the loop keeps the same clues: -1 while adding, and
    // after a removal the clue just set off.
    Rng again(seed);
    random_latin_square(n, again);
    b = Board::empty(n);
    int last_off = -1;
    const auto told = grid::minimal_clues(
        n * n,
        [&](int cell, bool on) {
          set(cell, on);
          last_off = on ? -1 : cell;
        },
        [&](int taken_back) {
          CHECK(taken_back == last_off);
          return solutions(b, 2) == 1;
        },
        again);
    CHECK(told == kept);
  }
}

TEST_CASE("grid: minimal_clues with a floor keeps exactly the floor, unique, when above minimal",
          "[grid]") {
  // 4x4 Latin: minimal puzzles (critical sets) keep 4 to 7 givens; a floor of 9 must give 9
  // and one solution, and a floor below the minimal count changes nothing.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    for (const int least : {0, 2, 9, 16}) {
      Rng rng(seed);
      CluedSquare clued(rng);
      const Board& b = clued.board;
      const auto kept = clued.minimal(rng, least);
      INFO("seed " << seed << ", floor " << least);
      CHECK(solutions(b, 2) == 1);
      CHECK(static_cast<int>(kept.size()) == b.given_count());
      CHECK(b.given_count() >= least);
      bool minimal = true;
      for (const int cell : kept) {
        clued.set(cell, false);
        minimal = minimal && solutions(b, 2) == 2;
        clued.set(cell, true);
      }
      if (least <= 2) {
        CHECK(minimal);  // below every minimal count: the plain loop
        Rng plain(seed);
        CHECK(CluedSquare(plain).minimal(plain) == kept);
      } else {
        CHECK(b.given_count() == least);  // the floor is above every minimal count
      }
    }
  }
  const std::map<std::string, Bounds> bounds{{"givens", Bounds{30, std::nullopt}},
                                             {"clues", Bounds{std::nullopt, 40}}};
  CHECK(grid::least_clues(bounds, "givens") == 30);
  CHECK(grid::least_clues(bounds, "clues") == 0);
  CHECK(grid::least_clues(bounds, "cages") == 0);
}

TEST_CASE("grid: minimal_clues by bisection keeps the same clues, and a ceiling drops early",
          "[grid]") {
  // Uniqueness is monotone in the clues, so galloping and bisection find the same number to add
  // as adding them one by one, and the same clues stay; with fewer questions.
  // The loop on the square drawn from `seed`: the clues kept (or none), the board left, and how
  // many questions it asked.
  struct Run {
    std::optional<std::vector<int>> kept;
    std::vector<int> cells;
    int questions = 0;
  };
  const auto run = [](std::uint64_t seed, const grid::ClueSearch& search) {
    Rng rng(seed);
    CluedSquare clued(rng);
    Run out;
    out.kept = grid::minimal_clues(
        16, [&](int cell, bool on) { clued.set(cell, on); },
        std::function<bool(int)>([&](int) { return ++out.questions, clued.unique(); }), rng,
        search);
    out.cells = clued.board.cells;
    return out;
  };
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    for (const int least : {0, 5, 9}) {
      INFO("seed " << seed << ", floor " << least);
      const Run by_one = run(seed, {.least = least});
      const Run bisected = run(seed, {.least = least, .bisect = true});
      REQUIRE(by_one.kept);
      REQUIRE(bisected.kept);
      CHECK(*bisected.kept == *by_one.kept);
      CHECK(bisected.cells == by_one.cells);
      // A ceiling below what the puzzle needs drops it; at or above, it changes nothing.
      const int needs = static_cast<int>(by_one.kept->size());
      for (const int most : {0, needs - 1, needs, 16}) {
        INFO("ceiling " << most);
        const Run capped = run(seed, {.least = least, .most = most});
        if (most >= needs) {
          REQUIRE(capped.kept);
          CHECK(*capped.kept == *by_one.kept);
        } else {
          CHECK_FALSE(capped.kept);
          CHECK(capped.questions <= by_one.questions);
        }
        // An empty 4x4 board has many solutions: allowed no clue, one question decides.
        if (most == 0) CHECK(capped.questions == (least == 0 ? 1 : 0));
      }
    }
  }
  // Many clues, a monotone question (unique once 40 of 100 marked clues are set): the same
  // clues kept, and the adding takes about log2(1000) + 1 questions rather than hundreds.
  std::vector<bool> marked(1000), on(1000);
  for (std::size_t c = 0; c < marked.size(); c += 10) marked[c] = true;
  const auto needed = [&] {
    int set = 0;
    for (std::size_t c = 0; c < on.size(); ++c) set += marked[c] && on[c];
    return set >= 40;
  };
  std::vector<int> added_questions;
  std::vector<std::vector<int>> kept;
  for (const bool bisect : {false, true}) {
    std::fill(on.begin(), on.end(), false);
    Rng rng(7);
    int adding = 0;
    const auto clues = grid::minimal_clues(
        1000, [&](int c, bool value) { on[static_cast<std::size_t>(c)] = value; },
        std::function<bool(int)>(
            [&](int taken_back) { return adding += taken_back < 0, needed(); }),
        rng, grid::ClueSearch{.bisect = bisect});
    REQUIRE(clues);
    CHECK(clues->size() == 40);
    kept.push_back(*clues);
    added_questions.push_back(adding);
  }
  CHECK(kept[0] == kept[1]);
  CHECK(added_questions[0] > 300);
  CHECK(added_questions[1] <= 11);
}

TEST_CASE("grid: BoardInstance has its board's key and class", "[grid]") {
  class Plain final : public grid::BoardInstance {
   public:
    using BoardInstance::BoardInstance;
    Json to_json() const override { return {}; }
    std::string render_text() const override { return grid::board_text(board()); }
    render::Drawing draw(double) const override { return {}; }
  };
  Board b = Board::empty(3);
  b.cells[0] = 1;
  const Plain p(b, {});
  CHECK(p.canonical_key() == grid::canonical_key(b, {}));
  CHECK(p.class_size() == Natural(4));  // a corner: 4 corners
  Board wrong = b;
  wrong.cells.pop_back();
  CHECK_THROWS_AS(Plain(wrong, {}), std::invalid_argument);
}

TEST_CASE("grid: drawings put labels on every side and marks in the gaps", "[grid][render]") {
  // The five numbers of a grid before the margins on the right and bottom keep their meaning.
  const render::Grid old{4, 4, 40, 18, 22};
  CHECK(old.width() == 22 + 4 * 40 + 3 * 18 + 2);
  CHECK(old.height() == old.width());
  render::Grid g{4, 4, 40, 0, 30};
  g.margin_right = 30;
  g.margin_bottom = 30;
  g.numbered = false;
  CHECK(g.width() == 30 + 160 + 2 + 30);
  const auto attribute = [](const render::Element& e, const std::string& name) {
    const std::string text = e.str(), key = " " + name + "=\"";
    const auto from = text.find(key) + key.size();
    return text.substr(from, text.find('"', from) - from);
  };
  const auto at = [&](const render::Element& e) {
    return std::pair{std::stod(attribute(e, "x")), std::stod(attribute(e, "y"))};
  };
  const auto texts = [](const render::Drawing& d) {
    const std::string svg = d.content.str();
    std::size_t count = 0;
    for (auto i = svg.find("<text"); i != std::string::npos; i = svg.find("<text", i + 1)) ++count;
    return count;
  };
  const double left = g.x(0), right = g.x(3) + g.cell, top = g.y(0), bottom = g.y(3) + g.cell;
  const auto [tx, ty] = at(g.side_label(Side::top, 2, "3"));
  CHECK(ty < top);
  CHECK(tx > g.x(2));
  CHECK(tx < g.x(2) + g.cell);
  const auto [bx, by] = at(g.side_label(Side::bottom, 0, "1"));
  CHECK(by > bottom);
  CHECK(by < g.height());
  CHECK(bx < g.x(0) + g.cell);
  const auto [lx, ly] = at(g.side_label(Side::left, 1, "2"));
  CHECK(lx < left);
  CHECK(ly > g.y(1));
  CHECK(ly < g.y(1) + g.cell);
  const auto [rx, ry] = at(g.side_label(Side::right, 3, "4"));
  CHECK(rx > right);
  CHECK(rx < g.width());
  CHECK(ry > g.y(3));
  // No row or column numbers when the margins hold clues.
  render::Drawing d;
  g.add_frame(d);
  CHECK(texts(d) == 0);
  render::Drawing numbered;
  old.add_frame(numbered);
  CHECK(texts(numbered) == 8);
  // A mark sits in the gap: across, between a cell and its right neighbour; down, turned.
  const auto [mx, my] = at(old.mark(0, 1, true, "<"));
  CHECK(mx > old.x(1) + old.cell);
  CHECK(mx < old.x(2));
  CHECK(my > old.y(0));
  CHECK(attribute(old.mark(1, 0, false, "<"), "transform").find("rotate(90)") != std::string::npos);
  (void)top;
}

namespace {

// Every solution of a puzzle on a Latin board, by backtracking over the cells in order (no
// reasoning of the kit's).
std::vector<std::vector<int>> all_solutions(const grid::LatinPuzzle& p) {
  const int n = p.n;
  std::vector<std::vector<int>> out;
  std::vector<int> v = p.givens;
  std::vector<int> box_of(static_cast<std::size_t>(n * n), -1);
  for (std::size_t b = 0; b < p.boxes.size(); ++b)
    for (const int cell : p.boxes[b]) box_of[static_cast<std::size_t>(cell)] = static_cast<int>(b);
  const auto fits = [&](int cell) {
    const int r = cell / n, c = cell % n, x = v[static_cast<std::size_t>(cell)];
    for (int other = 0; other < n * n; ++other) {
      if (other == cell || v[static_cast<std::size_t>(other)] != x) continue;
      if (other / n == r || other % n == c) return false;
      if (box_of[static_cast<std::size_t>(cell)] >= 0 &&
          box_of[static_cast<std::size_t>(other)] == box_of[static_cast<std::size_t>(cell)])
        return false;
    }
    for (const auto& [a, b] : p.less) {
      const int va = v[static_cast<std::size_t>(a)], vb = v[static_cast<std::size_t>(b)];
      if (va != 0 && vb != 0 && va >= vb) return false;
    }
    return true;
  };
  std::function<void(int)> fill = [&](int cell) {
    if (cell == n * n) {
      out.push_back(v);
      return;
    }
    if (p.givens[static_cast<std::size_t>(cell)] != 0) {
      if (fits(cell)) fill(cell + 1);
      return;
    }
    for (int x = 1; x <= n; ++x) {
      v[static_cast<std::size_t>(cell)] = x;
      if (fits(cell)) fill(cell + 1);
    }
    v[static_cast<std::size_t>(cell)] = 0;
  };
  fill(0);
  return out;
}

}  // namespace

TEST_CASE(
    "grid: every step of the reasoning holds in every solution, and the grade is its "
    "hardest",
    "[grid][difficulty]") {
  int solved_by_ladder = 0, stalled = 0;
  std::set<int> levels_seen;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    Rng rng(seed);
    const int n = 4 + static_cast<int>(seed % 2);
    const std::vector<int> square = random_latin_square(n, rng);
    grid::LatinPuzzle p;
    p.n = n;
    p.givens.assign(static_cast<std::size_t>(n * n), 0);
    const int given_percent = 15 + static_cast<int>(seed % 5) * 10;
    for (int cell = 0; cell < n * n; ++cell)
      if (static_cast<int>(rng.below(100)) < given_percent)
        p.givens[static_cast<std::size_t>(cell)] = square[static_cast<std::size_t>(cell)];
    for (const auto& [a, b] : grid::neighbour_pairs(n))
      if (rng.below(100) < 30) {
        const bool up = square[static_cast<std::size_t>(a)] < square[static_cast<std::size_t>(b)];
        p.less.push_back(up ? grid::LatinPuzzle::Less{a, b} : grid::LatinPuzzle::Less{b, a});
      }
    if (seed % 3 == 0 && n == 4)
      p.boxes = {{0, 1, 4, 5}, {2, 3, 6, 7}, {8, 9, 12, 13}, {10, 11, 14, 15}};
    if (!p.boxes.empty()) {  // a Sudoku's boxes: the square must keep them too, so none given
      std::fill(p.givens.begin(), p.givens.end(), 0);
      p.less.clear();
    }
    const auto solutions = all_solutions(p);
    const grid::Reasoning r = grid::reason(p, Limits{}, 1000);
    INFO("seed " << seed << ", " << solutions.size() << " solutions, " << r.grade.text());
    int hardest = 0;
    for (const auto& step : r.steps) {
      INFO(step.text);
      CHECK(!step.text.empty());
      CHECK((!step.placed.empty() || !step.ruled_out.empty()));
      hardest = std::max(hardest, step.level);
      for (const auto& s : solutions) {
        for (const auto& [cell, x] : step.placed) CHECK(s[static_cast<std::size_t>(cell)] == x);
        for (const auto& [cell, x] : step.ruled_out) CHECK(s[static_cast<std::size_t>(cell)] != x);
      }
    }
    if (!r.solution.empty()) {
      ++solved_by_ladder;
      levels_seen.insert(r.grade.level);
      REQUIRE(solutions.size() == 1);
      CHECK(r.solution == solutions.front());
      CHECK(r.grade.level == std::max(hardest, 1));
      // How often the hardest technique was needed: every step of its rung.
      CHECK(r.grade.hardest_uses == static_cast<std::uint64_t>(std::count_if(
                                        r.steps.begin(), r.steps.end(),
                                        [&](const auto& step) { return step.level == hardest; })));
    } else {
      ++stalled;
      CHECK(r.grade.level == Grade::extreme);
      REQUIRE(r.grade.search_nodes.exact);
      CHECK(r.grade.solvable == !solutions.empty());
    }
    if (solutions.size() != 1) CHECK(r.grade.level == Grade::extreme);
  }
  // The draw reaches the first two rungs and the search; sets are rarely needed by chance
  // (below, puzzles of Simon Tatham's `unequal` need them).
  CHECK(levels_seen == std::set<int>{1, 2});
  CHECK(stalled > 0);
  CHECK(solved_by_ladder > 50);
}

namespace {

// A puzzle in `unequal`'s game description: "N:" then a cell per comma, its given number (0:
// none) and letters U, D, L, R for a sign saying it is greater than that neighbour.
grid::LatinPuzzle from_description(const std::string& text) {
  grid::LatinPuzzle p;
  p.n = std::stoi(text.substr(0, text.find(':')));
  std::istringstream cells(text.substr(text.find(':') + 1));
  int cell = 0;
  for (std::string item; std::getline(cells, item, ',');) {
    if (item.empty()) continue;
    std::size_t digits = 0;
    while (digits < item.size() && std::isdigit(static_cast<unsigned char>(item[digits]))) ++digits;
    p.givens.push_back(std::stoi(item.substr(0, digits)));
    for (const char sign : item.substr(digits)) {
      const int step = sign == 'U' ? -p.n : sign == 'D' ? p.n : sign == 'L' ? -1 : 1;
      p.less.push_back({cell + step, cell});
    }
    ++cell;
  }
  return p;
}

}  // namespace

TEST_CASE("grid: sgt-unequal's tricky puzzles need sets, its extreme ones what-ifs",
          "[grid][difficulty]") {
  for (const auto& [game, level] : std::vector<std::pair<std::string, int>>{
           {"5:0,0,0,0L,0L,0,0R,0,0,0L,0,0U,0,0,0,0,0UD,0,0R,0U,0,0L,0,0,0,", 3},
           {"5:3,1,0,0,0,0R,0,0,0,0,0U,0R,0D,0D,0,0,0,0,0,0,0,0,0,0R,0,", 3},
           {"5:0D,0,0,0,0,0,0U,0,0L,0,4,2,0,0,0,1,4,0,0L,0,0,0,0,0,3,", 4},
           {"5:0,0,0,0,3,0,0,0U,1,0U,0,0,0,0,0,0D,0U,0,0U,0U,0,0U,0,0,0L,", 4}}) {
    const grid::LatinPuzzle p = from_description(game);
    REQUIRE(p.givens.size() == 25);
    const auto solutions = all_solutions(p);
    REQUIRE(solutions.size() == 1);
    const grid::Reasoning r = grid::reason(p, Limits{}, 1000);
    INFO(game << ": " << r.grade.text());
    CHECK(r.grade.level == level);
    for (const auto& step : r.steps) {
      INFO(step.text);
      for (const auto& [cell, x] : step.placed)
        CHECK(solutions[0][static_cast<std::size_t>(cell)] == x);
      for (const auto& [cell, x] : step.ruled_out)
        CHECK(solutions[0][static_cast<std::size_t>(cell)] != x);
    }
    CHECK(r.solution == solutions[0]);
    // A copy: clang 14 cannot capture a structured binding.
    const int wanted = level;
    CHECK(std::any_of(r.steps.begin(), r.steps.end(),
                      [wanted](const auto& step) { return step.level == wanted; }));
    CHECK((r.grade.what_ifs > 0) == (level == 4));
  }
}

TEST_CASE(
    "grid: what-ifs end sgt-unequal's extreme puzzles and not its recursive ones, which rank "
    "above them as trial and error",
    "[grid][difficulty]") {
  // sgt-unequal --generate 5dx and 5dr: the ladder below what-ifs stalls on both.
  const grid::LatinPuzzle extreme =
      from_description("5:0R,0,0,0,0,0,1,0,0,5,0D,0,2,0,0,0,0,0L,2,0,0,0,0,0,3,");
  const grid::LatinPuzzle recursive =
      from_description("5:0D,0,0L,0,0,0R,0,0D,1,0,0,0,0L,0,0,0,0,0,0,0,4,0,0,0,0L,");
  const auto solutions = all_solutions(extreme);
  REQUIRE(solutions.size() == 1);
  const grid::Reasoning r = grid::reason(extreme, Limits{}, 1000);
  INFO(r.grade.text());
  CHECK(r.grade.level == Grade::extreme);
  CHECK(r.solution == solutions[0]);
  CHECK(!r.grade.trial_and_error);
  CHECK(r.grade.search_nodes.value > 0);  // the measure search-nodes is still counted
  // Each what-if is a step of rung 4 that rules a number out, in words that follow it to a cell
  // with no number left; the longest fills in the most cells ("would be").
  std::uint64_t what_ifs = 0, longest = 0;
  for (const auto& step : r.steps) {
    INFO(step.text);
    for (const auto& [cell, x] : step.ruled_out)
      CHECK(solutions[0][static_cast<std::size_t>(cell)] != x);
    if (step.level != 4) continue;
    ++what_ifs;
    CHECK(step.ruled_out.size() == 1);
    CHECK(step.text.find(": if it were, ") != std::string::npos);
    CHECK(step.text.find(" would have no number left") != std::string::npos);
    std::uint64_t filled = 0;
    for (std::size_t at = step.text.find(" would be "); at != std::string::npos;
         at = step.text.find(" would be ", at + 1))
      ++filled;
    longest = std::max(longest, filled);
  }
  CHECK(what_ifs == r.grade.what_ifs);
  CHECK(r.grade.hardest_uses == r.grade.what_ifs);
  CHECK(longest == r.grade.longest_what_if);
  CHECK(r.grade.label() == "extreme (a what-if of 2 steps)");
  CHECK(r.grade.rank() == std::array<std::uint64_t, 4>{4, 0, 2, 1});

  REQUIRE(all_solutions(recursive).size() == 1);
  const grid::Reasoning t = grid::reason(recursive, Limits{}, 1000);
  INFO(t.grade.text());
  CHECK(t.grade.level == Grade::extreme);
  CHECK(t.solution.empty());
  CHECK(t.grade.trial_and_error);
  CHECK(t.grade.what_ifs == 0);
  REQUIRE(t.grade.search_nodes.exact);
  CHECK(t.grade.label() ==
        "extreme (trial and error: " + to_string(t.grade.search_nodes.value - 1) + " guesses)");
  CHECK(t.grade.rank()[1] == 1);
  CHECK(r.grade.rank() < t.grade.rank());

  // Capped below extreme, the ladder stops where its rungs up to the cap stall: no what-if,
  // no search, and the level says "past the cap".
  for (const int ceiling : {Grade::easy, Grade::medium, Grade::hard}) {
    Limits capped;
    capped.level_ceiling = ceiling;
    const grid::Reasoning c = grid::reason(extreme, capped, 1000);
    CHECK(c.grade.past_ceiling);
    CHECK(c.grade.level == ceiling + 1);
    CHECK(c.grade.what_ifs == 0);
    CHECK(c.grade.search_nodes.value == 0);
    CHECK_FALSE(difficulty_measure(c.grade, kDifficulty).exact);
  }
  Limits at_extreme;
  at_extreme.level_ceiling = Grade::extreme;
  CHECK(grid::reason(extreme, at_extreme, 1000).grade.rank() == r.grade.rank());
  // Below the top the rank is the level alone, and the label its name.
  const grid::Reasoning easy =
      grid::reason(from_description("4:1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,0,"), Limits{}, 10);
  CHECK(easy.grade.rank() == std::array<std::uint64_t, 4>{1, 0, 0, 0});
  CHECK(easy.grade.label() == "easy");
}

TEST_CASE("grid: the bit-mask counter counts what backtracking counts, under every cap", "[grid]") {
  // Known totals first: Latin squares of order 4 and 5, and 4 x 4 Sudoku boards.
  grid::LatinPuzzle empty4{4, std::vector<int>(16, 0), {}, {}};
  CHECK(grid::count_latin(empty4, 0).count.value == 576);
  grid::LatinPuzzle empty5{5, std::vector<int>(25, 0), {}, {}};
  CHECK(grid::count_latin(empty5, 0).count.value == 161280);
  grid::LatinPuzzle sudoku4 = empty4;
  sudoku4.boxes = {{0, 1, 4, 5}, {2, 3, 6, 7}, {8, 9, 12, 13}, {10, 11, 14, 15}};
  CHECK(grid::count_latin(sudoku4, 0).count.value == 288);

  // Random puzzles, givens and signs true of a drawn square or not at all (then perhaps with
  // no solution), boxes on some 4 x 4 boards.
  int unique = 0, none = 0, many = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    Rng rng(seed);
    const int n = 3 + static_cast<int>(seed % 3);
    const std::vector<int> square = random_latin_square(n, rng);
    const bool truthful = seed % 4 != 0;
    grid::LatinPuzzle p{n, std::vector<int>(static_cast<std::size_t>(n * n), 0), {}, {}};
    if (n == 4 && seed % 5 == 0) p.boxes = sudoku4.boxes;
    const int percent = 5 + static_cast<int>(seed % 7) * 6;
    for (int cell = 0; cell < n * n; ++cell)
      if (static_cast<int>(rng.below(100)) < percent)
        p.givens[static_cast<std::size_t>(cell)] =
            truthful && p.boxes.empty() ? square[static_cast<std::size_t>(cell)]
                                        : 1 + static_cast<int>(rng.below(static_cast<unsigned>(n)));
    for (const auto& [a, b] : grid::neighbour_pairs(n))
      if (rng.below(100) < 25) {
        const bool up =
            truthful ? square[static_cast<std::size_t>(a)] < square[static_cast<std::size_t>(b)]
                     : rng.below(2) == 0;
        p.less.push_back(up ? grid::LatinPuzzle::Less{a, b} : grid::LatinPuzzle::Less{b, a});
      }
    const std::uint64_t expected = all_solutions(p).size();
    INFO("seed " << seed << ", " << expected << " solutions");
    unique += expected == 1;
    none += expected == 0;
    many += expected > 1;
    const grid::LatinCount all = grid::count_latin(p, 0);
    CHECK(all.count.exact);
    CHECK(all.count.value == expected);
    for (const std::uint64_t cap : {1, 2, 3}) {
      const grid::LatinCount capped = grid::count_latin(p, cap);
      CHECK(capped.count.value == std::min(expected, cap));
    }
  }
  CHECK(unique > 20);
  CHECK(none > 20);
  CHECK(many > 20);

  // Cells off the board are refused, not read.
  grid::LatinPuzzle off = empty4;
  off.less.push_back({0, 16});
  CHECK_THROWS_AS(grid::count_latin(off, 0), std::invalid_argument);
  off = empty4;
  off.boxes = {{0, 1, 2, -1}};
  CHECK_THROWS_AS(grid::count_latin(off, 0), std::invalid_argument);

  // A node limit stops the count and says so: the count is then a lower bound.
  Limits few;
  few.node_limit = 10;
  const grid::LatinCount stopped = grid::count_latin(empty5, 0, few);
  CHECK(!stopped.count.exact);
  CHECK(stopped.count.stopped == StopReason::node_limit);
  CHECK(stopped.count.value < 161280);
}

TEST_CASE("grid: intersections of boxes with rows and columns are true of the solution",
          "[grid][difficulty]") {
  // Minimal 9 x 9 Sudokus (grid::minimal_clues over a solution grid with its numbers renamed at
  // random): each step holds in the one solution; intersections are used, some puzzles need
  // them (medium), and they make no grade harder; without `intersections` rung 2 is unused.
  const int n = 9;
  Board board = Board::empty(n);
  board.regions = grid::box_regions(n, 3, 3);
  board.region_clues.assign(9, 0);
  const grid::LatinPuzzle shape = grid::latin_puzzle(board);
  REQUIRE(shape.intersections);
  REQUIRE(shape.boxes.size() == 9);
  grid::LatinCounter counter(n, shape.boxes);
  int intersections_used = 0, medium = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Rng rng(seed);
    std::vector<int> name{1, 2, 3, 4, 5, 6, 7, 8, 9};
    rng.shuffle(name);
    std::vector<int> square(81);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        square[static_cast<std::size_t>(r * n + c)] =
            name[static_cast<std::size_t>((3 * (r % 3) + r / 3 + c) % n)];
    grid::LatinPuzzle with = shape;
    grid::minimal_clues(
        81,
        [&](int cell, bool on) {
          with.givens[static_cast<std::size_t>(cell)] =
              on ? square[static_cast<std::size_t>(cell)] : 0;
        },
        [&] { return counter.count(with, 2).count.value == 1; }, rng);
    grid::LatinPuzzle without = with;
    without.intersections = false;
    const grid::Reasoning r = grid::reason(with, Limits{}, 1000);
    const grid::Reasoning plain = grid::reason(without, Limits{}, 1000);
    INFO("seed " << seed << ": " << r.grade.text() << " / " << plain.grade.text());
    for (const auto& step : r.steps) {
      INFO(step.text);
      if (step.level == 2) {
        ++intersections_used;
        CHECK(step.text.find(" can only go in ") != std::string::npos);
      }
      for (const auto& [cell, x] : step.placed) CHECK(square[static_cast<std::size_t>(cell)] == x);
      for (const auto& [cell, x] : step.ruled_out)
        CHECK(square[static_cast<std::size_t>(cell)] != x);
    }
    if (!r.solution.empty()) CHECK(r.solution == square);
    for (const auto& step : plain.steps) CHECK(step.level != 2);
    CHECK(r.grade.level <= plain.grade.level);
    medium += r.grade.level == Grade::medium;
  }
  CHECK(intersections_used > 0);
  CHECK(medium > 0);
}

TEST_CASE("grid: a cell the givens leave one number is a step of its own", "[grid][difficulty]") {
  // Row 1 given but for its last cell: filling it is the pupil's first step, and is told (the
  // ladder once filled such cells silently with the givens, and an easy puzzle had no steps).
  grid::LatinPuzzle p;
  p.n = 4;
  p.givens = {1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  const grid::Reasoning r = grid::reason(p, Limits{}, 5);
  REQUIRE(!r.steps.empty());
  CHECK(r.steps.front().text == "r1c4 is 4: every other number is ruled out for it");
  // Placing it is that step's conclusion, not a side effect of another's.
  p.givens = {1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 0, 0};
  const grid::Reasoning last = grid::reason(p, Limits{}, 5);
  REQUIRE(last.steps.size() == 2);
  CHECK(last.steps[0].placed == std::vector<std::pair<int, int>>{{14, 2}});
  CHECK(last.steps[1].placed == std::vector<std::pair<int, int>>{{15, 1}});
}
