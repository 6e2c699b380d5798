"""The Takuzu model family read and written as Simon Tatham's Unruly (sgt-unruly): game IDs,
sizes and levels, and its printed solutions. tests/models/sgt/peers.py runs the check."""

FAMILY = "takuzu"
GAME = "unruly"
# Every preset sgt-unruly offers: trivial, easy, normal.
PRESETS = {"8x8": ["8x8dt", "8x8de", "8x8dn"], "10x10": ["10x10de", "10x10dn"],
           "14x14": ["14x14de", "14x14dn"]}
SAMPLE = 30
SPECS = {"6x6": {"rows": 6, "columns": 6}, "8x8": {"rows": 8, "columns": 8},
         "10x10": {"rows": 10, "columns": 10}, "14x14": {"rows": 14, "columns": 14}}
# sgt-unruly's solver applies its rules without search, and stops on unique minimal puzzles
# that need more. Easy puzzles (value propagation decides every cell) it finishes; local search
# makes them from minimal ones: 4 at 6x6 in 0.2 s, at 10x10 in 0.4 s. At 14x14 a minimal
# puzzle alone takes 7 to 15 s, and local search found none in 60 s; random puzzles (each clue
# kept with even odds) give 4 easy ones in 2 s. A give-up is now a failure.
STRATEGY = {"14x14": "random", "*": "local"}
WITHIN = {"difficulty": {"max": "easy"}}


def instance(game_id):
    """An Unruly game ID, COLUMNSxROWS:CELLS: each letter is a run of (letter - 'a') empty
    cells then a given one, lower case 0 and upper case 1; 'z' and 'Z' are 25 empty cells."""
    size, desc = game_id.split(":")
    columns, rows = (int(n) for n in size.split("x"))
    cells = []
    for ch in desc:
        run = 25 if ch in "zZ" else ord(ch.lower()) - ord("a")
        cells += [-1] * run
        if ch not in "zZ":
            cells.append(1 if ch.isupper() else 0)
    cells = cells[:rows * columns]
    return {"puzzle": FAMILY, "rows": rows, "columns": columns,
            "givens": [cells[r * columns:(r + 1) * columns] for r in range(rows)]}


def game_id(inst):
    out, run = [], 0
    for v in [v for row in inst["givens"] for v in row] + [0]:  # the last letter runs past the end
        if v < 0:
            run += 1
            continue
        while run >= 25:
            out.append("z")
            run -= 25
        out.append(chr((ord("A") if v == 1 else ord("a")) + run))
        run = 0
    return f"{inst['columns']}x{inst['rows']}:{''.join(out)}"


def sgt_solution(page, inst):
    """sgt draws a 1 as a black square filling the cell, a 0 as a white one."""
    rows, columns = inst["rows"], inst["columns"]
    grid = [[0] * columns for _ in range(rows)]
    for shape in page.shapes:
        if shape.paint == "fill" and shape.dark and not shape.radius:
            cell = page.cell(*shape.centre, rows, columns)
            if cell:
                grid[cell[0]][cell[1]] = 1
    return grid


def our_solution(solution):
    return solution["grid"]


GRADES = {("8x8dt", "8x8de"): "both are decided by value propagation alone: sgt's trivial level "
          "uses only the no-three-alike rule, its easy level also completes a row or column "
          "whose 0s or 1s are all placed, and value propagation does both"}
