#!/usr/bin/env bash
# Makes the peer puzzles test_kenken.py reads besides those it draws from sgt-keen as it runs
# (n = 4, 5 and 6): 200 at each of keen's levels for the other sizes it offers, 3 and 7 to 9,
# and for multiplication-only cages at n = 5 at levels e, n and h (keen took 1.5 minutes for
# 200 at h and had not made 200 at x after 15), one description per line. About 4 minutes;
# run it again after a peer's upgrade.
# Usage: make.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")"
count=${1:-200}
for n in 3 7 8 9; do
  for level in e n h x u; do
    /usr/games/sgt-keen --generate "$count" "${n}d$level" | grep ':' >"keen-$n-$level.txt"
  done
done
for level in e n h; do
  /usr/games/sgt-keen --generate "$count" "5d${level}m" | grep ':' >"keen-5m-$level.txt"
done
wc -l ./*.txt
