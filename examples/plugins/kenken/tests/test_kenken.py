#!/usr/bin/env python3
"""Tests of the KenKen plugin through the installed puzzlegen.

Usage: test_kenken.py PUZZLEGEN PLUGIN SOURCE_DIR

- Puzzles from Simon Tatham's `keen` (Debian's sgt-puzzles, /usr/games/sgt-keen), PER_LEVEL at
  each of its levels e, n, h, x, u for n = 4, 5 and 6 (drawn as the test runs), and 200 at each
  level for the other sizes keen offers, 3 and 7 to 9, and for multiplication-only cages at
  n = 5 at levels e, n and h (tests/peers, made by its make.sh), are read from their game
  descriptions:
  each has exactly one solution by puzzlegen's count, and its description is written back as it
  was read; a sample is counted by the brute force here as well, and every step of the
  plugin's explanation of a sample is checked against the solution.
- puzzlegen's grade (the plugin's ladder of techniques) ranks keen's levels: a rank
  correlation of at least MIN_RHO at each size, at least MIN_AT_LEVEL of each level's
  puzzles graded easy (keen's e), medium (n), hard (h) or extreme (x and u), and extreme below
  unreasonable in at least MIN_TOP_PAIRS of pairs at each size from 4 by the grade's rank
  (what-ifs, by the longest, below trial and error, by its guesses).
- Puzzles the plugin generates have one solution by the brute force here (which shares no code
  with it), and keen, given their descriptions, solves them (its PostScript answer page read
  back) to the same grid as puzzlegen; `puzzlegen verify` re-counts them (the plugin's own
  brute force).
- The two instance forms read as the same puzzle; bad input is an error (exit 2) that names
  the file, the place and the field.

PER_LEVEL is 200 (KENKEN_PER_LEVEL in the environment changes it): the whole test took 56 s and
69 s in two runs on 2 shared cores.
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

PUZZLEGEN, PLUGIN, SOURCE = sys.argv[1], sys.argv[2], sys.argv[3]
SGT = "/usr/games/sgt-keen"
LEVELS = "enhxu"  # easy, normal, hard, extreme, unreasonable
PER_LEVEL = int(os.environ.get("KENKEN_PER_LEVEL", "200"))
# keen's levels and the grade each should get: every one of 200 puzzles a level at n = 4, 5 and
# 6 did (README.md). The two top levels share the grade extreme, and its rank tells them apart.
GRADE_OF = {"e": 1, "n": 2, "h": 3, "x": 4, "u": 4}
MIN_RHO = 0.95
MIN_AT_LEVEL = 0.95  # the share of a level's puzzles graded at its own grade
MIN_TOP_PAIRS = 0.7  # the share of (extreme, unreasonable) pairs the rank puts in order
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def puzzlegen(*args):
    return subprocess.run([PUZZLEGEN, "--plugin", PLUGIN, *args], capture_output=True, text=True)


# --- keen's game descriptions, read and written here independently of the plugin

def edges(n):
    """The neighbour pairs in description order: across, row by row; then down, column by
    column."""
    across = [(y * n + x, y * n + x + 1) for y in range(n) for x in range(n - 1)]
    down = [(x * n + y, (x + 1) * n + y) for y in range(n) for x in range(n - 1)]
    return across + down


def parse_game(text):
    """(n, cages): cages as (cells, op, value) with op one of + x - /, in description order."""
    head, body = text.split(":", 1)
    n = int(head)
    walls_text, clues = body.split(",", 1)
    walls, previous, k = [], None, 0
    while k < len(walls_text):
        if walls_text[k].isdigit():
            end = k
            while end < len(walls_text) and walls_text[end].isdigit():
                end += 1
            walls += previous * (int(walls_text[k:end]) - 1)
            k = end
            continue
        ch = walls_text[k]
        previous = [False] * (0 if ch == "_" else ord(ch) - 96) + [True]
        walls += previous
        k += 1
    pairs = edges(n)
    assert len(walls) == len(pairs) + 1, text
    parent = list(range(n * n))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for (a, b), wall in zip(pairs, walls):
        if not wall:
            ra, rb = find(a), find(b)
            parent[max(ra, rb)] = min(ra, rb)
    groups = {}
    for cell in range(n * n):
        groups.setdefault(find(cell), []).append(cell)
    cells = sorted(groups.values())
    ops = {"a": "+", "m": "x", "s": "-", "d": "/"}
    parsed = [(ops[op], int(v)) for op, v in re.findall(r"([amsd])(\d+)", clues)]
    assert len(parsed) == len(cells), text
    return n, [(c, op, v) for c, (op, v) in zip(cells, parsed)]


def write_game(n, cages):
    """The description of (n, cages) as keen writes it."""
    region = {}
    for k, (cells, _, _) in enumerate(cages):
        for c in cells:
            region[c] = k
    tokens, run = [], 0
    for a, b in edges(n) + [(None, None)]:
        if a is not None and region[a] == region[b]:
            run += 1
            continue
        tokens.append("_" if run == 0 else chr(96 + run))
        run = 0
    out, i = "", 0
    while i < len(tokens):
        j = i
        while j < len(tokens) and tokens[j] == tokens[i]:
            j += 1
        out += tokens[i] + str(j - i) if j - i >= 3 else tokens[i] * (j - i)
        i = j
    letters = {"+": "a", "x": "m", "-": "s", "/": "d", None: "a"}
    ordered = sorted(cages, key=lambda cage: min(cage[0]))
    return f"{n}:{out}," + "".join(f"{letters[op]}{v}" for _, op, v in ordered)


def instance_cages(instance):
    """(n, cages) of a generated record's instance."""
    n = instance["size"]
    cages = []
    for cage in instance["cages"]:
        cells = [(int(name[1]) - 1) * n + int(name[3]) - 1 for name in cage["cells"]]
        cages.append((sorted(cells), cage.get("op"), cage["value"]))
    return n, cages


