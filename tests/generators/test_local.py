#!/usr/bin/env python3
"""Local search (strategy `local`) on 4x4 Sudoku, the model family in examples/models/sudoku,
whose clues the walkers move:

- with a budget of steps, the same seed and walkers print the same instances, in the same
  order, on 1 and 3 threads, and as 1 shard or as 4 shards merged;
- every printed instance meets the spec, as `puzzlegen check` judges it again;
- the summary is never proven nor exhausted, and says it was found by local search;
- a spec no instance meets (a unique 4x4 Sudoku with at most 2 givens) ends at its step budget,
  or without one at its time limit, with exit 3 and prints no instance;
- bad generate keys (walkers, steps, restart-after) are exit 2 at file:line:column.

And on Instant Insanity, built in, whose own moves (Family::neighbour: two faces of a cube
swapped, or a face given another colour) the walkers make: the same instances on 1 and 3
threads, each re-checked; a family with neither clues nor moves (the 36 Cube) is exit 2. And a
bound on the grade (Mosaic, at least hard) that every printed puzzle meets. The model family parts
are skipped when minizinc is not installed.

Usage: test_local.py PUZZLEGEN SOURCE_DIR SCRATCH_DIR
"""
import json
import os
import shutil
import subprocess
import sys

SPEC = """puzzle: sudoku-model
parameters: {box-rows: 2, box-columns: 2}
solutions: {solution: {exactly: 1}}
instance: {givens: {max: MOST}}
generate: {strategy: local, instances: all, seed: 5, walkers: 4, steps: STEPS, restart-after: 80}
"""

failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


def run(puzzlegen, family, *args):
    return subprocess.run([puzzlegen, "--plugin", family] + list(args), capture_output=True,
                          text=True, timeout=600)


def records_of(text):
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    return [line for line in lines if "summary" not in line], lines[-1]["summary"]


INSANITY = """puzzle: instant-insanity
parameters: {cubes: 5}
instance: {every-cube-uses-all-colors: true}
solutions: {count-as: arrangements, modulo: tower-symmetry, all-different: {exactly: 1}}
generate: {strategy: local, instances: all, seed: 3, walkers: 3, steps: 100, restart-after: 30}
"""


def family_moves(puzzlegen, scratch):
    """Instant Insanity: the family's own moves, the same instances on 1 and 3 threads."""
    spec = os.path.join(scratch, "insanity.yaml")
    with open(spec, "w") as f:
        f.write(INSANITY)
    runs = [subprocess.run([puzzlegen, "generate", spec, "--format", "json", "--threads", t],
                           capture_output=True, text=True, timeout=600) for t in ("1", "3")]
    found, summary = records_of(runs[0].stdout)
    check(len(found) >= 3 and summary["proven"] is False and summary["local"]["steps"] == 300,
          f"Instant Insanity by its own moves: {len(found)} instances, {summary.get('local')}")
    check(runs[1].stdout.splitlines()[:-1] == runs[0].stdout.splitlines()[:-1],
          "Instant Insanity: 3 threads print the same records as 1")
    refused = 0
    for i, record in enumerate(found):
        path = os.path.join(scratch, f"insanity-{i}.json")
        with open(path, "w") as f:
            json.dump(record["instance"], f)
        refused += subprocess.run([puzzlegen, "check", path, "--spec", spec],
                                  capture_output=True, timeout=600).returncode != 0
    check(refused == 0, f"Instant Insanity: check accepts every printed instance "
          f"({refused} of {len(found)} refused)")
    # The 36 Cube has neither clues nor moves: refused before any output, naming the field.
    spec = os.path.join(scratch, "cube36.yaml")
    with open(spec, "w") as f:
        f.write("puzzle: cube36\nparameters: {n: 4}\nsolutions: {solution: {min: 1}}\n"
                "generate: {strategy: local}\n")
    refused = subprocess.run([puzzlegen, "generate", spec], capture_output=True, text=True,
                             timeout=600)
    check(refused.returncode == 2 and not refused.stdout and
          "generate.strategy" in refused.stderr and "supplies no moves" in refused.stderr,
          f"a family with neither clues nor moves is exit 2: {refused.returncode}, "
          f"{refused.stderr.strip()}")


