"""The Towers model family read and written as Simon Tatham's Towers (sgt-towers): game IDs,
sizes and levels, and its printed solutions. tests/models/sgt/peers.py runs the check."""

import re

FAMILY = "towers"
GAME = "towers"
# Every preset sgt-towers offers: 4 easy; 5 easy, hard; 6 easy, hard, extreme, unreasonable.
PRESETS = {"4x4": ["4de"], "5x5": ["5de", "5dh"], "6x6": ["6de", "6dh", "6dx", "6du"]}
SAMPLE = 30
SPECS = {"4x4": {"n": 4}, "5x5": {"n": 5}, "6x6": {"n": 6}}


def instance(game_id):
    """A Towers game ID, N:CLUES[,GRID]: 4N clues split by '/', empty for none, the N above the
    columns, the N below them, the N left of the rows and the N right of them, each in order;
    then the given digits row by row, a letter a-z a run of 1-26 empty cells and '_' only
    separating two digits. On the board a clue is written 10 + its count, a height as itself."""
    size, desc = game_id.split(":")
    n = int(size)
    clues, _, grid = desc.partition(",")
    clue = [int(c) if c else 0 for c in clues.split("/")]
    cells = []
    for token in re.findall(r"[a-z]|\d+", grid):
        cells += [0] * (ord(token) - ord("a") + 1) if token.isalpha() else [int(token)]
    cells += [0] * (n * n - len(cells))
    clue = [c + 10 if c else 0 for c in clue]
    board = [[0] * (n + 2) for _ in range(n + 2)]
    for k in range(n):
        board[0][k + 1], board[n + 1][k + 1] = clue[k], clue[n + k]
        board[k + 1][0], board[k + 1][n + 1] = clue[2 * n + k], clue[3 * n + k]
        board[k + 1][1:n + 1] = cells[k * n:(k + 1) * n]
    return {"puzzle": FAMILY, "n": n, "board": board}


def game_id(inst):
    n, board = inst["n"], inst["board"]
    clue = ([board[0][k + 1] for k in range(n)] + [board[n + 1][k + 1] for k in range(n)] +
            [board[k + 1][0] for k in range(n)] + [board[k + 1][n + 1] for k in range(n)])
    out = "/".join(str(c - 10) if c else "" for c in clue)
    cells = [v for row in board[1:n + 1] for v in row[1:n + 1]]
    if any(cells):
        grid, run = "", 0
        for v in cells:
            if not v:
                run += 1
                continue
            while run:
                grid += chr(ord("a") + min(run, 26) - 1)
                run -= min(run, 26)
            grid += ("_" if grid and grid[-1].isdigit() else "") + str(v)
        while run:
            grid += chr(ord("a") + min(run, 26) - 1)
            run -= min(run, 26)
        out += "," + grid
    return f"{n}:{out}"


def sgt_solution(page, inst):
    """sgt prints each tower's height as a digit in its cell, inside the grid's frame."""
    n = inst["n"]
    grid = [[0] * n for _ in range(n)]
    for text in page.texts:
        cell = page.cell(text.x, text.y, n, n)
        if cell and text.text.isdigit():
            grid[cell[0]][cell[1]] = int(text.text)
    return grid


def our_solution(solution):
    return [row[1:-1] for row in solution["view"][1:-1]]


GRADES = {("6dx", "6du"): "both are decided by one round of singleton consistency (probing) with "
          "no search, 30 of 30 each in the corpus: with each line judged whole by its automaton "
          "at domain consistency, one round of probing does what sgt's extreme level does by "
          "set and forcing-chain deductions and what its unreasonable level does by recursion "
          "(the probes differ: a median of 210 for 6dx, 289 for 6du, but the grade orders by "
          "rung and search nodes only)"}
