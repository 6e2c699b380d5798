#!/usr/bin/env python3
"""The grade any model family gets (docs/model-families.md: the weakest of value, bounds and
domain consistency that decides the puzzle, then probing, then search) against sgt-solo's
levels: the Sudoku model family's grades of the first COUNT puzzles of each 9x9 level of the
Sudoku plugin's corpus (examples/plugins/sudoku/tests/peers/solo-3x3-*.txt: trivial, basic,
intermediate, advanced, extreme, unreasonable). Prints the rank correlation between sgt's level
and the grade (level, then search nodes), each level's rungs, and how often each adjacent pair of
levels is ordered (and tied).

Usage: bench/model_grades.py PUZZLEGEN [--count 100]
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(SOURCE, "tests", "models", "sgt"))
from ranking import spearman  # noqa: E402
PEERS = os.path.join(SOURCE, "examples", "plugins", "sudoku", "tests", "peers")
LEVELS = ["t", "b", "i", "a", "e", "u"]


def givens(game):
    """The rows of an sgt-solo 3x3 game ID: letters a-z are runs of empty cells."""
    cells = []
    for token in re.findall(r"[a-z]|\d+|_", game.split(":", 1)[1]):
        if token.isalpha():
            cells += [0] * (ord(token) - ord("a") + 1)
        elif token != "_":
            cells.append(int(token))
    return [cells[9 * r:9 * r + 9] for r in range(9)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzlegen")
    parser.add_argument("--count", type=int, default=100)
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="bench-grades-")
    env = dict(os.environ, PUZZLEGEN_CACHE_DIR=os.path.join(scratch, "cache"))
    graded = []  # (sgt level's rank, grade key, rung)
    try:
        for rank, level in enumerate(LEVELS):
            with open(os.path.join(PEERS, f"solo-3x3-{level}.txt")) as f:
                games = [line.strip() for line in f if line.strip()][:args.count]
            paths = []
            for i, game in enumerate(games):
                paths.append(os.path.join(scratch, f"{level}{i}.yaml"))
                with open(paths[-1], "w") as out:
                    out.write("puzzle: sudoku-model\nbox-rows: 3\nbox-columns: 3\ngivens:\n" +
                              "".join(f"  - {row}\n" for row in givens(game)))
            done = subprocess.run([args.puzzlegen, "--plugin",
                                   os.path.join(SOURCE, "examples", "models", "sudoku"), "solve",
                                   "--format", "json", *paths], capture_output=True, text=True,
                                  env=env, check=True)
            for line in done.stdout.splitlines():
                grade = json.loads(line)["difficulty"]["solution"]
                graded.append((rank, (grade["value"], int(grade["search-nodes"])),
                               grade["reasoning"].split(" (")[0]))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"rank correlation, sgt-solo's level against the grade: "
          f"{spearman([g[0] for g in graded], [g[1] for g in graded]):.2f}")
    for rank, level in enumerate(LEVELS):
        print(level, dict(collections.Counter(g[2] for g in graded if g[0] == rank)))
    for rank in range(len(LEVELS) - 1):
        a = [g[1] for g in graded if g[0] == rank]
        b = [g[1] for g in graded if g[0] == rank + 1]
        pairs = len(a) * len(b)
        print(f"{LEVELS[rank]} < {LEVELS[rank + 1]}: "
              f"{sum(x < y for x in a for y in b) / pairs:.2f} ordered, "
              f"{sum(x == y for x in a for y in b) / pairs:.2f} tied")


if __name__ == "__main__":
    main()
