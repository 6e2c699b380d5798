// The sorts that keep verify and merge within a memory budget (framework/spill.hpp): the same
// order as std::sort however little memory they are given, and the items sharing a key found
// exactly, a hash collision never taken for a duplicate.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "files.hpp"
#include "spill.hpp"

using namespace puzzlegen;

namespace {

struct Item {
  std::uint64_t value = 0, position = 0;
  bool operator<(const Item& o) const {
    return value != o.value ? value < o.value : position < o.position;
  }
  bool operator==(const Item& o) const { return value == o.value && position == o.position; }
};

bool empty(const std::filesystem::path& folder) {
  return std::filesystem::directory_iterator(folder) == std::filesystem::directory_iterator();
}

// Keys drawn from few values, so that many repeat; the expected duplicates, by brute force.
struct Keys {
  std::vector<std::vector<int>> keys;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> duplicates;  // (item, first with its key)
};
Keys keys_with_repeats(std::size_t count, std::uint32_t seed) {
  Keys out;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> value(-3, 40), length(1, 6);
  std::map<std::vector<int>, std::uint64_t> first;
  for (std::uint64_t i = 0; i < count; ++i) {
    std::vector<int> key(static_cast<std::size_t>(length(rng)));
    for (int& v : key) v = value(rng) * (value(rng) > 38 ? 1000003 : 1);
    const auto [it, fresh] = first.emplace(key, i);
    if (!fresh) out.duplicates.emplace_back(i, it->second);
    out.keys.push_back(std::move(key));
  }
  return out;
}

}  // namespace

TEST_CASE("spill: an external sort gives std::sort's order in any memory", "[spill]") {
  const TemporaryFolder folder("puzzlegen-spill-test-");
  std::mt19937_64 rng(7);
  std::vector<Item> items;
  for (std::uint64_t i = 0; i < 300000; ++i) items.push_back({rng() % 5000, i});
  std::vector<Item> expected = items;
  std::sort(expected.begin(), expected.end());
  // 1 byte: 1,024 items a run, 293 runs, merged 64 at a time; 64 MB: all in memory.
  for (const std::size_t memory : {std::size_t{1}, std::size_t{100000}, std::size_t{64} << 20}) {
    {
      ExternalSort<Item> sort(folder.path(), "items", memory);
      for (const Item& item : items) sort.add(item);
      CHECK(sort.size() == items.size());
      CHECK(sort.spilled() == (memory < (std::size_t{64} << 20)));
      for (int pass = 0; pass < 2; ++pass) {  // read twice, the same
        std::vector<Item> got;
        sort.for_each([&](const Item& item) { got.push_back(item); });
        CHECK(got == expected);
      }
    }
    CHECK(empty(folder.path()));  // its runs removed with it
  }
}

TEST_CASE("spill: the items sharing a key are found exactly, in order", "[spill]") {
  const TemporaryFolder folder("puzzlegen-spill-test-");
  const Keys many = keys_with_repeats(50000, 11), few = keys_with_repeats(3000, 13);
  REQUIRE(many.duplicates.size() > 1000);
  REQUIRE(few.duplicates.size() > 20);
  // A hash of two values: nearly every two keys collide, and only the keys themselves tell
  // duplicates apart.
  const auto poor = [](const std::vector<int>& key) {
    return std::pair<std::uint64_t, std::uint64_t>(key.size() % 2, 0);
  };
  struct Case {
    const Keys& k;
    std::size_t memory;
    DuplicateKeys::Hash hash;
  };
  // The real hash, in memory and spilled (1 byte: runs of 1,024); the poor one, spilled.
  for (const Case& c :
       {Case{many, std::size_t{64} << 20, {}}, Case{many, 1, {}}, Case{few, 1, poor}}) {
    {
      DuplicateKeys keys(folder.path(), "keys", c.memory, c.hash);
      for (std::size_t i = 0; i < c.k.keys.size(); ++i)
        keys.add(c.k.keys[i], "item " + std::to_string(i));
      CHECK(keys.duplicates() == c.k.duplicates.size());
      std::vector<std::pair<std::uint64_t, std::uint64_t>> found;
      keys.for_each_duplicate([&](const DuplicateKeys::Duplicate& d) {
        CHECK(d.note == "item " + std::to_string(d.item));
        CHECK(d.first_note == "item " + std::to_string(d.first));
        found.emplace_back(d.item, d.first);
      });
      CHECK(found == c.k.duplicates);
      std::size_t i = 0;
      keys.for_each([&](const std::vector<int>& key, const std::string& note) {
        CHECK(key == c.k.keys[i]);
        CHECK(note == "item " + std::to_string(i));
        ++i;
      });
      CHECK(i == c.k.keys.size());
    }
    CHECK(empty(folder.path()));
  }
}

TEST_CASE("spill: --key-memory sizes", "[spill]") {
  CHECK(parse_memory_size("256M") == std::size_t{256} << 20);
  CHECK(parse_memory_size("1G") == std::size_t{1} << 30);
  CHECK(parse_memory_size("512K") == std::size_t{512} << 10);
  CHECK(parse_memory_size("4096") == 4096);
  CHECK(parse_memory_size("64MiB") == std::size_t{64} << 20);
  for (const char* bad : {"", "M", "-1M", "1.5G", "12T", "1 M", "99999999999999999999"})
    CHECK_FALSE(parse_memory_size(bad));
}
