// The families' second methods for `puzzlegen verify` against brute force on small instances
// (the references of tests/instant_insanity and tests/cube36, which share no code with either
// method), and against the first methods on larger ones.
#include <catch2/catch.hpp>

#include <numeric>
#include <set>

#include "cube36/brute_force.hpp"
#include "cube36/model.hpp"
#include "cube36/verify.hpp"
#include "eight_blocks/model.hpp"
#include "eight_blocks/verify.hpp"
#include "instant_insanity/brute_force.hpp"
#include "instant_insanity/model.hpp"
#include "instant_insanity/verify.hpp"
#include "latin.hpp"
#include "rng.hpp"

using namespace puzzlegen;

namespace {

const Limits kNoLimit = Limits::within(std::chrono::minutes(10));

std::uint64_t exact(const Recount& r) {
  REQUIRE(r.value);
  REQUIRE(r.value->exact);
  return r.value->value.convert_to<std::uint64_t>();
}

OptionValues convention(const std::vector<std::pair<std::string, std::string>>& choices) {
  OptionValues out;
  for (const auto& [name, value] : choices) out.set(name, value);
  return out;
}

namespace ii = instant_insanity;
using Pairs = std::array<std::array<int, 2>, 3>;

ii::TowerInstance tower_of(const std::vector<Pairs>& cubes) {
  std::vector<ii::Cube> out;
  for (const auto& p : cubes) {
    ii::Cube c;
    c.faces = {p[0][0], p[0][1], p[1][0], p[1][1], p[2][0], p[2][1]};
    out.push_back(c);
  }
  return ii::TowerInstance(ii::default_colors(static_cast<int>(cubes.size())), out);
}

// Random cubes, half of them built around an all-different or a one-colour-sides tower so
// that there are towers to count.
std::vector<Pairs> random_cubes(int n, Rng& rng, int planted) {
  std::vector<Pairs> cubes(static_cast<std::size_t>(n));
  std::vector<std::vector<int>> columns(4);
  for (auto& column : columns) {
    column.resize(static_cast<std::size_t>(n));
    std::iota(column.begin(), column.end(), 0);
    rng.shuffle(column);
  }
  for (int i = 0; i < n; ++i) {
    for (auto& pair : cubes[static_cast<std::size_t>(i)])
      for (auto& colour : pair) colour = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
    if (planted == 1) {
      cubes[static_cast<std::size_t>(i)][1] = {columns[0][static_cast<std::size_t>(i)],
                                               columns[1][static_cast<std::size_t>(i)]};
      cubes[static_cast<std::size_t>(i)][2] = {columns[2][static_cast<std::size_t>(i)],
                                               columns[3][static_cast<std::size_t>(i)]};
    } else if (planted == 2 && n >= 4) {
      cubes[static_cast<std::size_t>(i)][1] = {0, 1};
      cubes[static_cast<std::size_t>(i)][2] = {2, 3};
    }
  }
  return cubes;
}

}  // namespace

