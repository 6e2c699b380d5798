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
# Values offered though others are accepted too: a number, or what the spec or family reads.
expect "all " generate --instances ""
expect "false true " generate --joint-model ""
expect "false true " generate --symmetry-breaking ""
expect "arrangements decompositions orientations " solve --count-as ""
expect "fixed free " solve --cube-order ""
# Every value list the help shows (TEXT:{a,b}), each command's option and positional alike,
# is what completion offers there: a list the check keeps but completion lost fails here.
command='' checked=0
while IFS= read -r line; do
  if [[ $line =~ ^([a-z]+)$ ]]; then
    command=${BASH_REMATCH[1]}
  elif [[ -n $command && $line =~ ^\ +(-[a-z],)?(-?-?[a-z][a-z-]*)\ [A-Z]+:\{([^}]*)\} ]]; then
    words=$(tr ',' '\n' <<<"${BASH_REMATCH[3]}" | sort | tr '\n' ' ')
    case ${BASH_REMATCH[2]} in
      -*) expect "$words" "$command" "${BASH_REMATCH[2]}" "" ;;
      *) expect "$words" "$command" "" ;;
    esac
    checked=$((checked + 1))
  fi
done < <("$exe" --help-all)
if ((checked < 18)); then  # as many as the help lists today: never none
  echo "FAIL: only $checked value lists found in --help-all" >&2
  exit 1
fi
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
