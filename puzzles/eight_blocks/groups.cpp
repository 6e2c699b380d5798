#include "groups.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace puzzlegen::eight_blocks {

VarietyGroup::VarietyGroup(std::vector<VarietyMap> elements) : to_(std::move(elements)) {
  from_.resize(to_.size());
  for (std::size_t g = 0; g < to_.size(); ++g) {
    for (int v = 0; v < kVarieties; ++v)
      from_[g][to_[g][static_cast<std::size_t>(v)]] = static_cast<std::uint8_t>(v);
    to_first_[from_[g][0]].push_back(static_cast<std::uint32_t>(g));
  }
}

const VarietyGroup& VarietyGroup::renamings() {
  static const VarietyGroup group = [] {
    std::vector<VarietyMap> elements;
    for (const auto& sigma : colour_permutations()) {
      VarietyMap g{};
      for (int v = 0; v < kVarieties; ++v)
        g[static_cast<std::size_t>(v)] =
            static_cast<std::uint8_t>(sigma[static_cast<std::size_t>(v)]);
      elements.push_back(g);
    }
    return VarietyGroup(std::move(elements));
  }();
  return group;
}

const VarietyGroup& VarietyGroup::with_mirrors() {
  static const VarietyGroup group = [] {
    std::vector<VarietyMap> elements = renamings().elements();
    for (const auto& sigma : renamings().elements()) {
      VarietyMap g{};  // the mirror image first, then the renaming
      for (int v = 0; v < kVarieties; ++v)
        g[static_cast<std::size_t>(v)] = sigma[static_cast<std::size_t>(mirror(v))];
      elements.push_back(g);
    }
    return VarietyGroup(std::move(elements));
  }();
  return group;
}

const VarietyGroup& VarietyGroup::of(Convention convention) {
  return convention == Convention::renaming ? renamings() : with_mirrors();
}

VarietyGroup VarietyGroup::keeping(const std::function<bool(int, int)>& same) const {
  std::vector<VarietyMap> kept;
  for (const auto& g : to_) {
    bool keeps = true;
    for (int v = 0; v < kVarieties && keeps; ++v) keeps = same(v, g[static_cast<std::size_t>(v)]);
    if (keeps) kept.push_back(g);
  }
  return VarietyGroup(std::move(kept));
}

Counts VarietyGroup::image(const Counts& counts, std::size_t g) const {
  Counts out{};
  for (int p = 0; p < kVarieties; ++p)
    out[static_cast<std::size_t>(p)] = counts[from_[g][static_cast<std::size_t>(p)]];
  return out;
}

Counts VarietyGroup::canonical(const Counts& counts, std::vector<std::uint32_t>* to_form) const {
  // Position 0 of the greatest image holds the most cubes of a variety that some element
  // takes there (every variety, unless the group is a subgroup that moves none to it).
  int most = 0;
  for (int u = 0; u < kVarieties; ++u)
    if (!to_first_[static_cast<std::size_t>(u)].empty())
      most = std::max(most, counts[static_cast<std::size_t>(u)]);
  // Past the first positions, images are compared only where either has cubes: the positions
  // an element takes the varieties present to, as bits, with the best image's (most positions
  // hold 0 in both).
  std::array<std::uint8_t, kVarieties> present{};
  std::size_t kinds = 0;
  for (int v = 0; v < kVarieties; ++v)
    if (counts[static_cast<std::size_t>(v)] != 0) present[kinds++] = static_cast<std::uint8_t>(v);
  Counts best{};
  std::uint32_t best_support = 0;
  bool have = false;
  if (to_form) to_form->clear();
  for (int u = 0; u < kVarieties; ++u) {
    if (counts[static_cast<std::size_t>(u)] != most) continue;
    for (const std::uint32_t g : to_first_[static_cast<std::size_t>(u)]) {
      const auto& from = from_[g];
      const auto& to = to_[g];
      const auto support = [&] {
        std::uint32_t out = 0;
        for (std::size_t k = 0; k < kinds; ++k) out |= 1u << to[present[k]];
        return out;
      };
      // Position 0 holds `most` for every candidate: compare from position 1 on, position by
      // position while most images differ, then where either image has cubes.
      int order = 1;  // > 0: greater than the best so far; 0: equal; < 0: smaller
      if (have) {
        order = 0;
        constexpr std::size_t kDirect = 6;
        for (std::size_t p = 1; p < kDirect && order == 0; ++p)
          if (const int a = counts[from[p]], b = best[p]; a != b) order = a > b ? 1 : -1;
        for (std::uint32_t differ = order != 0 ? 0
                                               : (support() | best_support) >> kDirect << kDirect;
             differ != 0; differ &= differ - 1) {
          const auto p = static_cast<std::size_t>(std::countr_zero(differ));
          const int a = counts[from[p]], b = best[p];
          if (a != b) {
            order = a > b ? 1 : -1;
            break;
          }
        }
      }
      if (order > 0) {
        best = image(counts, g);
        best_support = support();
        have = true;
        if (to_form) to_form->assign(1, g);
      } else if (order == 0 && to_form) {
        to_form->push_back(g);
      }
    }
  }
  return best;
}

std::size_t VarietyGroup::automorphisms(const Counts& counts) const {
  std::vector<std::uint32_t> to_form;
  canonical(counts, &to_form);
  return to_form.size();
}

}  // namespace puzzlegen::eight_blocks
