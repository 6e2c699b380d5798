#!/usr/bin/env bash
# Runs one generate job split into shards on a Slurm cluster: a job array with one shard per
# task, then a merge job that starts when every task has ended (whatever their exit codes, so
# that merge can name the shards that failed or were cut off).
#
#   scripts/slurm-generate.sh [--wait] SPEC SHARDS OUTDIR [-- sbatch options...]
#
# OUTDIR receives shard-K.jsonl per task, merged.jsonl and merge.log. A shard that failed can
# be rerun alone (sbatch --array=K ...) and the merge submitted again: its file is replaced.
# The executable is $PUZZLEGEN, or puzzlegen on PATH. Generate options for every shard go in
# $PUZZLEGEN_ARGS (for example "--threads 4 --time-limit 2h"; give each task as many CPUs with
# sbatch's --cpus-per-task).
set -euo pipefail

wait=()
if [[ ${1:-} == --wait ]]; then
  wait=(--wait)
  shift
fi
if (($# < 3)); then
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
spec=$(realpath "$1")
shards=$2
outdir=$3
shift 3
[[ ${1:-} == -- ]] && shift
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "SHARDS must be a positive number" >&2; exit 2; }
puzzlegen=$(command -v "${PUZZLEGEN:-puzzlegen}") || {
  echo "puzzlegen not found: set PUZZLEGEN to the executable" >&2
  exit 2
}
mkdir -p "$outdir"
outdir=$(realpath "$outdir")

# Each task writes its shard's file whole when it ends (Ctrl-C, scancel and time limits
# included), so a file is either a shard's complete manifest or absent.
array=$(sbatch --parsable --job-name=puzzlegen-shards --array="1-$shards" \
  --output="$outdir/shard-%a.log" "$@" \
  --wrap="exec '$puzzlegen' generate '$spec' --shard slurm ${PUZZLEGEN_ARGS:-} -o '$outdir/shard-'\$SLURM_ARRAY_TASK_ID'.jsonl'")
array=${array%%;*}
merge=$(sbatch --parsable "${wait[@]}" --job-name=puzzlegen-merge \
  --dependency="afterany:$array" --output="$outdir/merge.log" "$@" \
  --wrap="exec '$puzzlegen' merge '$outdir'/shard-*.jsonl -o '$outdir/merged.jsonl'") || true
merge=${merge%%;*}
echo "shards: job $array (array 1-$shards); merge: job $merge; results in $outdir"
