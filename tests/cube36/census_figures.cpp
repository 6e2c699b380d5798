// The figures a Latin-square census is checked against, from a board census's JSON Lines
// (generate or merge output of specs/cube36/census-n*.yaml, on standard input):
//   board classes     the records (isotopy classes with transposition folded in)
//   isotopy classes   each record counts 1 when its square is isotopic to its transpose, else 2
//                     (McKay, Meynert and Myrvold 2007: 564 for n = 7, 1,676,267 for n = 8)
//   squares           the class sizes summed: the number of n x n Latin squares
//   with a mate       the proportion of Latin squares with an orthogonal mate (Egan and Wanless
//                     2016 give it per order)
//   mates, expected   the expected number of orthogonal mates of a uniformly random square:
//                     a record's count is of mates up to renaming symbols, n! mates each
// Usage: census_figures < census.jsonl   (prints one JSON object)
#include <nlohmann/json.hpp>

#include <boost/multiprecision/cpp_dec_float.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "latin.hpp"
#include "natural.hpp"

using puzzlegen::Natural;

int main() {
  Natural squares = 0, with_mate = 0, mates = 0;
  std::uint64_t classes = 0, isotopy_classes = 0, classes_with_mate = 0;
  int n = 0;
  bool proven = false;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    const auto record = nlohmann::ordered_json::parse(line);
    if (record.contains("summary")) {
      proven = record["summary"].value("proven", false);
      continue;
    }
    const auto& board = record.at("instance").at("board");
    n = static_cast<int>(board.size());
    std::vector<int> square, transpose(static_cast<std::size_t>(n * n));
    for (const auto& row : board)
      for (const auto& cell : row) square.push_back(cell.get<int>());
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        transpose[static_cast<std::size_t>(c * n + r)] =
            square[static_cast<std::size_t>(r * n + c)];
    const auto size = puzzlegen::natural_from_json(record.at("class-size"));
    if (!size) {
      std::cerr << "census_figures: a record without a class size\n";
      return 2;
    }
    const auto count = puzzlegen::natural_from_json(record.at("counts").at("solution").at("count"));
    if (!count || !record["counts"]["solution"].value("exact", false)) {
      std::cerr << "census_figures: a record whose count is not exact\n";
      return 2;
    }
    ++classes;
    isotopy_classes +=
        puzzlegen::least_isotope(n, square) == puzzlegen::least_isotope(n, transpose) ? 1 : 2;
    squares += *size;
    mates += *size * *count;
    if (*count > 0) {
      with_mate += *size;
      ++classes_with_mate;
    }
  }
  mates *= puzzlegen::factorial(n);
  using Decimal = boost::multiprecision::cpp_dec_float_50;
  const auto ratio = [&](const Natural& a) {
    return squares == 0 ? 0.0 : static_cast<double>(Decimal(a) / Decimal(squares));
  };
  nlohmann::ordered_json out;
  out["n"] = n;
  out["proven"] = proven;
  out["board-classes"] = classes;
  out["isotopy-classes"] = isotopy_classes;
  out["board-classes-with-a-mate"] = classes_with_mate;
  out["squares"] = puzzlegen::to_string(squares);
  out["proportion-with-a-mate"] = ratio(with_mate);
  out["expected-mates"] = ratio(mates);
  std::cout << out.dump() << "\n";
}
