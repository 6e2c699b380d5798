// Walking the classes of Instant Insanity instances (puzzles/instant_insanity/growth.cpp):
// the class walk against the walk of every sorted set of cubes (strategy exhaustive), two
// deliberately wrong declarations that the comparison must catch, the number of sets of cubes
// a census stands for (brute force against Burnside's lemma), and the committed five-cube
// census (specs/instant-insanity/census-n5.yaml) against that number.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "builtin.hpp"
#include "classes.hpp"
#include "cli/run.hpp"
#include "generate.hpp"
#include "instant_insanity/instance.hpp"
#include "instant_insanity/rotations.hpp"

using namespace puzzlegen;
using namespace puzzlegen::instant_insanity;

namespace {

std::string spec_text(int cubes, bool all_colours, bool distinct, const std::string& strategy,
                      unsigned threads) {
  return "puzzle: instant-insanity\nparameters: {cubes: " + std::to_string(cubes) +
         "}\ninstance: {every-cube-uses-all-colors: " + (all_colours ? "true" : "false") +
         ", distinct-cubes: " + (distinct ? "true" : "false") +
         "}\nsolutions: {count-as: orientations, modulo: tower-rotation, all-different: {min: 0}, "
         "all-equal: {min: 0}}\ngenerate: {instances: all, strategy: " +
         strategy + ", threads: " + std::to_string(threads) + "}\n";
}

// What a run found: each class's key with its counts and class size. Fails on a key met twice.
struct Census {
  std::map<std::vector<int>, std::pair<std::string, Natural>> classes;
  Natural instances = 0;  // the class sizes summed
  bool proven = false;
};

Census run_census(const std::string& text) {
  const Spec spec = parse_spec(text, "census.yaml", builtin_families());
  Census out;
  const RunSummary summary = generate(spec, [&](const InstancePtr& instance, const Evaluation& e,
                                                std::size_t, const std::string&) {
    REQUIRE(e.class_size);
    out.instances += *e.class_size;
    std::string counts;
    for (const auto& [kind, count] : e.counts) counts += kind + " " + count.text() + "; ";
    CHECK(out.classes.emplace(instance->canonical_key(), std::pair{counts, *e.class_size}).second);
  });
  out.proven = summary.proven;
  return out;
}

// Every face colouring with n colours (face slot -> colour), each once.
std::vector<std::array<int, kFaces>> colourings(int n, bool all_colours) {
  std::vector<std::array<int, kFaces>> out;
  std::array<int, kFaces> faces{};
  int total = 1;
  for (int f = 0; f < kFaces; ++f) total *= n;
  for (int index = 0; index < total; ++index) {
    unsigned shown = 0;
    for (int f = 0, rest = index; f < kFaces; ++f, rest /= n)
      shown |= 1u << (faces[static_cast<std::size_t>(f)] = rest % n);
    if (!all_colours || shown == (1u << n) - 1) out.push_back(faces);
  }
  return out;
}

// The symmetries of the cube as permutations of its face slots: the 24 rotations, then (with
// reflections) each composed with the mirror that swaps top and bottom.
std::vector<std::array<int, kFaces>> cube_symmetries(bool reflections) {
  std::vector<std::array<int, kFaces>> out;
  for (const Rotation& r : rotations()) out.push_back(r.shows);
  if (reflections)
    for (const Rotation& r : rotations()) {
      std::array<int, kFaces> mirrored = r.shows;
      std::swap(mirrored[top], mirrored[bottom]);
      out.push_back(mirrored);
    }
  return out;
}

// Cube kinds by brute force: the orbits of the colourings under the symmetries (the least
// image of each names its orbit).
std::size_t orbits_by_brute_force(int n, bool all_colours, bool reflections) {
  const auto group = cube_symmetries(reflections);
  std::set<std::array<int, kFaces>> least;
  for (const auto& faces : colourings(n, all_colours)) {
    std::array<int, kFaces> best = faces;
    for (const auto& g : group) {
      std::array<int, kFaces> image{};
      for (int w = 0; w < kFaces; ++w)
        image[static_cast<std::size_t>(w)] = faces[static_cast<std::size_t>(g[w])];
      best = std::min(best, image);
    }
    least.insert(best);
  }
  return least.size();
}

// The family's cube kinds by brute force: the colourings grouped by their three opposite pairs
// (Cube::pairs_key), what every count of the family depends on.
std::size_t pair_kinds_by_brute_force(int n, bool all_colours) {
  std::set<std::array<int, kFaces>> keys;
  for (const auto& faces : colourings(n, all_colours)) {
    Cube cube;
    cube.faces = faces;
    keys.insert(cube.pairs_key());
  }
  return keys.size();
}

// The same by Burnside's lemma: the average number of colourings a symmetry fixes. A symmetry
// whose action on the faces has c cycles fixes the colourings constant on every cycle: n^c of
// them, of which n! S(c, n) show every colour (the surjections of c cycles onto n colours).
std::size_t kinds_by_burnside(int n, bool all_colours, bool reflections) {
  // Stirling numbers of the second kind S(c, k) for c <= 6.
  std::array<std::array<std::size_t, kFaces + 1>, kFaces + 1> stirling{};
  stirling[0][0] = 1;
  for (std::size_t c = 1; c <= kFaces; ++c)
    for (std::size_t k = 1; k <= c; ++k)
      stirling[c][k] = k * stirling[c - 1][k] + stirling[c - 1][k - 1];
  const auto group = cube_symmetries(reflections);
  std::size_t fixed = 0;
  for (const auto& g : group) {
    std::size_t cycles = 0;
    std::array<bool, kFaces> seen{};
    for (int f = 0; f < kFaces; ++f) {
      if (seen[static_cast<std::size_t>(f)]) continue;
      ++cycles;
      for (int x = f; !seen[static_cast<std::size_t>(x)]; x = g[static_cast<std::size_t>(x)])
        seen[static_cast<std::size_t>(x)] = true;
    }
    std::size_t count = 1;
    if (all_colours) {
      count = n <= kFaces ? stirling[cycles][static_cast<std::size_t>(n)] : 0;
      for (int k = 2; k <= n; ++k) count *= static_cast<std::size_t>(k);
    } else {
      for (std::size_t c = 0; c < cycles; ++c) count *= static_cast<std::size_t>(n);
    }
    fixed += count;
  }
  REQUIRE(fixed % group.size() == 0);
  return fixed / group.size();
}

// Sets of `cubes` cubes from `kinds` kinds: with repetition C(kinds + cubes - 1, cubes), without
// C(kinds, cubes).
Natural sets_of(std::size_t kinds, int cubes, bool distinct) {
  Natural out = 1;
  const std::size_t top = distinct ? kinds : kinds + static_cast<std::size_t>(cubes) - 1;
  for (int i = 0; i < cubes; ++i) out *= Natural(top - static_cast<std::size_t>(i));
  return out / factorial(cubes);
}

// The keys of the complete classes a growth walks to, as many times as it meets each.
std::multiset<std::vector<int>> walked_keys(const Growth& growth) {
  std::multiset<std::vector<int>> keys;
  WalkCounts counts;
  walk_classes(
      growth, growth.root(), 0,
      [&](const Partial& leaf) {
        keys.insert(growth.complete(leaf)->canonical_key());
        return true;
      },
      nullptr, counts);
  return keys;
}

// Wrong declarations built on the real one: no canonical-parent test (every step accepted,
// with the right canonical form), and a form that forgets renaming colours (the sorted cubes,
// the new one accepted when it is the greatest, as if only cube order were a symmetry).
enum class Flaw { no_parent_test, no_renaming };

class Flawed final : public Growth {
 public:
  Flawed(std::unique_ptr<Growth> real, Flaw flaw) : real_(std::move(real)), flaw_(flaw) {}
  Partial root() const override { return real_->root(); }
  int depth() const override { return real_->depth(); }
  void extend(const Partial& parent,
              const std::function<void(const Partial& child)>& child) const override {
    real_->extend(parent, child);
  }
  Partial accept(const Partial& child) const override {
    if (flaw_ == Flaw::no_renaming) {
      if (*std::max_element(child.begin(), child.end()) != child.back()) return {};
      Partial sorted = child;
      std::sort(sorted.begin(), sorted.end());
      return sorted;
    }
    // Some cube of every set is a canonical last one: moved last, the real test passes and
    // gives the set's form.
    for (std::size_t i = 0; i < child.size(); ++i) {
      Partial moved = child;
      std::swap(moved[i], moved.back());
      if (Partial form = real_->accept(moved); !form.empty()) return form;
    }
    FAIL("no cube of the set is a canonical last cube");
    return {};
  }
  std::unique_ptr<Instance> complete(const Partial& leaf) const override {
    return real_->complete(leaf);
  }

