#!/usr/bin/env bash
# GNU parallel as the scheduler: a spec split into 16 shards, run two at a time, merged, and
# checked against one single-process run. Usage: test_parallel.sh PUZZLEGEN SOURCE_DIR
set -euo pipefail
puzzlegen=$1
source_dir=$2
command -v parallel >/dev/null || { echo "GNU parallel is not installed" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for spec in specs/instant-insanity/census-n4 tests/scale_out/loffler-q3-all-ties \
  specs/instant-insanity/loffler-q3 specs/cube36/euler-5; do
  file=$source_dir/$spec.yaml
  dir=$work/$(basename "$spec")
  mkdir -p "$dir"
  "$puzzlegen" generate "$file" --format json -o "$dir/single.jsonl" || [[ $? == 1 ]]
  # The recipe of docs/scale-out.md.
  parallel --halt now,fail=1 -j2 \
    "$puzzlegen" generate "$file" --shard {}/16 -o "$dir/shard-{}.jsonl" ::: $(seq 16)
  "$puzzlegen" merge "$dir"/shard-*.jsonl -o "$dir/merged.jsonl"
  echo "$spec:"
  "$source_dir/tests/scale_out/same_answer.py" "$dir/single.jsonl" "$dir/merged.jsonl"
done