def keeps(op, value, numbers):
    if op is None or len(numbers) == 1 and op in "+x":
        return numbers[0] == value if len(numbers) == 1 else False
    if op == "+":
        return sum(numbers) == value
    if op == "x":
        p = 1
        for v in numbers:
            p *= v
        return p == value
    a, b = max(numbers), min(numbers)
    return a - b == value if op == "-" else a == value * b


def brute_force(n, cages, cap=2, first=None):
    """Solutions up to cap: the cells filled row by row, rows and columns kept distinct, each
    cage checked when its last cell is filled."""
    closing = [[] for _ in range(n * n)]
    for cells, op, value in cages:
        closing[max(cells)].append((cells, op, value))
    grid = [0] * (n * n)
    rows, cols = [0] * n, [0] * n
    found = 0

    def fill(cell):
        nonlocal found
        if cell == n * n:
            found += 1
            if first is not None and not first:
                first.extend(grid)
            return
        r, c = divmod(cell, n)
        for v in range(1, n + 1):
            bit = 1 << v
            if (rows[r] | cols[c]) & bit:
                continue
            grid[cell] = v
            if all(keeps(op, value, [grid[x] for x in cells])
                   for cells, op, value in closing[cell]):
                rows[r] |= bit
                cols[c] |= bit
                fill(cell + 1)
                rows[r] ^= bit
                cols[c] ^= bit
                if found >= cap:
                    break
        grid[cell] = 0

    fill(0)
    return found


def sgt_puzzles(n, level, count):
    out = subprocess.run([SGT, "--generate", str(count), f"{n}d{level}"], capture_output=True,
                         text=True, check=True).stdout.split()
    return [line for line in out if ":" in line]


def sgt_solution(game):
    """keen's solution of a description, from the answer page of its PostScript (each digit is
    drawn at its cell's centre); None when keen cannot print it."""
    run = subprocess.run([SGT, "--generate", "1", "--print", "1x1", "--with-solutions", game],
                         capture_output=True)
    if run.returncode != 0:
        return None
    pages = run.stdout.decode("latin-1").split("showpage")
    if len(pages) < 2:
        return None
    digits = [(float(x), float(y), int(d)) for y, x, d in re.findall(
        r"([\d.]+) exch sub ([\d.]+) exch moveto pop pop\s*\((\d+)\) dup stringwidth", pages[1])]
    n = int(game.split(":")[0])
    xs = sorted({x for x, _, _ in digits})
    ys = sorted({y for _, y, _ in digits}, reverse=True)
    if len(digits) != n * n or len(xs) != n or len(ys) != n:
        return None
    grid = [0] * (n * n)
    for x, y, d in digits:
        grid[ys.index(y) * n + xs.index(x)] = d
    return grid