TEST_CASE("verify: Instant Insanity's 2-factor counts equal the brute force in every convention",
          "[verify][instant-insanity]") {
  Rng rng(30);
  const std::vector<std::pair<std::string, brute::Kind>> kinds = {
      {"all-different", brute::Kind::all_different},
      {"all-equal", brute::Kind::all_equal},
      {"monochrome-sides", brute::Kind::monochrome_sides}};
  for (const auto& [n, planted] :
       {std::pair{3, 0}, {3, 1}, {4, 1}, {4, 2}, {4, 0}, {4, 1}, {4, 2}}) {
    const auto cubes = random_cubes(n, rng, planted);
    const auto tower = tower_of(cubes);
    for (const bool free_order : {false, true}) {
      if (free_order && n > 3) continue;  // the brute force tries every order: 24^n n!
      for (const auto& [kind, brute_kind] : kinds)
        for (const auto& [modulo, group] :
             {std::pair{"none", 1}, {"tower-rotation", 4}, {"tower-symmetry", 8}}) {
          const brute::Counts expected = brute::count(cubes, brute_kind, group, free_order);
          const std::string order = free_order ? "free" : "fixed";
          INFO(tower.to_json().dump() << ": " << kind << ", modulo " << modulo << ", " << order);
          // modulo copied: clang before 16 cannot capture a structured binding by reference.
          const auto in = [&, modulo = modulo](const char* count_as) {
            return convention({{"count-as", count_as}, {"modulo", modulo}, {"cube-order", order}});
          };
          CHECK(exact(ii::count_by_graph(tower, kind, in("orientations"), kNoLimit)) ==
                expected.orientation_orbits);
          CHECK(exact(ii::count_by_graph(tower, kind, in("arrangements"), kNoLimit)) ==
                expected.arrangement_orbits);
          CHECK(exact(ii::count_by_graph(tower, kind, in("decompositions"), kNoLimit)) ==
                expected.decompositions);
        }
    }
  }
}

TEST_CASE("verify: Instant Insanity's class sizes by orbit-stabiliser equal the family's",
          "[verify][instant-insanity]") {
  Rng rng(31);
  for (int trial = 0; trial < 40; ++trial) {
    const auto tower = tower_of(random_cubes(4 + trial % 3, rng, trial % 3));
    INFO(tower.to_json().dump());
    CHECK(Natural(exact(ii::class_size_again(tower, kNoLimit))) == *tower.class_size());
  }
  // Every multiset of cube kinds showing all four colours, by the family's own class sizes:
  // the census's figure (the sum over the 14,919 classes is checked by the census test).
  const auto figures = ii::cube_census_figures(4, true, false);
  REQUIRE(figures.size() == 1);
  CHECK(figures.front().counts_instances);
  // Three pairs covering four colours: 52 kinds of cube; multisets of four of them.
  CHECK(figures.front().value == 341055);
}

TEST_CASE("verify: Instant Insanity's listing of a space visits each class once",
          "[verify][instant-insanity]") {
  // Brute force: every multiset (or set) of cube kinds, each kind a colouring of the six faces
  // up to rotation and reflection, classes by the family's canonical key.
  for (const auto& [all_colours, distinct] :
       std::vector<std::pair<bool, bool>>{{false, false}, {true, false}, {false, true}}) {
    const int n = 3;
    INFO("every colour " << all_colours << ", distinct " << distinct);
    std::set<std::array<int, 6>> kinds;
    ii::Cube cube;
    for (int code = 0; code < 729; ++code) {
      for (int f = 0, c = code; f < 6; ++f, c /= 3) cube.faces[static_cast<std::size_t>(f)] = c % 3;
      if (!all_colours || std::set<int>(cube.faces.begin(), cube.faces.end()).size() == 3)
        kinds.insert(cube.pairs_key());
    }
    const std::vector<std::array<int, 6>> kind(kinds.begin(), kinds.end());
    std::set<std::vector<int>> classes;
    std::uint64_t instances = 0;
    for (std::size_t a = 0; a < kind.size(); ++a)
      for (std::size_t b = a + (distinct ? 1 : 0); b < kind.size(); ++b)
        for (std::size_t c = b + (distinct ? 1 : 0); c < kind.size(); ++c) {
          std::vector<ii::Cube> cubes(3);
          cubes[0].faces = kind[a];
          cubes[1].faces = kind[b];
          cubes[2].faces = kind[c];
          classes.insert(ii::TowerInstance(ii::default_colors(n), cubes).canonical_key());
          ++instances;
        }
    std::set<std::vector<int>> visited;
    std::size_t visits = 0;
    const auto listing = ii::list_towers(ii::default_colors(n), all_colours, distinct, kNoLimit,
                                         [&](const Instance& instance) {
                                           ++visits;
                                           visited.insert(instance.canonical_key());
                                           return true;
                                         });
    REQUIRE(listing);
    CHECK(listing->finished);
    CHECK(listing->listed == instances);
    CHECK(visits == visited.size());  // no class twice
    CHECK(visited == classes);        // and every one
  }
  // Four cubes showing all four colours: the classes' sizes sum to the 341,055 multisets.
  Natural sum = 0;
  const auto listing =
      ii::list_towers(ii::default_colors(4), true, false, kNoLimit, [&](const Instance& instance) {
        sum +=
            exact(ii::class_size_again(dynamic_cast<const ii::TowerInstance&>(instance), kNoLimit));
        return true;
      });
  REQUIRE(listing);
  CHECK(listing->listed == 341055);
  CHECK(sum == 341055);
  // Five cubes of five colours are too many to list.
  CHECK_FALSE(ii::list_towers(ii::default_colors(5), false, false, kNoLimit,
                              [](const Instance&) { return true; }));
}

