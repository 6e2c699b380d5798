"""The Hitori model family read and written as Simon Tatham's Singles (sgt-singles): game IDs,
sizes and levels, and its printed solutions. tests/models/sgt/peers.py runs the check."""

FAMILY = "hitori"
GAME = "singles"
# Every preset sgt-singles offers: 5x5, 6x6, 8x8, 10x10 and 12x12, each easy and tricky.
PRESETS = {f"{n}x{n}": [f"{n}x{n}de", f"{n}x{n}dk"] for n in (5, 6, 8, 10, 12)}
SAMPLE = 30
# Every cell of a Hitori holds a number: there are no clues for `minimal` to take away (the
# family declares none), so the check's unique Hitoris come from local search, whose walks start
# from a grid drawn with a shading (Family::planted_instance) and move by giving one cell
# another number. Easy ones (by the grade: propagation alone decides them), which sgt-singles'
# rules reach, at every size sgt offers: 4 at 6x6 in 0.3 s, 8x8 0.1 s, 10x10 8 s, 12x12 2 s
# (from random grids, most of which have no solution, 4 easy ones at 6x6 took 127 s, and unique
# ones of any level at 8x8 were not found in 120 s).
SPECS = {f"{n}x{n}": {"n": n} for n in (5, 6, 8, 10, 12)}
STRATEGY = "local"
WITHIN = {"difficulty": {"max": "easy"}}


def digit(ch):
    """sgt writes 1-9 as digits, 10 on as a-z, then A-Z."""
    if ch.isdigit():
        return int(ch)
    return ord(ch) - ord("a") + 10 if ch.islower() else ord(ch) - ord("A") + 36


def instance(game_id):
    """A Singles game ID, COLUMNSxROWS:NUMBERS: one character per cell, row by row."""
    size, desc = game_id.split(":")
    columns, rows = (int(n) for n in size.split("x"))
    assert rows == columns, "the Hitori family's grids are square, as sgt's presets are"
    cells = [digit(ch) for ch in desc]
    return {"puzzle": FAMILY, "n": rows,
            "numbers": [cells[r * columns:(r + 1) * columns] for r in range(rows)]}


def game_id(inst):
    chars = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    n = inst["n"]
    return f"{n}x{n}:" + "".join(chars[v] for row in inst["numbers"] for v in row)


def sgt_solution(page, inst):
    """sgt draws a shaded cell as a dark square filling it and circles every unshaded one; a
    cell with neither is one its solver left undecided (then it drew no solution)."""
    n = inst["n"]
    grid = [[None] * n for _ in range(n)]
    for shape in page.shapes:
        cell = page.cell(*shape.centre, n, n)
        if not cell:
            continue
        if shape.paint == "fill" and shape.dark and not shape.radius:
            grid[cell[0]][cell[1]] = 1
        elif shape.radius and grid[cell[0]][cell[1]] is None:
            grid[cell[0]][cell[1]] = 0
    return None if any(v is None for row in grid for v in row) else grid


def our_solution(solution):
    return [[int(v) for v in row] for row in solution["shaded"]]