 private:
  std::unique_ptr<Growth> real_;
  Flaw flaw_;
};

// An instance of the census's output (cubes as pairs of opposite faces), read directly: the
// family's reader takes YAML, several times slower on 16,614 records.
std::unique_ptr<TowerInstance> tower_of(const nlohmann::json& instance) {
  const auto colors = instance.at("colors").get<std::vector<std::string>>();
  std::vector<Cube> cubes;
  for (const auto& pairs : instance.at("cubes")) {
    Cube cube;
    for (std::size_t f = 0; f < kFaces; ++f) {
      const auto name = pairs.at(f / 2).at(f % 2).get<std::string>();
      const auto at = std::find(colors.begin(), colors.end(), name);
      REQUIRE(at != colors.end());
      cube.faces[f] = static_cast<int>(at - colors.begin());
    }
    cubes.push_back(cube);
  }
  return std::make_unique<TowerInstance>(colors, std::move(cubes));
}

std::unique_ptr<Growth> growth_of(const std::string& text) {
  const Spec spec = parse_spec(text, "census.yaml", builtin_families());
  auto growth = spec.family->classes()->growth(spec.parameters, spec.instance, InstanceSearch{});
  REQUIRE(growth);
  return growth;
}

}  // namespace

TEST_CASE("instant insanity: walking classes finds the exhaustive walk's classes",
          "[instant-insanity][classes]") {
  // The same classes (keys), the same counts and class sizes; the sizes sum to the number of
  // sets of cubes, counted from the cube kinds by brute force.
  struct Case {
    int cubes;
    bool all_colours, distinct;
  };
  for (const Case c :
       {Case{2, false, false}, Case{2, true, false}, Case{2, false, true}, Case{3, false, false},
        Case{3, true, false}, Case{3, false, true}, Case{3, true, true}, Case{4, true, false}}) {
    INFO(c.cubes << " cubes, every cube all colours " << c.all_colours << ", distinct cubes "
                 << c.distinct);
    const Census exhaustive =
        run_census(spec_text(c.cubes, c.all_colours, c.distinct, "exhaustive", 1));
    const Census classes = run_census(spec_text(c.cubes, c.all_colours, c.distinct, "classes", 1));
    CHECK(exhaustive.proven);
    CHECK(classes.proven);
    CHECK(!classes.classes.empty());
    CHECK(classes.classes == exhaustive.classes);
    const Natural sets =
        sets_of(pair_kinds_by_brute_force(c.cubes, c.all_colours), c.cubes, c.distinct);
    CHECK(classes.instances == sets);
    CHECK(exhaustive.instances == sets);
  }
}

