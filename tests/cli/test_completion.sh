#!/usr/bin/env bash
# Bash completion as a user meets it: the script `puzzlegen completion bash` prints, sourced in
# a real bash, completes commands, options, option values and family names; and the manual
# page made by help2man from --help-all documents every command.
# Usage: test_completion.sh PUZZLEGEN MANUAL_PAGE
set -euo pipefail
exe=$1
manual=$2
source <("$exe" completion bash)
complete -p puzzlegen >/dev/null

# Completions of the command line `$*` (its last word is the one being completed).
completions() {
  COMP_WORDS=("$exe" "$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _puzzlegen
  ((${#COMPREPLY[@]} == 0)) || printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '
}
expect() {
  local want=$1
  shift
  local got
  got=$(completions "$@")
  if [[ $got != "$want" ]]; then
    echo "FAIL: puzzlegen $* <TAB> gave '$got', expected '$want'" >&2
    exit 1
  fi
}

expect "generate " gen
expect "completion " comp
expect "--pdf " worksheet --pd
expect "html json svg text yaml " render --format ""
expect "json " solve --format j
expect "tower-rotation tower-symmetry " solve --modulo tower
expect "exhaustive " generate spec.yaml --strategy ex
expect "eight-blocks " describe ei
expect "" generate --seed ""
expect "--quiet " --q
expect "--quiet " generate --qu
# File names where a file goes.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
touch "$dir/spec-one.yaml"
expect "$dir/spec-one.yaml " check --spec "$dir/spec-o"
expect "$dir/spec-one.yaml " validate "$dir/spec-"

# The manual page: every command, the exit codes.
test -s "$manual"
for command in list describe solve check validate generate merge verify render worksheet completion; do
  grep -q "^$command\$\|^\\\\fB$command\|$command" "$manual" || {
    echo "FAIL: the manual page does not mention $command" >&2
    exit 1
  }
done
grep -q "5 output could not be written" "$manual"
grep -q "^\.TH PUZZLEGEN \"1\"" "$manual"
echo "PASS: completion and manual page"
