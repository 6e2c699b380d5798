#include "difficulty.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>

namespace puzzlegen {

Grade grade(GradedSpace& root, const Limits& limits, std::uint64_t search_node_limit) {
  return grade_by_probing(
      root, [](const GradedSpace& space) { return space.decisions(); }, limits, search_node_limit);
}

const std::vector<std::string>& difficulty_levels() {
  static const std::vector<std::string> names{"easy", "medium", "hard", "extreme"};
  return names;
}

std::optional<int> difficulty_level(const std::string& name) {
  const auto& names = difficulty_levels();
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) return std::nullopt;
  return static_cast<int>(it - names.begin()) + 1;
}

std::string Grade::name() const {
  return difficulty_levels().at(static_cast<std::size_t>(level - 1));
}

std::string Grade::text() const {
  std::string how;
  if (!reasoning.empty())
    how = level != extreme ? reasoning : reasoning + "; search: " + search_nodes.text() + " nodes";
  else if (level == easy)
    how = "propagation alone";
  else if (level != extreme)
    how = "propagation and " +
          (rounds == 1 ? std::string("one round") : std::to_string(rounds) + " rounds") +
          " of probing";
  else
    how = "probing stalls; search: " + search_nodes.text() + " nodes";
  return name() + " (" + how + (solvable ? "" : ", no solution") +
         (stopped == StopReason::none ? "" : ", at least: cut short") + ")";
}

namespace {

// A search's guesses: every node but the first (search nodes are at most the node limit).
std::uint64_t guesses_of(const Count& nodes) {
  const std::uint64_t n = to_uint64(nodes.value).value_or(UINT64_MAX);
  return n > 0 ? n - 1 : 0;
}

}  // namespace

std::string Grade::label() const {
  if (level != extreme) return name();
  if (trial_and_error) {
    const std::uint64_t guesses = guesses_of(search_nodes);
    return name() + " (trial and error: " + (search_nodes.exact ? "" : "at least ") +
           std::to_string(guesses) + (guesses == 1 ? " guess)" : " guesses)");
  }
  if (what_ifs == 0) return name();
  const std::string steps =
      std::to_string(longest_what_if) + (longest_what_if == 1 ? " step" : " steps");
  return name() + (what_ifs == 1
                       ? " (a what-if of " + steps + ")"
                       : " (" + std::to_string(what_ifs) + " what-ifs of up to " + steps + ")");
}

std::array<std::uint64_t, 4> Grade::rank() const {
  const auto at = static_cast<std::uint64_t>(level);
  if (level != extreme) return {at, 0, 0, 0};
  if (trial_and_error) return {at, 1, guesses_of(search_nodes), 0};
  return {at, 0, longest_what_if, what_ifs};
}

bool is_difficulty_measure(const std::string& name) {
  return name == kDifficulty || name == kSearchNodes || name == kPropagationDifficulty;
}

Count difficulty_measure(const Grade& grade, const std::string& name) {
  if (name == kSearchNodes) return grade.past_ceiling ? Count{0, false} : grade.search_nodes;
  return Count{grade.level, grade.stopped == StopReason::none && !grade.past_ceiling,
               grade.stopped};
}

}  // namespace puzzlegen
