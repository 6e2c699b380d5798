// Finite groups acting on solution or instance vectors, canonical forms and exact orbit
// counting. An orbit is counted once by keeping only its lexicographically least member;
// nothing here relies on LDSB, whose counts are not orbit counts.
#pragma once

#include <gecode/int.hh>

#include <cstdint>
#include <span>
#include <vector>

namespace puzzlegen {

// One group element acting on a vector x of integers: image[position[k]] = value[x[k]]
// (an empty `position` keeps positions, an empty `value` keeps values).
struct Symmetry {
  std::vector<int> position;
  std::vector<int> value;

  std::vector<int> apply(std::span<const int> x) const;
};

class SymmetryGroup {
 public:
  SymmetryGroup() = default;
  explicit SymmetryGroup(std::vector<Symmetry> elements) : elements_(std::move(elements)) {}

  std::size_t order() const { return elements_.size(); }  // includes the identity if listed
  const std::vector<Symmetry>& elements() const { return elements_; }

  // The least image of x under the group (x itself counts as its own image).
  std::vector<int> canonical(std::span<const int> x) const;
  // True when no element maps x to something lexicographically smaller.
  bool is_canonical(std::span<const int> x) const;
  // Orbit size |G| / |Stab(x)|.
  std::size_t orbit_size(std::span<const int> x) const;

 private:
  std::vector<Symmetry> elements_;
};

// Keeps, of every orbit of assignments of x, exactly its lexicographically least member:
// x <=lex g(x) for every element g, all in one propagator. It subscribes to each variable
// once, whatever the group's order (one Gecode lex constraint per element made every
// variable carry a subscription per element, and their upkeep dominated searches with
// groups of hundreds), and per element it finds the first position where x and g(x) are not
// fixed and equal: it fails when x is larger there, is done with g when x is smaller, and
// otherwise prunes x_i <= g(x)_i, strictly when the next open position would make x larger.
// The values of x must lie in 0..size-1 of every element's `value` map.
void post_lex_leader(Gecode::Home home, const Gecode::IntVarArgs& x, const SymmetryGroup& group);

// The same solutions, decomposed: a Gecode lex constraint per element (with an `element`
// constraint per variable for value maps), which propagates differently. For models whose
// propagation is itself the measure, as difficulty grades are (framework/difficulty.hpp): a
// grade must not move when the search's symmetry breaking gets stronger. With the propagator
// above, every four-cube Instant Insanity puzzle with one tower graded medium; with this, they
// spread over medium, hard and extreme as before. For groups of tens of elements.
void post_lex_leader_per_element(Gecode::Home home, const Gecode::IntVarArgs& x,
                                 const SymmetryGroup& group);

// All permutations of {0..n-1}, in lexicographic order (n! of them).
std::vector<std::vector<int>> all_permutations(int n);

}  // namespace puzzlegen