HARD_MOSAIC = """puzzle: mosaic
parameters: {rows: 5, columns: 5}
solutions: {solution: {exactly: 1}}
instance: {difficulty: DIFFICULTY}
generate: {strategy: local, instances: 4, seed: 5, walkers: 4, steps: 300}
"""


def grade_bound(puzzlegen, source, scratch):
    """A bound on the grade, which the walk's score measures: 5x5 Mosaics of at least `hard`
    (the model family in examples/models/mosaic), each re-checked against the spec and refused
    by the opposite bound, so that the score's grade and the judge's agree."""
    family = os.path.join(source, "examples", "models", "mosaic")
    paths = {}
    for name, bound in (("hard", "{min: hard}"), ("easier", "{max: medium}")):
        paths[name] = os.path.join(scratch, f"mosaic-{name}.yaml")
        with open(paths[name], "w") as f:
            f.write(HARD_MOSAIC.replace("DIFFICULTY", bound))
    done = run(puzzlegen, family, "generate", paths["hard"], "--format", "json")
    found, summary = records_of(done.stdout)
    check(done.returncode == 0 and len(found) == 4,
          f"Mosaic, difficulty at least hard: 4 puzzles in 300 steps a walker, exit "
          f"{done.returncode}, {len(found)} found, {summary.get('local')}")
    for i, record in enumerate(found):
        path = os.path.join(scratch, f"mosaic-hard-{i}.json")
        with open(path, "w") as f:
            json.dump(record["instance"], f)
        kept = run(puzzlegen, family, "check", path, "--spec", paths["hard"])
        refused = run(puzzlegen, family, "check", path, "--spec", paths["easier"])
        check(kept.returncode == 0 and refused.returncode != 0,
              f"Mosaic {i}: meets difficulty at least hard (exit {kept.returncode}) and not at "
              f"most medium (exit {refused.returncode})")


