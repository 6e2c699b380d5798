// Walking the classes of Latin boards (strategy `classes`).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "board.hpp"

namespace puzzlegen {
class Growth;
}

namespace puzzlegen::cube36 {

// Latin n x n boards with ordinary pieces, grown a row at a time up to isotopy; each class of
// boards (isotopy and transposition, as Board::canonical_key) comes out once, as the least
// reduced square of the class.
std::unique_ptr<Growth> latin_board_growth(int n, std::vector<std::string> colors);

}  // namespace puzzlegen::cube36
