// Classes and instances: a class's size (Instance::class_size) equals the number of instances
// sharing its canonical key, found by listing every instance of small spaces by brute force,
// and the generator's totals equal instance counts computed independently.
#include <catch2/catch.hpp>

#include <map>
#include <numeric>
#include <set>

#include "builtin.hpp"
#include "eight_blocks/instance.hpp"
#include "generate.hpp"
#include "instant_insanity/instance.hpp"
#include "latin.hpp"

using namespace puzzlegen;

namespace {

// Groups instances by canonical key; every member's class size must be its group's size.
template <class I>
void check_groups(const std::vector<I>& all) {
  std::map<std::vector<int>, std::vector<const I*>> groups;
  for (const auto& instance : all) groups[instance.canonical_key()].push_back(&instance);
  Natural total = 0;
  for (const auto& [key, members] : groups) {
    const auto size = members.front()->class_size();
    REQUIRE(size);
    CHECK(*size == members.size());
    CHECK(*members.back()->class_size() == *size);
    total += *size;
  }
  CHECK(total == all.size());
}

// Every Latin square of order n, rows chosen among the permutations.
void latin_squares(int n, std::vector<int>& square, int row, std::vector<std::vector<int>>& out) {
  if (row == n) {
    out.push_back(square);
    return;
  }
  std::vector<int> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 1);
  do {
    bool fits = true;
    for (int r = 0; r < row && fits; ++r)
      for (int c = 0; c < n && fits; ++c) fits = square[r * n + c] != p[c];
    if (!fits) continue;
    std::copy(p.begin(), p.end(), square.begin() + row * n);
    latin_squares(n, square, row + 1, out);
  } while (std::next_permutation(p.begin(), p.end()));
}

}  // namespace

TEST_CASE("class sizes: Latin squares under isotopy and transposition", "[class-size]") {
  std::vector<int> square(16);
  std::vector<std::vector<int>> all;
  latin_squares(4, square, 0, all);
  REQUIRE(all.size() == 576);
  std::map<std::vector<int>, std::size_t> members;
  for (const auto& s : all) ++members[isotopy_canonical_form(4, s)];
  CHECK(members.size() == 2);
  for (const auto& s : all)
    CHECK(isotopy_class_size(4, s) == members[isotopy_canonical_form(4, s)]);

  // Order 5: two classes, 161,280 squares in all (the published number of 5x5 Latin squares).
  std::vector<int> cyclic(25);
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) cyclic[r * 5 + c] = (r + c) % 5 + 1;
  Rng rng(11);
  std::vector<int> other = cyclic;
  while (isotopy_canonical_form(5, other) == isotopy_canonical_form(5, cyclic))
    other = random_latin_square(5, rng);
  CHECK(isotopy_class_size(5, cyclic) + isotopy_class_size(5, other) == 161280);
}

TEST_CASE("class sizes: Eight Blocks instances of 3 cubes under colour renaming", "[class-size]") {
  // Also up to renaming and mirror images (instance: {modulo: color-renaming-and-mirror}).
  for (const auto convention :
       {eight_blocks::Convention::renaming, eight_blocks::Convention::renaming_and_mirror}) {
    std::vector<eight_blocks::BlocksInstance> all;
    for (int a = 0; a < eight_blocks::kVarieties; ++a)
      for (int b = a; b < eight_blocks::kVarieties; ++b)
        for (int c = b; c < eight_blocks::kVarieties; ++c) {
          eight_blocks::Counts counts{};
          ++counts[static_cast<std::size_t>(a)];
          ++counts[static_cast<std::size_t>(b)];
          ++counts[static_cast<std::size_t>(c)];
          all.emplace_back(counts, eight_blocks::default_colors(), convention);
        }
    REQUIRE(all.size() == 4960);  // multisets of 3 from 30 varieties: C(32, 3)
    check_groups(all);
    std::set<std::vector<int>> keys;
    for (const auto& instance : all) keys.insert(instance.canonical_key());
    CHECK(keys.size() == (convention == eight_blocks::Convention::renaming ? 24 : 17));
  }
}