TEST_CASE("instant insanity: wrong growth declarations show as duplicated classes",
          "[instant-insanity][classes]") {
  const std::string text = spec_text(3, true, false, "classes", 1);
  const auto right = walked_keys(*growth_of(text));
  const std::set<std::vector<int>> classes(right.begin(), right.end());
  CHECK(right.size() == classes.size());  // each class once
  std::set<std::vector<int>> exhaustive;
  for (const auto& [key, found] : run_census(spec_text(3, true, false, "exhaustive", 1)).classes)
    exhaustive.insert(key);
  CHECK(classes == exhaustive);
  for (const Flaw flaw : {Flaw::no_parent_test, Flaw::no_renaming}) {
    INFO("flaw " << static_cast<int>(flaw));
    const auto keys = walked_keys(Flawed(growth_of(text), flaw));
    CHECK(keys.size() > exhaustive.size());  // some class comes more than once
    CHECK(std::set<std::vector<int>>(keys.begin(), keys.end()) == exhaustive);
  }
}

TEST_CASE("instant insanity: cube kinds and sets of cubes, by brute force and by Burnside",
          "[instant-insanity][classes]") {
  for (int n = 1; n <= 6; ++n)
    for (const bool all_colours : {false, true}) {
      INFO(n << " colours, every colour shown " << all_colours);
      // A cube's three opposite pairs are its orbit under rotations and reflections.
      const std::size_t kinds = pair_kinds_by_brute_force(n, all_colours);
      CHECK(orbits_by_brute_force(n, all_colours, true) == kinds);
      CHECK(kinds_by_burnside(n, all_colours, true) == kinds);
      CHECK(kinds_by_burnside(n, all_colours, false) ==
            orbits_by_brute_force(n, all_colours, false));
    }
  // Five colours on six faces, all shown: 1,800 colourings. Only the identity among the 24
  // rotations fixes any of them (75 cubes up to rotation); among the reflections, the three
  // through planes parallel to a pair of faces fix 5! each: (1,800 + 3 x 120) / 48 = 45.
  CHECK(colourings(5, true).size() == 1800);
  CHECK(kinds_by_burnside(5, true, false) == 75);
  CHECK(kinds_by_burnside(5, true, true) == 45);
  CHECK(sets_of(45, 5, false) == 1906884);  // C(49, 5)
  CHECK(sets_of(pair_kinds_by_brute_force(4, true), 4, false) == 341055);
}

