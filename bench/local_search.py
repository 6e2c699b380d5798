#!/usr/bin/env python3
"""Local search against minimal puzzles on few givens: 9x9 Sudokus with exactly one solution
and at most G givens, the time to the first one (the whole process, which ends at its first
instance), for strategy `local` and strategy `minimal` with the same time limit and threads,
the median over seeds. A run that finds none within the limit counts as the limit (and says so).

Usage: bench/local_search.py PUZZLEGEN SUDOKU_PLUGIN [--givens 21 20 19] [--seeds 1 2 3]
                             [--limit 60] [--threads 2] [--strategies local minimal]

`minimal` draws on one thread whatever --threads says; `local` runs its walkers (4 by
default) on the threads. Prints a Markdown table.
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

SPEC = """puzzle: sudoku
parameters: {box-rows: 3, box-columns: 3}
solutions: {solution: {exactly: 1}}
instance: {givens: {max: GIVENS}}
generate: {instances: 1}
"""


def first(puzzlegen, plugin, spec, strategy, seed, limit, threads):
    """(seconds, found) of one run to its first instance."""
    start = time.perf_counter()
    run = subprocess.run([puzzlegen, "--plugin", plugin, "generate", spec, "--strategy", strategy,
                          "--seed", str(seed), "--time-limit", f"{limit}s", "--threads",
                          str(threads), "--format", "json"], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    found = len(lines) > 1
    return (seconds if found else float(limit)), found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzlegen")
    parser.add_argument("plugin")
    parser.add_argument("--givens", type=int, nargs="+", default=[21, 20, 19])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--limit", type=int, default=60)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--strategies", nargs="+", default=["local", "minimal"])
    args = parser.parse_args()
    print(f"| at most | strategy | seconds to the first, by seed | median | found |")
    print("| --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        for givens in args.givens:
            spec = os.path.join(tmp, f"sudoku-{givens}.yaml")
            with open(spec, "w") as f:
                f.write(SPEC.replace("GIVENS", str(givens)))
            for strategy in args.strategies:
                runs = [first(args.puzzlegen, args.plugin, spec, strategy, seed, args.limit,
                              args.threads) for seed in args.seeds]
                times = ", ".join(f"{s:.2f}" if ok else f">{args.limit}" for s, ok in runs)
                median = statistics.median(s for s, _ in runs)
                found = sum(ok for _, ok in runs)
                shown = f"{median:.2f}" if median < args.limit else f">{args.limit}"
                print(f"| {givens} | {strategy} | {times} | {shown} | {found} of {len(runs)} |",
                      flush=True)


if __name__ == "__main__":
    main()
