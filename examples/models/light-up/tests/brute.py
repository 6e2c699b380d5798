"""Light Up counted by puzzlegen and by a brute force written here, which shares nothing with the
model: every board with no wall at all from 2 x 2 to 4 x 4 (a wall-free board is a puzzle like
any other: 2 x 2 has 2 solutions, the lights on either diagonal; n x n has n!), and seeded random
boards up to 4 x 5 with walls, some numbered from one of their solutions, some not.

  python3 brute.py PUZZLEGEN FOLDER

Exit 0 when every count agrees, 1 when one does not, 77 (skipped) when minizinc is not
installed. Run by ctest for every model folder with a tests/brute.py (tests/CMakeLists.txt).
"""

import itertools
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile


def lit_and_clashes(walls, lights):
    """The squares lit by the lights, and whether a light shines on another."""
    rows, columns = len(walls), len(walls[0])
    lit = set()
    for r, c in lights:
        lit.add((r, c))
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            i, j = r + dr, c + dc
            while 0 <= i < rows and 0 <= j < columns and not walls[i][j]:
                if (i, j) in lights:
                    return lit, True
                lit.add((i, j))
                i, j = i + dr, j + dc
    return lit, False


def solutions(walls, numbers):
    """Every set of lights that solves the board, by trying each set of white squares."""
    rows, columns = len(walls), len(walls[0])
    white = [(r, c) for r in range(rows) for c in range(columns) if not walls[r][c]]
    if any(numbers[r][c] >= 0 for r, c in white):
        return []  # a number on a white square: no solution
    out = []
    for k in range(len(white) + 1):
        for chosen in itertools.combinations(white, k):
            lights = set(chosen)
            lit, clash = lit_and_clashes(walls, lights)
            if clash or len(lit) != len(white):
                continue
            if all(numbers[r][c] < 0 or numbers[r][c] == sum(
                    (r + dr, c + dc) in lights for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))
                   for r in range(rows) for c in range(columns) if walls[r][c]):
                out.append(lights)
    return out


def boards():
    for rows, columns in ((2, 2), (2, 3), (3, 2), (3, 3), (2, 5), (3, 4), (4, 4)):
        yield [[0] * columns for _ in range(rows)], [[-1] * columns for _ in range(rows)]
    rng = random.Random(20261129)
    for _ in range(150):
        rows, columns = rng.randint(2, 4), rng.randint(2, 5)
        walls = [[int(rng.random() < 0.25) for _ in range(columns)] for _ in range(rows)]
        numbers = [[-1] * columns for _ in range(rows)]
        found = solutions(walls, numbers)
        lights = rng.choice(found) if found and rng.random() < 0.8 else set()
        for r, c in itertools.product(range(rows), range(columns)):
            if walls[r][c] and rng.random() < 0.6:
                numbers[r][c] = (sum((r + dr, c + dc) in lights
                                     for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))
                                 if found and lights else rng.randint(0, 2))
        if rng.random() < 0.05:  # now and then a number on a white square
            r, c = rng.randrange(rows), rng.randrange(columns)
            numbers[r][c] = max(numbers[r][c], 0)
        yield walls, numbers


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip())
        return 2
    binary, folder = sys.argv[1], os.path.abspath(sys.argv[2])
    if shutil.which("minizinc") is None:
        print("skipped: needs minizinc (apt-get install minizinc)")
        return 77
    cases = list(boards())
    with tempfile.TemporaryDirectory() as scratch:
        paths = []
        for k, (walls, numbers) in enumerate(cases):
            paths.append(os.path.join(scratch, f"b{k}.json"))
            with open(paths[-1], "w") as out:
                json.dump({"puzzle": "light-up", "rows": len(walls), "columns": len(walls[0]),
                           "walls": walls, "numbers": numbers}, out)
        done = subprocess.run(
            [binary, "--plugin", folder, "solve", "--format", "json", "--no-difficulty", *paths],
            capture_output=True, text=True,
            env=dict(os.environ, PUZZLEGEN_CACHE_DIR=os.path.join(scratch, "cache")))
    if done.returncode != 0:
        print(f"FAIL: puzzlegen solve exited {done.returncode}: {done.stderr.strip()}")
        return 1
    records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    failures = 0
    for (walls, numbers), record in zip(cases, records, strict=True):
        count = record["counts"]["solution"]
        want = len(solutions(walls, numbers))
        if not count["exact"] or count["count"] != want:
            failures += 1
            print(f"FAIL: walls {walls} numbers {numbers}: puzzlegen {count}, brute force {want}")
    wall_free = sum(1 for walls, _ in cases if not any(map(any, walls)))
    print(f"{len(cases) - failures} of {len(cases)} boards counted as the brute force does "
          f"({wall_free} with no wall, {len(cases) - wall_free} with walls)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
