#!/usr/bin/env python3
"""The top of the C++ plugins' ladders against their peers' two hardest levels: sgt-unequal's
extreme and recursive (Futoshiki), sgt-solo's extreme and unreasonable (Sudoku), sgt-keen's
extreme and unreasonable (KenKen).

Usage: bench/ladder_top.py PUZZLEGEN PLUGIN_DIR [--count 200]

PLUGIN_DIR holds futoshiki.so, sudoku.so and kenken.so, built against the same puzzlegen.
Puzzles: `sgt-unequal --generate COUNT NdL` and `sgt-keen --generate COUNT NdL` for n = 4, 5, 6
(drawn as it runs), the 200 a level of sgt-solo at 3x3 and of sgt-keen at 7 to 9 kept in the
plugins' tests/peers. Prints a Markdown table: per pair, how each level grades (below extreme;
extreme ended by what-ifs, with the median longest in steps; extreme needing trial and error),
and the share of pairs (lower level, upper level) the grade puts in order, ties counting as not
in order: by the level alone, by the level then the search nodes, and by the grade's rank
(solve's "rank"; a puzzlegen without one is compared by the level).
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import tempfile

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLUGINS = os.path.join(SOURCE, "examples", "plugins")


def drawn(program, n, level, count):
    out = subprocess.run([program, "--generate", str(count), f"{n}d{level}"], capture_output=True,
                         text=True, check=True).stdout.split()
    return [line for line in out if ":" in line]


def kept(path):
    with open(path) as f:
        return [line for line in f.read().split() if ":" in line]


def grades(puzzlegen, plugin, family, games, scratch):
    """solve --format json's difficulty of each game, 150 files a process, two at a time."""
    paths = []
    for game in games:
        path = os.path.join(scratch, f"{family}-{len(os.listdir(scratch))}.yaml")
        with open(path, "w") as f:
            f.write(f'puzzle: {family}\ngame: "{game}"\n')
        paths.append(path)

    def run(batch):
        done = subprocess.run([puzzlegen, "--plugin", plugin, "solve", "--format", "json", *batch],
                              capture_output=True, text=True, check=True)
        return [json.loads(line)["difficulty"]["solution"] for line in done.stdout.splitlines()]
    batches = [paths[k:k + 150] for k in range(0, len(paths), 150)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        return [g for out in pool.map(run, batches) for g in out]


def in_order(lower, upper, key):
    a, b = [key(g) for g in lower], [key(g) for g in upper]
    return sum(1 for x in a for y in b if x < y) / max(1, len(a) * len(b))


def split(graded):
    below = sum(1 for g in graded if g["value"] < 4)
    ended = [g["longest-what-if"] for g in graded if g.get("what-ifs")]
    guessed = sum(1 for g in graded if g.get("trial-and-error"))
    median = sorted(ended)[len(ended) // 2] if ended else "-"
    if not ended and not guessed:
        return f"{below} below extreme, {len(graded) - below} extreme"
    return f"{below} below extreme, {len(ended)} what-ifs ({median}), {guessed} trial and error"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzlegen")
    parser.add_argument("plugins")
    parser.add_argument("--count", type=int, default=200)
    args = parser.parse_args()
    sets = []  # (family, peer, size, lower level, upper level, lower games, upper games)
    for n in (4, 5, 6):
        sets.append(("futoshiki", "sgt-unequal", f"{n}x{n}", "x", "r",
                     *(drawn("/usr/games/sgt-unequal", n, level, args.count) for level in "xr")))
    peers = os.path.join(PLUGINS, "sudoku", "tests", "peers")
    sets.append(("sudoku", "sgt-solo", "3x3", "e", "u",
                 *(kept(os.path.join(peers, f"solo-3x3-{level}.txt")) for level in "eu")))
    for n in (4, 5, 6):
        sets.append(("kenken", "sgt-keen", f"{n}x{n}", "x", "u",
                     *(drawn("/usr/games/sgt-keen", n, level, args.count) for level in "xu")))
    peers = os.path.join(PLUGINS, "kenken", "tests", "peers")
    for n in (7, 8, 9):
        sets.append(("kenken", "sgt-keen", f"{n}x{n}", "x", "u",
                     *(kept(os.path.join(peers, f"keen-{n}-{level}.txt")) for level in "xu")))
    print("| peer | size | lower level: grades | upper level: grades | in order by level | "
          "by level, search nodes | by rank |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as scratch:
        for family, peer, size, low, high, lower_games, upper_games in sets:
            plugin = os.path.join(args.plugins, f"{family}.so")
            lower = grades(args.puzzlegen, plugin, family, lower_games, scratch)
            upper = grades(args.puzzlegen, plugin, family, upper_games, scratch)
            by_level = in_order(lower, upper, lambda g: g["value"])
            by_nodes = in_order(lower, upper, lambda g: (g["value"], int(g["search-nodes"])))
            by_rank = in_order(lower, upper, lambda g: g.get("rank", [g["value"]]))
            print(f"| {peer} | {size} | {low} ({len(lower)}): {split(lower)} | "
                  f"{high} ({len(upper)}): {split(upper)} | {by_level:.1%} | {by_nodes:.1%} | "
                  f"{by_rank:.1%} |")


if __name__ == "__main__":
    main()