TEST_CASE("verify: the 36 Cube's exact cover equals the brute force", "[verify][cube36]") {
  namespace bf = cube36_brute_force;
  Rng rng(32);
  for (const auto& [n, specials, boards] :
       {std::tuple{3, 0, 8}, {3, 2, 8}, {4, 0, 10}, {4, 1, 10}, {4, 3, 10}, {5, 2, 2}}) {
    for (int b = 0; b < boards; ++b) {
      // A board with a solution: a random Latin colouring, each colour's cells given the n
      // sizes in a random order; then random special pieces.
      const auto colours = random_latin_square(n, rng);
      bf::Puzzle p{n, std::vector<int>(colours.size()), {}};
      for (int c = 1; c <= n; ++c) {
        std::vector<int> sizes(static_cast<std::size_t>(n));
        std::iota(sizes.begin(), sizes.end(), 1);
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
      std::vector<cube36::SpecialPiece> pieces;
      for (const auto& s : p.specials) pieces.push_back({s.color, s.size, {s.cell}});
      const cube36::Board board(n, p.sizes, cube36::default_colors(n), pieces);
      const auto solutions = bf::all_solutions(p);
      const auto ordinary = bf::all_solutions({n, p.sizes, {}});
      INFO(board.to_json().dump());
      CHECK(exact(cube36::cover_count(board, true, false, kNoLimit)) == solutions.size());
      CHECK(exact(cube36::cover_count(board, true, true, kNoLimit)) == bf::orbits(p, solutions));
      CHECK(exact(cube36::cover_count(board, false, false, kNoLimit)) == ordinary.size());
      // Ordinary placements up to the renamings that keep the piece set: the first method's.
      CHECK(Natural(exact(cube36::cover_count(board, false, true, kNoLimit))) ==
            cube36::count_placements(board, cube36::Kind::ordinary, true, 0, kNoLimit).value);
    }
  }
}

TEST_CASE("verify: autotopisms and class sizes of Latin boards equal a scan of every isotopy",
          "[verify][cube36]") {
  Rng rng(33);
  for (const int n : {3, 4, 4, 4, 5}) {
    const auto square = random_latin_square(n, rng);
    // Every isotopy (and its transpose), applied: the class by orbit enumeration.
    std::vector<int> rows(static_cast<std::size_t>(n)), columns(rows), symbols(rows);
    std::iota(rows.begin(), rows.end(), 0);
    std::set<std::vector<int>> images;
    std::uint64_t fixing = 0;
    const std::uint64_t limit = n == 5 ? 0 : 1;  // n = 5: 1.7e6 isotopies x 25 cells, skipped
    if (limit) {
      do {
        std::iota(columns.begin(), columns.end(), 0);
        do {
          std::iota(symbols.begin(), symbols.end(), 0);
          do {
            std::vector<int> image(square.size()), transposed(square.size());
            for (int i = 0; i < n; ++i)
              for (int j = 0; j < n; ++j) {
                const int s = symbols[static_cast<std::size_t>(
                                  square[static_cast<std::size_t>(i * n + j)] - 1)] +
                              1;
                image[static_cast<std::size_t>(rows[static_cast<std::size_t>(i)] * n +
                                               columns[static_cast<std::size_t>(j)])] = s;
              }
            for (int i = 0; i < n; ++i)
              for (int j = 0; j < n; ++j)
                transposed[static_cast<std::size_t>(j * n + i)] =
                    image[static_cast<std::size_t>(i * n + j)];
            fixing += image == square ? 1 : 0;
            images.insert(image);
            images.insert(transposed);
          } while (std::next_permutation(symbols.begin(), symbols.end()));
        } while (std::next_permutation(columns.begin(), columns.end()));
      } while (std::next_permutation(rows.begin(), rows.end()));
    }
    const cube36::Board board(n, square, cube36::default_colors(n), {});
    INFO(board.to_json().dump());
    if (limit) {
      CHECK(cube36::isotopisms(n, square, square, false) == fixing);
      CHECK(exact(cube36::class_size_again(board, kNoLimit)) == images.size());
    }
    CHECK(Natural(exact(cube36::class_size_again(board, kNoLimit))) == *board.class_size());
  }
}

TEST_CASE("verify: Latin boards' class sizes sum to the number of Latin squares",
          "[verify][cube36]") {
  // Every Latin square of order 4, by brute force, grouped by the family's key.
  std::map<std::vector<int>, std::vector<int>> classes;
  cube36_brute_force::latin_squares(4, nullptr, [&](const std::vector<int>& square) {
    std::vector<int> board;
    for (const int s : square) board.push_back(s + 1);
    classes.emplace(isotopy_canonical_form(4, board), board);
  });
  const auto figures = cube36::latin_census_figures(4);
  REQUIRE(figures.size() == 2);
  Natural squares = 0, isotopy = 0;
  for (const auto& [key, square] : classes) {
    const cube36::Board board(4, square, cube36::default_colors(4), {});
    squares += *figures[0].per_class(board, kNoLimit);
    isotopy += *figures[1].per_class(board, kNoLimit);
  }
  CHECK(squares == figures[0].value);  // 576
  CHECK(isotopy == figures[1].value);  // 2
}

TEST_CASE("verify: Eight Blocks' solids built corner by corner agree with the first method",
          "[verify][eight-blocks]") {
  namespace eb = eight_blocks;
  Rng rng(34);
  for (int trial = 0; trial < 30; ++trial) {
    eb::Counts counts{};
    const int cubes = 6 + static_cast<int>(rng.below(10));
    for (int k = 0; k < cubes; ++k) ++counts[static_cast<std::size_t>(rng.below(eb::kVarieties))];
    const eb::BlocksInstance blocks(counts);
    INFO(blocks.to_json().dump());
    std::uint64_t composable = 0;
    for (int v = 0; v < eb::kVarieties; ++v) {
      const Count first = eb::count_assemblies(counts, v, 0, kNoLimit);
      CHECK(Natural(exact(eb::assemblies_again(blocks, eb::variety_name(v), kNoLimit))) ==
            first.value);
      composable += eb::composable_by_matching(counts, v) ? 1 : 0;
    }
    CHECK(exact(eb::assemblies_again(blocks, "composable-varieties", kNoLimit)) == composable);
    CHECK(Natural(exact(eb::class_size_again(blocks, kNoLimit))) == *blocks.class_size());
    // Up to mirror images too (1,440 symmetries), as maxinfeasible-mirror.yaml counts.
    const eb::BlocksInstance mirrored(counts, eb::default_colors(),
                                      eb::Convention::renaming_and_mirror);
    CHECK(Natural(exact(eb::class_size_again(mirrored, kNoLimit))) == *mirrored.class_size());
  }
  // One cube of every variety: every solid can be built.
  eb::Counts one_each{};
  one_each.fill(1);
  CHECK(exact(eb::assemblies_again(eb::BlocksInstance(one_each), "composable-varieties",
                                   kNoLimit)) == 30);
}
