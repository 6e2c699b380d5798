#!/bin/sh
# Measures, for each example `puzzlegen serve` offers and each level (and "any"), how many
# distinct puzzles a worksheet finds at the example's own seed within the page's budget, and
# how long it takes: the data behind app/serve/levels.tsv, which the page and `worksheet` use to
# offer only what can be made. One run at a time, on one core, as the server runs them.
#
#   scripts/measure-levels.sh build/puzzlegen [SECONDS] > app/serve/levels.tsv
#   scripts/measure-levels.sh build/puzzlegen SECONDS --plugin DIR > DIR/serve/levels.tsv
#       the same for a plugin's own examples (a model family's DIR/serve/*.yaml)
#
# Each line: spec, level, puzzles found (at most 30, the page's limit), seconds, and whether
# the search proved that no more exist ("proven") or stopped ("stopped").
set -eu
puzzlegen=$1
budget=${2:-60}
plugin=""
[ "${3:-}" = --plugin ] && plugin=$(cd "$4" && pwd)
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "$plugin" ]; then
  specs_dir=$plugin/serve
  specs=$(cd "$specs_dir" && ls ./*.yaml | sed 's|^\./||')
  printf '# What each of this plugin'"'"'s examples makes on the page of `puzzlegen serve`, per level:\n'
  printf '#   scripts/measure-levels.sh PUZZLEGEN %s --plugin FOLDER > FOLDER/serve/levels.tsv\n' "$budget"
  set -- --plugin "$plugin"
else
  specs_dir=$here/specs
  specs="instant-insanity/unique-tower.yaml instant-insanity/unique-tower-n5.yaml
         cube36/unique-n4.yaml cube36/unique-n5.yaml eight-blocks/eight-cubes-one-solid.yaml"
  printf '# What each example `puzzlegen serve` offers makes, per level: made by\n'
  printf '#   scripts/measure-levels.sh %s %s > app/serve/levels.tsv\n' "$puzzlegen" "$budget"
  set --
fi
printf '# spec\tlevel\tfound\tseconds\tend\n'
plugin_options="$*"
for spec in $specs; do
  case $spec in eight-blocks/*) levels=any ;; *) levels="any easy medium hard extreme" ;; esac
  for level in $levels; do
    # A copy with a line more: `worksheet` holds an example to what this file says it makes,
    # and the copy is not the example.
    { cat "$specs_dir/$spec"; echo "# measured by scripts/measure-levels.sh"; } > "$work/spec.yaml"
    # shellcheck disable=SC2086 # the plugin's options, two words
    set -- $plugin_options worksheet "$work/spec.yaml" --count 30 --allow-fewer --time-limit "${budget}s" -o "$work/sheet.html" --key none
    [ "$level" = any ] || set -- "$@" --difficulty "$level"
    start=$(date +%s.%N)
    "$puzzlegen" "$@" 2> "$work/log" || true
    end=$(date +%s.%N)
    found=$(sed -n 's/.*found \([0-9]*\) of the .*/\1/p' "$work/log" | tail -1)
    [ -n "$found" ] || found=30
    how=stopped
    grep -q 'proven' "$work/log" && how=proven
    printf '%s\t%s\t%s\t%.1f\t%s\n' "$spec" "$level" "$found" "$(echo "$end - $start" | bc)" "$how"
  done
done
