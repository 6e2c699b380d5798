#include "groups.hpp"

#include <algorithm>
#include <stdexcept>

namespace puzzlegen::eight_blocks {

VarietyGroup::VarietyGroup(std::vector<VarietyMap> elements) : to_(std::move(elements)) {
  from_.resize(to_.size());
  for (std::size_t g = 0; g < to_.size(); ++g)
    for (int v = 0; v < kVarieties; ++v)
      from_[g][to_[g][static_cast<std::size_t>(v)]] = static_cast<std::uint8_t>(v);
  // The trie, level by level: the elements sorted by their inverses make every node a range.
  std::vector<std::uint32_t> sorted(to_.size());
  for (std::size_t g = 0; g < sorted.size(); ++g) sorted[g] = static_cast<std::uint32_t>(g);
  std::sort(sorted.begin(), sorted.end(),
            [&](std::uint32_t a, std::uint32_t b) { return from_[a] < from_[b]; });
  struct Range {
    std::size_t node, begin, end;
  };
  trie_.emplace_back();
  std::vector<Range> level{{0, 0, sorted.size()}};
  for (std::size_t depth = 0; !level.empty(); ++depth) {
    std::vector<Range> next;
    for (const Range& r : level) {
      if (r.end - r.begin == 1) {  // one element: a leaf
        trie_[r.node].element = sorted[r.begin];
        continue;
      }
      trie_[r.node].first_child = static_cast<std::uint32_t>(trie_.size());
      for (std::size_t b = r.begin; b < r.end;) {
        std::size_t e = b;
        while (e < r.end && from_[sorted[e]][depth] == from_[sorted[b]][depth]) ++e;
        TrieNode child;
        child.variety = from_[sorted[b]][depth];
        next.push_back({trie_.size(), b, e});
        trie_.push_back(child);
        ++trie_[r.node].children;
        b = e;
      }
    }
    level = std::move(next);
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
  // The greatest image is greatest at position 0, then at position 1 among those, and so on:
  // walk the trie a position at a time, keeping the nodes whose elements put the most cubes at
  // it (all of them, tied). No two elements agree on every position, so no kept node is
  // left with several elements past the last position.
  // Scratch kept across calls (this runs for every class a walk makes; not reentrant).
  thread_local std::vector<std::uint32_t> kept, next;
  kept.assign(1, 0);
  std::size_t depth = 0;
  for (; depth < kVarieties; ++depth) {
    int most = -1;
    next.clear();
    const auto keep = [&](int cubes, std::uint32_t node) {
      if (cubes > most) most = cubes, next.clear();
      if (cubes == most) next.push_back(node);
    };
    for (const std::uint32_t n : kept) {
      const TrieNode& node = trie_[n];
      if (node.children == 0)  // a single element: it brings from_[element][depth]
        keep(counts[from_[node.element][depth]], n);
      for (std::uint32_t k = node.first_child; k < node.first_child + node.children; ++k)
        keep(counts[trie_[k].variety], k);
    }
    kept.swap(next);
    if (std::all_of(kept.begin(), kept.end(),
                    [&](std::uint32_t n) { return trie_[n].children == 0; })) {
      ++depth;
      break;
    }
  }
  // Every kept node is one element now, and they agree on positions before `depth`: compare
  // the rest of their images.
  Counts best{};
  bool have = false;
  if (to_form) to_form->clear();
  for (const std::uint32_t n : kept) {
    const std::uint32_t g = trie_[n].element;
    const auto& from = from_[g];
    int order = 1;  // > 0: greater than the best so far; 0: equal; < 0: smaller
    if (have) {
      order = 0;
      for (std::size_t p = depth; p < kVarieties && order == 0; ++p)
        if (const int a = counts[from[p]], b = best[p]; a != b) order = a > b ? 1 : -1;
    }
    if (order > 0) {
      best = image(counts, g);
      have = true;
      if (to_form) to_form->assign(1, g);
    } else if (order == 0 && to_form) {
      to_form->push_back(g);
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
