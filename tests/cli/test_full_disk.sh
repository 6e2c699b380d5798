#!/usr/bin/env bash
# A full disk, for real: a 8 KiB tmpfs mounted by the test (as root; skipped otherwise, exit
# 77). Every command that writes a file must then exit 5 naming the file and the reason, and
# leave nothing behind (no partial file, no temporary).
# Usage: test_full_disk.sh PUZZLEGEN SOURCE_DIR
set -euo pipefail
exe=$1
source=$2
[ "$(id -u)" -eq 0 ] || { echo "SKIP: mounting a tmpfs needs root"; exit 77; }
disk=$(mktemp -d)
mount -t tmpfs -o size=8k tmpfs "$disk" 2>/dev/null || { echo "SKIP: cannot mount a tmpfs"; exit 77; }
trap 'umount "$disk"; rmdir "$disk"' EXIT

expect_full() {  # command...
  local status=0
  "$@" 2>"$disk.err" >/dev/null || status=$?
  if [ "$status" -ne 5 ] || ! grep -q "No space left on device" "$disk.err"; then
    echo "FAIL: $* gave exit $status:" >&2
    cat "$disk.err" >&2
    exit 1
  fi
  if [ -n "$(ls -A "$disk")" ]; then
    echo "FAIL: $* left files behind: $(ls -A "$disk")" >&2
    exit 1
  fi
}
spec=$source/specs/instant-insanity/unique-tower.yaml
expect_full "$exe" worksheet "$spec" --count 2 -o "$disk/sheet.html"
expect_full "$exe" generate "$source/specs/instant-insanity/census-n4.yaml" --format json \
  --instances 200 -o "$disk/census.jsonl"
expect_full "$exe" render "$source/instances/eight-blocks/example-1.yaml" --format svg \
  -o "$disk/cubes.svg"
rm -f "$disk.err"
echo "PASS: a full disk is exit 5 with the reason, and nothing is left behind"
