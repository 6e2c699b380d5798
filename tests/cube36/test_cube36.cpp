// The 36 Cube against independent brute force: the blog post's board and figures, the
// physical puzzle, random small boards with and without special pieces, the Latin-square
// machinery behind Euler's problem, and the board space's symmetry breaking.
#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <numeric>
#include <set>

#include "brute_force.hpp"
#include "builtin.hpp"
#include "cube36/board.hpp"
#include "cube36/model.hpp"
#include "cube36/reasoning.hpp"
#include "cube36/verify.hpp"
#include "generate.hpp"
#include "grid/counting.hpp"
#include "latin.hpp"

using namespace puzzlegen;
using namespace puzzlegen::cube36;
namespace bf = cube36_brute_force;

namespace {

const Limits kNoLimit = Limits::within(std::chrono::minutes(10));

const std::vector<int> kBlogBoard = {6, 3, 2, 4, 5, 1, 4, 5, 1, 6, 3, 2, 1, 2, 4, 3, 6, 5,
                                     2, 5, 3, 6, 1, 4, 3, 1, 5, 2, 4, 6, 5, 4, 6, 1, 2, 3};

std::uint64_t count(const Board& board, Kind kind, bool modulo_colours) {
  const Count c = count_placements(board, kind, modulo_colours, 0, kNoLimit);
  REQUIRE(c.exact);
  return c.value.convert_to<std::uint64_t>();
}

Board board_of(const bf::Puzzle& p) {
  std::vector<SpecialPiece> specials;
  for (const auto& s : p.specials) specials.push_back({s.color, s.size, {s.cell}});
  return Board(p.n, p.sizes, default_colors(p.n), specials);
}

// A board with at least one solution: a random Latin colouring, each colour's cells given
// the n sizes in a random order; then `specials` random special pieces.
bf::Puzzle planted(int n, int specials, Rng& rng) {
  const auto colours = random_latin_square(n, rng);
  bf::Puzzle p{n, std::vector<int>(colours.size()), {}};
  for (int c = 1; c <= n; ++c) {
    std::vector<int> sizes;
    for (int s = 1; s <= n; ++s) sizes.push_back(s);
    rng.shuffle(sizes);
    std::size_t k = 0;
    for (std::size_t cell = 0; cell < colours.size(); ++cell)
      if (colours[cell] == c) p.sizes[cell] = sizes[k++];
  }
  std::set<std::pair<int, int>> used;
  while (static_cast<int>(p.specials.size()) < specials) {
    const bf::Special s{static_cast<int>(rng.below(static_cast<std::uint64_t>(n))),
                        static_cast<int>(rng.below(static_cast<std::uint64_t>(n))) + 1,
                        static_cast<int>(rng.below(static_cast<std::uint64_t>(n * n)))};
    if (used.insert({s.color, s.size}).second) p.specials.push_back(s);
  }
  return p;
}

Spec parse(const std::string& text) {
  return parse_spec(text, "test.yaml", builtin_families());
}

// Boards (as canonical keys) an instance space yields, with or without symmetry breaking.
std::set<std::vector<int>> space_keys(const std::string& spec_text, bool symmetry_breaking,
                                      std::size_t* leaves = nullptr,
                                      std::vector<std::string> joint = {}) {
  const Spec spec = parse(spec_text);
  InstanceSearch search;
  search.symmetry_breaking = symmetry_breaking;
  search.required_kinds = std::move(joint);
  auto root = spec.family->instance_space(spec.parameters, spec.instance, search);
  std::set<std::vector<int>> keys;
  std::size_t count = 0;
  enumerate<InstanceSpace>(*root, kNoLimit, [&](InstanceSpace& leaf) {
    ++count;
    keys.insert(leaf.instance()->canonical_key());
    return true;
  });
  if (leaves) *leaves = count;
  return keys;
}

}  // namespace

TEST_CASE("cube36: the blog's board, 1,128,960 prospects and 4 solutions with row 1 fixed",
          "[cube36][blog]") {
  // The post's algorithm: first row a..f, every later row a permutation clashing with no
  // column; then the towers are checked.
  const bf::Puzzle blog{6, kBlogBoard, {}};
  const std::vector<int> first = {0, 1, 2, 3, 4, 5};
  std::size_t prospects = 0, solutions = 0;
  bf::latin_squares(6, &first, [&](const std::vector<int>& square) {
    ++prospects;
    solutions += bf::is_solution(blog, square) ? 1 : 0;
  });
  CHECK(prospects == 1128960);
  CHECK(solutions == 4);
  const Board board = board_of(blog);
  CHECK(count(board, Kind::solution, true) == 4);
  // With ordinary pieces every solution shows all six colours in row 1, so renaming colours
  // acts freely: 4 x 6! colourings in all.
  CHECK(count(board, Kind::solution, false) == 2880);
  CHECK(count(board, Kind::ordinary, false) == 2880);
}

