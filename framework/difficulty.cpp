#include "difficulty.hpp"

#include <algorithm>
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

bool is_difficulty_measure(const std::string& name) {
  return name == kDifficulty || name == kSearchNodes || name == kPropagationDifficulty;
}

Count difficulty_measure(const Grade& grade, const std::string& name) {
  if (name == kSearchNodes) return grade.search_nodes;
  return Count{grade.level, grade.stopped == StopReason::none, grade.stopped};
}

}  // namespace puzzlegen
