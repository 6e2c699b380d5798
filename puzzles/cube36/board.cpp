#include "board.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "latin.hpp"
#include "names.hpp"

namespace puzzlegen::cube36 {

namespace {

constexpr int kMinN = 3;
constexpr int kMaxN = 9;

std::string cell_name(int n, int cell) {
  return "row " + std::to_string(cell / n + 1) + ", column " + std::to_string(cell % n + 1);
}

// `given-colors:` rows from the first, each n colour names or `.` for a cell left to the
// solver; rows not listed are left to the solver too. No colour twice in a row or column.
std::vector<int> read_given_colours(const YAML::Node& rows, const Board& board,
                                    const std::string& file) {
  const int n = board.n();
  const std::string expected = "rows of " + std::to_string(n) +
                               " entries, each a colour name or . for none (at most " +
                               std::to_string(n) + " rows, from the first)";
  if (!rows.IsSequence() || rows.size() > static_cast<std::size_t>(n))
    throw InputError(location_of(rows, file), "given-colors", "expected " + expected);
  std::vector<int> given(static_cast<std::size_t>(board.cells()), Board::kNoColour);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const YAML::Node row = rows[i];
    const std::string field = "given-colors[" + std::to_string(i + 1) + "]";
    if (!row.IsSequence() || row.size() != static_cast<std::size_t>(n))
      throw InputError(location_of(row, file), field, "expected " + expected);
    for (std::size_t j = 0; j < row.size(); ++j) {
      const YAML::Node entry = row[j];
      if (entry.IsNull() || (entry.IsScalar() && entry.Scalar() == ".")) continue;
      const int colour = read_name_index(entry, board.colors(), file, field, "colour");
      const auto cell = i * static_cast<std::size_t>(n) + j;
      for (std::size_t other = 0; other < given.size(); ++other)
        if (given[other] == colour &&
            (other / static_cast<std::size_t>(n) == i || other % static_cast<std::size_t>(n) == j))
          throw InputError(location_of(entry, file), field,
                           "colour '" + board.colors()[static_cast<std::size_t>(colour)] +
                               "' is given twice in one " +
                               (other / static_cast<std::size_t>(n) == i ? "row" : "column") +
                               " (" + cell_name(n, static_cast<int>(other)) + " and " +
                               cell_name(n, static_cast<int>(cell)) + ")");
      given[cell] = colour;
    }
  }
  return given;
}

}  // namespace

std::vector<std::string> default_colors(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.emplace_back(1, static_cast<char>('a' + i));
  return out;
}

Board::Board(int n, std::vector<int> sizes, std::vector<std::string> colors,
             std::vector<SpecialPiece> specials, bool as_pedestals)
    : n_(n),
      sizes_(std::move(sizes)),
      colors_(std::move(colors)),
      abbreviations_(unique_prefixes(colors_)),
      specials_(std::move(specials)),
      given_(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), kNoColour),
      as_pedestals_(as_pedestals) {}

Board::Board(int n, IsotopyClass known, std::vector<std::string> colors)
    : Board(n, std::move(known.form), std::move(colors), {}) {
  known_class_size_ = std::move(known.size);
}

bool Board::is_latin() const {
  return puzzlegen::is_latin(n_, sizes_);
}

bool Board::has_givens() const {
  return std::any_of(given_.begin(), given_.end(), [](int c) { return c != kNoColour; });
}

Board Board::with_given_colours(std::vector<int> given) const {
  if (given.size() != given_.size())
    throw std::logic_error("given colours: one entry per cell expected");
  Board out(n_, sizes_, colors_, specials_, as_pedestals_);
  out.given_ = std::move(given);
  return out;
}

bool also_fits(const std::vector<SpecialPiece>& specials, int n, int piece, int cell) {
  return std::any_of(specials.begin(), specials.end(), [&](const SpecialPiece& s) {
    return s.color == piece / n && s.size == piece % n + 1 &&
           std::find(s.cells.begin(), s.cells.end(), cell) != s.cells.end();
  });
}