TEST_CASE("cube36: the physical puzzle has 96 solutions, none without its special towers",
          "[cube36][physical]") {
  // The blog's board made Latin (row 4: 2 6 3 5 1 4) with orange 5 also fitting (4, 2) and
  // red 6 also fitting (4, 4); colours red, orange, ... are 0, 1, ...
  std::vector<int> sizes = kBlogBoard;
  sizes[3 * 6 + 1] = 6;
  sizes[3 * 6 + 3] = 5;
  const bf::Puzzle physical{6, sizes, {{1, 5, 3 * 6 + 1}, {0, 6, 3 * 6 + 3}}};
  // Every colouring is a renaming of one with row 1 = 0..5: count, for each of those, the
  // renamings g that make it a solution, a permanent of "class X can take colour Y's towers".
  const std::vector<int> first = {0, 1, 2, 3, 4, 5};
  std::uint64_t raw = 0;
  bf::latin_squares(6, &first, [&](const std::vector<int>& square) {
    const auto classes = bf::classes_of(6, square);
    bool can[6][6];
    for (int x = 0; x < 6; ++x) {
      // Colours 2..5 have ordinary towers only: the class needs six different sizes.
      const bool ordinary = bf::fits(physical, 2, classes[static_cast<std::size_t>(x)]);
      for (int y = 0; y < 6; ++y)
        can[x][y] = y >= 2 ? ordinary : bf::fits(physical, y, classes[static_cast<std::size_t>(x)]);
    }
    std::function<std::uint64_t(int, unsigned)> permanent = [&](int x, unsigned used) {
      if (x == 6) return std::uint64_t{1};
      std::uint64_t sum = 0;
      for (int y = 0; y < 6; ++y)
        if (!(used >> y & 1U) && can[x][y]) sum += permanent(x + 1, used | 1U << y);
      return sum;
    };
    raw += permanent(0, 0);
  });
  CHECK(raw == 96);
  const Board board = board_of(physical);
  CHECK(board.is_latin());
  CHECK(board.colour_symmetries() == 24);  // the four ordinary colours
  CHECK(count(board, Kind::solution, false) == 96);
  CHECK(count(board, Kind::solution, true) == 4);
  CHECK(count(board, Kind::ordinary, false) == 0);  // Euler: no orthogonal mate at n = 6
}

TEST_CASE("cube36: counts equal brute force on random boards, with and without special pieces",
          "[cube36][counting]") {
  Rng rng(2026);
  for (const auto& [n, specials, boards] : {std::tuple{3, 0, 10},
                                            {3, 2, 10},
                                            {4, 0, 12},
                                            {4, 1, 12},
                                            {4, 3, 12},
                                            {5, 0, 2},
                                            {5, 2, 2}}) {
    for (int b = 0; b < boards; ++b) {
      const bf::Puzzle p = planted(n, specials, rng);
      const Board board = board_of(p);
      const auto solutions = bf::all_solutions(p);
      const bf::Puzzle ordinary{n, p.sizes, {}};
      INFO("n " << n << ", board " << board.to_json().dump());
      CHECK(count(board, Kind::solution, false) == solutions.size());
      CHECK(count(board, Kind::solution, true) == bf::orbits(p, solutions));
      CHECK(count(board, Kind::ordinary, false) == bf::all_solutions(ordinary).size());
      // Capped counts stop early and say so.
      if (solutions.size() > 1) {
        const Count capped = count_placements(board, Kind::solution, false, 1, kNoLimit);
        CHECK_FALSE(capped.exact);
        CHECK(capped.value >= 1);
      }
    }
  }
}

