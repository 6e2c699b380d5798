#!/usr/bin/env bash
# The SDK as a plugin author meets it: install puzzlegen into a fresh prefix; build the template
# copied into a directory of its own with the two commands the guide gives, load it and run its
# contract test (puzzlegen_add_contract_test: the checks built-in families get); build
# the Futoshiki, Sudoku and KenKen plugins (examples/plugins/) against the same prefix and run
# their tests through the installed puzzlegen; load the three together and make a sheet of each
# on the teacher's page.
# Usage: test_sdk.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(realpath "$1")
source=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null
test -x "$prefix/bin/puzzlegen"
test -f "$prefix/lib/cmake/puzzlegen/puzzlegenConfig.cmake"
test -f "$prefix/include/puzzlegen/plugin.hpp"
test -f "$prefix/share/man/man1/puzzlegen.1"
test -f "$prefix/share/bash-completion/completions/puzzlegen"

echo "== the template, copied out of the tree"
cp -r "$source/puzzles/template" "$work/my-family"
(cd "$work/my-family" &&
  cmake -S . -B build -DCMAKE_PREFIX_PATH="$prefix" >/dev/null &&
  cmake --build build -j"$(nproc)" >/dev/null)
"$prefix/bin/puzzlegen" --plugin "$work/my-family/build/partition.so" list | tee "$work/list"
grep -q "from: plugin $work/my-family/build/partition.so" "$work/list"
"$prefix/bin/puzzlegen" --plugin "$work/my-family/build/partition.so" \
  generate "$work/my-family/unique-split.yaml" | tee "$work/generated"
grep -q "proven: the whole instance space was searched" "$work/generated"
# The contract checks the SDK ships (puzzlegen_add_contract_test in the template's CMakeLists):
# they run under ctest, and pass.
ctest --test-dir "$work/my-family/build" --output-on-failure | tee "$work/ctest"
grep -q "contract: partition .*Passed" "$work/ctest"

# The plugins kept outside the tree, each with its peers: Futoshiki (sgt-unequal), Sudoku
# (qqwing, sgt-solo), KenKen (sgt-keen).
for plugin in futoshiki sudoku kenken; do
  echo "== $plugin, built against the installed SDK, tested through the installed puzzlegen"
  cmake -S "$source/examples/plugins/$plugin" -B "$work/$plugin" \
    -DCMAKE_PREFIX_PATH="$prefix" -DPUZZLEGEN="$prefix/bin/puzzlegen" >/dev/null
  cmake --build "$work/$plugin" -j"$(nproc)" >/dev/null
  ctest --test-dir "$work/$plugin" --output-on-failure
done

echo "== the three plugins loaded together: each on the teacher's page, a sheet of each made"
python3 "$source/tests/plugins/serve_plugins.py" "$prefix/bin/puzzlegen" \
  "$work/futoshiki/futoshiki.so" "$work/sudoku/sudoku.so" "$work/kenken/kenken.so"
echo "PASS: the installed SDK builds plugins from outside the tree, and they load"
