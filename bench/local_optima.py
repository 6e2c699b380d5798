#!/usr/bin/env python3
"""Local search on objectives: the time `strategy: local` takes to reach a known optimum, and
what it reaches beside drawing minimal puzzles for the same time.

Usage: bench/local_optima.py PUZZLEGEN [--seeds 1 2 3] [--limit 10]

Rows (medians over the seeds, whole processes, wall time from the start of the process to the
line that prints an instance at the optimum; a seed that does not reach it within --limit
counts as the limit and says so):
- Loeffler, Liu and Hofstedt's Q3-Q5 (specs/instant-insanity/loffler-qN.yaml with the strategy
  changed to local): the optima the exhaustive branch and bound proves (2, 2 and 26,
  docs/instant-insanity.md);
- Instant Insanity with 8 and 12 cubes (n colours), the fewest all-different towers above zero
  (counted as Loeffler counts them: orientations modulo the tower's turns): `local` against
  `random` in the same --limit, per seed the best value random reaches and the seconds each
  strategy takes to first print an instance at or below it;
- the Takuzu model family (examples/models/takuzu), 8x8, one solution, fewest givens: the best
  local search finds in --limit seconds against the fewest givens of the minimal puzzles drawn
  in the same time (`strategy: minimal`), per seed.
Prints a Markdown table.
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPTIMA = {"q3": 2, "q4": 2, "q5": 26}
TOWERS = """puzzle: instant-insanity
parameters: {cubes: CUBES}
solutions: {count-as: orientations, modulo: tower-rotation, all-different: {min: 1}}
objective: {minimize: all-different}
generate: {strategy: STRATEGY, seed: SEED, instances: all, time-limit: LIMITs}
"""
TAKUZU = """puzzle: takuzu
parameters: {rows: 8, columns: 8}
solutions: {solution: {exactly: 1}}
OBJECTIVE
generate: {strategy: STRATEGY, seed: SEED, instances: 100000, time-limit: LIMITs}
"""


def stream(command, limit, until=None):
    """Runs `command`, reading its JSON lines as they come; returns (values seen, seconds to the
    first line `until` accepts or None). Stops the process at that line or at `limit`. Each
    record seen gets its time since the start as "seconds"."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True)
    seen, reached = [], None
    try:
        for line in process.stdout:
            record = json.loads(line)
            if "measures" not in record and "counts" not in record:
                continue
            record["seconds"] = time.perf_counter() - start
            seen.append(record)
            if until and until(record):
                reached = time.perf_counter() - start
                break
            if time.perf_counter() - start > limit:
                break
    finally:
        process.kill()
        process.wait()
    return seen, reached


def objective_value(record, names):
    counts = record.get("counts", {})
    return sum(counts[n]["count"] for n in names if n in counts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzlegen")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--limit", type=int, default=10)
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="bench-local-optima-")
    print("| question | optimum | seconds to it, per seed | median | reached |")
    print("| --- | --- | --- | --- | --- |")
    for q, optimum in OPTIMA.items():
        text = open(os.path.join(SOURCE, "specs", "instant-insanity", f"loffler-{q}.yaml")).read()
        names = ["all-different", "all-equal"] if q == "q5" else (
            ["all-different"] if q == "q3" else ["all-equal"])
        times, reached = [], 0
        for seed in args.seeds:
            spec = os.path.join(scratch, f"{q}-{seed}.yaml")
            with open(spec, "w") as f:
                f.write(text.replace("generate: {strategy: exhaustive, time-limit: 10m}",
                                     f"generate: {{strategy: local, seed: {seed}}}"))
            _, seconds = stream([args.puzzlegen, "generate", spec, "--format", "json",
                                 "--time-limit", f"{args.limit}s"], args.limit,
                                lambda r: objective_value(r, names) == optimum)
            made_it = seconds is not None and seconds <= args.limit
            reached += made_it
            times.append(seconds if made_it else float(args.limit))
        shown = ", ".join(f"{t:.2f}" if t < args.limit else f">{args.limit}" for t in times)
        print(f"| Loeffler {q.upper()} | {optimum} | {shown} | {statistics.median(times):.2f} | "
              f"{reached} of {len(times)} |")
    print()
    print(f"| towers, fewest above zero in {args.limit} s | seed | random: best | "
          "random: seconds to it | local: seconds to it | random / local |")
    print("| --- | --- | --- | --- | --- | --- |")
    for cubes in (8, 12):
        ratios = []
        for seed in args.seeds:
            first = {}
            runs = {}
            for strategy in ("random", "local"):
                spec = os.path.join(scratch, f"towers-{cubes}-{strategy}-{seed}.yaml")
                with open(spec, "w") as f:
                    f.write(TOWERS.replace("CUBES", str(cubes)).replace("STRATEGY", strategy)
                            .replace("SEED", str(seed)).replace("LIMIT", str(args.limit)))
                runs[strategy], _ = stream([args.puzzlegen, "generate", spec, "--format",
                                            "json"], args.limit + 5)
            values = [objective_value(r, ["all-different"]) for r in runs["random"]]
            best = min(values) if values else None
            for strategy, seen in runs.items():
                at = [r["seconds"] for r in seen
                      if best is not None and objective_value(r, ["all-different"]) <= best]
                first[strategy] = min(at) if at else None
            shown = {k: f"{v:.2f}" if v is not None else f">{args.limit}" for k, v in first.items()}
            ratio = (first["random"] / first["local"]) if first["local"] and first["random"] \
                else None
            if ratio:
                ratios.append(ratio)
            print(f"| {cubes} cubes | {seed} | {best} | {shown['random']} | {shown['local']} | "
                  f"{f'{ratio:.1f}x' if ratio else '-'} |")
        if ratios:
            print(f"| {cubes} cubes | median | | | | {statistics.median(ratios):.1f}x |")
    print()
    print(f"| Takuzu 8x8, fewest givens in {args.limit} s | seed | local: best | "
          "minimal: best (puzzles drawn) |")
    print("| --- | --- | --- | --- |")
    family = os.path.join(SOURCE, "examples", "models", "takuzu")
    for seed in args.seeds:
        best = {}
        for strategy, objective in (("local", "objective: {minimize: givens}"), ("minimal", "")):
            spec = os.path.join(scratch, f"takuzu-{strategy}-{seed}.yaml")
            with open(spec, "w") as f:
                f.write(TAKUZU.replace("OBJECTIVE", objective).replace("STRATEGY", strategy)
                        .replace("SEED", str(seed)).replace("LIMIT", str(args.limit)))
            seen, _ = stream([args.puzzlegen, "--plugin", family, "generate", spec, "--format",
                              "json"], args.limit + 5)
            values = [r["measures"]["givens"] for r in seen if "measures" in r]
            best[strategy] = (min(values) if values else None, len(values))
        print(f"| | {seed} | {best['local'][0]} | {best['minimal'][0]} ({best['minimal'][1]}) |")


if __name__ == "__main__":
    main()