TEST_CASE("cube36: Latin squares: random draws, canonical forms", "[cube36][latin]") {
  Rng rng(7);
  for (int n = 3; n <= 9; ++n) {
    std::set<std::vector<int>> seen;
    for (int k = 0; k < 5; ++k) {
      const auto square = random_latin_square(n, rng);
      CHECK(is_latin(n, square));
      seen.insert(square);
    }
    CHECK(seen.size() > 1);
  }
  // The canonical form is a reduced isotope, a fixed point, and the same for every isotope
  // and for the transpose.
  for (int n = 3; n <= 7; ++n) {
    for (int k = 0; k < 4; ++k) {
      const auto square = random_latin_square(n, rng);
      const auto form = isotopy_canonical_form(n, square);
      REQUIRE(is_latin(n, form));
      for (int j = 0; j < n; ++j) {
        CHECK(form[static_cast<std::size_t>(j)] == j + 1);
        CHECK(form[static_cast<std::size_t>(j * n)] == j + 1);
      }
      CHECK(isotopy_canonical_form(n, form) == form);
      for (int t = 0; t < 3; ++t) {
        std::vector<int> rows(static_cast<std::size_t>(n)), cols(rows), syms(rows);
        std::iota(rows.begin(), rows.end(), 0);
        std::iota(cols.begin(), cols.end(), 0);
        std::iota(syms.begin(), syms.end(), 1);
        rng.shuffle(rows);
        rng.shuffle(cols);
        rng.shuffle(syms);
        std::vector<int> image(square.size());
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j)
            image[static_cast<std::size_t>((t == 2 ? j : i) * n + (t == 2 ? i : j))] =
                syms[static_cast<std::size_t>(
                         square[static_cast<std::size_t>(rows[static_cast<std::size_t>(i)] * n +
                                                         cols[static_cast<std::size_t>(j)])]) -
                     1];
        CHECK(isotopy_canonical_form(n, image) == form);
      }
    }
  }
}

namespace {

// The definition, scanned in full: every reduced isotope of the square and of its transpose
// (which row goes first, then every column order; the symbols and the other rows follow),
// the least one, and how many of the 2 n n! candidates reach it.
std::pair<std::vector<int>, std::uint64_t> least_isotope_by_scan(int n,
                                                                 const std::vector<int>& square) {
  const auto at = [n](const std::vector<int>& s, int r, int c) {
    return s[static_cast<std::size_t>(r * n + c)];
  };
  std::vector<int> transpose(square.size());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) transpose[static_cast<std::size_t>(c * n + r)] = at(square, r, c);
  std::vector<int> best;
  std::uint64_t ties = 0;
  for (const auto& s : {square, transpose})
    for (int first = 0; first < n; ++first) {
      std::vector<int> columns(static_cast<std::size_t>(n));
      std::iota(columns.begin(), columns.end(), 0);
      do {
        std::map<int, int> relabel;
        for (int j = 0; j < n; ++j)
          relabel[at(s, first, columns[static_cast<std::size_t>(j)])] = j + 1;
        std::vector<int> candidate(s.size());
        for (int r = 0; r < n; ++r) {
          const int row = relabel[at(s, r, columns[0])] - 1;
          for (int j = 0; j < n; ++j)
            candidate[static_cast<std::size_t>(row * n + j)] =
                relabel[at(s, r, columns[static_cast<std::size_t>(j)])];
        }
        if (best.empty() || candidate < best) {
          best = candidate;
          ties = 0;
        }
        ties += candidate == best ? 1 : 0;
      } while (std::next_permutation(columns.begin(), columns.end()));
    }
  return {best, ties};
}

}  // namespace

TEST_CASE("cube36: Latin squares: the canonical form and class size are the full scan's",
          "[cube36][latin]") {
  // The fast form only visits the row pairs and renamings that can give the least row 1; it
  // must agree with the scan on the form and on the number of ties (which gives the class
  // size), also for squares with many equal row maps: group tables.
  Rng rng(11);
  std::vector<std::pair<int, std::vector<int>>> squares;
  for (int n = 1; n <= 7; ++n)
    for (int k = 0; k < (n <= 5 ? 6 : 3); ++k) squares.emplace_back(n, random_latin_square(n, rng));
  const auto table = [](int n, auto&& op) {
    std::vector<int> s(static_cast<std::size_t>(n * n));
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) s[static_cast<std::size_t>(a * n + b)] = op(a, b) + 1;
    return s;
  };
  for (int n = 2; n <= 7; ++n)
    squares.emplace_back(n, table(n, [n](int a, int b) { return (a + b) % n; }));
  squares.emplace_back(4, table(4, [](int a, int b) { return a ^ b; }));  // Z2 x Z2
  squares.emplace_back(6, table(6, [](int a, int b) {                     // S3
                         // a = (sign, rotation) in the dihedral group of order 6
                         const int sa = a / 3, ra = a % 3, sb = b / 3, rb = b % 3;
                         return ((sa + sb) % 2) * 3 + ((sb == 1 ? 3 - ra : ra) + rb) % 3;
                       }));
  for (const auto& [n, square] : squares) {
    INFO("n " << n);
    REQUIRE(is_latin(n, square));
    const auto [form, ties] = least_isotope_by_scan(n, square);
    CHECK(isotopy_canonical_form(n, square) == form);
    const Natural f = factorial(n);
    CHECK(isotopy_class_size(n, square) == 2 * f * f * f / Natural(ties));
  }
}

