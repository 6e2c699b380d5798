#include "clue_ties.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <numeric>
#include <optional>
#include <regex>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "flatzinc_model.hpp"

namespace puzzlegen::models {

namespace {

// One item of the FlatZinc (MiniZinc writes one a line).
struct Item {
  enum class Kind { variable, variable_array, parameter, constraint, other };
  Kind kind = Kind::other;
  std::string text;
  std::string type;                 // a declaration's, before its name
  std::string name;                 // what a declaration declares
  std::string value;                // after a declaration's '=', "" when none
  bool output = false;              // output_var or output_array
  std::vector<std::string> tokens;  // every identifier it names but its own
};

// Calls f(position, length) for each identifier in `text`, numbers and strings skipped.
template <class F>
void each_identifier(const std::string& text, F&& f) {
  const auto word = [&](std::size_t i) {
    return i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_');
  };
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '"') {
      const auto end = text.find('"', i + 1);
      i = end == std::string::npos ? text.size() : end + 1;
    } else if (std::isalpha(c) || c == '_') {
      std::size_t j = i + 1;
      while (word(j)) ++j;
      f(i, j - i);
      i = j;
    } else if (std::isdigit(c)) {
      while (word(i)) ++i;
    } else {
      ++i;
    }
  }
}

std::vector<std::string> identifiers(const std::string& text) {
  std::vector<std::string> out;
  each_identifier(text, [&](std::size_t at, std::size_t n) { out.push_back(text.substr(at, n)); });
  return out;
}

Item read_item(const std::string& line) {
  Item item;
  item.text = line;
  if (line.rfind("constraint ", 0) == 0) {
    item.kind = Item::Kind::constraint;
    item.tokens = identifiers(line.substr(11));
    return item;
  }
  if (line.rfind("predicate ", 0) == 0) return item;  // a signature: names no variable
  const auto declaration = split_declaration(line);
  if (!declaration) {
    item.tokens = identifiers(line);
    return item;
  }
  item.type = declaration->type;
  item.name = declaration->name;
  item.value = declaration->value;
  const bool variable =
      item.type.rfind("var ", 0) == 0 || item.type.find(" var ") != std::string::npos;
  item.kind = !variable                           ? Item::Kind::parameter
              : item.type.rfind("array ", 0) == 0 ? Item::Kind::variable_array
                                                  : Item::Kind::variable;
  item.output = declaration->annotations.find("output_var") != std::string::npos ||
                declaration->annotations.find("output_array") != std::string::npos;
  item.tokens = identifiers(declaration->annotations + " " + declaration->value);
  return item;
}

// An array's elements as written; none for anything else.
std::vector<std::string> elements_of(const std::string& value) {
  return array_elements(value).value_or(std::vector<std::string>{});
}

