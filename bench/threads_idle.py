#!/usr/bin/env python3
"""Threads that cost nothing when idle: whole-process wall times (the median of --repeat runs)
of small jobs on 1 thread and on many, and of a long job on 200 threads against its time limit.
Ratios in one run on one machine, never absolute targets.

    bench/threads_idle.py [PUZZLEGEN] [--repeat 5]

Rows and their targets (issue "every core of a big node"):
  solve of the classical puzzle, --threads 64 against 1          at most 2x
  the 4-cube census (generate), --threads 64 against 1           at most 2x
  the 8x8 36 Cube census, --threads 200 --time-limit 3s           ends within 4 s
"""
import argparse
import os
import statistics
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def wall(command, repeat):
    times = []
    for _ in range(repeat):
        start = time.monotonic()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.monotonic() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzlegen", nargs="?", default=os.path.join(ROOT, "build", "puzzlegen"))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    pg = args.puzzlegen
    classical = os.path.join(ROOT, "instances/instant-insanity/classical.yaml")
    census = os.path.join(ROOT, "specs/instant-insanity/census-n4.yaml")
    print("| row | 1 thread (s) | many (s) | ratio | target |")
    print("| --- | --- | --- | --- | --- |")
    for what, command, many in (
            ("solve classical.yaml", [pg, "solve", classical, "--time-limit", "3s"], 64),
            ("generate census-n4.yaml", [pg, "generate", census], 64)):
        one = wall(command + ["--threads", "1"], args.repeat)
        lots = wall(command + ["--threads", str(many)], args.repeat)
        print(f"| {what}, --threads {many} against 1 | {one:.3f} | {lots:.3f} | "
              f"{lots / one:.2f}x | at most 2x |")
    long_job = [pg, "generate", os.path.join(ROOT, "specs/cube36/census-n8.yaml"),
                "--time-limit", "3s"]
    one = wall(long_job + ["--threads", "1"], args.repeat)
    lots = wall(long_job + ["--threads", "200"], args.repeat)
    print(f"| generate census-n8.yaml --time-limit 3s, --threads 200 | {one:.3f} | {lots:.3f} | "
          f"{lots / one:.2f}x | ends within 4 s |")


if __name__ == "__main__":
    main()
