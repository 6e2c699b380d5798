#include "symmetry.hpp"

#include <algorithm>
#include <numeric>

namespace puzzlegen {

std::vector<int> Symmetry::apply(std::span<const int> x) const {
  std::vector<int> image(x.size());
  for (std::size_t k = 0; k < x.size(); ++k) {
    const int v = value.empty() ? x[k] : value[static_cast<std::size_t>(x[k])];
    image[position.empty() ? k : static_cast<std::size_t>(position[k])] = v;
  }
  return image;
}

std::vector<int> SymmetryGroup::canonical(std::span<const int> x) const {
  std::vector<int> best(x.begin(), x.end());
  for (const auto& g : elements_) best = std::min(best, g.apply(x));
  return best;
}

bool SymmetryGroup::is_canonical(std::span<const int> x) const {
  for (const auto& g : elements_) {
    const auto image = g.apply(x);
    if (std::lexicographical_compare(image.begin(), image.end(), x.begin(), x.end())) return false;
  }
  return true;
}

std::size_t SymmetryGroup::orbit_size(std::span<const int> x) const {
  std::size_t stabiliser = 0;
  for (const auto& g : elements_) {
    const auto image = g.apply(x);
    if (std::equal(image.begin(), image.end(), x.begin(), x.end())) ++stabiliser;
  }
  return stabiliser == 0 ? 0 : elements_.size() / stabiliser;
}

void post_lex_leader(Gecode::Home home, const Gecode::IntVarArgs& x, const SymmetryGroup& group) {
  for (const auto& g : group.elements()) {
    Gecode::IntVarArgs image(x.size());
    for (int k = 0; k < x.size(); ++k) {
      Gecode::IntVar v = x[k];
      if (!g.value.empty()) {  // the value x[k] takes under g
        v = Gecode::IntVar(home, 0, *std::max_element(g.value.begin(), g.value.end()));
        Gecode::element(home, Gecode::IntArgs(g.value), x[k], v);
      }
      image[g.position.empty() ? k : g.position[static_cast<std::size_t>(k)]] = v;
    }
    Gecode::rel(home, x, Gecode::IRT_LQ, image);
  }
}

std::vector<std::vector<int>> all_permutations(int n) {
  std::vector<int> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  std::vector<std::vector<int>> out;
  do out.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return out;
}

}  // namespace puzzlegen
