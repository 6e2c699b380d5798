"""The Light Up model family read and written as Simon Tatham's Light Up (sgt-lightup): game
IDs, sizes and levels, and its printed solutions. tests/models/sgt/peers.py runs the check."""

FAMILY = "light-up"
GAME = "lightup"
# Every preset sgt-lightup offers (20% walls; 7x7 four-way symmetric, the others two-way):
# easy (d0), tricky (d1), hard (d2).
PRESETS = {"7x7": ["7x7b20s4d0", "7x7b20s4d1", "7x7b20s4d2"],
           "10x10": ["10x10b20s2d0", "10x10b20s2d1", "10x10b20s2d2"],
           "14x14": ["14x14b20s2d0", "14x14b20s2d1", "14x14b20s2d2"]}
SAMPLE = 30
SPECS = {"5x5": {"rows": 5, "columns": 5}, "7x7": {"rows": 7, "columns": 7},
         "10x10": {"rows": 10, "columns": 10}, "14x14": {"rows": 14, "columns": 14}}
# sgt-lightup's solver guesses at most 5 levels deep (MAXRECURSE) and past that says 'Unable to
# find a solution to this puzzle': a minimal puzzle with few walls can need deeper guesses
# (such as 7x7:aBg1g2a2h1dBd2b0g, which has one solution, found by 2 rounds of probing). Easy
# puzzles (propagation of the rules decides every square) it finishes; local search makes them
# from minimal ones: 4 at 7x7 in 1 s, at 14x14 in 0.7 s. A give-up is now a failure.
STRATEGY = "local"
WITHIN = {"difficulty": {"max": "easy"}}


def instance(game_id):
    """A Light Up game ID, COLUMNSxROWS:SQUARES row by row: a letter a-z a run of 1-26 white
    squares, B a wall without a number, a digit 0-4 a wall with that number."""
    size, desc = game_id.split(":")
    columns, rows = (int(n) for n in size.split("x"))
    walls, numbers = [], []
    for ch in desc:
        if ch.isalpha() and ch.islower():
            walls += [0] * (ord(ch) - ord("a") + 1)
            numbers += [-1] * (ord(ch) - ord("a") + 1)
        else:
            walls.append(1)
            numbers.append(-1 if ch == "B" else int(ch))
    return {"puzzle": FAMILY, "rows": rows, "columns": columns,
            "walls": [walls[r * columns:(r + 1) * columns] for r in range(rows)],
            "numbers": [numbers[r * columns:(r + 1) * columns] for r in range(rows)]}


def game_id(inst):
    out, run = "", 0
    for w, v in zip((w for row in inst["walls"] for w in row),
                    (v for row in inst["numbers"] for v in row)):
        if not w:
            run += 1
            if run == 26:
                out, run = out + "z", 0
            continue
        if run:
            out, run = out + chr(ord("a") + run - 1), 0
        out += "B" if v < 0 else str(v)
    if run:
        out += chr(ord("a") + run - 1)
    return f"{inst['columns']}x{inst['rows']}:{out}"


def sgt_solution(page, inst):
    """sgt draws a light as a circle in its square."""
    rows, columns = inst["rows"], inst["columns"]
    grid = [[0] * columns for _ in range(rows)]
    for shape in page.shapes:
        if shape.radius:
            cell = page.cell(*shape.centre, rows, columns)
            if cell:
                grid[cell[0]][cell[1]] = 1
    return grid


def our_solution(solution):
    return [[int(v) for v in row] for row in solution["light"]]


GRADES = {
    (f"{size}b20s{symmetry}d1", f"{size}b20s{symmetry}d2"):
        "both are decided by singleton consistency (probing) with no search, 30 of 30 each in "
        "the corpus at every size: sgt's tricky level rules a square out when a light there "
        "would leave a square or a number unsatisfiable, which is one probe, and one or two "
        "rounds of probing also do what its hard level does by guessing (two rounds: 2, 1 and "
        "4 of 30 tricky puzzles at 7x7, 10x10 and 14x14, against 1, 5 and 4 of 30 hard ones; "
        "median probes 92 against 192, 246 against 413, 526 against 519)"
    for size, symmetry in (("7x7", 4), ("10x10", 2), ("14x14", 2))}