TEST_CASE("cube36: the Latin board space yields every reduced square once", "[cube36][space]") {
  // Reduced Latin squares of order 3..6: 1, 4, 56, 9408 (OEIS A000315); isotopy classes
  // (transposes identified) at n = 4 and 5: 2 each.
  const std::map<int, std::size_t> reduced = {{3, 1}, {4, 4}, {5, 56}, {6, 9408}};
  for (const auto& [n, expected] : reduced) {
    std::size_t leaves = 0;
    const auto keys = space_keys(
        "puzzle: cube36\nparameters: {n: " + std::to_string(n) + "}\ninstance: {latin: true}\n",
        true, &leaves);
    CHECK(leaves == expected);
    if (n == 4 || n == 5) CHECK(keys.size() == 2);
    if (n == 4) {  // the same classes as all 576 Latin squares of order 4
      std::size_t all = 0;
      CHECK(space_keys("puzzle: cube36\nparameters: {n: 4}\ninstance: {latin: true}\n", false,
                       &all) == keys);
      CHECK(all == 576);
    }
  }
}

TEST_CASE("cube36: the symmetry breaking on other boards is sound", "[cube36][space]") {
  // n = 3, every size three times: 1680 boards. Classes under row, column and size
  // permutations and transposition, computed here by brute force over the whole group.
  auto full_key = [](const std::vector<int>& board) {
    std::vector<int> best;
    std::vector<int> r = {0, 1, 2};
    do {
      std::vector<int> c = {0, 1, 2};
      do {
        std::vector<int> s = {1, 2, 3};
        do {
          for (const bool t : {false, true}) {
            std::vector<int> image(9);
            for (int i = 0; i < 3; ++i)
              for (int j = 0; j < 3; ++j)
                image[static_cast<std::size_t>(t ? j * 3 + i : i * 3 + j)] =
                    s[static_cast<std::size_t>(board[static_cast<std::size_t>(r[i] * 3 + c[j])] -
                                               1)];
            if (best.empty() || image < best) best = image;
          }
        } while (std::next_permutation(s.begin(), s.end()));
      } while (std::next_permutation(c.begin(), c.end()));
    } while (std::next_permutation(r.begin(), r.end()));
    return best;
  };
  auto classes = [&](bool symmetry_breaking) {
    const Spec spec = parse("puzzle: cube36\nparameters: {n: 3}\n");
    InstanceSearch search;
    search.symmetry_breaking = symmetry_breaking;
    auto root = spec.family->instance_space(spec.parameters, spec.instance, search);
    std::set<std::vector<int>> out;
    std::size_t leaves = 0;
    enumerate<InstanceSpace>(*root, kNoLimit, [&](InstanceSpace& leaf) {
      ++leaves;
      out.insert(full_key(dynamic_cast<const Board&>(*leaf.instance()).sizes()));
      return true;
    });
    return std::pair{out, leaves};
  };
  const auto [with, with_leaves] = classes(true);
  const auto [without, without_leaves] = classes(false);
  CHECK(without_leaves == 1680);
  CHECK(with_leaves < without_leaves);
  CHECK(with == without);
}

TEST_CASE("cube36: the joint model yields exactly the boards that have a solution",
          "[cube36][space]") {
  // n = 4 Latin boards: the classes reached with a solution built alongside are the classes
  // whose boards have one (only the Klein four-group's; the cyclic square has no mate).
  const std::string latin4 = "puzzle: cube36\nparameters: {n: 4}\ninstance: {latin: true}\n";
  const auto joint = space_keys(latin4, true, nullptr, {"solution"});
  std::set<std::vector<int>> solvable;
  for (const auto& key : space_keys(latin4, true)) {
    const Board board(4, key, default_colors(4), {});
    if (count(board, Kind::solution, false) > 0) solvable.insert(key);
  }
  CHECK(solvable.size() == 1);
  CHECK(joint == solvable);
}

