#include "model.hpp"

#include <gecode/minimodel.hh>

#include <algorithm>
#include <functional>

namespace puzzlegen::cube36 {

using namespace Gecode;

namespace {

void post_latin(Space& home, const IntVarArray& x, int n) {
  const Matrix<IntVarArray> m(x, n, n);
  for (int i = 0; i < n; ++i) {
    distinct(home, m.row(i), IPL_DOM);
    distinct(home, m.col(i), IPL_DOM);
  }
}

// Interchangeable colours appear in row 1 in increasing order (see PlacementSpace).
void post_colour_order(Space& home, const IntVarArray& colour, int n,
                       const std::vector<std::vector<int>>& classes) {
  if (classes.size() == 1) {
    for (int j = 0; j < n; ++j) rel(home, colour[j], IRT_EQ, j);
    return;
  }
  IntVarArgs row(n);
  for (int j = 0; j < n; ++j) row[j] = colour[j];
  IntVarArgs column_of(home, n, 0, n - 1);
  channel(home, row, column_of, IPL_DOM);
  for (const auto& colours : classes)
    for (std::size_t k = 1; k < colours.size(); ++k)
      rel(home, column_of[colours[k - 1]], IRT_LE, column_of[colours[k]]);
}

IntArgs colour_of_piece(int n) {
  IntArgs out(n * n);
  for (int p = 0; p < n * n; ++p) out[p] = p / n;
  return out;
}

}  // namespace

namespace {

// Fills `taken` (size per row) for the cells (r, path[r]) so that every size is used once and
// each cell gets a size one of the colour's towers fits; false when impossible.
bool fill_sizes(const Board& board, int colour, bool use_specials, const std::vector<int>& path,
                std::size_t row, std::vector<int>& taken, unsigned used) {
  const int n = board.n();
  if (row == path.size()) return true;
  const int cell = static_cast<int>(row) * n + path[row];
  for (int size = 1; size <= n; ++size) {
    if ((used >> size & 1U) || !board.fits(board.piece(colour, size), cell, use_specials)) continue;
    taken[row] = size;
    if (fill_sizes(board, colour, use_specials, path, row + 1, taken, used | 1U << size))
      return true;
  }
  return false;
}

void extend_paths(const Board& board, int colour, bool use_specials, std::vector<int>& path,
                  unsigned used_columns, std::vector<std::vector<int>>& out) {
  const int n = board.n();
  const auto row = static_cast<int>(path.size());
  if (row == n) {
    std::vector<int> taken(path.size());
    if (fill_sizes(board, colour, use_specials, path, 0, taken, 0)) out.push_back(path);
    return;
  }
  for (int j = 0; j < n; ++j) {
    if (used_columns >> j & 1U) continue;
    // Prune: some tower of this colour must fit the cell.
    bool fits = false;
    for (int size = 1; size <= n && !fits; ++size)
      fits = board.fits(board.piece(colour, size), row * n + j, use_specials);
    if (!fits) continue;
    path.push_back(j);
    extend_paths(board, colour, use_specials, path, used_columns | 1U << j, out);
    path.pop_back();
  }
}

}  // namespace

std::vector<std::vector<int>> colour_paths(const Board& board, int colour, bool use_specials) {
  std::vector<std::vector<int>> out;
  std::vector<int> path;
  if (!use_specials) {  // ordinary: cells of different sizes, pruned as the path grows
    const int n = board.n();
    std::function<void(unsigned, unsigned)> grow = [&](unsigned columns, unsigned sizes) {
      const auto row = static_cast<int>(path.size());
      if (row == n) {
        out.push_back(path);
        return;
      }
      for (int j = 0; j < n; ++j) {
        const int size = board.size_at(row * n + j);
        if ((columns >> j & 1U) || (sizes >> size & 1U)) continue;
        path.push_back(j);
        grow(columns | 1U << j, sizes | 1U << size);
        path.pop_back();
      }
    };
    grow(0, 0);
    return out;
  }
  extend_paths(board, colour, use_specials, path, 0, out);
  return out;
}

PlacementSpace::PlacementSpace(const Board& board, Kind kind)
    : colour(*this, board.cells(), 0, board.n() - 1),
      column(*this, board.cells(), 0, board.n() - 1) {
  const int n = board.n();
  const bool use_specials = kind == Kind::solution;
  post_latin(*this, colour, n);
  for (int cell = 0; cell < board.cells(); ++cell)
    if (const int given = board.given_colours()[static_cast<std::size_t>(cell)];
        given != Board::kNoColour)
      rel(*this, colour[cell], IRT_EQ, given);
  // column[c * n + r] is where colour c stands in row r.
  const Matrix<IntVarArray> colours(colour, n, n);
  const Matrix<IntVarArray> columns(column, n, n);  // row r of this matrix: colour r's path
  for (int r = 0; r < n; ++r) channel(*this, colours.row(r), columns.col(r), IPL_DOM);
  std::vector<std::vector<int>> ordinary_paths;
  for (int c = 0; c < n; ++c) {
    // Colours without special pieces share one table.
    const bool special =
        use_specials && std::any_of(board.specials().begin(), board.specials().end(),
                                    [&](const SpecialPiece& s) { return s.color == c; });
    if (!special && ordinary_paths.empty()) ordinary_paths = colour_paths(board, c, false);
    const auto paths = special ? colour_paths(board, c, true) : ordinary_paths;
    if (paths.empty()) {
      fail();
      return;
    }
    TupleSet table(n);
    for (const auto& path : paths) table.add(IntArgs(path));
    table.finalize();
    extensional(*this, columns.row(c), table);
  }
  // Interchangeable colours appear in row 1 in increasing order (see the class comment).
  const auto classes = board.interchangeable_colours();
  for (const auto& same : classes)
    for (std::size_t k = 1; k < same.size(); ++k)
      rel(*this, columns(0, same[k - 1]), IRT_LE, columns(0, same[k]));
  branch(*this, column, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
}

PlacementSpace::PlacementSpace(PlacementSpace& other) : GradedSpace(other) {
  colour.update(*this, other.colour);
  column.update(*this, other.column);
}

std::vector<int> PlacementSpace::colours() const {
  std::vector<int> out;
  for (int i = 0; i < colour.size(); ++i) out.push_back(colour[i].val());
  return out;
}

std::vector<int> place_pieces(const Board& board, const std::vector<int>& colours,
                              bool use_specials) {
  const int n = board.n();
  std::vector<int> pieces(colours.size(), -1);
  for (int c = 0; c < n; ++c) {
    std::vector<int> path(static_cast<std::size_t>(n));
    for (int cell = 0; cell < board.cells(); ++cell)
      if (colours[static_cast<std::size_t>(cell)] == c)
        path[static_cast<std::size_t>(cell / n)] = cell % n;
    std::vector<int> taken(path.size());
    if (!fill_sizes(board, c, use_specials, path, 0, taken, 0))
      throw std::logic_error("a solution's colour class has no placement");
    for (int r = 0; r < n; ++r)
      pieces[static_cast<std::size_t>(r * n + path[static_cast<std::size_t>(r)])] =
          board.piece(c, taken[static_cast<std::size_t>(r)]);
  }
  return pieces;
}

Count count_placements(const Board& board, Kind kind, bool modulo_colours, std::uint64_t cap,
                       const Limits& limits) {
  const std::uint64_t factor = modulo_colours ? 1 : board.colour_symmetries();
  PlacementSpace root(board, kind);
  Count count =
      count_solutions<PlacementSpace>(root, cap == 0 ? 0 : (cap + factor - 1) / factor, limits);
  count.value *= factor;
  return count;
}

BoardSpace::BoardSpace(int n, std::vector<std::string> colors, std::vector<SpecialPiece> specials,
                       bool latin, const InstanceSearch& search, std::optional<Kind> joint)
    : n_(n), colors_(std::move(colors)), specials_(std::move(specials)), size_(*this, n * n, 1, n) {
  const int cells = n * n;
  if (latin) post_latin(*this, size_, n);
  const bool ordinary = specials_.empty();
  if (ordinary) {
    IntArgs sizes;
    for (int s = 1; s <= n; ++s) sizes << s;
    IntSetArgs n_times(n);
    for (int s = 0; s < n; ++s) n_times[s] = IntSet(n, n);
    count(*this, size_, n_times, sizes, IPL_DOM);
  }
  if (ordinary && search.symmetry_breaking) {
    const Matrix<IntVarArray> m(size_, n, n);
    if (latin) {
      for (int j = 0; j < n; ++j) {
        rel(*this, m(j, 0), IRT_EQ, j + 1);
        rel(*this, m(0, j), IRT_EQ, j + 1);
      }
    } else {
      for (int i = 1; i < n; ++i) {
        rel(*this, m.row(i - 1), IRT_LQ, m.row(i));
        rel(*this, m.col(i - 1), IRT_LQ, m.col(i));
      }
      IntArgs sizes;
      for (int s = 1; s <= n; ++s) sizes << s;
      precede(*this, size_, sizes);
    }
  }
  if (!joint) {
    branch(*this, size_, INT_VAR_SIZE_MIN(), search.value_order());
    return;
  }
  // One solution next to the board, built cell by cell with it.
  colour_ = IntVarArray(*this, cells, 0, n - 1);
  post_latin(*this, colour_, n);
  const Board template_board(n, std::vector<int>(static_cast<std::size_t>(cells), 1), colors_,
                             specials_);
  post_colour_order(*this, colour_, n, template_board.interchangeable_colours());
  if (ordinary || *joint == Kind::ordinary) {
    // Each (size, colour) tower once.
    IntVarArgs tower(cells);
    for (int cell = 0; cell < cells; ++cell)
      tower[cell] = expr(*this, n * size_[cell] + colour_[cell]);
    distinct(*this, tower, IPL_DOM);
  } else {
    piece_ = IntVarArray(*this, cells, 0, cells - 1);
    const IntArgs colour_of = colour_of_piece(n);
    for (int cell = 0; cell < cells; ++cell) {
      // (piece, size of the cell) pairs where the piece fits.
      TupleSet fits(2);
      for (int p = 0; p < cells; ++p)
        for (int s = 1; s <= n; ++s)
          if (p % n + 1 == s || also_fits(specials_, n, p, cell)) fits.add(IntArgs{p, s});
      fits.finalize();
      extensional(*this, IntVarArgs{piece_[cell], size_[cell]}, fits);
      element(*this, colour_of, piece_[cell], colour_[cell]);
    }
    distinct(*this, piece_, IPL_DOM);
  }
  IntVarArgs interleaved;
  for (int cell = 0; cell < cells; ++cell) interleaved << size_[cell] << colour_[cell];
  branch(*this, interleaved, INT_VAR_SIZE_MIN(), search.value_order());
}

BoardSpace::BoardSpace(BoardSpace& other)
    : InstanceSpace(other), n_(other.n_), colors_(other.colors_), specials_(other.specials_) {
  size_.update(*this, other.size_);
  colour_.update(*this, other.colour_);
  piece_.update(*this, other.piece_);
}

std::unique_ptr<Instance> BoardSpace::instance() const {
  std::vector<int> sizes;
  for (int i = 0; i < size_.size(); ++i) sizes.push_back(size_[i].val());
  return std::make_unique<Board>(n_, std::move(sizes), colors_, specials_);
}

}  // namespace puzzlegen::cube36
