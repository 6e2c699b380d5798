#!/bin/sh
# Measures, for each example `puzzlegen serve` offers and each level (and "any"), how many
# distinct puzzles a worksheet finds at the example's own seed within the page's budget, and
# how long it takes: the data behind app/serve/levels.tsv, which the page and `worksheet` use to
# offer only what can be made. One run at a time, on one core, as the server runs them.
#
#   scripts/measure-levels.sh build/puzzlegen [SECONDS] > app/serve/levels.tsv
#
# Each line: spec, level, puzzles found (at most 30, the page's limit), seconds, and whether
# the search proved that no more exist ("proven") or stopped ("stopped").
set -eu
puzzlegen=$1
budget=${2:-60}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '# What each example `puzzlegen serve` offers makes, per level: made by\n'
printf '#   scripts/measure-levels.sh %s %s > app/serve/levels.tsv\n' "$puzzlegen" "$budget"
printf '# spec\tlevel\tfound\tseconds\tend\n'
for spec in instant-insanity/unique-tower.yaml instant-insanity/unique-tower-n5.yaml \
            cube36/unique-n4.yaml cube36/unique-n5.yaml eight-blocks/eight-cubes-one-solid.yaml; do
  case $spec in eight-blocks/*) levels=any ;; *) levels="any easy medium hard extreme" ;; esac
  for level in $levels; do
    # A copy with a line more: `worksheet` holds an example to what this file says it makes,
    # and the copy is not the example.
    { cat "$here/specs/$spec"; echo "# measured by scripts/measure-levels.sh"; } > "$work/spec.yaml"
    set -- "$work/spec.yaml" --count 30 --allow-fewer --time-limit "${budget}s" -o "$work/sheet.html" --key none
    [ "$level" = any ] || set -- "$@" --difficulty "$level"
    start=$(date +%s.%N)
    "$puzzlegen" worksheet "$@" 2> "$work/log" || true
    end=$(date +%s.%N)
    found=$(sed -n 's/.*found \([0-9]*\) of the .*/\1/p' "$work/log" | tail -1)
    [ -n "$found" ] || found=30
    how=stopped
    grep -q 'proven' "$work/log" && how=proven
    printf '%s\t%s\t%s\t%.1f\t%s\n' "$spec" "$level" "$found" "$(echo "$end - $start" | bc)" "$how"
  done
done
