#!/usr/bin/env bash
# Runs one generate job split into shards on a Slurm cluster: a job array with one shard per
# task, then a merge job that starts when every task has ended (whatever their exit codes, so
# that merge can name the shards that failed or were cut off).
#
#   scripts/slurm-generate.sh [--wait] [--only K,K,...] SPEC SHARDS OUTDIR [-- sbatch options...]
#
# OUTDIR receives shard-K.jsonl per task, merged.jsonl and merge.log. Task K runs shard
# K/SHARDS (--shard slurm/SHARDS), so shards that failed or were cut off are rerun alone with
# the same command and --only 7,19: each rerun replaces its shard's file, and the merge runs
# again over all of them. --wait blocks until the merge job has ended.
# The executable is $PUZZLEGEN, or puzzlegen on PATH. Generate options for every shard go in
# $PUZZLEGEN_ARGS (for example "--threads 4 --time-limit 2h"; give each task as many CPUs with
# sbatch's --cpus-per-task).
set -euo pipefail

wait=()
tasks=""
while (($#)); do
  case $1 in
    --wait) wait=(--wait); shift ;;
    --only) tasks=${2:?--only needs a list of shards}; shift 2 ;;
    *) break ;;
  esac
done
if (($# < 3)); then
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
spec=$(realpath "$1")
shards=$2
outdir=$3
shift 3
[[ ${1:-} == -- ]] && shift
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "SHARDS must be a positive number" >&2; exit 2; }
tasks=${tasks:-1-$shards}
[[ $tasks =~ ^[0-9,-]+$ ]] || { echo "--only takes shard numbers, as in 7,19 or 3-5" >&2; exit 2; }
puzzlegen=$(command -v "${PUZZLEGEN:-puzzlegen}") || {
  echo "puzzlegen not found: set PUZZLEGEN to the executable" >&2
  exit 2
}
mkdir -p "$outdir"
outdir=$(realpath "$outdir")

# Each task writes its shard's file whole when it ends (Ctrl-C, scancel and time limits
# included), so a file is either a shard's complete manifest or absent.
array=$(sbatch --parsable --job-name=puzzlegen-shards --array="$tasks" \
  --output="$outdir/shard-%a.log" "$@" \
  --wrap="exec '$puzzlegen' generate '$spec' --shard slurm/$shards ${PUZZLEGEN_ARGS:-} -o '$outdir/shard-'\$SLURM_ARRAY_TASK_ID'.jsonl'")
array=${array%%;*}
merge=$(sbatch --parsable "${wait[@]}" --job-name=puzzlegen-merge \
  --dependency="afterany:$array" --output="$outdir/merge.log" "$@" \
  --wrap="exec '$puzzlegen' merge '$outdir'/shard-*.jsonl -o '$outdir/merged.jsonl'") || true
merge=${merge%%;*}
echo "shards: job $array (array $tasks of 1-$shards); merge: job $merge; results in $outdir"
