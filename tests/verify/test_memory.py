#!/usr/bin/env python3
"""verify and merge keep their memory bounded however large the result: a synthetic result of
200,000 classes of the template family (8 cards from 1 to 20, each class's record as generate
writes it) with three classes planted twice is verified, its duplicates found exactly where
they lie, within PEAK_KB of resident memory (verify held every record and claim before: 1.1 GB
here, 7.4 GB for the n = 8 census); with --key-memory 1M the keys' sort spills to the temporary
folder and the report is the same, byte for byte. The same records as four shards, a class in
two of them, are merged within the same bound, in the order one process prints them with each
class once, and the shards verified without the merged file. Every temporary file is gone
afterwards.

Usage: test_memory.py PUZZLEGEN TEMPLATE_PLUGIN
"""
import itertools
import json
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from peak_memory import peak_of  # noqa: E402
from collections import Counter

CLASSES = 200000
PEAK_KB = 96 * 1024  # measured: about 30 MB; 1.1 GB before records were streamed
SHARDS = 4


def record(numbers):
    """The record generate writes for these cards, and its class size."""
    size = math.factorial(len(numbers))
    for repeats in Counter(numbers).values():
        size //= math.factorial(repeats)
    # "at least 0" splits: verified by any second count, so that only the classes can fail.
    body = {"instance": {"puzzle": "partition", "numbers": numbers}, "parameters": {"n": 8},
            "measures": {"total": sum(numbers)},
            "counts": {"split": {"count": 0, "exact": False}}, "convention": {"modulo": "swap"},
            "seed": 1, "spec-sha256": "synthetic", "class-size": size}
    return json.dumps(body, separators=(",", ":")), size


def summary(records, in_classes, extra=None):
    s = {"instances": records, "instances-in-classes": in_classes, "proven": False,
         "exhausted": False, "explored": records, "strategy": "exhaustive", "stopped": "none",
         "seed": 1, "convention": {"modulo": "swap"}, "spec-sha256": "synthetic"}
    s.update(extra or {})
    return json.dumps({"summary": s}, separators=(",", ":"))


