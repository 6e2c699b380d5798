#!/usr/bin/env bash
# Builds puzzlegen (Release), installs the peers if missing (Debian's minizinc, which brings
# fzn-gecode, glpk-utils and coinor-cbc), and prints the benchmark table. Options go to bench/run.py.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh all
if ! command -v minizinc >/dev/null || ! command -v glpsol >/dev/null || ! command -v cbc >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq minizinc glpk-utils coinor-cbc >&2
fi
exec python3 bench/run.py "$@"