// The values of a declared type "var A..B" or "var bool"; nullopt for any other.
std::optional<std::pair<int, int>> declared_range(const std::string& type) {
  if (type == "var bool") return std::pair{0, 1};
  static const std::regex range(R"(var (-?[0-9]+)\.\.(-?[0-9]+))");
  std::smatch m;
  if (!std::regex_match(type, m, range)) return std::nullopt;
  try {
    return std::pair{std::stoi(m[1]), std::stoi(m[2])};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// Whether the FlatZinc `text` (a clue G, its solution variable S, the constraints between
// them) allows exactly: any S where G is `empty`, and S = G where it is not. Asked value by
// value, each by a search of its own: with G empty, every value of S; with G = v, S = v (where
// S may take v) and no other.
bool ties_exactly(const std::string& text, std::pair<int, int> clue, std::pair<int, int> value,
                  int empty) {
  // A tie is a few constraints: a search past this is not one, and domains this wide are left
  // whole rather than asked about value by value.
  constexpr std::uint64_t kTieNodes = 10000;
  constexpr std::int64_t kTieValues = 100000;
  const auto width = [](std::pair<int, int> range) {
    return std::int64_t{range.second} - range.first + 1;
  };
  if (2 * width(clue) + width(value) > kTieValues) return false;
  try {
    const CompiledModel tie(text, "a clue's tie");
    const ModelVariable* g = tie.find("G");
    const ModelVariable* s = tie.find("S");
    if (!g || !s || g->elements.size() != 1 || s->elements.size() != 1) return false;
    Limits limits;
    limits.node_limit = kTieNodes;
    bool decided = true;
    // Whether G = v and S = w (or S other than `other`) have a solution.
    const auto allows = [&](int v, std::optional<int> w, std::optional<int> other) {
      auto space = tie.clone();
      space->fix(g->elements[0], v);
      if (w) space->fix(s->elements[0], *w);
      if (other) space->exclude(s->elements[0], *other);
      if (space->failed() || space->status() == Gecode::SS_FAILED) return false;
      StopReason stopped = StopReason::none;
      const bool found = first_assignment(*space, {}, limits, &stopped) != nullptr;
      decided = decided && (found || stopped == StopReason::none);
      return found;
    };
    for (int v = clue.first; v <= clue.second && decided; ++v) {
      if (v == empty) {
        for (int w = value.first; w <= value.second; ++w)
          if (!allows(v, w, std::nullopt)) return false;
      } else {
        const bool possible = v >= value.first && v <= value.second;
        if ((possible && !allows(v, v, std::nullopt)) || allows(v, std::nullopt, v)) return false;
      }
    }
    return decided;
  } catch (const std::exception&) {
    return false;
  }
}

class Partition {
 public:
  explicit Partition(std::size_t n) : parent_(n) {
    std::iota(parent_.begin(), parent_.end(), std::size_t{0});
  }
  std::size_t find(std::size_t i) {
    while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
    return i;
  }
  void unite(std::size_t a, std::size_t b) { parent_[find(a)] = find(b); }

 private:
  std::vector<std::size_t> parent_;
};

}  // namespace

std::optional<UntiedClues> untie_clues(const std::string& flatzinc, const std::string& clues,
                                       const std::string& solution, int empty) {
  using Kind = Item::Kind;
  std::vector<Item> items;
  std::istringstream lines(flatzinc);
  for (std::string line; std::getline(lines, line);) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (!line.empty()) items.push_back(read_item(line));
  }
  std::unordered_map<std::string, std::size_t> declared;
  for (std::size_t i = 0; i < items.size(); ++i)
    if (!items[i].name.empty() && !declared.emplace(items[i].name, i).second) return std::nullopt;
  const auto variable = [&](const std::string& name) -> const Item* {
    const auto it = declared.find(name);
    return it == declared.end() || items[it->second].kind != Kind::variable ? nullptr
                                                                            : &items[it->second];
  };

  // The clues and the solution variables they give: plain variables, none of them both.
  const auto clue_at = declared.find(clues);
  const auto solution_at = declared.find(solution);
  if (clue_at == declared.end() || solution_at == declared.end()) return std::nullopt;
  const Item& clue_array = items[clue_at->second];
  if (clue_array.kind != Kind::variable_array || !clue_array.output) return std::nullopt;
  const std::vector<std::string> given = elements_of(clue_array.value);
  const Item& solution_item = items[solution_at->second];
  const std::vector<std::string> solved = solution_item.kind == Kind::variable_array
                                              ? elements_of(solution_item.value)
                                              : std::vector<std::string>{solution};
  if (given.empty() || given.size() != solved.size()) return std::nullopt;
  std::unordered_map<std::string, std::size_t> clue_index;
  for (std::size_t k = 0; k < given.size(); ++k) {
    const Item* g = variable(given[k]);
    const Item* s = variable(solved[k]);
    if (!g || !s || g->output || !g->value.empty() || !s->value.empty() ||
        !clue_index.emplace(given[k], k).second)
      return std::nullopt;
  }
  for (const auto& s : solved)
    if (clue_index.count(s)) return std::nullopt;

  // What the output shows (what is counted or read back), the clues aside: the ties may not
  // reach any of it but their own solution variable.
  std::unordered_set<std::string> visible(solved.begin(), solved.end());
  for (const Item& item : items)
    if (item.output && item.name != clues) {
      visible.insert(item.name);
      if (item.kind == Kind::variable_array)
        for (const auto& e : elements_of(item.value)) visible.insert(e);
    }

  // Items joined by the hidden variables they share: each clue's component is its tie.
  Partition parts(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Item& item = items[i];
    const bool joins = item.kind == Kind::constraint ||
                       (item.kind == Kind::variable && !item.value.empty()) ||
                       (item.kind == Kind::variable_array && !item.output);
    if (!joins) continue;
    for (const auto& t : item.tokens) {
      const auto it = declared.find(t);
      if (it == declared.end()) continue;
      const Item& other = items[it->second];
      if ((other.kind == Kind::variable && !visible.count(t)) ||
          (other.kind == Kind::variable_array && !other.output))
        parts.unite(i, it->second);
    }
  }
  std::unordered_map<std::size_t, std::size_t> clue_of_part;
  for (std::size_t k = 0; k < given.size(); ++k)
    if (!clue_of_part.emplace(parts.find(declared.at(given[k])), k).second) return std::nullopt;
  std::vector<std::vector<std::size_t>> tie_items(given.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].kind != Kind::parameter && items[i].kind != Kind::other && i != clue_at->second)
      if (const auto it = clue_of_part.find(parts.find(i)); it != clue_of_part.end())
        tie_items[it->second].push_back(i);

  UntiedClues out;
  std::vector<bool> removed(items.size(), false);
  removed[clue_at->second] = true;
  std::unordered_set<std::string> removed_names{clues};
  std::map<std::string, bool> checked;  // a tie written alike is checked once
  for (std::size_t k = 0; k < given.size(); ++k) {
    const Item& g = items[declared.at(given[k])];
    const Item& s = *variable(solved[k]);
    const auto clue_range = declared_range(g.type);
    const auto value_range = declared_range(s.type);
    if (!clue_range || !value_range) return std::nullopt;
    // The tie alone, its names made canonical so that ties written alike read alike.
    std::map<std::string, std::string> names{{given[k], "G"}, {solved[k], "S"}};
    std::vector<std::size_t> parameters;
    for (std::size_t i : tie_items[k])
      for (const auto& t : items[i].tokens) {
        const auto it = declared.find(t);
        if (it == declared.end()) continue;
        const Item& other = items[it->second];
        if (other.kind == Kind::parameter) {
          parameters.push_back(it->second);
        } else if (visible.count(t) && t != solved[k]) {
          return std::nullopt;  // the clue reaches another visible variable
        }
      }
    std::sort(parameters.begin(), parameters.end());
    parameters.erase(std::unique(parameters.begin(), parameters.end()), parameters.end());
    std::string text;
    const auto add = [&](const std::string& line) {
      std::string renamed;
      std::size_t from = 0;
      each_identifier(line, [&](std::size_t at, std::size_t n) {
        std::string word = line.substr(at, n);
        if (declared.count(word)) {
          auto [it, fresh] = names.emplace(word, "");
          if (fresh) it->second = "V" + std::to_string(names.size());
          word = it->second;
        }
        renamed += line.substr(from, at - from) + word;
        from = at + n;
      });
      text += renamed + line.substr(from) + "\n";
    };
    for (std::size_t i : parameters) add(items[i].text);
    text += g.type + ": G :: output_var;\n" + s.type + ": S :: output_var;\n";
    for (std::size_t i : tie_items[k])
      if (i != declared.at(given[k])) add(items[i].text);
    text += "solve satisfy;\n";
    auto [verdict, fresh] = checked.emplace(text, false);
    if (fresh) verdict->second = ties_exactly(text, *clue_range, *value_range, empty);
    if (!verdict->second) return std::nullopt;
    out.domains.push_back(*clue_range);
    for (std::size_t i : tie_items[k]) {
      removed[i] = true;
      if (!items[i].name.empty()) removed_names.insert(items[i].name);
    }
  }
  // Nothing left may name what was taken out (a search annotation on a clue, say).
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (removed[i]) continue;
    for (const auto& t : items[i].tokens)
      if (removed_names.count(t)) return std::nullopt;
    out.flatzinc += items[i].text + "\n";
  }
  return out;
}

}  // namespace puzzlegen::models