bool Board::fits(int piece, int cell, bool use_specials) const {
  return size_at(cell) == piece % n_ + 1 || (use_specials && also_fits(specials_, n_, piece, cell));
}

std::vector<std::vector<int>> Board::interchangeable_colours() const {
  // A colour's profile: its special pieces (size and cells), sorted.
  std::map<std::vector<std::vector<int>>, std::vector<int>> classes;
  for (int color = 0; color < n_; ++color) {
    std::vector<std::vector<int>> profile;
    for (const auto& s : specials_) {
      if (s.color != color) continue;
      std::vector<int> entry{s.size};
      std::vector<int> cells = s.cells;
      std::sort(cells.begin(), cells.end());
      entry.insert(entry.end(), cells.begin(), cells.end());
      profile.push_back(entry);
    }
    // A colour given on the board is named by its cells: no renaming may move it.
    std::vector<int> given{0};
    for (int cell = 0; cell < cells(); ++cell)
      if (given_[static_cast<std::size_t>(cell)] == color) given.push_back(cell);
    if (given.size() > 1) profile.push_back(given);
    std::sort(profile.begin(), profile.end());
    classes[profile].push_back(color);
  }
  std::vector<std::vector<int>> out;
  for (auto& [profile, colours] : classes) out.push_back(colours);
  return out;
}

std::uint64_t Board::colour_symmetries() const {
  std::uint64_t order = 1;
  for (const auto& colours : interchangeable_colours())
    for (std::uint64_t k = 2; k <= colours.size(); ++k) order *= k;
  return order;
}

Json Board::to_json() const {
  Json rows = Json::array();
  for (int i = 0; i < n_; ++i) {
    Json row = Json::array();
    for (int j = 0; j < n_; ++j) {
      const int size = size_at(i * n_ + j);
      row.push_back(as_pedestals_ ? n_ + 1 - size : size);
    }
    rows.push_back(row);
  }
  Json out = {{"puzzle", "cube36"}, {as_pedestals_ ? "pedestals" : "board", rows}};
  if (colors_ != default_colors(n_)) out["colors"] = colors_;
  if (!specials_.empty()) {
    Json pieces = Json::array();
    for (const auto& s : specials_) {
      Json cells = Json::array();
      for (const int cell : s.cells) cells.push_back({cell / n_ + 1, cell % n_ + 1});
      pieces.push_back({{"color", colors_[static_cast<std::size_t>(s.color)]},
                        {"size", s.size},
                        {"also-fits", cells}});
    }
    out["special-pieces"] = pieces;
  }
  if (has_givens()) {
    Json given = Json::array();
    for (int i = 0; i < n_; ++i) {
      Json row = Json::array();
      for (int j = 0; j < n_; ++j) {
        const int c = given_[static_cast<std::size_t>(i * n_ + j)];
        row.push_back(c == kNoColour ? std::string(".") : colors_[static_cast<std::size_t>(c)]);
      }
      given.push_back(row);
    }
    out["given-colors"] = given;
  }
  return out;
}

std::vector<int> Board::canonical_key() const {
  if (known_class_size_) return sizes_;
  // Special pieces and given colours pin cells and sizes: only exact repeats are the same board.
  if (pinned()) {
    std::vector<int> key = sizes_;
    if (has_givens()) key.insert(key.end(), given_.begin(), given_.end());
    return key;
  }
  if (is_latin()) return isotopy_canonical_form(n_, sizes_);
  // Otherwise sizes are relabelled in order of first appearance.
  std::vector<int> relabel(static_cast<std::size_t>(n_) + 1, 0);
  int next = 0;
  std::vector<int> key;
  for (const int size : sizes_) {
    if (relabel[static_cast<std::size_t>(size)] == 0)
      relabel[static_cast<std::size_t>(size)] = ++next;
    key.push_back(relabel[static_cast<std::size_t>(size)]);
  }
  return key;
}