# --- Statistics

def ranks(values):
    """Average ranks (ties share the mean of their places), from 0."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            out[order[k]] = (start + end) / 2
        start = end + 1
    return out


def spearman(a, b):
    """Spearman's rank correlation: Pearson's on the average ranks."""
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    var = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return cov / var if var else 0.0


# --- The tests

def solve_json(path, *extra):
    result = puzzlegen("solve", "--format", "json", *extra, path)
    if result.returncode != 0:
        return None, result.stderr
    return json.loads(result.stdout), ""


BATCH = 150  # files a `solve` process; two processes at a time


def solve_many(jobs):
    """solve_json of each (path, extra options), in order. `solve` takes many files and prints
    a JSON line for each, so a batch of files with the same options costs one process rather
    than one a puzzle (whose start-up, with the plugin loaded, outweighs the solving). A batch
    that does not exit 0 (a file over the time limit, or unreadable) is solved again a file at a
    time, so each puzzle gets its own exit code and message, as if solved alone."""
    def run(batch):
        extra, items = batch
        paths = [path for _, path in items]
        result = puzzlegen("solve", "--format", "json", *extra, *paths)
        lines = result.stdout.splitlines()
        if result.returncode == 0 and len(lines) == len(paths):
            return [(j, (json.loads(line), "")) for (j, _), line in zip(items, lines)]
        return [(j, solve_json(path, *extra)) for j, path in items]
    by_options = {}
    for j, (path, extra) in enumerate(jobs):
        by_options.setdefault(tuple(extra), []).append((j, path))
    batches = [(extra, items[i:i + BATCH])
               for extra, items in by_options.items() for i in range(0, len(items), BATCH)]
    results = [None] * len(jobs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for done in pool.map(run, batches):
            for j, result in done:
                results[j] = result
    return results


def check_steps(n, solution, steps, where):
    """Every claim of every step holds in the solution."""
    at = lambda r, c: solution[(int(r) - 1) * n + int(c) - 1]
    cell = r"r(\d+)c(\d+)"
    for step in steps:
        claims = 0
        for r, c, v in re.findall(cell + r" is (\d+)", step):
            claims += 1
            check(at(r, c) == int(v), f"{where}: '{step}': r{r}c{c} is {at(r, c)}")
        numbers = r" cannot be (\d+(?:(?:, | or )\d+)*)"
        for names, vs in re.findall(r"((?:r\d+c\d+(?:, | and )?)+)" + numbers, step):
            for r, c in re.findall(cell, names):
                claims += 1
                check(at(r, c) not in [int(v) for v in re.findall(r"\d+", vs)],
                      f"{where}: '{step}': r{r}c{c} is {at(r, c)}")
        check(claims > 0, f"{where}: a step that says what it concludes: '{step}'")


def corpus_puzzles():
    """(size name, level, description) from tests/peers (make.sh): the sizes keen offers
    besides 4 to 6, and multiplication-only cages ("5m")."""
    out = []
    peers = os.path.join(SOURCE, "tests", "peers")
    for name in sorted(os.listdir(peers)):
        if name.endswith(".txt"):
            _, size, level = name[:-4].split("-")
            with open(os.path.join(peers, name)) as f:
                out += [(size, level, line) for line in f.read().split()]
    return out


def test_sgt_puzzles(scratch):
    jobs = []
    for n in (4, 5, 6):
        for level in LEVELS:
            for k, game in enumerate(sgt_puzzles(n, level, PER_LEVEL)):
                jobs.append((str(n), level, k, game))
    live = len(jobs)
    counted = {}
    for size, level, game in corpus_puzzles():
        counted[(size, level)] = counted.get((size, level), 0) + 1
        jobs.append((size, level, counted[(size, level)] - 1, game))
    paths = []
    for j, (size, level, k, game) in enumerate(jobs):
        path = os.path.join(scratch, f"sgt-{j}.yaml")
        with open(path, "w") as f:
            f.write(f'puzzle: kenken\ngame: "{game}"\n')
        # Steps explained and the brute force on two of each level at the sizes drawn live.
        paths.append((path, ("--explain", "1000") if k < 2 and j < live else ()))
    results = solve_many(paths)
    per_level, grades = {}, {}
    for j, ((size, level, k, game), (solved, error)) in enumerate(zip(jobs, results)):
        ok = solved is not None and solved["counts"]["solution"]["count"] == 1 and \
            solved["counts"]["solution"]["exact"]
        check(ok, f"sgt-keen {size}d{level} #{k} {game}: {error or solved['counts']}")
        per_level.setdefault((size, level), []).append(ok)
        if not ok:
            continue
        check(solved["game"] == game, f"game description round trip: {game} -> {solved['game']}")
        check(write_game(*parse_game(game)) == game, f"the test's own round trip: {game}")
        grades.setdefault((size, level), []).append(solved["difficulty"]["solution"])
        n = int(size.rstrip("m"))
        if k < 2 and j < live:
            solution = []
            check(brute_force(*parse_game(game), first=solution) == 1, f"brute force on {game}")
            grid = [v for row in solved["solutions"]["solution"]["grid"] for v in row]
            check(grid == solution, f"puzzlegen's solution of {game} is the brute force's")
            steps = solved.get("explanation", {}).get("solution", [])
            check(len(steps) > 0, f"steps explained for {game}")
            check_steps(n, solution, steps, game)
    for (size, level), oks in sorted(per_level.items()):
        print(f"sgt-keen {size} level {level}: {sum(oks)} of {len(oks)} read, one solution "
              "each, description written back unchanged")
        if (size, level) in counted:
            check(len(oks) == 200, f"{size}d{level}: {len(oks)} puzzles in the corpus, not 200")
    check(live == 3 * len(LEVELS) * PER_LEVEL, f"{live} puzzles from sgt-keen")
    check(len(counted) == 4 * len(LEVELS) + 3, f"the corpus has {len(counted)} sizes and levels")
    for size in sorted({size for size, _ in counted}):
        print(f"sgt-keen {size}: grades per level " + ", ".join(
            f"{level} {[values_of(grades.get((size, level), [])).count(g) for g in (1, 2, 3, 4)]}"
            for level in LEVELS if (size, level) in counted))
        if size == "3":  # keen makes no 3x3 puzzle harder than normal, whatever level is asked
            continue
        for level in LEVELS:
            graded = values_of(grades.get((size, level), []))
            if graded:
                own = sum(1 for g in graded if g == GRADE_OF[level]) / len(graded)
                check(own >= MIN_AT_LEVEL, f"{size}d{level}: {own:.0%} graded {GRADE_OF[level]}")
    for n in ("4", "5", "6"):
        levels, values = [], []
        for rank, level in enumerate(LEVELS):
            graded = values_of(grades.get((n, level), []))
            counts = {v: graded.count(v) for v in sorted(set(graded))}
            print(f"sgt-keen {n}x{n} level {level}: grades {counts}")
            levels += [rank] * len(graded)
            values += [g["rank"] for g in grades.get((n, level), [])]
            own = sum(1 for g in graded if g == GRADE_OF[level]) / max(1, len(graded))
            check(own >= MIN_AT_LEVEL, f"{n}d{level}: {own:.0%} graded {GRADE_OF[level]}")
        rho = spearman(levels, values)
        print(f"sgt-keen {n}x{n}: rank correlation of the grade with the level {rho:.3f}")
        check(rho >= MIN_RHO, f"{n}x{n}: rank correlation {rho:.3f} below {MIN_RHO}")
    # The top of the ladder: keen's extreme puzzles (its chains and positional sets) below its
    # unreasonable ones (its guessing), by the grade's rank, ties counting as not below.
    for size in sorted({size for size, _ in grades if size != "3" and (size, "u") in grades},
                       key=lambda size: int(size.rstrip("m"))):
        lower, upper = grades.get((size, "x"), []), grades[(size, "u")]
        for level, graded in (("x", lower), ("u", upper)):
            longest = sorted(g["longest-what-if"] for g in graded if g.get("what-ifs"))
            print(f"sgt-keen {size} level {level}: "
                  f"{sum(1 for g in graded if g.get('what-ifs'))} end by what-ifs (median longest "
                  f"{longest[len(longest) // 2] if longest else '-'} steps), "
                  f"{sum(1 for g in graded if g.get('trial-and-error'))} need trial and error")
        ordered = sum(1 for x in lower for y in upper if x["rank"] < y["rank"]) / \
            max(1, len(lower) * len(upper))
        print(f"sgt-keen {size}: x below u in {ordered:.1%} of pairs")
        check(ordered >= MIN_TOP_PAIRS, f"{size}: x below u in {ordered:.1%} of pairs")


def values_of(graded):
    """The levels (1 to 4) of graded puzzles."""
    return [g["value"] for g in graded]


def test_generated_puzzles(scratch):
    """Generated puzzles: unique by the brute force here; keen solves their descriptions to
    puzzlegen's grid; `puzzlegen verify` agrees, and catches a changed count."""
    peer_checked = peer_failed = 0
    for n, instances in ((4, 20), (5, 50), (6, 50)):
        spec = os.path.join(scratch, f"unique-{n}.yaml")
        with open(spec, "w") as f:
            f.write(f"puzzle: kenken\nparameters: {{n: {n}}}\n"
                    "solutions: {solution: {exactly: 1}}\n"
                    f"generate: {{instances: {instances}, strategy: random, seed: 11}}\n")
        result = puzzlegen("generate", "--format", "json", spec)
        check(result.returncode == 0, f"generate n={n}: exit {result.returncode} {result.stderr}")
        records = [json.loads(line) for line in result.stdout.splitlines() if '"instance"' in line]
        check(len(records) == instances, f"n={n}: {len(records)} of {instances} puzzles")
        if n <= 5:
            output = spec + ".jsonl"
            with open(output, "w") as f:
                f.write(result.stdout)
            verified = puzzlegen("verify", output, "--spec", spec)
            check(verified.returncode == 0, f"verify n={n}: exit {verified.returncode}, "
                  f"{verified.stdout[-300:]} {verified.stderr.strip()}")
            lines = result.stdout.splitlines()
            lines[0] = lines[0].replace('"count":1,', '"count":2,', 1)
            with open(output, "w") as f:
                f.write("\n".join(lines) + "\n")
            tampered = puzzlegen("verify", output)
            check(tampered.returncode == 1 and f"FAILED  {output}:1  [counts]" in tampered.stdout,
                  f"verify n={n}, a count changed: exit {tampered.returncode}")
        for k, record in enumerate(records):
            size, cages = instance_cages(record["instance"])
            solution = []
            check(brute_force(size, cages, first=solution) == 1,
                  f"generated puzzle not unique by brute force: {record['instance']}")
            if n < 5:
                continue  # keen cannot print every 4-cell cage outline on a 4x4 board
            game = write_game(size, cages)
            peer = sgt_solution(game)
            if peer is None:
                peer_failed += 1
                print(f"sgt-keen could not print {game}")
                continue
            peer_checked += 1
            check(peer == solution, f"sgt-keen solves {game} to {peer}, the brute force {solution}")
        print(f"generated {len(records)} {n}x{n} puzzles: one solution each by brute force")
    print(f"{peer_checked} generated puzzles solved by sgt-keen to the same grid "
          f"({peer_failed} it could not print)")
    check(peer_checked >= 95, f"only {peer_checked} generated puzzles solved by sgt-keen")


