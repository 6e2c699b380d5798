#!/usr/bin/env python3
"""Unique-solution KenKen puzzles per second: puzzlegen's KenKen plugin
(examples/plugins/kenken) against Simon Tatham's generator (`sgt-keen --generate`, Debian's
sgt-puzzles), same machine, same run.

Usage: bench/kenken.py PUZZLEGEN PLUGIN [--count 200] [--repeat 3]

Prints a Markdown table: for n = 5 and 6, puzzlegen's random strategy (the plugin's loop: a
random Latin square and cages, repaired until the solution is unique; the puzzles are not
graded while generating) and each of sgt-keen's levels, the median seconds for COUNT puzzles,
puzzles per second, the mean cages and largest cage per puzzle, and the ratio (puzzlegen's rate
/ the row's). A last row per n gives puzzlegen's puzzles graded afterwards (`difficulty` bound
to `hard` or above), so that they compare with keen's harder levels.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import tempfile
import time

SGT = "/usr/games/sgt-keen"
LEVELS = (("e", "easy"), ("n", "normal"), ("h", "hard"), ("x", "extreme"), ("u", "unreasonable"))


def timed(command):
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - start, out


def cages_of_descriptions(lines):
    """Mean cages per puzzle (one clue each) and mean largest cage (by the walls)."""
    counts, largest = [], []
    for line in lines:
        n = int(line.split(":")[0])
        walls, clues = line.split(":", 1)[1].split(",", 1)
        counts.append(len(re.findall(r"[amsd]\d+", clues)))
        bits, previous, k = [], None, 0
        while k < len(walls):
            if walls[k].isdigit():
                end = k
                while end < len(walls) and walls[end].isdigit():
                    end += 1
                bits += previous * (int(walls[k:end]) - 1)
                k = end
                continue
            previous = [0] * (0 if walls[k] == "_" else ord(walls[k]) - 96) + [1]
            bits += previous
            k += 1
        pairs = [(y * n + x, y * n + x + 1) for y in range(n) for x in range(n - 1)] + \
                [(x * n + y, (x + 1) * n + y) for y in range(n) for x in range(n - 1)]
        parent = list(range(n * n))

        def find(x):
            while parent[x] != x:
                x = parent[x]
            return x

        for (a, b), wall in zip(pairs, bits):
            if not wall:
                parent[find(a)] = find(b)
        sizes = {}
        for c in range(n * n):
            sizes[find(c)] = sizes.get(find(c), 0) + 1
        largest.append(max(sizes.values()))
    return statistics.mean(counts), statistics.mean(largest)


def ours(puzzlegen, plugin, n, count, repeat, extra=""):
    spec = os.path.join(tempfile.gettempdir(), f"bench-kenken-{n}-{os.getpid()}.yaml")
    with open(spec, "w") as f:
        f.write(f"puzzle: kenken\nparameters: {{n: {n}}}\n{extra}"
                "solutions: {solution: {exactly: 1}}\n"
                f"generate: {{instances: {count}, strategy: random, seed: 1, time-limit: 10m}}\n")
    times, records = [], []
    for _ in range(repeat):
        seconds, out = timed([puzzlegen, "--plugin", plugin, "generate", "--format", "json", spec])
        times.append(seconds)
        records = [json.loads(line) for line in out.splitlines() if '"instance"' in line]
    os.remove(spec)
    assert len(records) == count, f"puzzlegen made {len(records)} puzzles"
    cages = statistics.mean(len(r["instance"]["cages"]) for r in records)
    largest = statistics.mean(max(len(c["cells"]) for c in r["instance"]["cages"]) for r in records)
    return statistics.median(times), cages, largest


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzlegen")
    parser.add_argument("plugin")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"| n | generator | seconds for {args.count} | puzzles/s | cages | largest cage | "
          "puzzlegen rate / this |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for n in (5, 6):
        our_time, cages, largest = ours(args.puzzlegen, args.plugin, n, args.count, args.repeat)
        our_rate = args.count / our_time
        print(f"| {n} | puzzlegen random | {our_time:.2f} | {our_rate:.0f} | {cages:.1f} | "
              f"{largest:.1f} | 1.00x |")
        for level, name in LEVELS:
            times, lines = [], []
            for _ in range(args.repeat):
                seconds, out = timed([SGT, "--generate", str(args.count), f"{n}d{level}"])
                times.append(seconds)
                lines = [line for line in out.split() if ":" in line]
            t = statistics.median(times)
            c, big = cages_of_descriptions(lines)
            print(f"| {n} | sgt-keen, {name} | {t:.2f} | {args.count / t:.0f} | {c:.1f} | "
                  f"{big:.1f} | {our_rate / (args.count / t):.2f}x |")
        hard_time, cages, largest = ours(args.puzzlegen, args.plugin, n, args.count, args.repeat,
                                         "instance: {difficulty: {min: hard}}\n")
        print(f"| {n} | puzzlegen random, graded hard or extreme | {hard_time:.2f} | "
              f"{args.count / hard_time:.0f} | {cages:.1f} | {largest:.1f} | "
              f"{hard_time / our_time:.2f}x |")


if __name__ == "__main__":
    main()
