#!/usr/bin/env python3
"""Unique-solution 9x9 Sudokus per second: puzzlegen's Sudoku plugin against Debian's qqwing
(`qqwing --generate N --difficulty LEVEL`) and Simon Tatham's sgt-solo (`sgt-solo --generate N
3x3dLEVEL`), same machine, same run.

Usage: bench/sudoku.py PUZZLEGEN PLUGIN [--count 200] [--repeat 3]

Each peer level is set against puzzlegen at the grade that level gets from puzzlegen's ladder
(the plugin's test measures it on 200 puzzles a level: qqwing's intermediate medium or hard,
expert extreme; sgt-solo's intermediate medium, advanced hard, extreme and unreasonable
extreme): puzzlegen's minimal puzzles drawn until COUNT have that grade. Prints a Markdown
table: median seconds for COUNT puzzles, puzzles per second, mean givens, and puzzlegen's rate
over the peer's.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time

SOLO = "/usr/games/sgt-solo"
QQWING = shutil.which("qqwing") or "/usr/games/qqwing"
# (peer, level as the peer names it, its command, puzzlegen's grade for it)
ROWS = [
    ("qqwing", "intermediate", lambda n: [QQWING, "--generate", str(n), "--difficulty",
                                          "intermediate", "--one-line"], "medium"),
    ("qqwing", "expert", lambda n: [QQWING, "--generate", str(n), "--difficulty", "expert",
                                    "--one-line"], "extreme"),
    ("sgt-solo", "intermediate", lambda n: [SOLO, "--generate", str(n), "3x3di"], "medium"),
    ("sgt-solo", "advanced", lambda n: [SOLO, "--generate", str(n), "3x3da"], "hard"),
    ("sgt-solo", "extreme", lambda n: [SOLO, "--generate", str(n), "3x3de"], "extreme"),
    ("sgt-solo", "unreasonable", lambda n: [SOLO, "--generate", str(n), "3x3du"], "extreme"),
]


def timed(command, repeat):
    times, out = [], ""
    for _ in range(repeat):
        start = time.perf_counter()
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


def peer_givens(out):
    """(puzzles, mean givens) of a peer's output: qqwing's lines of 81 cells ('.' empty), or
    solo's descriptions (numbers among letters that stand for runs of empty cells)."""
    lines = [line for line in out.split() if len(line) == 81 or ":" in line]
    givens = [len(re.findall(r"\d+", line.split(":", 1)[1])) if ":" in line
              else sum(ch not in ".0" for ch in line) for line in lines]
    return len(lines), statistics.mean(givens)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzlegen")
    parser.add_argument("plugin")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    ours = {}
    for grade in ("any", "medium", "hard", "extreme"):
        spec = os.path.join(tempfile.gettempdir(), f"bench-sudoku-{grade}-{os.getpid()}.yaml")
        with open(spec, "w") as f:
            f.write("puzzle: sudoku\nparameters: {box-rows: 3, box-columns: 3}\n" +
                    ("" if grade == "any" else f"instance: {{difficulty: {grade}}}\n") +
                    "solutions: {solution: {exactly: 1}}\n"
                    f"generate: {{instances: {args.count}, strategy: random, seed: 1, "
                    "time-limit: 10m}\n")
        seconds, out = timed([args.puzzlegen, "--plugin", args.plugin, "generate", "--format",
                              "json", spec], args.repeat)
        os.remove(spec)
        grids = [json.loads(line)["instance"] for line in out.splitlines() if '"instance"' in line]
        assert len(grids) == args.count, f"puzzlegen made {len(grids)} {grade} puzzles"
        givens = statistics.mean(sum(v != 0 for row in g["givens"] for v in row) for g in grids)
        ours[grade] = (seconds, givens)
    print(f"| generator | level | seconds for {args.count} | puzzles/s | givens | "
          "puzzlegen at that grade: rate / this |")
    print("| --- | --- | --- | --- | --- | --- |")
    for grade, (seconds, givens) in ours.items():
        print(f"| puzzlegen random | {grade} | {seconds:.2f} | {args.count / seconds:.0f} | "
              f"{givens:.1f} | |")
    for peer, level, command, grade in ROWS:
        seconds, out = timed(command(args.count), args.repeat)
        made, givens = peer_givens(out)
        assert made == args.count, f"{peer} {level} made {made} puzzles"
        print(f"| {peer} | {level} (puzzlegen: {grade}) | {seconds:.2f} | "
              f"{args.count / seconds:.0f} | {givens:.1f} | {seconds / ours[grade][0]:.2f}x |")


if __name__ == "__main__":
    main()
