// Latin boards grown row by row, one k x n Latin rectangle per isotopy class (classes.hpp): the
// census of boards walks the isotopy classes of Latin squares instead of every reduced square.
#include "growth.hpp"

#include <algorithm>

#include "classes.hpp"
#include "latin.hpp"

namespace puzzlegen::cube36 {

namespace {

class LatinRows final : public Growth {
 public:
  LatinRows(int n, std::vector<std::string> colors) : n_(n), colors_(std::move(colors)) {}

  // One row: every 1 x n rectangle is isotopic to 1..n.
  Partial root() const override {
    Partial row;
    for (int s = 1; s <= n_; ++s) row.push_back(s);
    return row;
  }
  int depth() const override { return n_ - 1; }

  // Every row that keeps the rectangle Latin: a symbol per column, none already in its column
  // and none twice, in lexicographic order.
  void extend(const Partial& parent,
              const std::function<void(const Partial& child)>& child) const override {
    const auto un = static_cast<std::size_t>(n_);
    std::vector<unsigned> column_has(un, 0);  // bit s-1: symbol s is in the column
    for (std::size_t i = 0; i < parent.size(); ++i) column_has[i % un] |= 1u << (parent[i] - 1);
    Partial next = parent;
    next.resize(parent.size() + un);
    const std::size_t base = parent.size();
    auto place = [&](auto&& self, std::size_t column, unsigned row_has) -> void {
      if (column == un) {
        child(next);
        return;
      }
      const unsigned free = ~(column_has[column] | row_has) & ((1u << un) - 1);
      for (int s = 0; s < n_; ++s) {
        if (!(free >> s & 1u)) continue;
        next[base + column] = s + 1;
        self(self, column + 1, row_has | 1u << s);
      }
    };
    place(place, 0, 0);
  }

  // The canonical last row of a rectangle: of the rows whose invariant (row_ranks) is the
  // greatest, the last in the rectangle's canonical form (least_rectangle_isotope with ranks). The
  // new row's step is canonical when some isotopy onto the least isotope puts it there. Most
  // children fail on the invariant alone, before any isotope is computed.
  Partial accept(const Partial& child) const override {
    const std::vector<int> rank = row_ranks(n_, child);
    if (rank.back() != *std::max_element(rank.begin(), rank.end())) return {};
    RectangleForm form = least_rectangle_isotope(n_, child, rank);
    if (!form.can_go_last.back()) return {};
    return std::move(form.form);
  }

  // The walk's classes are isotopy classes; a board's class also transposes. Of a square and
  // its transpose, the one whose least reduced isotope is smaller stands for both, as that
  // isotope (the board's canonical key, computed here once with its class size).
  std::unique_ptr<Instance> complete(const Partial& leaf) const override {
    IsotopyClass known = isotopy_class(n_, leaf);
    if (known.from_transpose) return nullptr;
    return std::make_unique<Board>(n_, std::move(known), colors_);
  }

 private:
  int n_;
  std::vector<std::string> colors_;
};

}  // namespace

std::unique_ptr<Growth> latin_board_growth(int n, std::vector<std::string> colors) {
  return std::make_unique<LatinRows>(n, std::move(colors));
}

}  // namespace puzzlegen::cube36
