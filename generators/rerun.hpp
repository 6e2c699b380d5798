// For `puzzlegen verify`: a spec's question asked again by another search than the one that
// answered it, so that a wrong symmetry argument or a wrong class walk shows as a different
// answer. A class walk is re-checked by the tree search without the family's symmetry breaking
// where that ends in half the time left, else by the tree search with it (lex-leader
// constraints instead of canonical augmentation); a tree search by the class walk where the
// family declares one (a different method altogether), else by the tree search again without
// its symmetry breaking.
#pragma once

#include <optional>
#include <string>

#include "verify.hpp"

namespace puzzlegen {

// Every instance `spec` accepts (with an objective: every tie of the optimum, found by a branch
// and bound that keeps ties), searched within `limits` (its deadline) on `threads` workers;
// nullopt for a spec about one given instance, which has nothing to search.
std::optional<Rerun> search_again(const Spec& spec, const std::string& strategy,
                                  const Limits& limits, unsigned threads);

}  // namespace puzzlegen
