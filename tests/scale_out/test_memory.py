#!/usr/bin/env python3
"""A long `instances: all` run keeps its memory bounded however many threads it has: the
226,322 infeasible Eight Blocks classes listed on 1 and on 2 threads print the same records,
and 2 threads take at most 24 MB more peak memory than 1 (a worker running ahead of the
earliest unfinished subproblem pauses while 1,024 findings wait for their turn, and a finished
subproblem keeps nothing). Before, 2 threads took 98 MB against 14 MB. Written with -o FILE,
the same run keeps the same bound (it held the whole output before). And a tree search
listing every infeasible class of at most 7 cubes (17,425) keeps at most 1.5 KB a class: its
cache of judged classes keeps "printed", not the evaluation, for a class printed (3.6 KB a class
before).

Usage: test_memory.py PUZZLEGEN SOURCE_DIR
"""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from peak_memory import peak_of  # noqa: E402

BOUND_KB = 24 * 1024
# A tree search listing every class keeps, per class printed, its key twice (to judge it once
# and print it once), not its evaluation: 0.65 KB a class measured, 3.6 KB before.
PER_CLASS_KB = 1.5


def peak_kb(command, out):
    code, peak = peak_of(command, out)
    if code != 0:
        raise SystemExit(f"{' '.join(command)}: exit {code}")
    return peak


def main():
    puzzlegen, source = sys.argv[1], sys.argv[2]
    spec = os.path.join(source, "tests", "scale_out", "eight-blocks-infeasible-all.yaml")
    with tempfile.TemporaryDirectory() as tmp:
        peaks, records = {}, {}
        for threads in (1, 2):
            out = os.path.join(tmp, "t%d.jsonl" % threads)
            peaks[threads] = peak_kb([puzzlegen, "generate", spec, "--format", "json",
                                      "--threads", str(threads)], out)
            with open(out) as f:
                lines = f.read().splitlines()
            summary = json.loads(lines[-1])["summary"]
            assert summary["instances"] == 226322 and summary["proven"], summary
            records[threads] = sorted(lines[:-1])
        # -o FILE streams to a temporary file beside FILE, renamed at the end: the same records
        # and no more memory than standard output (it held the whole output before: 595 MB).
        named = os.path.join(tmp, "named.jsonl")
        peak_named = peak_kb([puzzlegen, "generate", spec, "--format", "json", "-o", named],
                             os.path.join(tmp, "nothing.txt"))
        with open(named) as f:
            assert sorted(f.read().splitlines()[:-1]) == records[1], "-o wrote other records"
        assert not [n for n in os.listdir(tmp) if ".tmp-" in n], os.listdir(tmp)
        print("peak memory: 1 thread %d KB (%d KB with -o), 2 threads %d KB"
              % (peaks[1], peak_named, peaks[2]))
        assert peak_named <= peaks[1] + BOUND_KB, "-o took %d KB more" % (peak_named - peaks[1])
        assert records[1] == records[2], "1 and 2 threads print different records"
        assert peaks[2] <= peaks[1] + BOUND_KB, \
            "2 threads took %d KB more than 1 (bound %d KB)" % (peaks[2] - peaks[1], BOUND_KB)
        # The tree search: its cache of judged classes keeps only "printed" for a class
        # printed, on 1 and 2 threads.
        listing = os.path.join(source, "tests", "scale_out", "eight-blocks-infeasible-7.yaml")
        out = os.path.join(tmp, "tree.jsonl")
        base = peak_kb([puzzlegen, "generate", listing, "--instances", "1"], out)
        for threads in (1, 2):
            peak = peak_kb([puzzlegen, "generate", listing, "--format", "json", "--threads",
                            str(threads)], out)
            with open(out) as f:
                classes = json.loads(f.read().splitlines()[-1])["summary"]["instances"]
            assert classes == 17425, classes
            # A second worker adds a constant (its buffers, and the findings that wait for
            # their turn), as for the class walk above, not more per class.
            bound = classes * PER_CLASS_KB + (BOUND_KB if threads == 2 else 0)
            print("tree search, %d thread(s): %d classes, peak %d KB, %d KB over one record's "
                  "run (bound %d KB)" % (threads, classes, peak, peak - base, bound))
            assert peak - base <= bound, "%d KB over one record's run" % (peak - base)
    print("PASS")


if __name__ == "__main__":
    main()
