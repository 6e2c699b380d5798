// The canonical form of Latin rectangles that the 36 Cube's class walk grows boards with,
// against brute force over every isotopy (row, column and symbol permutations): the form is
// the same for every isotope, the automorphism count is the stabiliser's order, and the rows
// that can go last are exactly an orbit of the automorphism group.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <set>

#include "latin.hpp"

using namespace puzzlegen;

namespace {

std::vector<int> identity(int n) {
  std::vector<int> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  return p;
}

// rectangle with rows, columns and symbols permuted: row i of the image is row rows[i].
std::vector<int> isotope(int n, const std::vector<int>& rectangle, const std::vector<int>& rows,
                         const std::vector<int>& columns, const std::vector<int>& symbols) {
  std::vector<int> out(rectangle.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (int j = 0; j < n; ++j)
      out[i * static_cast<std::size_t>(n) + static_cast<std::size_t>(j)] =
          symbols[static_cast<std::size_t>(
              rectangle[static_cast<std::size_t>(rows[i] * n +
                                                 columns[static_cast<std::size_t>(j)])] -
              1)] +
          1;
  return out;
}

// Calls f(rows, columns, symbols) for every isotopy of a k x n rectangle.
template <class F>
void every_isotopy(int k, int n, F&& f) {
  auto rows = identity(k);
  do {
    auto columns = identity(n);
    do {
      auto symbols = identity(n);
      do f(rows, columns, symbols);
      while (std::next_permutation(symbols.begin(), symbols.end()));
    } while (std::next_permutation(columns.begin(), columns.end()));
  } while (std::next_permutation(rows.begin(), rows.end()));
}

}  // namespace

TEST_CASE("latin: rectangle forms, automorphisms and last rows are brute force's",
          "[latin][classes]") {
  Rng rng(5);
  for (const auto& [k, n] :
       std::vector<std::pair<int, int>>{{1, 4}, {2, 4}, {3, 4}, {4, 4}, {2, 5}, {3, 5}, {4, 5}}) {
    for (int trial = 0; trial < 4; ++trial) {
      INFO("k " << k << " n " << n << " trial " << trial);
      // The first k rows of a random square, and of a cyclic one (many automorphisms).
      std::vector<int> square = random_latin_square(n, rng);
      if (trial == 0)
        for (int r = 0; r < n; ++r)
          for (int c = 0; c < n; ++c) square[static_cast<std::size_t>(r * n + c)] = (r + c) % n + 1;
      const std::vector<int> rectangle(square.begin(), square.begin() + k * n);
      for (const bool ranked : {false, true}) {
        INFO("ranked " << ranked);
        const std::vector<int> rank = ranked ? row_ranks(n, rectangle) : std::vector<int>{};
        const RectangleForm form = least_rectangle_isotope(n, rectangle, rank);
        const int top = rank.empty() ? 0 : *std::max_element(rank.begin(), rank.end());
        std::uint64_t automorphisms = 0;
        std::vector<bool> last(static_cast<std::size_t>(k), false);
        bool same_form = true;
        // k and n copied: clang before 16 cannot capture a structured binding by reference.
        every_isotopy(
            k, n, [&, k = k, n = n](const auto& rows, const auto& columns, const auto& symbols) {
              const auto image = isotope(n, rectangle, rows, columns, symbols);
              if (image == rectangle) ++automorphisms;
              // Every isotope has the same form (with ranks, carried along with the rows).
              if (trial == 1 && rows.front() == k - 1) {
                const std::vector<int> image_rank =
                    rank.empty() ? std::vector<int>{} : row_ranks(n, image);
                for (std::size_t i = 0; i < image_rank.size(); ++i)
                  same_form &= image_rank[i] == rank[static_cast<std::size_t>(rows[i])];
                same_form &= least_rectangle_isotope(n, image, image_rank).form == form.form;
              }
              // An isotopy onto the form puts its last row of the greatest rank at the last
              // position of that rank in the form.
              if (image == form.form) {
                int i = k - 1;
                if (!rank.empty())
                  while (rank[static_cast<std::size_t>(rows[static_cast<std::size_t>(i)])] != top)
                    --i;
                last[static_cast<std::size_t>(rows[static_cast<std::size_t>(i)])] = true;
              }
            });
        CHECK(same_form);
        CHECK(form.automorphisms == automorphisms);
        CHECK(form.can_go_last == last);
        CHECK(is_latin(n, square));
      }
    }
  }
}

TEST_CASE("latin: rectangle class sizes sum to the number of Latin rectangles",
          "[latin][classes]") {
  // 2 x 5 rectangles: 5! times the 44 derangements of 5; their classes are the derangements'
  // cycle types, (2,3) and (5).
  std::set<std::vector<int>> seen;
  Natural total = 0;
  std::vector<int> second = identity(5);
  do {
    std::vector<int> rectangle = {1, 2, 3, 4, 5};
    bool derangement = true;
    for (int c = 0; c < 5; ++c) {
      derangement &= second[static_cast<std::size_t>(c)] != c;
      rectangle.push_back(second[static_cast<std::size_t>(c)] + 1);
    }
    if (!derangement) continue;
    if (seen.insert(least_rectangle_isotope(5, rectangle).form).second)
      total += rectangle_class_size(5, rectangle);
  } while (std::next_permutation(second.begin(), second.end()));
  CHECK(seen.size() == 2);
  CHECK(total == Natural(120 * 44));
}
