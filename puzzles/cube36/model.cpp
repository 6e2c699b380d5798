#include "model.hpp"

#include <gecode/minimodel.hh>

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

PlacementSpace::PlacementSpace(const Board& board, Kind kind, bool branch_pieces)
    : colour(*this, board.cells(), 0, board.n() - 1) {
  const int n = board.n();
  post_latin(*this, colour, n);
  const bool specials = kind == Kind::solution && !board.specials().empty();
  if (!specials) {
    for (int size = 1; size <= n; ++size) {
      IntVarArgs same;
      for (int cell = 0; cell < board.cells(); ++cell)
        if (board.size_at(cell) == size) same << colour[cell];
      if (same.size() != n) {  // n towers of each size, so n cells of each size
        fail();
        return;
      }
      distinct(*this, same, IPL_DOM);
    }
  } else {
    piece = IntVarArray(*this, board.cells());
    const IntArgs colour_of = colour_of_piece(n);
    for (int cell = 0; cell < board.cells(); ++cell) {
      IntArgs fitting;
      for (int p = 0; p < n * n; ++p)
        if (board.fits(p, cell, true)) fitting << p;
      piece[cell] = IntVar(*this, IntSet(fitting));
      element(*this, colour_of, piece[cell], colour[cell]);
    }
    distinct(*this, piece, IPL_DOM);
  }
  post_colour_order(*this, colour, n, board.interchangeable_colours());
  branch(*this, colour, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
  if (specials && branch_pieces) branch(*this, piece, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
}

PlacementSpace::PlacementSpace(PlacementSpace& other) : Space(other) {
  colour.update(*this, other.colour);
  piece.update(*this, other.piece);
}

std::vector<int> PlacementSpace::colours() const {
  std::vector<int> out;
  for (int i = 0; i < colour.size(); ++i) out.push_back(colour[i].val());
  return out;
}

std::vector<int> PlacementSpace::pieces() const {
  std::vector<int> out;
  for (int i = 0; i < piece.size(); ++i) out.push_back(piece[i].val());
  return out;
}

Count count_placements(const Board& board, Kind kind, bool modulo_colours, std::uint64_t cap,
                       const Limits& limits) {
  const std::uint64_t factor = modulo_colours ? 1 : board.colour_symmetries();
  PlacementSpace root(board, kind, false);
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
  const auto value = [&] {
    return search.randomized ? INT_VAL_RND(Rnd(search.seed)) : INT_VAL_MIN();
  };
  if (!joint) {
    branch(*this, size_, INT_VAR_SIZE_MIN(), value());
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
  branch(*this, interleaved, INT_VAR_SIZE_MIN(), value());
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
