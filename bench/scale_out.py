#!/usr/bin/env python3
"""Scale-out benchmark: for each workload, whole-process wall times (the median of --repeat
runs, the four ways interleaved) of --threads 1 and --threads 2, of two --threads 1 runs at once,
and of 16 shards run two at a time by GNU parallel and then merged; the ratios, and the load
balance (slowest subproblem against the mean) read from the manifest of a one-shard run on two
threads. Ratios in one run on one machine, never absolute targets.

The machine's ceiling for two workers is what two independent one-thread runs reach together:
2 x (one run alone) / (two at once). Cores that share a physical core, a memory bus or a
host's time slices make it less than 2, and no split of one run can beat it; "of the ceiling"
is the speed-up of --threads 2 divided by it.

    bench/scale_out.py [--repeat 3] [--only census,existence]
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUZZLEGEN = os.path.join(ROOT, "build", "puzzlegen")

WORKLOADS = [
    ("census", "Instant Insanity census (4 cubes, every colour on every cube)",
     "specs/instant-insanity/census-n4.yaml"),
    ("q3", "Loffler Q3 (fewest ADIIS, proven)", "specs/instant-insanity/loffler-q3.yaml"),
    ("existence", "Eight Blocks EXISTENCE row 1 (no, proven)",
     "specs/eight-blocks/existence-row-1.yaml"),
    ("maxinfeasible", "Eight Blocks MAXINFEASIBLE (23, proven)",
     "specs/eight-blocks/maxinfeasible.yaml"),
    ("euler", "Euler n = 6 (no board, proven)", "specs/cube36/euler-6.yaml"),
    ("census7", "36 Cube census n = 7 by classes (324 classes, proven)",
     "specs/cube36/census-n7.yaml"),
    ("census5", "Instant Insanity census of 5 cubes by classes (16,614 classes, proven)",
     "specs/instant-insanity/census-n5.yaml"),
]


def timed(command, **kwargs):
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kwargs)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{command} exited {done.returncode}: {done.stderr.decode()}")
    return time.perf_counter() - start


def side_by_side(spec):
    """Two independent one-thread runs started together; the time until both have ended."""
    start = time.perf_counter()
    runs = [subprocess.Popen([PUZZLEGEN, "generate", spec, "--threads", "1"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(2)]
    for run in runs:
        if run.wait() not in (0, 1):
            raise SystemExit(f"{spec}: a one-thread run exited {run.returncode}")
    return time.perf_counter() - start


def sharded(spec, tmp):
    for name in os.listdir(tmp):
        os.remove(os.path.join(tmp, name))
    script = (f"parallel -j2 {PUZZLEGEN} generate {spec} --shard {{}}/16 -o {tmp}/shard-{{}}.jsonl"
              f" ::: $(seq 16) && {PUZZLEGEN} merge {tmp}/shard-*.jsonl -o {tmp}/merged.jsonl")
    return timed(["bash", "-c", script])


def balance(spec, tmp):
    out = os.path.join(tmp, "one.jsonl")
    subprocess.run([PUZZLEGEN, "generate", spec, "--shard", "1/1", "--threads", "2", "-o", out],
                   stderr=subprocess.DEVNULL, check=False)
    with open(out) as f:
        manifest = json.loads(f.read().splitlines()[-1])["summary"]
    b = manifest["balance"]
    mean = b["mean-subproblem-seconds"]
    return manifest["subproblems"]["total"], (b["slowest-subproblem-seconds"] / mean if mean else 0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    print("| workload | 1 thread | 2 threads | speed-up | two 1-thread runs at once | ceiling |"
          " of the ceiling | 16 shards, 2 at a time + merge | shards vs 2 threads | subproblems |"
          " slowest / mean subproblem |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        for key, title, spec in WORKLOADS:
            if only and key not in only:
                continue
            spec = os.path.join(ROOT, spec)
            # Interleaved: the four ways take turns, so that a machine whose speed drifts over
            # a minute (a shared host) slows them alike rather than one block of runs.
            ones, twos, pairs, shardings = [], [], [], []
            for _ in range(args.repeat):
                ones.append(timed([PUZZLEGEN, "generate", spec, "--threads", "1"]))
                twos.append(timed([PUZZLEGEN, "generate", spec, "--threads", "2"]))
                pairs.append(side_by_side(spec))
                shardings.append(sharded(spec, tmp))
            one, two, pair, shards = (statistics.median(t)
                                      for t in (ones, twos, pairs, shardings))
            ceiling = 2 * one / pair
            parts, spread = balance(spec, tmp)
            print(f"| {title} | {one:.2f} s | {two:.2f} s | **{one / two:.2f}x** | {pair:.2f} s"
                  f" | {ceiling:.2f}x | {one / two / ceiling:.0%} | {shards:.2f} s"
                  f" | {shards / two:.2f} | {parts} | {spread:.0f}x |", flush=True)
    # What the launcher costs by itself, in the shards' column: GNU parallel starting 16 jobs
    # that do nothing, two at a time.
    launcher = statistics.median(
        timed(["parallel", "-j2", "true", ":::"] + [str(k) for k in range(1, 17)])
        for _ in range(args.repeat))
    print(f"\nGNU parallel alone, 16 jobs that do nothing, two at a time: {launcher:.2f} s")


main()
