#!/usr/bin/env bash
# A real single-node Slurm cluster (munged, slurmctld and slurmd started here as root with a
# generated configuration, stopped by pid at the end) runs scripts/slurm-generate.sh: a job
# array of 8 shards and a dependent merge job. The merged answer must equal one
# single-process run. Usage: test_slurm.sh PUZZLEGEN SOURCE_DIR
# Exits 77 (skipped) when not root: the daemons need it.
set -euo pipefail
puzzlegen=$(realpath "$1")
source_dir=$(realpath "$2")
if [[ $(id -u) != 0 ]]; then
  echo "skipped: starting Slurm's daemons needs root" >&2
  exit 77
fi
cluster=$source_dir/tests/scale_out/slurm_cluster.sh
work=$(mktemp -d /tmp/puzzlegen-slurm.XXXXXX)
state=$work/state
finish() {
  local rc=$?
  if ((rc != 0)); then
    for f in "$state"/log/* "$work"/*/*.log; do
      [[ -s $f ]] && { echo "----- $f"; tail -n 30 "$f"; }
    done
  fi >&2
  "$cluster" stop "$state" || rc=1
  rm -rf "$work"
  exit "$rc"
}
trap finish EXIT

"$cluster" start "$state"
# shellcheck source=/dev/null
source "$state/env"
sinfo

for spec in specs/instant-insanity/census-n4 tests/scale_out/loffler-q3-all-ties; do
  file=$source_dir/$spec.yaml
  out=$work/$(basename "$spec")
  mkdir -p "$out"
  "$puzzlegen" generate "$file" --format json -o "$out/single.jsonl" || [[ $? == 1 ]]
  PUZZLEGEN=$puzzlegen timeout 300 "$source_dir/scripts/slurm-generate.sh" --wait \
    "$file" 8 "$out" -- --chdir="$work"
  echo "$spec: $(cat "$out/merge.log")"
  ls "$out"/shard-*.jsonl | wc -l | grep -qx 8 || { echo "expected 8 shard files" >&2; exit 1; }
  "$source_dir/tests/scale_out/same_answer.py" "$out/single.jsonl" "$out/merged.jsonl"
done

# Resume: a lost shard is named by merge (exit 3), rerun alone, and the merge is whole again.
out=$work/census-n4
rm "$out/shard-3.jsonl"
status=0
"$puzzlegen" merge "$out"/shard-*.jsonl -o "$out/merged.jsonl" 2>"$out/partial.log" || status=$?
cat "$out/partial.log"
[[ $status == 3 ]] && grep -q "missing shards: 3" "$out/partial.log" ||
  { echo "merge should name the missing shard 3 and exit 3 (exit $status)" >&2; exit 1; }
PUZZLEGEN=$puzzlegen timeout 300 "$source_dir/scripts/slurm-generate.sh" --wait --only 3 \
  "$source_dir/specs/instant-insanity/census-n4.yaml" 8 "$out" -- --chdir="$work"
echo "after rerunning shard 3: $(cat "$out/merge.log")"
"$source_dir/tests/scale_out/same_answer.py" "$out/single.jsonl" "$out/merged.jsonl"
echo "PASS: Slurm job array of 8 shards + merge gives the single-process answer"