def main():
    puzzlegen, source, scratch = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(scratch, exist_ok=True)
    family_moves(puzzlegen, scratch)
    if shutil.which("minizinc") is None:
        print("the Sudoku part is skipped: minizinc is not installed")
        return 1 if failures else 0
    grade_bound(puzzlegen, source, scratch)
    family = os.path.join(source, "examples", "models", "sudoku")

    def spec_file(name, most, steps, extra=""):
        path = os.path.join(scratch, name)
        with open(path, "w") as f:
            f.write(SPEC.replace("MOST", str(most)).replace("STEPS", str(steps)) + extra)
        return path

    spec = spec_file("local.yaml", 5, 200)
    one = run(puzzlegen, family, "generate", spec, "--format", "json")
    check(one.returncode == 3, f"instances: all by local search is never finished: exit "
          f"{one.returncode} (3) {one.stderr.strip()}")
    found, summary = records_of(one.stdout)
    instances = [r["instance"] for r in found]
    check(len(instances) >= 3, f"a step budget finds several puzzles: {len(instances)}")
    check(summary["proven"] is False and summary["exhausted"] is False,
          f"never proven nor exhausted: {summary['proven']}, {summary['exhausted']}")
    check(summary.get("found-by") == "local search, not exhaustive",
          f"the summary says how they were found: {summary.get('found-by')}")
    local = summary.get("local", {})
    check(local.get("steps") == 4 * 200 and local.get("walkers") == 4 and
          local.get("best-violation") == 0 and local.get("acceptances", 0) > 0,
          f"steps, walkers, acceptances and the best distance are reported: {local}")
    text = run(puzzlegen, family, "generate", spec)
    check("found by local search, not exhaustive" in text.stdout and "proven" not in
          text.stdout.replace("not proven", ""), "the text summary never says proven")

    three = run(puzzlegen, family, "generate", spec, "--format", "json", "--threads", "3")
    check([r["instance"] for r in records_of(three.stdout)[0]] == instances,
          "3 threads print the same instances in the same order as 1")

    shards = []
    for k in range(1, 5):
        out = os.path.join(scratch, f"shard-{k}.jsonl")
        shard = run(puzzlegen, family, "generate", spec, "--shard", f"{k}/4", "-o", out)
        check(shard.returncode == 3, f"shard {k}/4 runs (exit {shard.returncode}) "
              f"{shard.stderr.strip()}")
        shards.append(out)
    merged = run(puzzlegen, family, "merge", *shards)
    merged_found, merged_summary = records_of(merged.stdout)
    check([r["instance"] for r in merged_found] == instances,
          f"4 shards merged print the same instances as 1 ({len(merged_found)} against "
          f"{len(instances)})")
    check("incomplete" not in merged.stderr and merged_summary["proven"] is False,
          f"merge keeps every instance, proves nothing, and has no shard to rerun "
          f"{merged.stderr.strip()}")
    check(merged_summary.get("found-by") == "local search, not exhaustive" and
          merged_summary.get("local", {}).get("steps") == local.get("steps") and
          merged_summary["local"].get("restarts") == local.get("restarts"),
          f"merge adds up the shards' walks: {merged_summary.get('local')}")

    first = run(puzzlegen, family, "generate", spec, "--format", "json", "--instances", "2")
    check(first.returncode == 0 and
          [r["instance"] for r in records_of(first.stdout)[0]] == instances[:2],
          f"instances: 2 prints the first two, exit {first.returncode} (0)")

    # Every instance printed meets the spec, judged again by check.
    bad = 0
    for i, instance in enumerate(instances):
        path = os.path.join(scratch, f"found-{i}.json")
        with open(path, "w") as f:
            json.dump(instance, f)
        checked = run(puzzlegen, family, "check", path, "--spec", spec)
        bad += checked.returncode != 0
    check(bad == 0, f"check accepts every printed instance ({bad} of {len(instances)} refused)")

    impossible = spec_file("impossible.yaml", 2, 100)
    none = run(puzzlegen, family, "generate", impossible, "--format", "json")
    nothing, none_summary = records_of(none.stdout)
    check(none.returncode == 3 and not nothing and none_summary["stopped"] == "none" and
          none_summary["local"]["steps"] == 400 and none_summary["local"]["best-violation"] > 0,
          f"at most 2 givens: exit {none.returncode} (3), {len(nothing)} instances, stops at its "
          f"budget: {none_summary.get('local')}")

    # Each written on line 7 as "  KEY: VALUE": a bad value is at its own column, an unknown
    # key at the key's.
    # Without a budget of steps, the time limit ends it: exit 3, stopped by the time limit.
    timed_spec = os.path.join(scratch, "timed.yaml")
    with open(timed_spec, "w") as f:
        f.write(SPEC.replace("MOST", "2").replace(" steps: STEPS,", ""))
    timed = run(puzzlegen, family, "generate", timed_spec, "--format", "json", "--time-limit", "1s")
    timed_found, timed_summary = records_of(timed.stdout)
    check(timed.returncode == 3 and not timed_found and timed_summary["stopped"] == "time-limit",
          f"at most 2 givens, no budget of steps, 1 s: exit {timed.returncode} (3), "
          f"{len(timed_found)} instances, stopped by {timed_summary['stopped']}")

    for key, value, known in (("walkers", "0", True), ("steps", "0", True),
                              ("restart-after", "x", True), ("walker", "2", False)):
        path = os.path.join(scratch, f"bad-{key}.yaml")
        text = SPEC.replace("MOST", "5").split("generate:")[0] + \
            f"generate:\n  strategy: local\n  {key}: {value}\n"
        with open(path, "w") as f:
            f.write(text)
        bad_run = run(puzzlegen, family, "generate", path)
        where = f"{path}:7:{len(key) + 5 if known else 3}"
        check(bad_run.returncode == 2 and where in bad_run.stderr and not bad_run.stdout,
              f"generate.{key}: {value} is exit 2 at {where}: exit {bad_run.returncode}, "
              f"{bad_run.stderr.strip()}")

    if failures:
        print(f"{len(failures)} failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