TEST_CASE("instant insanity: the committed five-cube census stands for every set of cubes",
          "[instant-insanity][classes]") {
  // docs/data/instant-insanity-census-n5.jsonl.xz, the output of census-n5.yaml: made from the
  // spec as committed, proven, every class once, every cube showing all five colours, and the
  // class sizes summing to the number of sets of five such cubes, C(45 + 4, 5).
  const std::string spec_file = cli_test::source("specs/instant-insanity/census-n5.yaml");
  const cli_test::Result unpacked = cli_test::run_shell(
      "xz -dc " + cli_test::source("docs/data/instant-insanity-census-n5.jsonl.xz"));
  REQUIRE(unpacked.exit_code == 0);
  const auto lines = cli_test::json_lines(unpacked.out);
  REQUIRE(!lines.empty());
  const auto& summary = lines.back().at("summary");
  const Natural sets = sets_of(pair_kinds_by_brute_force(5, true), 5, false);
  CHECK(summary.at("proven") == true);
  CHECK(summary.at("strategy") == "classes");
  CHECK(summary.at("instances") == lines.size() - 1);
  CHECK(summary.at("instances-in-classes").get<std::uint64_t>() == sets);
  const std::string spec_sha = sha256_hex(cli_test::slurp(spec_file));
  CHECK(summary.at("spec-sha256") == spec_sha);

  const Family& family = *builtin_families().find("instant-insanity");
  const Spec spec = load_spec(spec_file, builtin_families());
  std::set<std::vector<int>> keys;
  Natural total = 0;
  Rng rng(5);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const auto& record = lines[i];
    const auto instance = tower_of(record.at("instance"));
    REQUIRE(family.satisfies(*instance, spec.instance));
    CHECK(keys.insert(instance->canonical_key()).second);
    const std::uint64_t size = record.at("class-size").get<std::uint64_t>();
    CHECK(*instance->class_size() == size);
    total += Natural(size);
    CHECK(record.at("spec-sha256") == spec_sha);
    if (rng.below(200) == 0)  // a sample of the counts, recounted
      for (const std::string kind : {"all-different", "all-equal"}) {
        const Count count = family.count(*instance, kind, spec.solution_options, 0, Limits{});
        CHECK(record.at("counts").at(kind).at("count").get<std::uint64_t>() == count.value);
      }
  }
  CHECK(total == sets);
}
