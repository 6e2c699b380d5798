// Minimal puzzles from a clued solution (the `minimal` strategy, and local search's starting
// points): clues are given until the puzzle is unique, then taken back while it stays so
// (grid::minimal_clues). Whether it is unique is asked of the family's Clues::other_solutions
// where it offers it, else answered by counting to two. Where the spec caps the difficulty
// (`difficulty: {max: easy}`), a clue is taken back only if the puzzle stays within the cap,
// as sgt-puzzles' and qqwing's generators make puzzles of a level: minimal for that level.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "family.hpp"
#include "spec.hpp"

namespace puzzlegen {

// The first kind the spec bounds to exactly one solution (a puzzle's unique answer), if any:
// what `minimal` keeps unique and where local search starts from a minimal puzzle.
std::optional<std::string> unique_kind_of(const Spec& spec);

// Whether `puzzle` has exactly one solution of `kind` (a count capped at 2, exact).
bool has_one_solution(const Spec& spec, const Instance& puzzle, const std::string& kind,
                      const Limits& limits);

// The clues of `drawn` a minimal unique puzzle keeps (kept[c] for clue c), in the order `rng`
// draws, minimal within the spec's caps on difficulty where it has some; nullopt when even
// every clue leaves the puzzle over a cap, or (`within_clue_ceiling`) it needs more clues than
// the spec's bound on Clues::clue_measure allows. A limit that cuts a question short leaves the
// result unknown (limits.expired()).
std::optional<std::vector<bool>> minimal_clues_of(const Spec& spec, const Clues& clues,
                                                  const CluedSolution& drawn,
                                                  const std::string& kind, const Limits& limits,
                                                  Rng& rng, bool within_clue_ceiling);

}  // namespace puzzlegen
