#!/usr/bin/env python3
"""Peak memory and time of `verify` and `merge` on the largest result in the repository, the
8 x 8 36 Cube census (docs/data/cube36-census-n8.jsonl.xz: 842,227 classes, 370 MB):

- verify: the whole census with its spec (as it was when the census was made), every claim
  checked (about 17 minutes on one core);
- merge: the same records as 256 shards (record i found in subproblem i // 9, subproblem k in
  shard k mod 256 + 1, each record's board as its key), merged back into the census's records
  in their order (checked line by line).

Each is one whole process under /usr/bin/time -v: wall time, CPU time (user + system) and peak
resident memory. The census is decompressed, and the shards written, into a temporary folder
(TMPDIR), which verify and merge also use for their sorts and spools. --puzzlegen measures
another build, such as one from before records were streamed.

    bench/verify_memory.py [--puzzlegen build/puzzlegen] [--skip-verify] [--skip-merge]
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CENSUS = os.path.join(ROOT, "docs", "data", "cube36-census-n8.jsonl.xz")
SPEC = os.path.join(ROOT, "docs", "data", "cube36-census-n8.spec.yaml")  # the spec it answers
SHARDS = 256
PER_SUBPROBLEM = 9


def measured(command, out):
    """Runs command under /usr/bin/time -v, stdout to the file `out`: its exit code, wall
    seconds, CPU seconds and peak resident memory in KB."""
    with open(out, "w") as f:
        done = subprocess.run(["/usr/bin/time", "-v"] + command, stdout=f,
                              stderr=subprocess.PIPE, text=True)
    report = done.stderr

    def field(name):
        return re.search(re.escape(name) + r": (.*)", report).group(1).strip()

    wall = 0.0
    for part in field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":"):
        wall = wall * 60 + float(part)
    cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
    return done.returncode, wall, cpu, int(field("Maximum resident set size (kbytes)"))


def census_spec(census, folder):
    """The spec the census answers, kept beside it (specs/cube36/census-n8.yaml has since changed
    its comment and number of subproblems, not its question), checked by its SHA-256."""
    with open(census, "rb") as f:
        f.seek(-4096, os.SEEK_END)
        wanted = json.loads(f.read().splitlines()[-1])["summary"]["spec-sha256"]
    with open(SPEC, "rb") as f:
        if hashlib.sha256(f.read()).hexdigest() == wanted:
            return SPEC
    raise SystemExit("%s does not have the census's SHA-256 %s" % (SPEC, wanted))


def shards_of(census, folder):
    """The census's records as SHARDS shard files; returns the files and the records."""
    with open(census) as f:
        lines = f.read().splitlines()
    summary, records = json.loads(lines[-1])["summary"], lines[:-1]
    subproblems = (len(records) + PER_SUBPROBLEM - 1) // PER_SUBPROBLEM
    files = [os.path.join(folder, "shard-%03d.jsonl" % (k + 1)) for k in range(SHARDS)]
    outs = [open(file, "w") for file in files]
    counts = [0] * SHARDS
    for i, body in enumerate(records):
        subproblem = i // PER_SUBPROBLEM
        k = subproblem % SHARDS
        board = json.loads(body)["instance"]["board"]
        key = json.dumps([v for row in board for v in row], separators=(",", ":"))
        outs[k].write('%s,"subproblem":%d,"key":%s}\n' % (body[:-1], subproblem, key))
        counts[k] += 1
    for k, out in enumerate(outs):
        mine = len(range(k, subproblems, SHARDS))
        manifest = {
            "instances": counts[k], "instances-in-classes": None, "proven": True,
            "exhausted": True, "explored": counts[k], "strategy": "classes", "stopped": "none",
            "seed": 1, "convention": summary["convention"], "spec-sha256": summary["spec-sha256"],
            "version": "bench", "shard": {"index": k + 1, "of": SHARDS},
            "subproblems": {"total": subproblems, "mine": mine, "done": mine}, "complete": True,
            "instances-wanted": "all", "nodes": 0, "seconds": 1.0}
        out.write(json.dumps({"summary": manifest}, separators=(",", ":")) + "\n")
        out.close()
    return files, records


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--puzzlegen", default=os.path.join(ROOT, "build", "puzzlegen"))
    parser.add_argument("--skip-verify", action="store_true")
    parser.add_argument("--skip-merge", action="store_true")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="puzzlegen-bench-") as tmp:
        census = os.path.join(tmp, "n8.jsonl")
        with open(census, "w") as f:
            subprocess.run(["xz", "-dc", CENSUS], stdout=f, check=True)
        if not args.skip_verify:
            report = os.path.join(tmp, "report.txt")
            spec = census_spec(census, tmp)
            code, wall, cpu, peak = measured(
                [args.puzzlegen, "verify", census, "--spec", spec, "--time-limit", "3000s"],
                report)
            with open(report) as f:
                tally = f.read().splitlines()[-1]
            assert code == 0, (code, tally)
            rows.append(("verify the n = 8 census (%s)" % tally, wall, cpu, peak))
        if not args.skip_merge:
            files, records = shards_of(census, tmp)
            merged = os.path.join(tmp, "merged.jsonl")
            code, wall, cpu, peak = measured([args.puzzlegen, "merge", "-q"] + files + ["-o", merged],
                                             os.devnull)
            assert code == 0, code
            with open(merged) as f:
                got = f.read().splitlines()
            assert got[:-1] == records, "merge printed other records, or in another order"
            rows.append(("merge the n = 8 census from %d shards (%d records)"
                         % (SHARDS, len(records)), wall, cpu, peak))
    print("| run | wall | CPU | peak resident |")
    print("| --- | --- | --- | --- |")
    for what, wall, cpu, peak in rows:
        print("| %s | %.1f s | %.1f s | %.0f MB |" % (what, wall, cpu, peak / 1024))


if __name__ == "__main__":
    main()
