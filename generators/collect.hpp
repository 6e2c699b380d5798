// Collecting a given number of distinct puzzles from a spec: what a worksheet (or a class set
// of them) needs, as a policy over the strategies. Seeded strategies (random, minimal, search)
// draw each puzzle from a seed of its own, the spec's and then the next ones, so that puzzles
// differ more than neighbours in one search do and each is reproduced by its seed alone;
// complete strategies without seeds take the first instances of one run.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "generate.hpp"

namespace puzzlegen {

struct Collection {
  std::size_t found = 0;
  bool own_seeds = false;     // each puzzle drawn from a seed of its own
  bool proven_short = false;  // fewer than asked exist, proven
  std::string shortfall;      // why fewer than asked were found ("" when none are missing)
};

// Calls `take` with each of up to `count` puzzles distinct up to symmetry, in order, with the
// seed it was drawn from (nullopt: the spec's one run), until `count` are taken, the seeds run
// out (10 per puzzle asked), no more exist or the spec's time limit runs out.
Collection collect_distinct(const Spec& spec, std::size_t count,
                            const std::function<void(const InstancePtr&, const Evaluation&,
                                                     std::optional<std::uint64_t>)>& take);

}  // namespace puzzlegen
