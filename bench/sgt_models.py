#!/usr/bin/env python3
"""Model families against Simon Tatham's generators: unique puzzles per second.

For every model family with a converter for its sgt-puzzles peer (examples/models/*/tests/sgt.py)
and every size both offer (the converter's SPECS and PRESETS), times in the same run, as whole
processes, the median of --repeat runs:

  sgt      `sgt-GAME --generate COUNT PRESET` at the size's hardest preset level, which makes
           puzzles with one solution its own solver can solve;
  puzzlegen `generate` of COUNT puzzles with exactly one solution, minimal (no clue can be taken
           away), any grade, with the compiled model cached (compiling it once takes a few tenths
           of a second more, not counted). A family without clues (Hitori) has no minimal
           puzzles: it runs the converter's STRATEGY within its WITHIN bounds, against sgt's
           easiest level when those ask for easy puzzles. With --as-checked, every family
           makes its puzzles as its sgt check does (the converter's STRATEGY, default minimal,
           within its WITHIN bounds): for a clued family with `difficulty: {max: easy}`,
           puzzles minimal for their level, against sgt's easiest level.

Prints one row per family and size: puzzles per second each way and puzzlegen's time over sgt's
(the ratio to read; seconds drift with the machine's load).

Usage: bench/sgt_models.py PUZZLEGEN [--count 20] [--repeat 3] [--only FAMILY] [--as-checked]
"""
import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = os.path.join(SOURCE, "examples", "models")


def converter(folder):
    spec = importlib.util.spec_from_file_location("sgt", os.path.join(folder, "tests", "sgt.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timed(command, env=None):
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzlegen")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only")
    parser.add_argument("--as-checked", action="store_true",
                        help="make puzzles as the sgt checks do: the converter's STRATEGY and WITHIN")
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="bench-sgt-")
    env = dict(os.environ, PUZZLEGEN_CACHE_DIR=os.path.join(scratch, "cache"))
    print(f"{'family':<12} {'size':<7} {'sgt preset':<11} {'sgt /s':>8} {'puzzlegen /s':>13} "
          f"{'time ratio':>10}")
    try:
        for name in sorted(os.listdir(MODELS)):
            folder = os.path.join(MODELS, name)
            if args.only and name != args.only:
                continue
            if not os.path.exists(os.path.join(folder, "tests", "sgt.py")):
                continue
            peer = converter(folder)
            with open(os.path.join(folder, "family.yaml")) as manifest:
                clued = any(line.startswith("clues:") for line in manifest)
            as_checked = args.as_checked or not clued
            within = getattr(peer, "WITHIN", None) if as_checked else None
            strategies = getattr(peer, "STRATEGY", "minimal") if as_checked else "minimal"
            for size, parameters in peer.SPECS.items():
                if size not in peer.PRESETS:
                    continue
                strategy = (strategies if isinstance(strategies, str)
                            else strategies.get(size, strategies.get("*", "minimal")))
                easy = within and within.get("difficulty", {}).get("max") == "easy"
                preset = peer.PRESETS[size][0 if easy else -1]
                spec = os.path.join(scratch, f"{name}-{size}.yaml")
                with open(spec, "w") as out:
                    json.dump({"puzzle": peer.FAMILY, "parameters": parameters,
                               "solutions": {"solution": {"exactly": 1}},
                               **({"instance": within} if within else {}),
                               "generate": {"instances": args.count, "strategy": strategy,
                                            "seed": 1}}, out)
                ours_command = [args.puzzlegen, "--plugin", folder, "generate", spec,
                                "--format", "json", "--time-limit", "600s"]
                subprocess.run(ours_command[:5] + ["--instances", "1"] + ours_command[5:],
                               check=True, capture_output=True, env=env)  # compiles and caches
                theirs, ours = [], []
                for r in range(args.repeat):
                    theirs.append(timed([f"/usr/games/sgt-{peer.GAME}", "--generate",
                                         str(args.count), f"{preset}#bench-{r}"]))
                    ours.append(timed(ours_command[:-2] + ["--seed", str(r + 1)] +
                                      ours_command[-2:], env))
                t, o = statistics.median(theirs), statistics.median(ours)
                print(f"{name:<12} {size:<7} {preset:<11} {args.count / t:>8.1f} "
                      f"{args.count / o:>13.1f} {o / t:>9.2f}x", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