TEST_CASE("cube36: Euler's problem, proven at n = 6, and the mates at n = 4 and 5",
          "[cube36][euler]") {
  for (const int n : {4, 5, 6}) {
    Spec spec = parse("puzzle: cube36\nparameters: {n: " + std::to_string(n) +
                      "}\ninstance: {latin: true}\nsolutions: {modulo: color-relabelling, "
                      "solution: {min: 1}}\ngenerate: {instances: all, time-limit: 10m}\n");
    std::vector<std::pair<std::vector<int>, std::uint64_t>> found;
    const RunSummary summary = generate(
        spec, [&](const InstancePtr& instance, const Evaluation&, std::size_t, const std::string&) {
          const auto& board = dynamic_cast<const Board&>(*instance);
          found.emplace_back(board.sizes(), count(board, Kind::solution, true));
        });
    INFO("n " << n);
    CHECK(summary.proven);
    if (n == 6) {
      CHECK(found.empty());
      CHECK(summary.explored == 17);  // classes of Latin squares of order 6 judged
      continue;
    }
    // One class has mates: the Klein group's at n = 4, the cyclic square's at n = 5; the
    // number of mates up to renaming colours checked by brute force.
    REQUIRE(found.size() == 1);
    const bf::Puzzle p{n, found[0].first, {}};
    CHECK(found[0].second == bf::orbits(p, bf::all_solutions(p)));
    CHECK(found[0].second == (n == 4 ? 2 : 3));
  }
}

TEST_CASE("cube36: given colours: counts equal brute force, and the printed puzzle has one answer",
          "[cube36][counting][givens]") {
  Rng rng(4711);
  const Family& family = *builtin_families().find("cube36");
  for (const auto& [n, specials, boards] :
       {std::tuple{4, 0, 10}, {4, 1, 10}, {4, 2, 6}, {5, 0, 2}, {5, 1, 2}}) {
    for (int b = 0; b < boards; ++b) {
      const bf::Puzzle p = planted(n, specials, rng);
      const Board board = board_of(p);
      const auto solutions = bf::all_solutions(p);
      REQUIRE_FALSE(solutions.empty());
      // Givens: a few cells of one solution, at random.
      const auto& from = solutions[rng.below(solutions.size())];
      std::vector<int> given(from.size(), Board::kNoColour);
      for (std::size_t cell = 0; cell < given.size(); ++cell)
        if (rng.below(4) == 0) given[cell] = from[cell];
      const Board with = board.with_given_colours(given);
      std::vector<std::vector<int>> matching;
      for (const auto& s : solutions) {
        bool keeps = true;
        for (std::size_t cell = 0; cell < s.size(); ++cell)
          keeps = keeps && (given[cell] == Board::kNoColour || given[cell] == s[cell]);
        if (keeps) matching.push_back(s);
      }
      // Up to the renamings that keep the special pieces and fix every given colour.
      std::set<int> given_colours(given.begin(), given.end());
      given_colours.erase(Board::kNoColour);
      INFO("n " << n << ", board " << with.to_json().dump());
      CHECK(count(with, Kind::solution, false) == matching.size());
      CHECK(count(with, Kind::solution, true) == bf::orbits(p, matching, given_colours));
      const Recount again = cover_count(with, true, false, kNoLimit);
      REQUIRE(again.value);
      CHECK(again.value->value == matching.size());
      // Read back from its own JSON: the same board, givens included.
      const auto read = family.read_instance(YAML::Load(with.to_json().dump()), "board.json");
      CHECK(read->canonical_key() == with.canonical_key());
      CHECK(read->to_json() == with.to_json());

      // The printed puzzle: row 1 of a solution given; its answers are exactly the solutions
      // with that row 1, counted with no renaming.
      const auto printed = family.printed_puzzle(board, "solution", kNoLimit);
      REQUIRE(printed);
      const auto& printed_board = dynamic_cast<const Board&>(*printed);
      const std::vector<int> row1(printed_board.given_colours().begin(),
                                  printed_board.given_colours().begin() + n);
      CHECK(std::count(printed_board.given_colours().begin(), printed_board.given_colours().end(),
                       Board::kNoColour) == n * n - n);
      const auto with_row1 = std::count_if(solutions.begin(), solutions.end(), [&](const auto& s) {
        return std::equal(row1.begin(), row1.end(), s.begin());
      });
      CHECK(with_row1 >= 1);
      CHECK(count(printed_board, Kind::solution, false) == static_cast<std::uint64_t>(with_row1));
      if (count(board, Kind::solution, true) == 1) CHECK(with_row1 == 1);
    }
  }
}