def main():
    puzzlegen, plugin = sys.argv[1], sys.argv[2]
    hands = [list(h) for h in
             itertools.islice(itertools.combinations_with_replacement(range(1, 21), 8), CLASSES)]
    with tempfile.TemporaryDirectory() as tmp:
        spill = os.path.join(tmp, "spill")
        os.mkdir(spill)

        def run(args, out):
            code, peak = peak_of(["env", "TMPDIR=" + spill, puzzlegen, "--plugin", plugin] + args,
                                 out)
            assert not os.listdir(spill), "left behind: %s" % os.listdir(spill)
            return code, peak

        # One result, three classes planted again (their cards in another order) further on.
        result = os.path.join(tmp, "result.jsonl")
        planted = {}  # line of the copy -> line of the first
        lines, total, line_of = [], 0, {}
        for i, hand in enumerate(hands):
            body, size = record(hand)
            lines.append(body)
            line_of[i] = len(lines)
            total += size
            if i in (1000, 77777, 150000):
                copy, size = record(list(reversed(hands[i // 7])))
                lines.append(copy)
                total += size
                planted[len(lines)] = line_of[i // 7]
        with open(result, "w") as f:
            f.write("\n".join(lines + [summary(len(lines), total)]) + "\n")
        reports = {}
        for memory in ("256M", "1M"):
            out = os.path.join(tmp, "report-%s.txt" % memory)
            code, peak = run(["verify", result, "--key-memory", memory], out)
            print("verify, %d records, --key-memory %s: exit %d, peak %d KB"
                  % (len(lines), memory, code, peak))
            assert peak <= PEAK_KB, "verify took %d KB (bound %d KB)" % (peak, PEAK_KB)
            with open(out) as f:
                reports[memory] = f.read()
            assert code == 1, code
        report = reports["256M"]
        assert reports["1M"] == report, "the spilled sort reported otherwise"
        failed = [l for l in report.splitlines() if l.startswith("FAILED")]
        expected = ["FAILED  %s:%d  [class] a class of its own: the same instance up to the "
                    "family's symmetries as %s:%d (the canonical keys recomputed from both "
                    "instances are equal)" % (result, copy, result, first)
                    for copy, first in sorted(planted.items())]
        assert failed == expected, "\n".join(failed[:10])
        claims = 2 * len(lines) + len(planted) + 2  # counts and class size each, dups, summary
        assert report.endswith("summary: %d claims, %d verified, 0 not verifiable, 3 FAILED\n"
                               % (claims, claims - 3)), report[-200:]

        # The same classes as four shards, subproblem k in shard k mod 4 + 1, a class given by
        # two shards: merged, it is kept where one process prints it first.
        per_subproblem = 50
        subproblems = (CLASSES + per_subproblem - 1) // per_subproblem
        found = {k: [] for k in range(SHARDS)}
        for i, hand in enumerate(hands):
            found[(i // per_subproblem) % SHARDS].append((i // per_subproblem, hand))
        again = hands[123456]  # also found in subproblem 5 (shard 2), before its own
        found[5 % SHARDS].append((5, list(reversed(again))))
        files, order = [], []
        for k in range(SHARDS):
            path = os.path.join(tmp, "shard-%d.jsonl" % (k + 1))
            files.append(path)
            found[k].sort(key=lambda entry: entry[0])
            mine = len(range(k, subproblems, SHARDS))
            with open(path, "w") as f:
                for subproblem, hand in found[k]:
                    body, _ = record(hand)
                    f.write(body[:-1] + ',"subproblem":%d,"key":%s}\n'
                            % (subproblem, json.dumps(sorted(hand), separators=(",", ":"))))
                    order.append((subproblem, k, body, tuple(sorted(hand))))
                f.write(summary(len(found[k]), 0, {
                    "version": "synthetic", "shard": {"index": k + 1, "of": SHARDS},
                    "subproblems": {"total": subproblems, "mine": mine, "done": mine},
                    "complete": True, "exhausted": True, "nodes": 0, "seconds": 1.0,
                    "instances-wanted": "all"}) + "\n")
        order.sort(key=lambda entry: (entry[0], entry[1]))
        seen, bodies = set(), []
        for _, _, body, key in order:
            if key not in seen:
                seen.add(key)
                bodies.append(body)
        assert len(bodies) == CLASSES
        for memory in ("256M", "1M"):
            merged = os.path.join(tmp, "merged-%s.jsonl" % memory)
            code, peak = run(["merge", "--key-memory", memory] + files, merged)
            print("merge, %d shards, %d records, --key-memory %s: exit %d, peak %d KB"
                  % (SHARDS, len(order), memory, code, peak))
            assert code == 0, code
            assert peak <= PEAK_KB, "merge took %d KB (bound %d KB)" % (peak, PEAK_KB)
            with open(merged) as f:
                got = f.read().splitlines()
            assert got[:-1] == bodies, "merge printed other records, or in another order"
            assert json.loads(got[-1])["summary"]["instances"] == CLASSES
        # The shards alone, their records combined as merge combines them and checked in full.
        out = os.path.join(tmp, "shards-report.txt")
        code, peak = run(["verify", "--key-memory", "1M"] + files, out)
        print("verify of the %d shards: exit %d, peak %d KB" % (SHARDS, code, peak))
        assert peak <= PEAK_KB, "verify took %d KB (bound %d KB)" % (peak, PEAK_KB)
        with open(out) as f:
            tail = f.read().splitlines()[-1]
        print(tail)
        assert code == 0 and tail.endswith(" 0 not verifiable, 0 FAILED"), (code, tail)
    print("PASS")


if __name__ == "__main__":
    main()
