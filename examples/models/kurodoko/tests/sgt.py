"""The Kurodoko model family read and written as Simon Tatham's Range (sgt-range): game IDs,
sizes, and its printed solutions. tests/models/sgt/peers.py runs the check."""

import re

FAMILY = "kurodoko"
GAME = "range"
# Every preset sgt-range offers (columns x rows; it has no levels): 9x6, 12x8, 13x9, 16x11.
PRESETS = {"9x6": ["9x6"], "12x8": ["12x8"], "13x9": ["13x9"], "16x11": ["16x11"]}
SAMPLE = 30
# Sizes named as sgt names them, columns x rows. sgt-range's solver guesses without a depth
# limit when its rules stall, and a sparse puzzle can keep it guessing for minutes: of seed 1's
# four minimal puzzles, one at 6x5 (6x5:f2d5a5a5d6i) and 7x7, two at 9x6 and all four at 12x8
# ran past 20 s, and on easy puzzles minimal for their level (local search starting from them)
# the test saw it give up, 4 of 4 at 13x9. Random puzzles (each clue kept with even odds) that
# are easy (propagation of the rules decides every cell) keep more clues, and it answers them at
# once: 4 a size at every size below in 5 s in all.
SPECS = {"5x4": {"rows": 4, "columns": 5}, "5x5": {"rows": 5, "columns": 5},
         "6x6": {"rows": 6, "columns": 6}, "9x6": {"rows": 6, "columns": 9},
         "12x8": {"rows": 8, "columns": 12}, "13x9": {"rows": 9, "columns": 13},
         "16x11": {"rows": 11, "columns": 16}}
STRATEGY = "random"
WITHIN = {"difficulty": {"max": "easy"}}


def instance(game_id):
    """A Range game ID, COLUMNSxROWS:CELLS row by row: a letter a-z a run of 1-26 cells without
    a number, a number as its digits, '_' only separating two numbers."""
    size, desc = game_id.split(":")
    columns, rows = (int(n) for n in size.split("x"))
    cells = []
    for token in re.findall(r"[a-z]|\d+", desc):
        cells += [0] * (ord(token) - ord("a") + 1) if token.isalpha() else [int(token)]
    return {"puzzle": FAMILY, "rows": rows, "columns": columns,
            "givens": [cells[r * columns:(r + 1) * columns] for r in range(rows)]}


def game_id(inst):
    out, run = "", 0
    for v in [v for row in inst["givens"] for v in row]:
        if not v:
            run += 1
            continue
        while run:
            out += chr(ord("a") + min(run, 26) - 1)
            run -= min(run, 26)
        out += ("_" if out and out[-1].isdigit() else "") + str(v)
    while run:
        out += chr(ord("a") + min(run, 26) - 1)
        run -= min(run, 26)
    return f"{inst['columns']}x{inst['rows']}:{out}"


def sgt_solution(page, inst):
    """sgt fills a shaded cell dark and marks an unshaded one it solved with a small dot; a cell
    with no number and neither is one its solver left undecided (then it drew no solution)."""
    rows, columns = inst["rows"], inst["columns"]
    grid = [[0 if v else None for v in row] for row in inst["givens"]]
    for shape in page.shapes:
        if shape.paint == "fill" and shape.dark and not shape.radius:
            cell = page.cell(*shape.centre, rows, columns)
            if cell:
                big = shape.size[0] > 0.5 * (page.box()[2] - page.box()[0]) / columns
                grid[cell[0]][cell[1]] = 1 if big else 0
    return None if any(v is None for row in grid for v in row) else grid


def our_solution(solution):
    return [[1 - int(v) for v in row] for row in solution["unshaded"]]