std::optional<Natural> Board::class_size() const {
  if (known_class_size_) return known_class_size_;
  if (pinned()) return Natural(1);
  if (is_latin()) return isotopy_class_size(n_, sizes_);
  // Relabelling the k sizes in use into 1..n: n! / (n - k)! boards.
  const auto used = std::set<int>(sizes_.begin(), sizes_.end()).size();
  return factorial(n_) / factorial(n_ - static_cast<int>(used));
}

std::string Board::render_text() const {
  std::ostringstream out;
  out << n_ << "x" << n_ << " board" << (is_latin() ? " (a Latin square)" : "")
      << ": the size of the tower each cell takes\n";
  for (int i = 0; i < n_; ++i) {
    out << " ";
    for (int j = 0; j < n_; ++j) out << " " << size_at(i * n_ + j);
    out << "\n";
  }
  out << "colours:";
  for (std::size_t c = 0; c < colors_.size(); ++c)
    out << (c ? ", " : " ") << abbreviations_[c] << "=" << colors_[c];
  out << "\n";
  for (const auto& s : specials_) {
    out << "special piece: " << colors_[static_cast<std::size_t>(s.color)] << " " << s.size
        << " also fits";
    for (std::size_t k = 0; k < s.cells.size(); ++k)
      out << (k ? "; " : " ") << cell_name(n_, s.cells[k]);
    out << "\n";
  }
  if (has_givens()) {
    out << "given colours (. for none):\n";
    for (int i = 0; i < n_; ++i) {
      out << " ";
      for (int j = 0; j < n_; ++j) {
        const int c = given_[static_cast<std::size_t>(i * n_ + j)];
        out << " " << (c == kNoColour ? "." : abbreviations_[static_cast<std::size_t>(c)]);
      }
      out << "\n";
    }
  }
  return out.str();
}

Json read_special_pieces(const YAML::Node& node, const std::string& file,
                         const std::string& field) {
  expect_sequence(node, file, field,
                  "a list of pieces: {color: NAME, size: S, also-fits: [[ROW, COLUMN], ...]}");
  Json out = Json::array();
  for (std::size_t i = 0; i < node.size(); ++i) {
    const YAML::Node piece = node[i];
    const std::string where = field + "[" + std::to_string(i + 1) + "]";
    expect_mapping(piece, file, where, "{color: NAME, size: S, also-fits: [[ROW, COLUMN], ...]}");
    reject_unknown_keys(piece, {"color", "size", "also-fits"}, where, file);
    for (const char* key : {"color", "size", "also-fits"})
      if (!piece[key]) throw InputError(location_of(piece, file), where + "." + key, "missing");
    const std::string& color = read_scalar(piece["color"], file, where + ".color", "a colour name");
    const int size = read_int(piece["size"], file, where + ".size", 1, kMaxN, "a tower size");
    const YAML::Node cells = piece["also-fits"];
    if (!cells.IsSequence() || cells.size() == 0)
      throw InputError(location_of(cells, file), where + ".also-fits",
                       "expected a non-empty list of cells [ROW, COLUMN]");
    Json cell_list = Json::array();
    for (const auto& cell : cells) {
      if (!cell.IsSequence() || cell.size() != 2)
        throw InputError(location_of(cell, file), where + ".also-fits",
                         "expected a cell as [ROW, COLUMN], counted from 1");
      cell_list.push_back({read_int(cell[0], file, where + ".also-fits", 1, kMaxN, "a row"),
                           read_int(cell[1], file, where + ".also-fits", 1, kMaxN, "a column")});
    }
    out.push_back({{"color", color}, {"size", size}, {"also-fits", cell_list}});
  }
  return out;
}