TEST_CASE("class sizes: Instant Insanity sets of 3 cubes under colour relabelling",
          "[class-size]") {
  // Cubes as three opposite pairs over 3 colours, each showing every colour; sets of 3.
  using instant_insanity::Cube;
  std::vector<std::array<int, 2>> pairs;
  for (int a = 0; a < 3; ++a)
    for (int b = a; b < 3; ++b) pairs.push_back({a, b});
  std::vector<Cube> cubes;
  for (std::size_t i = 0; i < pairs.size(); ++i)
    for (std::size_t j = i; j < pairs.size(); ++j)
      for (std::size_t k = j; k < pairs.size(); ++k) {
        Cube cube;
        for (std::size_t p = 0; p < 3; ++p) {
          const auto& pair = pairs[p == 0 ? i : p == 1 ? j : k];
          cube.faces[2 * p] = pair[0];
          cube.faces[2 * p + 1] = pair[1];
        }
        std::array<bool, 3> shown{};
        for (const int face : cube.faces) shown[static_cast<std::size_t>(face)] = true;
        if (shown[0] && shown[1] && shown[2]) cubes.push_back(cube);
      }
  std::vector<instant_insanity::TowerInstance> all;
  for (std::size_t a = 0; a < cubes.size(); ++a)
    for (std::size_t b = a; b < cubes.size(); ++b)
      for (std::size_t c = b; c < cubes.size(); ++c)
        all.emplace_back(std::vector<std::string>{"r", "g", "b"},
                         std::vector<Cube>{cubes[a], cubes[b], cubes[c]});
  check_groups(all);
}

TEST_CASE("class sizes: the four-cube census stands for every set of cubes", "[class-size]") {
  // Independently: cubes over 4 colours as 3 unordered opposite pairs showing every colour
  // (T kinds), and sets of 4 cubes with repetition: C(T + 3, 4).
  std::vector<std::array<int, 2>> pairs;
  for (int a = 0; a < 4; ++a)
    for (int b = a; b < 4; ++b) pairs.push_back({a, b});
  std::uint64_t kinds = 0;
  for (std::size_t i = 0; i < pairs.size(); ++i)
    for (std::size_t j = i; j < pairs.size(); ++j)
      for (std::size_t k = j; k < pairs.size(); ++k) {
        unsigned shown = 0;
        for (const auto* p : {&pairs[i], &pairs[j], &pairs[k]})
          shown |= 1u << (*p)[0] | 1u << (*p)[1];
        kinds += shown == 15;
      }
  const std::uint64_t sets = kinds * (kinds + 1) * (kinds + 2) * (kinds + 3) / 24;
  REQUIRE(sets == 341055);

  Registry registry;
  add_builtin_families(registry);
  const Spec spec = load_spec(
      std::string(PUZZLEGEN_SOURCE_DIR) + "/specs/instant-insanity/census-n4.yaml", registry);
  Natural emitted = 0;
  const RunSummary summary =
      generate(spec, [&](const InstancePtr& instance, const Evaluation&, std::size_t,
                         const std::string&) { emitted += *instance->class_size(); });
  REQUIRE(summary.proven);
  CHECK(summary.instances == 14919);
  CHECK(summary.instances_in_classes == Natural(sets));
  CHECK(emitted == sets);
}

TEST_CASE("class sizes: Eight Blocks, the 10 universal instances of 12 cubes", "[class-size]") {
  // Haraguchi: exactly 10 instances of 12 cubes compose all 30 solids.
  Registry registry;
  add_builtin_families(registry);
  const Spec spec = load_spec(
      std::string(PUZZLEGEN_SOURCE_DIR) + "/specs/eight-blocks/universal-12.yaml", registry);
  const RunSummary summary =
      generate(spec, [](const InstancePtr&, const Evaluation&, std::size_t, const std::string&) {});
  REQUIRE(summary.proven);
  CHECK(summary.instances == 1);
  CHECK(summary.instances_in_classes == Natural(10));
}
