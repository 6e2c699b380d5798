#!/usr/bin/env bash
# Smoke test for slurm_cluster.sh: start a private cluster, run an 8-task job
# array plus an afterok-dependent job that gathers the array's output, check
# the result, stop the cluster. Needs root. Exits 0 on success.
#
# Optional environment:
#   SLURM_SMOKE_TIMEOUT  seconds to wait for the jobs (default 120)
#   SLURM_SMOKE_KEEP=1   keep the temporary directory (logs, outputs)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cluster=$here/slurm_cluster.sh
tasks=8
timeout=${SLURM_SMOKE_TIMEOUT:-120}

work=$(mktemp -d /tmp/slurm-smoke.XXXXXX)
state=$work/state
out=$work/out
mkdir -p "$out"
ok=0

dump_logs() {
    local f
    for f in "$state"/log/* "$out"/*; do
        [[ -f $f && -s $f ]] || continue
        echo "----- $f (last 40 lines) -----"
        tail -n 40 "$f"
    done
    if [[ -n ${SLURM_CONF:-} ]]; then
        echo "----- scontrol show job -----"
        scontrol -o show job 2>&1 | tail -n 20 || true
    fi
}

finish() {
    local rc=$?
    ((ok)) || { echo "FAIL: slurm smoke test (rc=$rc)"; dump_logs; } >&2
    "$cluster" stop "$state" || rc=1
    if [[ ${SLURM_SMOKE_KEEP:-0} == 1 ]]; then
        echo "kept $work" >&2
    else
        rm -rf "$work"
    fi
    exit "$rc"
}
trap finish EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

"$cluster" start "$state"
# shellcheck source=/dev/null
source "$state/env"
sinfo

cat >"$work/task.sh" <<'EOF'
#!/bin/bash
set -eu
echo "$SLURM_ARRAY_TASK_ID $SLURM_ARRAY_TASK_COUNT $SLURM_ARRAY_TASK_MIN" >"$OUT/task.$SLURM_ARRAY_TASK_ID"
EOF
cat >"$work/gather.sh" <<'EOF'
#!/bin/bash
set -eu
sort -n "$OUT"/task.* >"$OUT/all.txt"
EOF

common=(--parsable --chdir="$work" --export="ALL,OUT=$out" --ntasks=1 --cpus-per-task=1)
array_id=$(sbatch "${common[@]}" --job-name=smoke-array --array="1-$tasks" \
    --output="$out/array-%A_%a.log" "$work/task.sh")
gather_id=$(sbatch "${common[@]}" --job-name=smoke-gather --dependency="afterok:$array_id" \
    --output="$out/gather-%j.log" "$work/gather.sh")
echo "submitted array job $array_id and dependent job $gather_id"

# Poll squeue rather than `sbatch --wait` so a stuck job cannot hang the test.
deadline=$((SECONDS + timeout))
while [[ -n $(squeue -h -j "$array_id,$gather_id" -o %i 2>/dev/null) ]]; do
    ((SECONDS < deadline)) || fail "jobs still queued after ${timeout}s"
    if scontrol -o show job "$gather_id" 2>/dev/null | grep -q 'Reason=DependencyNeverSatisfied'; then
        fail "dependency of job $gather_id can never be satisfied (an array task failed)"
    fi
    sleep 1
done

# Without accounting, scontrol still knows finished jobs for MinJobAge (300 s).
states=$(scontrol -o show job "$array_id" | grep -o 'JobState=[A-Z_]*' | sort | uniq -c)
echo "array task states: $(echo "$states" | xargs)"
[[ $(scontrol -o show job "$array_id" | grep -c 'JobState=COMPLETED') == "$tasks" ]] ||
    fail "not all $tasks array tasks completed"
scontrol -o show job "$gather_id" | grep -q 'JobState=COMPLETED' ||
    fail "dependent job $gather_id did not complete"

[[ -f $out/all.txt ]] || fail "dependent job produced no $out/all.txt"
echo "gathered output:"
cat "$out/all.txt"
expected=$(for ((i = 1; i <= tasks; i++)); do echo "$i $tasks 1"; done)
[[ $(cat "$out/all.txt") == "$expected" ]] || fail "gathered output differs from expected: $(echo "$expected" | xargs)"

ok=1
echo "PASS: slurm smoke test ($tasks array tasks + afterok dependency)"