std::vector<SpecialPiece> resolve_special_pieces(const Json& pieces, int n,
                                                 const std::vector<std::string>& colors,
                                                 const SourceLocation& where,
                                                 const std::string& field, const YAML::Node& node) {
  std::vector<SpecialPiece> out;
  std::set<std::pair<int, int>> seen;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const Json& piece = pieces[i];
    const std::string name = field + "[" + std::to_string(i + 1) + "]";
    auto at = [&](const char* key) {
      return node && node.IsSequence() ? location_of(node[i][key], where.file) : where;
    };
    const std::string color = piece["color"].get<std::string>();
    SpecialPiece special;
    special.color = name_index(color, colors, at("color"), name + ".color", "colour");
    special.size = piece["size"].get<int>();
    if (special.size > n)
      throw InputError(at("size"), name + ".size",
                       "expected " + describe_integer("a tower size", 1, n) + ", got " +
                           std::to_string(special.size));
    if (!seen.insert({special.color, special.size}).second)
      throw InputError(at("color"), name,
                       "the " + color + " tower of size " + std::to_string(special.size) +
                           " is listed twice; list all the cells it also fits in one entry");
    for (const auto& cell : piece["also-fits"]) {
      const int row = cell[0].get<int>();
      const int column = cell[1].get<int>();
      if (row > n || column > n)
        throw InputError(at("also-fits"), name + ".also-fits",
                         "cell [" + std::to_string(row) + ", " + std::to_string(column) +
                             "] is off the " + std::to_string(n) + "x" + std::to_string(n) +
                             " board");
      special.cells.push_back((row - 1) * n + column - 1);
    }
    out.push_back(std::move(special));
  }
  return out;
}

Board read_board(const YAML::Node& document, const std::string& file) {
  reject_unknown_keys(document,
                      {"puzzle", "board", "pedestals", "colors", "special-pieces", "given-colors"},
                      "", file);
  const bool pedestals = static_cast<bool>(document["pedestals"]);
  if (pedestals && document["board"])
    throw InputError(location_of(document["pedestals"], file), "pedestals",
                     "give either board (tower sizes) or pedestals (heights), not both");
  const std::string key = pedestals ? "pedestals" : "board";
  const YAML::Node rows = document[key];
  if (!rows)
    throw InputError(location_of(document, file), "board",
                     "missing: the size of the tower on every cell, one list per row "
                     "(or pedestals: the height of every pedestal)");
  if (!rows.IsSequence() || rows.size() < kMinN || rows.size() > kMaxN)
    throw InputError(location_of(rows, file), key,
                     "expected n lists of n integers, n from " + std::to_string(kMinN) + " to " +
                         std::to_string(kMaxN));
  const int n = static_cast<int>(rows.size());
  std::vector<int> sizes;
  for (int i = 0; i < n; ++i) {
    const YAML::Node row = rows[static_cast<std::size_t>(i)];
    const std::string field = key + "[" + std::to_string(i + 1) + "]";
    if (!row.IsSequence() || static_cast<int>(row.size()) != n)
      throw InputError(location_of(row, file), field,
                       "expected a row of " + std::to_string(n) + " integers (the board has " +
                           std::to_string(n) + " rows)");
    for (const auto& entry : row) {
      const int value =
          read_int(entry, file, field, 1, n, pedestals ? "a pedestal height" : "a tower size");
      sizes.push_back(pedestals ? n + 1 - value : value);
    }
  }
  std::vector<std::string> colors = default_colors(n);
  if (const YAML::Node list = document["colors"])
    colors = read_names(list, file, "colors", "colour", static_cast<std::size_t>(n),
                        static_cast<std::size_t>(n));
  std::vector<SpecialPiece> specials;
  if (const YAML::Node list = document["special-pieces"])
    specials = resolve_special_pieces(read_special_pieces(list, file, "special-pieces"), n, colors,
                                      location_of(list, file), "special-pieces", list);
  Board board(n, std::move(sizes), std::move(colors), std::move(specials), pedestals);
  if (const YAML::Node rows = document["given-colors"])
    board = board.with_given_colours(read_given_colours(rows, board, file));
  return board;
}

}  // namespace puzzlegen::cube36
