"""The Tents model family read and written as Simon Tatham's Tents (sgt-tents): game IDs, sizes
and levels, and its printed solutions. tests/models/sgt/peers.py runs the check."""

FAMILY = "tents"
GAME = "tents"
# Every preset sgt-tents offers: 8x8, 10x10 and 15x15, each easy and tricky.
PRESETS = {"8x8": ["8x8de", "8x8dt"], "10x10": ["10x10de", "10x10dt"],
           "15x15": ["15x15de", "15x15dt"]}
SAMPLE = 30
SPECS = {"6x6": {"rows": 6, "columns": 6}, "8x8": {"rows": 8, "columns": 8},
         "10x10": {"rows": 10, "columns": 10}, "15x15": {"rows": 15, "columns": 15}}
# sgt-tents' solver has no search: it stops when its tricky level's deductions run out, as on a
# unique minimal puzzle that needs more (a tent's square found only by trying one and failing;
# 1 of 4 at 10x10). Easy puzzles (propagation of the rules decides every square) it finishes;
# local search makes them from minimal ones: 4 at 8x8 in 0.2 s, at 15x15 in 1 s. A give-up is
# now a failure.
STRATEGY = "local"
WITHIN = {"difficulty": {"max": "easy"}}

UNKNOWN, NO_TENT, TENT, TREE = -1, 0, 1, 2


def instance(game_id):
    """A Tents game ID, COLUMNSxROWS:SQUARES,COUNTS: the squares row by row, '_' a tree, a
    letter a-y a run of 1-25 unknown squares then a tree, 'z' a run of 25 unknown squares, '!'
    the square before it a tent and '-' no tent (the last tree falls past the end); then the
    count of each column, left to right, and of each row, top to bottom. On the board each row's
    count stands right of it and each column's below it, 10 + the count."""
    size, desc = game_id.split(":")
    columns, rows = (int(n) for n in size.split("x"))
    squares, *counts = desc.split(",")
    cells = []
    for ch in squares:
        if ch in "!-":
            cells[-1] = TENT if ch == "!" else NO_TENT
            continue
        cells += [UNKNOWN] * (25 if ch == "z" else 0 if ch == "_" else ord(ch) - ord("a") + 1)
        if ch != "z":
            cells.append(TREE)
    counts = [10 + int(n) for n in counts]
    board = [cells[r * columns:(r + 1) * columns] + [counts[columns + r]] for r in range(rows)]
    board.append(counts[:columns] + [UNKNOWN])
    return {"puzzle": FAMILY, "rows": rows, "columns": columns, "board": board}


def game_id(inst):
    rows, columns, board = inst["rows"], inst["columns"], inst["board"]
    out, run = [], 0
    for v in [v for row in board[:rows] for v in row[:columns]] + [TREE]:
        if v == UNKNOWN:
            run += 1
            continue
        while run > 25:
            out.append("z")
            run -= 25
        out.append("_" if run == 0 else chr(ord("a") + run - 1))  # a tree here, then maybe not
        run = 0
        if v in (TENT, NO_TENT):
            out.append("!" if v == TENT else "-")
    counts = [board[rows][c] - 10 for c in range(columns)] + \
             [board[r][columns] - 10 for r in range(rows)]
    return f"{columns}x{rows}:{''.join(out)}," + ",".join(str(n) for n in counts)


def sgt_solution(page, inst):
    """sgt draws a tent as a stroked triangle in its square; the grid's lines frame the box."""
    rows, columns = inst["rows"], inst["columns"]
    grid = [[0] * columns for _ in range(rows)]
    for shape in page.shapes:
        if shape.paint == "stroke" and not shape.radius and len(shape.points) == 3:
            cell = page.cell(*shape.centre, rows, columns)
            if cell:
                grid[cell[0]][cell[1]] = 1
    return grid


def our_solution(solution):
    view = solution["view"]
    return [[int(v == TENT) for v in row[:-1]] for row in view[:-1]]