TEST_CASE(
    "cube36: the ladder's steps hold in every placement, and its puzzle has as many solutions "
    "as the board has ordinary placements up to renaming colours",
    "[cube36][difficulty]") {
  int solved = 0, stalled = 0;
  std::set<int> levels;
  Rng rng(2611);
  for (int round = 0; round < 120; ++round) {
    const int n = 4 + round % 2;
    std::vector<int> sizes;
    if (round % 3 == 0) {
      sizes = random_latin_square(n, rng);
    } else {  // each size n times anywhere, or a planted board with a placement
      sizes = planted(n, 0, rng).sizes;
      if (round % 3 == 2) rng.shuffle(sizes);
    }
    Board board(n, sizes, default_colors(n), {});
    if (round % 4 == 1) {  // a printed puzzle: row 1 given from a placement, if there is one
      PlacementSpace root(board, Kind::ordinary);
      if (const auto found = first_solution<PlacementSpace>(root, kNoLimit)) {
        std::vector<int> given(static_cast<std::size_t>(n * n), Board::kNoColour);
        const auto colours = found->colours();
        std::copy_n(colours.begin(), n, given.begin());
        board = board.with_given_colours(given);
      }
    }
    const auto posed = colour_puzzle(board, Kind::ordinary);
    REQUIRE(posed);
    const auto latin = grid::count_latin(posed->puzzle, 0, kNoLimit);
    // The reduction: a Latin colouring whose size classes show every colour, row 1 named.
    REQUIRE(latin.count.value == count(board, Kind::ordinary, true));
    const auto all = grid::LatinCounter(n, posed->puzzle.boxes)
                         .count(posed->puzzle, 0, kNoLimit, 1000000)
                         .solutions;
    const grid::Reasoning r = grid::reason(posed->puzzle, kNoLimit, 1000, 1000000, posed->wording);
    INFO("round " << round << ", " << all.size() << " solutions, " << r.grade.text());
    for (const auto& step : r.steps) {
      INFO(step.text);
      CHECK(step.text.find("box") == std::string::npos);  // boxes are named by their size
      for (const auto& s : all) {
        for (const auto& [cell, x] : step.placed) CHECK(s[static_cast<std::size_t>(cell)] == x);
        for (const auto& [cell, x] : step.ruled_out) CHECK(s[static_cast<std::size_t>(cell)] != x);
      }
    }
    if (!r.solution.empty()) {
      ++solved;
      levels.insert(r.grade.level);
      REQUIRE(all.size() == 1);
      CHECK(r.solution == all.front());
    } else {
      ++stalled;
      CHECK(r.grade.level == Grade::extreme);
      CHECK(r.grade.solvable == !all.empty());
    }
    // The family grades by the ladder and explains from row 1 when no colour is given.
    const auto& family = *builtin_families().find("cube36");
    const auto grade = family.grade_of(board, "ordinary", kNoLimit);
    REQUIRE(grade);
    CHECK(grade->level == r.grade.level);
    const Explanation explained = family.grading()->explain(board, "ordinary", 3, 680, kNoLimit);
    CHECK(explained.steps.size() ==
          std::min<std::size_t>(3, r.steps.size() + (board.has_givens() ? 0 : 1)));
    if (!board.has_givens())
      CHECK(explained.steps.front().cells.size() == static_cast<std::size_t>(n));
    if (!explained.steps.empty())
      CHECK(explained.drawing.content.str().find("class=\"step\"") != std::string::npos);
  }
  CHECK(solved > 10);
  CHECK(stalled > 10);
  CHECK(levels.size() >= 2);
}

TEST_CASE("cube36: special pieces in play leave the grade to propagation", "[cube36][difficulty]") {
  const Board board(3, {1, 2, 3, 2, 3, 1, 3, 1, 2}, default_colors(3), {{0, 1, {1}}});
  CHECK_FALSE(colour_puzzle(board, Kind::solution));
  CHECK(colour_puzzle(board, Kind::ordinary));
  CHECK(builtin_families()
            .find("cube36")
            ->grading()
            ->explain(board, "solution", 5, 680, kNoLimit)
            .steps.empty());
}