def test_forms_and_errors(scratch):
    a, _ = solve_json(os.path.join(SOURCE, "instances/tatham-4x4.yaml"))
    b, _ = solve_json(os.path.join(SOURCE, "instances/example-4x4.yaml"))
    check(a is not None and b is not None, "the example instances solve")
    if a is not None and b is not None:
        check(a["game"] == b["game"], "the two forms of the example are one puzzle")
    bad_games = {
        '"2:_,a1"': "the size must be 3 to 9",
        '"4_baa"': "no 'N:' at the start",
        '"4:_baa_ab_5a_a_"': "no ',' between the walls",
        '"4:_baa_ab_5a,a5a7m4s1m12d2s1"': "edges",
        '"4:_baa_ab_5a_a_,a5a7m4s1m12d2"': "6 clues for 7 cages",
        '"4:_baa_ab_5a_a_,a5a7m4s1m12d2s1a3"': "more clues than the 7 cages",
        '"4:_baa_ab_5a_a_,a5a7s4s1m12d2s1"': "'-' needs a cage of 2 cells, not 3",
        '"4:_baa_ab_5a_a_,a5a7m4s1m12d2q1"': "'q1' in the clues",
        '"4:_baa_ab_5a_a_,a5a7m4s1m12d2s0"': "the target must be from 1",
        '"4:_baA_ab_5a_a_,a5a7m4s1m12d2s1"': "'A' in the walls",
    }
    for k, (game, message) in enumerate(bad_games.items()):
        path = os.path.join(scratch, f"bad-{k}.yaml")
        with open(path, "w") as f:
            f.write(f"puzzle: kenken\ngame: {game}\n")
        result = puzzlegen("solve", path)
        check(result.returncode == 2 and message in result.stderr and
              f"{path}:2:7: error: game:" in result.stderr and not result.stdout,
              f"{game}: exit {result.returncode}, {result.stderr.strip()}")
    head = "puzzle: kenken\nsize: 3\ncages:\n"
    row = lambda r: f'  - {{cells: [r{r}c1, r{r}c2, r{r}c3], op: "+", value: 6}}\n'
    bad_files = {
        head + row(1) + row(2): ("cages", "r3c1 is in no cage"),
        head + row(1) + row(2) + row(3) + row(3): ("cages[4].cells[1]", "already in cages[3]"),
        head + row(1) + row(2) + '  - {cells: [r3c1, r3c3], op: "+", value: 4}\n'
        '  - {cells: [r3c2], value: 2}\n': ("cages[3].cells", "not connected"),
        head + row(1) + row(2) + '  - {cells: [r3c1, r3c2, r3c3], op: "-", value: 2}\n':
            ("cages[3]", "'-' needs a cage of 2 cells"),
        head + row(1) + row(2) + '  - {cells: [r3c1, r3c2, r3c3], op: "%", value: 2}\n':
            ("cages[3].op", "expected"),
        head + row(1) + row(2) + '  - {cells: [r3c1, r3c2, r4c3], op: "+", value: 6}\n':
            ("cages[3].cells[3]", "outside the 3x3 grid"),
        head + row(1) + row(2) + '  - {cells: [r3c1, r3c2, r3c3], op: "+"}\n':
            ("cages[3].value", "missing"),
        head + row(1) + row(2) + '  - {cells: [r3c1, r3c2, r3c3], value: 6}\n':
            ("cages[3].op", "missing"),
    }
    for k, (text, (field, message)) in enumerate(bad_files.items()):
        path = os.path.join(scratch, f"bad-file-{k}.yaml")
        with open(path, "w") as f:
            f.write(text)
        result = puzzlegen("solve", path)
        check(result.returncode == 2 and f"error: {field}: " in result.stderr and
              message in result.stderr and f"{path}:" in result.stderr and not result.stdout,
              f"{field}: exit {result.returncode}, {result.stderr.strip()}")


def test_worksheet(scratch):
    sheet = os.path.join(scratch, "sheet.html")
    result = puzzlegen("worksheet", os.path.join(SOURCE, "specs/unique-6.yaml"), "--count", "3",
                       "--explain", "6", "-o", sheet)
    check(result.returncode == 0, f"worksheet: {result.stderr.strip()}")
    if result.returncode == 0:
        html = open(sheet).read()
        check(html.count('class="kenken"') >= 6, "3 puzzles and 3 answers drawn")
        check(len(re.findall(r'<ol class="steps">', html)) == 3, "3 explained keys")


def main():
    if not shutil.which(SGT):
        print("sgt-keen is missing: apt-get install sgt-puzzles", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as scratch:
        test_forms_and_errors(scratch)
        test_generated_puzzles(scratch)
        test_worksheet(scratch)
        test_sgt_puzzles(scratch)
    print(f"{len(failures)} failures" if failures else "PASS")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
