#!/usr/bin/env bash
# Makes the peer puzzles test_sudoku.py reads: 200 at each level of Debian's qqwing (9x9) and
# of Simon Tatham's sgt-solo (3x3 boxes at all six levels; 2x2, 2x3 and 3x4 boxes at the levels
# it reaches there), one description per line. Slow levels take minutes; run it again after a
# peer's upgrade.
# Usage: make.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")"
count=${1:-200}
for level in simple easy intermediate expert; do
  qqwing --generate "$count" --difficulty "$level" --one-line >"qqwing-$level.txt"
done
solo() {  # shape, level
  /usr/games/sgt-solo --generate "$count" "$1d$2" 2>/dev/null | grep ':' >"solo-$1-$2.txt"
}
for level in t b i a e u; do solo 3x3 "$level"; done
for level in t b; do solo 2x2 "$level"; done
for level in t b i e; do solo 2x3 "$level"; done
for level in t b i; do solo 3x4 "$level"; done
wc -l ./*.txt
