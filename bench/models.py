#!/usr/bin/env python3
"""A model family against a C++ plugin of the same puzzle: the Sudoku model family
(examples/models/sudoku, MiniZinc) against the Sudoku plugin (examples/plugins/sudoku, C++),
same machine, same run, whole processes, wall time, medians of --repeat runs.

Usage: bench/models.py PUZZLEGEN SUDOKU_PLUGIN.so [--count 100] [--repeat 3]

Rows (the targets are the model family's time over the plugin's):
- minimal: unique minimal 9x9 puzzles, `strategy: minimal`, the same spec and seed (at most 3x);
- count: qqwing's expert corpus (examples/plugins/sudoku/tests/peers/qqwing-expert.txt) counted
  in one `solve` process of every file, without grades (at most 5x);
- first solve, cold: one puzzle solved with an empty compile cache (the model compiled by
  MiniZinc in that run; under 1 s), and warm: the same with the cache filled (under 0.1 s more
  than the plugin's solve).
The PLUGIN is built against an installed SDK as examples/plugins/sudoku/README.md says.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL = os.path.join(SOURCE, "examples", "models", "sudoku")
CORPUS = os.path.join(SOURCE, "examples", "plugins", "sudoku", "tests", "peers",
                      "qqwing-expert.txt")


def timed(command, repeat, env=None, before=None):
    times, out = [], ""
    for _ in range(repeat):
        if before:
            before()
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, env=env)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"failed ({done.returncode}): {' '.join(command)}\n{done.stderr}")
        out = done.stdout
    return statistics.median(times), out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzlegen")
    parser.add_argument("plugin")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="bench-models-")
    cache = os.path.join(scratch, "cache")
    env = dict(os.environ, PUZZLEGEN_CACHE_DIR=cache)
    model = [args.puzzlegen, "--plugin", MODEL]
    plugin = [args.puzzlegen, "--plugin", args.plugin]
    rows = []
    try:
        specs = {}
        for name, puzzle in (("model", "sudoku-model"), ("plugin", "sudoku")):
            specs[name] = os.path.join(scratch, f"{name}.yaml")
            with open(specs[name], "w") as f:
                f.write(f"puzzle: {puzzle}\nparameters: {{box-rows: 3, box-columns: 3}}\n"
                        "solutions: {solution: {exactly: 1}}\n"
                        f"generate: {{instances: {args.count}, strategy: minimal, seed: 1, "
                        "time-limit: 10m}\n")
        # The compile is timed in its own row: fill the cache first.
        subprocess.run(model + ["describe", "sudoku-model"], env=env, capture_output=True,
                       check=True)
        m, _ = timed(model + ["generate", "--format", "json", specs["model"]], args.repeat, env)
        p, _ = timed(plugin + ["generate", "--format", "json", specs["plugin"]], args.repeat, env)
        rows.append((f"{args.count} unique minimal 9x9 puzzles", m, p, "at most 3x"))

        lines = [line.strip() for line in open(CORPUS) if len(line.strip()) == 81]
        model_files, plugin_files = [], []
        for i, line in enumerate(lines):
            rows_text = [line[9 * r:9 * r + 9] for r in range(9)]
            path = os.path.join(scratch, f"m{i}.yaml")
            with open(path, "w") as f:
                f.write("puzzle: sudoku-model\nbox-rows: 3\nbox-columns: 3\ngivens:\n" +
                        "".join(f'  - "{row}"\n' for row in rows_text))
            model_files.append(path)
            path = os.path.join(scratch, f"p{i}.yaml")
            with open(path, "w") as f:
                f.write(f'puzzle: sudoku\nline: "{line}"\n')
            plugin_files.append(path)
        flags = ["--no-difficulty", "--format", "json"]
        m, out = timed(model + ["solve", *model_files, *flags], args.repeat, env)
        assert out.count('"count":1') == len(lines) or out.count('"count": 1') == len(lines), \
            "a qqwing puzzle did not count one solution"
        p, _ = timed(plugin + ["solve", *plugin_files, *flags], args.repeat, env)
        rows.append((f"count {len(lines)} qqwing expert puzzles, one process", m, p,
                     "at most 5x"))

        one = [model_files[0], "--no-difficulty"]
        m, _ = timed(model + ["solve", *one], args.repeat, env,
                     before=lambda: shutil.rmtree(cache, ignore_errors=True))
        p, _ = timed(plugin + ["solve", plugin_files[0], "--no-difficulty"], args.repeat, env)
        rows.append(("first solve, compile cache empty", m, p, "model under 1 s"))
        m, _ = timed(model + ["solve", *one], args.repeat, env)
        rows.append(("first solve, compile cache warm", m, p, "model under plugin + 0.1 s"))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    print("| row | model family (s) | C++ plugin (s) | model / plugin | target |")
    print("| --- | --- | --- | --- | --- |")
    for what, m, p, target in rows:
        print(f"| {what} | {m:.3f} | {p:.3f} | {m / p:.2f}x | {target} |")


if __name__ == "__main__":
    main()
