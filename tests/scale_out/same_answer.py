#!/usr/bin/python3
"""Exit 0 when two JSON Lines outputs of puzzlegen give the same answer: the same instance
records in the same order (without an objective), and the same instances, proven, exhausted,
best and optimal-instances in their summaries. Used to check merged shards against one run."""
import json
import sys


def read(path):
    records, summary = [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            j = json.loads(line)
            if "summary" in j:
                summary = j["summary"]
            else:
                records.append(j)
    if summary is None:
        sys.exit(f"{path}: no summary line")
    return records, summary


def main():
    (a_records, a), (b_records, b) = read(sys.argv[1]), read(sys.argv[2])
    # With an objective, how many improving instances were printed on the way depends on
    # timing; the answer is the optimum, how many instances reach it, and whether it is proven.
    fields = ["proven", "exhausted"]
    if "objective" in a:
        fields += ["objective", "best", "optimal-instances", "optimal-instances-in-classes"]
    else:
        fields += ["instances", "instances-in-classes"]
        if a_records != b_records:
            sys.exit(f"the instance records differ ({len(a_records)} and {len(b_records)} records)")
    differ = [f for f in fields if a.get(f) != b.get(f)]
    if differ:
        sys.exit("the summaries differ in " + ", ".join(f"{f} ({a.get(f)} / {b.get(f)})" for f in differ))
    print("same answer: " + ", ".join(f"{f} {a.get(f)}" for f in fields))


main()
