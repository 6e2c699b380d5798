#!/usr/bin/env bash
# A run killed mid-way (SIGKILL: no handler runs) leaves the previous output file as it was and
# nothing merge would take for a result: records go to a temporary twin, renamed onto the file
# only when the run has ended. Then the same run, not killed, replaces it whole.
# Usage: test_killed.sh PUZZLEGEN SOURCE_DIR
set -euo pipefail
puzzlegen=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

spec=$source/specs/instant-insanity/census-n5.yaml
printf 'the previous result\n' > "$work/out.jsonl"
"$puzzlegen" generate "$spec" --threads 1 --format json -o "$work/out.jsonl" &
run=$!
# Killed once it has written records to its twin (or after 5 s at most).
for _ in $(seq 50); do
  twin=$(find "$work" -name 'out.jsonl.tmp-*' -size +0 | head -1)
  [ -n "$twin" ] && break
  sleep 0.1
done
kill -KILL "$run"
wait "$run" 2>/dev/null && fail "the run ended before it was killed: use a longer spec"
[ "$(cat "$work/out.jsonl")" = "the previous result" ] || fail "the previous file changed"
echo "ok    killed mid-run: the previous file is as it was"
twin=$(find "$work" -name 'out.jsonl.tmp-*' | head -1)
if [ -n "$twin" ]; then
  # What the killed run left is a truncated result: merge must refuse it, never call it complete.
  if "$puzzlegen" merge "$twin" > "$work/merged.jsonl" 2> "$work/merge.err"; then
    fail "merge took the killed run's leftovers for a result: $(tail -1 "$work/merged.jsonl")"
  fi
  echo "ok    merge refuses the killed run's leftovers: $(head -1 "$work/merge.err")"
fi
"$puzzlegen" generate "$spec" --threads 1 --format json -o "$work/out.jsonl"
tail -1 "$work/out.jsonl" | grep -q '"summary"' || fail "the run not killed wrote no whole result"
echo "ok    the same run, not killed, replaces the file whole"
