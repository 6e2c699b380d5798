#include "play.hpp"

#include <stdexcept>

#include "spec.hpp"

namespace puzzlegen::render {

const char* player_code();  // play_script.cpp, made from play.js at build time

namespace {

using Json = nlohmann::ordered_json;

// Standard base64 of the bytes a hex string spells.
std::string base64_of_hex(const std::string& hex) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string bytes;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    bytes += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t left = bytes.size() - i;
    unsigned bits = static_cast<unsigned char>(bytes[i]) << 16;
    if (left > 1) bits |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    if (left > 2) bits |= static_cast<unsigned char>(bytes[i + 2]);
    out += kDigits[(bits >> 18) & 63];
    out += kDigits[(bits >> 12) & 63];
    out += left > 1 ? kDigits[(bits >> 6) & 63] : '=';
    out += left > 2 ? kDigits[bits & 63] : '=';
  }
  return out;
}

void check_cell(const PlayGrid& grid, int cell) {
  if (cell < 0 || cell >= grid.rows * grid.columns)
    throw std::invalid_argument("a play grid's rule names a cell outside it");
}

}  // namespace

void PlayGrid::add_rows_and_columns() {
  for (int r = 0; r < rows; ++r) {
    Distinct row{{}, "in row " + std::to_string(r + 1)};
    for (int c = 0; c < columns; ++c) row.cells.push_back(r * columns + c);
    distinct.push_back(std::move(row));
  }
  for (int c = 0; c < columns; ++c) {
    Distinct column{{}, "in column " + std::to_string(c + 1)};
    for (int r = 0; r < rows; ++r) column.cells.push_back(r * columns + c);
    distinct.push_back(std::move(column));
  }
}

Json PlayGrid::to_json() const {
  const auto cells = static_cast<std::size_t>(rows * columns);
  if (!labels.empty() && labels.size() != cells)
    throw std::invalid_argument("a play grid needs a label for every cell, or none");
  if (!givens.empty() && givens.size() != cells)
    throw std::invalid_argument("a play grid needs a given (or none) for every cell");
  if (!equal_sums.empty() && equal_sums.size() != cells)
    throw std::invalid_argument("a play grid's sums need a weight for every cell");
  Json out = {{"player", "grid"}, {"rows", rows}, {"columns", columns}, {"values", values}};
  if (!names.empty()) out["names"] = names;
  if (!fills.empty()) out["fills"] = fills;
  if (!labels.empty()) out["labels"] = labels;
  if (!givens.empty()) {
    Json given = Json::array();
    for (const auto& g : givens) given.push_back(g ? Json(*g) : Json(nullptr));
    out["givens"] = given;
  }
  Json rules = Json::array();
  for (const auto& d : distinct) {
    for (const int cell : d.cells) check_cell(*this, cell);
    rules.push_back({{"rule", "distinct"}, {"cells", d.cells}, {"where", d.where}});
  }
  for (const auto& l : less) {
    check_cell(*this, l.smaller);
    check_cell(*this, l.larger);
    rules.push_back({{"rule", "less"}, {"cells", {l.smaller, l.larger}}});
  }
  for (const auto& c : cages) {
    for (const int cell : c.cells) check_cell(*this, cell);
    const bool single = c.op == 0 && c.cells.size() == 1;
    const bool any_size = (c.op == '+' || c.op == 'x') && !c.cells.empty();
    const bool pair = (c.op == '-' || c.op == '/') && c.cells.size() == 2;
    if (!single && !any_size && !pair)
      throw std::invalid_argument(
          "a play grid's cage: '+' or 'x', '-' or '/' on two cells, or "
          "one cell and no operation");
    rules.push_back({{"rule", "cage"},
                     {"cells", c.cells},
                     {"op", c.op ? std::string(1, c.op) : ""},
                     {"target", c.target}});
  }
  if (!equal_sums.empty()) rules.push_back({{"rule", "equal-sums"}, {"weights", equal_sums}});
  out["rules"] = rules;
  return out;
}

Json PlayTower::to_json() const {
  Json cube_list = Json::array();
  for (const auto& cube : cubes) {
    for (const int c : cube)
      if (c < 0 || static_cast<std::size_t>(c) >= values.size())
        throw std::invalid_argument("a play tower's cube has an unknown colour");
    cube_list.push_back(cube);
  }
  return {{"player", "tower"}, {"values", values},   {"names", names},
          {"fills", fills},    {"cubes", cube_list}, {"goal", goal}};
}

void describe_colours(const Palette& palette, std::vector<std::string>& values,
                      std::vector<std::string>& names, std::vector<std::string>& fills) {
  values.clear();
  names.clear();
  fills.clear();
  for (std::size_t c = 0; c < palette.colours().size(); ++c) {
    values.push_back(palette.colours()[c].label);
    names.push_back(palette.colours()[c].name);
    fills.push_back(palette.fill(static_cast<int>(c)));
  }
}

Element play_box(const Json& description, int puzzle) {
  Element box("div");
  box.set("class", "play")
      .set("data-puzzle", std::to_string(puzzle))
      .set("data-play", description.dump());
  return box;
}

Element player_script() {
  Element script("script");
  script.script(player_code());
  return script;
}

std::string player_script_source() {
  // The hash is of the element's text as written: between <script> and </script>.
  const std::string whole = player_script().str();
  const std::size_t open = std::string("<script>").size(), close = std::string("</script>").size();
  return "'sha256-" + base64_of_hex(sha256_hex(whole.substr(open, whole.size() - open - close))) +
         "'";
}

}  // namespace puzzlegen::render
