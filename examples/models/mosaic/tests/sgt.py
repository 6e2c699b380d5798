"""The Mosaic model family read and written as Simon Tatham's Mosaic (sgt-mosaic): game IDs,
sizes, and its solutions. tests/models/sgt/peers.py runs the check."""

FAMILY = "mosaic"
GAME = "mosaic"
# Every preset sgt-mosaic offers; it has no levels (50x50 is generated without its aggressive
# clue removal, h0).
PRESETS = {"3x3": ["3x3"], "5x5": ["5x5"], "10x10": ["10x10"], "15x15": ["15x15"],
           "25x25": ["25x25"], "50x50": ["50x50h0"]}
SAMPLE = 30
SPECS = {"3x3": {"rows": 3, "columns": 3}, "5x5": {"rows": 5, "columns": 5},
         "8x8": {"rows": 8, "columns": 8}, "10x10": {"rows": 10, "columns": 10},
         "15x15": {"rows": 15, "columns": 15}, "25x25": {"rows": 25, "columns": 25},
         "50x50": {"rows": 50, "columns": 50}}
# Puzzles whose grade is easy (the rules, each clue on its own, decide every cell: the model's
# implied constraints are left out of the grade) are what sgt's solver can finish; minimal ones
# of 8x8 and up are hardly ever easy. With the level capped, `minimal` draws pictures until one
# is easy with every clue given and takes clues back while it stays easy, as sgt-mosaic does.
WITHIN = {"difficulty": {"max": "easy"}}


def instance(game_id):
    """A Mosaic game ID, COLUMNSxROWS[hN]:CELLS: each digit a clue, each letter a run of
    (letter - 'a' + 1) cells without one, row by row."""
    size, desc = game_id.split(":")
    columns, rows = (int(n) for n in size.split("h")[0].split("x"))
    cells = []
    for ch in desc:
        cells += [int(ch)] if ch.isdigit() else [-1] * (ord(ch) - ord("a") + 1)
    return {"puzzle": FAMILY, "rows": rows, "columns": columns,
            "clues": [cells[r * columns:(r + 1) * columns] for r in range(rows)]}


def game_id(inst):
    out, run = "", 0
    for v in [v for row in inst["clues"] for v in row] + [0]:  # the 0 ends the last run
        if v < 0:
            run += 1
            continue
        while run:
            out += chr(ord("a") + min(run, 26) - 1)
            run -= min(run, 26)
        out += str(v)
    return f"{inst['columns']}x{inst['rows']}:{out[:-1]}"


def sgt_saved_solution(move, inst):
    """sgt-mosaic cannot print, so its solution is read from the save file --save
    --with-solutions writes: its SOLVE move, 's' then the cells row by row as hexadecimal
    bytes, eight cells a byte, the first the highest bit, 1 a shaded cell."""
    rows, columns = inst["rows"], inst["columns"]
    bits = "".join(f"{int(move[k:k + 2], 16):08b}" for k in range(1, len(move), 2))
    return [[int(b) for b in bits[r * columns:(r + 1) * columns]] for r in range(rows)]


def our_solution(solution):
    return solution["grid"]


# Minimal puzzles of any grade were no good here: sgt's rules, as its solver applies them (a
# clue whose shaded cells are all found leaves the rest of its square unshaded, one whose
# undecided cells are all needed shades them; no search), stalled on all 12 (seed 1, 5x5, 8x8,
# 10x10), which need clues read together. Easy ones are solved by sgt, 28 of 28 (every preset):
# a give-up is a failure.
