#!/usr/bin/env python3
"""Unique-solution Futoshiki puzzles per second: puzzlegen's Futoshiki plugin against Simon
Tatham's generator (`sgt-unequal --generate`, Debian's sgt-puzzles), same machine, same run.

Usage: bench/futoshiki.py PUZZLEGEN PLUGIN [--count 200] [--repeat 3]

Prints a Markdown table: for n = 5 and 6, each of sgt-unequal's levels and puzzlegen's random
strategy (the plugin's own loop: minimal puzzles with one solution) and its minimal strategy
(the framework's generator over the clues the plugin declares), the median seconds for COUNT puzzles, puzzles per
second, the mean givens and signs per puzzle, and the ratio (puzzlegen's rate / the peer's).
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

SGT = "/usr/games/sgt-unequal"


def timed(command):
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - start, out


def clues_of_descriptions(lines):
    givens = signs = 0
    for line in lines:
        for cell in line.split(":", 1)[1].split(","):
            if not cell:
                continue
            digits = "".join(ch for ch in cell if ch.isdigit())
            givens += int(digits) != 0
            signs += len(cell) - len(digits)
    return givens / len(lines), signs / len(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzlegen")
    parser.add_argument("plugin")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"| n | generator | seconds for {args.count} | puzzles/s | givens | signs | "
          "puzzlegen rate / this |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for n in (5, 6):
        ours_rows = []
        for strategy, label in (("random", "puzzlegen random (the plugin's own minimal loop)"),
                                ("minimal", "puzzlegen minimal (the framework's generator)")):
            spec = os.path.join(tempfile.gettempdir(), f"bench-futoshiki-{n}-{os.getpid()}.yaml")
            with open(spec, "w") as f:
                f.write(f"puzzle: futoshiki\nparameters: {{n: {n}}}\n"
                        "solutions: {solution: {exactly: 1}}\n"
                        f"generate: {{instances: {args.count}, strategy: {strategy}, seed: 1, "
                        "time-limit: 10m}\n")
            ours, records = [], []
            for _ in range(args.repeat):
                seconds, out = timed([args.puzzlegen, "--plugin", args.plugin, "generate",
                                      "--format", "json", spec])
                ours.append(seconds)
                records = [json.loads(line) for line in out.splitlines() if line.strip()]
            os.remove(spec)
            grids = [r["instance"] for r in records if "instance" in r]
            assert len(grids) == args.count, f"puzzlegen made {len(grids)} puzzles"
            givens = statistics.mean(sum(v != 0 for row in g["givens"] for v in row)
                                     for g in grids)
            signs = statistics.mean(len(g["inequalities"]) for g in grids)
            ours_rows.append((label, statistics.median(ours), givens, signs))
        our_time = ours_rows[0][1]
        our_rate = args.count / our_time
        rows = []
        for level, name in (("t", "trivial"), ("e", "easy"), ("k", "tricky"), ("x", "extreme")):
            times, lines = [], []
            for _ in range(args.repeat):
                seconds, out = timed([SGT, "--generate", str(args.count), f"{n}d{level}"])
                times.append(seconds)
                lines = [line for line in out.split() if ":" in line]
            t = statistics.median(times)
            g, s = clues_of_descriptions(lines)
            rows.append(f"| {n} | sgt-unequal, {name} | {t:.2f} | {args.count / t:.0f} | "
                        f"{g:.1f} | {s:.1f} | {our_rate / (args.count / t):.2f}x |")
        for label, seconds, givens, signs in ours_rows:
            print(f"| {n} | {label} | {seconds:.2f} | {args.count / seconds:.0f} | "
                  f"{givens:.1f} | {signs:.1f} | {our_time / seconds:.2f}x |")
        print("\n".join(rows))


if __name__ == "__main__":
    main()
