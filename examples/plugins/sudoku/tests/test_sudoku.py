#!/usr/bin/env python3
"""Tests of the Sudoku plugin through the installed puzzlegen, with Debian's qqwing and Simon
Tatham's sgt-solo (sgt-puzzles) as peers.

Usage: test_sudoku.py PUZZLEGEN PLUGIN SOURCE_DIR

- Peer puzzles, 200 at each level of each peer (tests/peers/: qqwing's four levels, sgt-solo's
  six for 3x3 boxes and its levels for 2x2, 2x3 and 3x4 boxes; made by
  tests/peers/make.sh), each have exactly one solution by puzzlegen's count, and each
  description is written back as it was read. A few fresh puzzles from the installed peers
  each run keep the formats honest; a sample is also counted by the brute force here.
- puzzlegen's grade (a ladder of human techniques) ranks each peer's levels: rank correlation
  above a measured floor; sgt-solo's extreme below its unreasonable in at least 70% of pairs by
  the grade's rank (what-ifs, by the longest, below trial and error, by its guesses).
- Puzzles puzzlegen generates are solved by the peers with the same solution: 100 9x9 by
  `qqwing --solve`, 100 (9x9 and 6x6) by sgt-solo, which prints the solution it finds; each also
  has exactly one solution by the brute force here, and `puzzlegen verify` verifies them.
- `strategy: minimal`: every puzzle is unique and no given can be taken back (brute force
  here); a measure bound and the difficulty hold; 1 and 2 threads give the same puzzles.
- A worksheet's puzzles are described for play on screen as themselves; its explaining key's
  steps are each true of the solution.
- The instance forms read as one puzzle; bad descriptions are errors (exit 2) naming the file
  and field.
"""
import concurrent.futures
import html as html_text
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

PUZZLEGEN, PLUGIN, SOURCE = sys.argv[1], sys.argv[2], sys.argv[3]
SOLO = "/usr/games/sgt-solo"
QQWING = shutil.which("qqwing") or "/usr/games/qqwing"
PEERS = os.path.join(SOURCE, "tests", "peers")
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def puzzlegen(*args):
    return subprocess.run([PUZZLEGEN, "--plugin", PLUGIN, *args], capture_output=True, text=True)


def in_parallel(function, items):
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return list(pool.map(function, items))


# --- An independent solver: bit masks, fewest candidates first.

def count_fillings(box_rows, box_columns, givens, cap=2, first=None):
    """Solutions of a Sudoku (givens row-major, 0 empty), counted up to cap. The first one found
    goes into the list `first`, if given."""
    n = box_rows * box_columns
    box = [(i // n) // box_rows * box_rows + (i % n) // box_columns for i in range(n * n)]
    used = {("r", i // n): 0 for i in range(n * n)}
    used.update({("c", i % n): 0 for i in range(n * n)})
    used.update({("b", b): 0 for b in box})
    units = [(("r", i // n), ("c", i % n), ("b", box[i])) for i in range(n * n)]
    grid = list(givens)
    for i, v in enumerate(grid):
        if v:
            if any(used[u] >> v & 1 for u in units[i]):
                return 0
            for u in units[i]:
                used[u] |= 1 << v
    full = ((1 << n) - 1) << 1
    open_cells = [i for i in range(n * n) if not grid[i]]
    found = 0

    def search():
        nonlocal found
        if not open_cells:
            found += 1
            if first is not None and not first:
                first.extend(grid)
            return
        best, best_free = None, None
        for i in open_cells:
            free = full & ~(used[units[i][0]] | used[units[i][1]] | used[units[i][2]])
            if best is None or bin(free).count("1") < bin(best_free).count("1"):
                best, best_free = i, free
        open_cells.remove(best)
        for v in range(1, n + 1):
            if best_free >> v & 1 and found < cap:
                grid[best] = v
                for u in units[best]:
                    used[u] |= 1 << v
                search()
                for u in units[best]:
                    used[u] &= ~(1 << v)
                grid[best] = 0
        open_cells.append(best)

    search()
    return found


# --- The peers' forms

def read_line(line):
    return [0 if ch in ".0" else int(ch) for ch in line]


def read_game(game):
    """(box_rows, box_columns, givens) of a solo description."""
    head, body = game.split(":", 1)
    rows, columns = map(int, head.split("x"))
    cells = []
    for token in re.findall(r"[a-z]|\d+|_", body):
        if token.isdigit():
            cells.append(int(token))
        elif token != "_":
            cells.extend([0] * (ord(token) - ord("a") + 1))
    return rows, columns, cells


def solo_solve(game):
    """sgt-solo's own answer to a description: it prints the puzzle (page 1) and the solution it
    finds (page 2) as PostScript, each number drawn at its cell's centre. (givens, solution)."""
    ps = subprocess.run([SOLO, "--generate", "1", "--print", "1x1", "--with-solutions", game],
                        capture_output=True, text=True).stdout
    pages, page = [], []
    for m in re.finditer(r"2 div (\d+) exch sub (\d+) exch moveto pop pop\n\((\d+)\) dup|showpage",
                         ps):
        if m.group(0) == "showpage":
            pages.append(page)
            page = []
        else:
            page.append((int(m.group(1)), int(m.group(2)), int(m.group(3))))
    rows, columns, givens = read_game(game)
    n = rows * columns
    if len(pages) != 2 or len(pages[1]) != n * n:
        return None, None
    ys = sorted({y for y, _, _ in pages[1]}, reverse=True)
    xs = sorted({x for _, x, _ in pages[1]})
    grids = []
    for drawn in pages:
        grid = [0] * (n * n)
        for y, x, v in drawn:
            grid[ys.index(y) * n + xs.index(x)] = v
        grids.append(grid)
    return grids[0], grids[1]


def solve_json(path, *extra):
    result = puzzlegen("solve", "--format", "json", *extra, path)
    return (json.loads(result.stdout), "") if result.returncode == 0 else (None, result.stderr)


BATCH = 150  # files a `solve` process; two processes at a time


def solve_many(paths, *extra):
    """solve_json of each file, in order. `solve` takes many files and prints a JSON line for
    each, so a batch costs one process rather than one a puzzle (whose start-up, with the plugin
    loaded, outweighs the solving). A batch that does not exit 0 (a file over the time limit, or
    unreadable) is solved again a file at a time, so each puzzle gets its own exit code and
    message, as if solved alone."""
    def run(batch):
        result = puzzlegen("solve", "--format", "json", *extra, *batch)
        lines = result.stdout.splitlines()
        if result.returncode == 0 and len(lines) == len(batch):
            return [(json.loads(line), "") for line in lines]
        return [solve_json(path, *extra) for path in batch]
    batches = [paths[i:i + BATCH] for i in range(0, len(paths), BATCH)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        return [r for results in pool.map(run, batches) for r in results]


def instance_file(scratch, name, text):
    path = os.path.join(scratch, name + ".yaml")
    with open(path, "w") as f:
        f.write("puzzle: sudoku\n" + text)
    return path


# --- Rank correlation, for grades against a peer's levels

def average_ranks(values):
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks, i = [0.0] * len(values), 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in order[i:j + 1]:
            ranks[k] = (i + j) / 2
        i = j + 1
    return ranks


def rank_correlation(a, b):
    ra, rb = average_ranks(a), average_ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    den = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return num / den if den else 0.0


# Each peer's levels, easiest first; the floor the grade's rank correlation with them must clear.
QQWING_LEVELS = ["simple", "easy", "intermediate", "expert"]
SOLO_LEVELS = ["t", "b", "i", "a", "e", "u"]  # trivial ... unreasonable
FLOORS = {"qqwing": 0.9, "solo 3x3": 0.95}
# sgt-solo's levels as the ladder's grades: trivial and basic need singles, intermediate also
# intersections, advanced sets, extreme and unreasonable more (what-ifs or trial and error, for
# this ladder), told apart by the grade's rank.
SOLO_GRADES = {"t": 1, "b": 1, "i": 2, "a": 3, "e": 4, "u": 4}
TOP_PAIRS = {"solo 3x3": ("e", "u")}  # each below the other in at least 70% of pairs, by rank


def peer_puzzles(scratch):
    """(peer, level, description, instance text) for the corpus and a few fresh ones."""
    out = []
    for name in sorted(os.listdir(PEERS)):
        if not name.endswith(".txt"):
            continue
        peer, level = name[:-4].rsplit("-", 1)
        with open(os.path.join(PEERS, name)) as f:
            for line in f.read().split():
                out.append((peer.replace("-", " "), level, line))
    for level in ("intermediate", "expert"):
        fresh = subprocess.run([QQWING, "--generate", "5", "--difficulty", level, "--one-line"],
                               capture_output=True, text=True).stdout.split()
        out += [("qqwing fresh", level, line) for line in fresh]
    for shape, level in (("3x3", "t"), ("3x3", "i"), ("2x3", "b"), ("3x4", "b")):
        fresh = subprocess.run([SOLO, "--generate", "5", f"{shape}d{level}"], capture_output=True,
                               text=True).stdout.split()
        out += [(f"solo {shape} fresh", level, game) for game in fresh if ":" in game]
    return out


def test_peer_puzzles(scratch):
    puzzles = peer_puzzles(scratch)
    paths = []
    for k, (peer, level, text) in enumerate(puzzles):
        form = f'game: "{text}"\n' if peer.startswith("solo") else f'line: "{text}"\n'
        paths.append(instance_file(scratch, f"peer-{k}", form))
    results = solve_many(paths)
    per_level, grades = {}, {}
    for k, ((peer, level, text), (solved, error)) in enumerate(zip(puzzles, results)):
        ok = solved is not None and solved["counts"]["solution"] == {"count": 1, "exact": True}
        check(ok, f"{peer} {level} {text}: {error or solved['counts']}")
        if ok:
            field = "game" if peer.startswith("solo") else "line"
            check(solved[field] == text, f"{peer}: {field} round trip: {text} -> {solved[field]}")
            grades.setdefault(peer, []).append((level, solved["difficulty"]["solution"]))
        per_level.setdefault((peer, level), []).append(ok)
        if k % 50 == 0:  # a sample, by the independent brute force as well
            shape = read_game(text) if peer.startswith("solo") else (3, 3, read_line(text))
            check(count_fillings(*shape) == 1, f"brute force on {text}")
    for (peer, level), oks in sorted(per_level.items()):
        print(f"{peer} {level}: {sum(oks)} of {len(oks)} read, one solution each, written back")
        if "fresh" not in peer:  # the corpus: 200 a level, as tests/peers/make.sh makes it
            check(len(oks) == 200, f"{peer} {level}: {len(oks)} puzzles in the corpus, not 200")
    for peer, pairs in sorted(grades.items()):
        levels = QQWING_LEVELS if peer.startswith("qqwing") else SOLO_LEVELS
        table = {}
        for level, grade in pairs:
            table.setdefault(level, [0, 0, 0, 0])[grade["value"] - 1] += 1
        print(f"{peer}: grades easy/medium/hard/extreme per level: " +
              ", ".join(f"{level} {table[level]}" for level in levels if level in table))
        if peer.startswith("solo"):
            for level in table:
                share = table[level][SOLO_GRADES[level] - 1] / sum(table[level])
                check(share >= 0.95, f"{peer} {level}: {share:.0%} graded {SOLO_GRADES[level]}")
        if peer in TOP_PAIRS:
            low, high = TOP_PAIRS[peer]
            below = [g["rank"] for level, g in pairs if level == low]
            above = [g["rank"] for level, g in pairs if level == high]
            for level in (low, high):
                at = [g for l, g in pairs if l == level]
                longest = sorted(g["longest-what-if"] for g in at if g.get("what-ifs"))
                print(f"{peer} {level}: {sum(1 for g in at if g.get('what-ifs'))} end by what-ifs "
                      f"(median longest {longest[len(longest) // 2] if longest else '-'} steps), "
                      f"{sum(1 for g in at if g.get('trial-and-error'))} need trial and error")
            compared = max(1, len(below) * len(above))
            ordered = sum(1 for x in below for y in above if x < y) / compared
            print(f"{peer}: {low} below {high} in {ordered:.1%} of pairs")
            check(ordered >= 0.7, f"{peer}: {low} below {high} in {ordered:.1%} of pairs")
        if peer in FLOORS:
            rho = rank_correlation([levels.index(level) for level, _ in pairs],
                                   [grade["rank"] for _, grade in pairs])
            print(f"{peer}: rank correlation of the grade with the level {rho:.2f}")
            check(rho >= FLOORS[peer], f"{peer}: rank correlation {rho:.2f} < {FLOORS[peer]}")


def generated(scratch, name, box_rows, box_columns, instances, strategy="random", extra=""):
    spec = os.path.join(scratch, name + ".yaml")
    with open(spec, "w") as f:
        f.write(f"puzzle: sudoku\nparameters: {{box-rows: {box_rows}, box-columns: {box_columns}}}\n"
                f"{extra}solutions: {{solution: {{exactly: 1}}}}\n"
                f"generate: {{instances: {instances}, strategy: {strategy}, seed: 5}}\n")
    result = puzzlegen("generate", "--format", "json", spec)
    check(result.returncode == 0, f"generate {name}: exit {result.returncode} {result.stderr}")
    records = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    puzzles = [r for r in records if "instance" in r]
    check(len(puzzles) == instances, f"{name}: {len(puzzles)} of {instances} puzzles")
    return spec, result.stdout, puzzles


def givens_of(instance):
    return [v for row in instance["givens"] for v in row]


def test_generated_solved_by_peers(scratch):
    spec, output, puzzles = generated(scratch, "nine", 3, 3, 100)
    # puzzlegen verify: every count by the plugin's brute force, every class by its stabiliser;
    # and a count changed by one is caught.
    results = os.path.join(scratch, "nine.jsonl")
    with open(results, "w") as f:
        f.write(output)
    verified = puzzlegen("verify", results, "--spec", spec)
    check(verified.returncode == 0, f"verify: exit {verified.returncode} {verified.stdout[-300:]}")
    lines = output.splitlines()
    lines[0] = lines[0].replace('"count":1,', '"count":2,', 1)
    with open(results, "w") as f:
        f.write("\n".join(lines) + "\n")
    tampered = puzzlegen("verify", results)
    check(tampered.returncode == 1 and f"FAILED  {results}:1  [counts]" in tampered.stdout,
          f"verify, a count changed: exit {tampered.returncode}")

    grids = [givens_of(p["instance"]) for p in puzzles]
    solutions = []
    for grid in grids:
        first = []
        check(count_fillings(3, 3, grid, first=first) == 1, f"generated {grid}: not unique")
        solutions.append(first)
    # qqwing reads one puzzle per line and prints each solution on one line.
    text = "\n".join("".join(str(v) if v else "." for v in g) for g in grids) + "\n"
    qq = subprocess.run([QQWING, "--solve", "--one-line"], input=text, capture_output=True,
                        text=True).stdout.split()
    qq = [line for line in qq if re.fullmatch(r"[1-9]{81}", line)]
    agreed = sum(read_line(a) == b for a, b in zip(qq, solutions))
    check(len(qq) == 100 and agreed == 100, f"qqwing solved {len(qq)}, agreeing on {agreed}")
    print(f"qqwing --solve: {agreed} of {len(grids)} generated 9x9 puzzles, the same solution")

    # sgt-solo solves each from its description (the plugin writes it: solve's "game").
    _, _, six = generated(scratch, "six", 2, 3, 50)
    ours = puzzles[:50] + six
    paths = [instance_file(scratch, f"ours-{k}", "box: " + json.dumps(p["instance"]["box"]) +
                           "\ngivens: " + json.dumps(p["instance"]["givens"]) + "\n")
             for k, p in enumerate(ours)]
    games = []
    # Only the description is wanted here, not the grade.
    for k, (p, (solved, error)) in enumerate(zip(ours, solve_many(paths, "--no-difficulty"))):
        check(solved is not None, f"solve ours {k}: {error}")
        games.append((p, solved["game"] if solved else None))
    answers = in_parallel(lambda item: solo_solve(item[1]) if item[1] else (None, None), games)
    agreed = 0
    for (p, game), (printed, solution) in zip(games, answers):
        rows, columns = p["instance"]["box"]
        mine = []
        count_fillings(rows, columns, givens_of(p["instance"]), first=mine)
        check(printed == givens_of(p["instance"]), f"sgt-solo read {game} as another puzzle")
        agreed += solution == mine
    check(agreed == len(games), f"sgt-solo solved {agreed} of {len(games)} the same")
    print(f"sgt-solo: {agreed} of {len(games)} generated puzzles (9x9 and 6x6) solved the same")


def test_minimal_strategy(scratch):
    for rows, columns, instances, extra in ((2, 2, 20, ""),
                                            (2, 3, 10, "instance: {givens: {max: 10}}\n")):
        name = f"minimal-{rows}x{columns}"
        spec, output, puzzles = generated(scratch, name, rows, columns, instances, "minimal", extra)
        threads = puzzlegen("generate", "--format", "json", "--threads", "2", spec)
        strip = lambda out: [l for l in out.splitlines() if '"summary"' not in l]
        check(strip(threads.stdout) == strip(output), f"{name}: 2 threads made other puzzles")
        for p in puzzles:
            givens = givens_of(p["instance"])
            check(count_fillings(rows, columns, givens) == 1, f"{name}: not unique {givens}")
            if extra:
                check(sum(v != 0 for v in givens) <= 10, f"{name}: over the givens bound")
            for i, v in enumerate(givens):
                if v:
                    fewer = givens[:i] + [0] + givens[i + 1:]
                    check(count_fillings(rows, columns, fewer) == 2,
                          f"{name}: given {i} of {givens} is not needed")
        print(f"strategy minimal, {name}: {len(puzzles)} puzzles, unique and minimal by brute force")
    _, _, hard = generated(scratch, "minimal-hard", 3, 3, 3, "minimal",
                           "instance: {difficulty: hard}\n")
    levels = [p["measures"]["difficulty"] for p in hard]
    check(set(levels) == {3}, f"minimal, hard: levels {levels}")


def test_givens_floor(scratch):
    """A spec's least number of givens steers the random draw (Family::random_instance sees the
    spec's measure bounds): givens are taken back only down to it, so every one of 5 draws is
    kept, unique, with exactly that many givens. Minimal 9x9 puzzles have about 25, and would all
    be thrown away."""
    spec = os.path.join(scratch, "floor.yaml")
    with open(spec, "w") as f:
        f.write("puzzle: sudoku\nparameters: {box-rows: 3, box-columns: 3}\n"
                "instance: {givens: {min: 36}}\nsolutions: {solution: {exactly: 1}}\n"
                "generate: {instances: 5, strategy: random, seed: 3, node-limit: 5}\n")
    result = puzzlegen("generate", "--format", "json", spec)
    check(result.returncode == 0, f"floor: exit {result.returncode} {result.stderr[-300:]}")
    puzzles = [json.loads(l) for l in result.stdout.splitlines() if '"instance"' in l]
    check(len(puzzles) == 5, f"floor: {len(puzzles)} of 5 draws kept")
    for p in puzzles:
        givens = givens_of(p["instance"])
        check(sum(v != 0 for v in givens) == 36, f"floor: {sum(v != 0 for v in givens)} givens")
        check(p["measures"]["givens"] == 36, f"floor: the record says {p['measures']}")
        check(count_fillings(3, 3, givens) == 1, f"floor: not unique {givens}")
    print(f"givens at least 36: {len(puzzles)} of 5 draws kept, each unique with 36 givens")


def test_forms_and_errors(scratch):
    keys = []
    for name in ("qqwing-expert", "solo-2x3", "example-4x4"):
        solved, error = solve_json(os.path.join(SOURCE, "instances", name + ".yaml"))
        check(solved is not None and solved["counts"]["solution"]["count"] == 1,
              f"instances/{name}.yaml: {error}")
    # One puzzle in its three forms: one game, one line, one solution.
    line = ".9..7....76.8.23..58.4........2....5......8.......4.62.3.6..54..785..63......3..8"
    rows = [read_line(line)[r * 9:r * 9 + 9] for r in range(9)]
    forms = [f'line: "{line}"\n', "box: [3, 3]\ngivens: " + json.dumps(rows) + "\n"]
    a, _ = solve_json(instance_file(scratch, "form-line", forms[0]))
    b, _ = solve_json(instance_file(scratch, "form-rows", forms[1]))
    c, _ = solve_json(instance_file(scratch, "form-game", f'game: "{a["game"]}"\n') if a else "")
    check(a and b and c and a["line"] == b["line"] == c["line"] == line, "three forms, one puzzle")
    bad = {
        'game: "3x3:a2"\n': ("game:", "2 cells for a 9x9 grid"),
        'game: "9j:a2"\n': ("game:", "not a box shape"),
        'game: "3x3x:a2"\n': ("game:", "not a box shape"),
        'game: "3x3:' + "a" * 80 + '10"\n': ("game:", "the number 10"),
        'game: "3x3:' + "a" * 79 + '1!"\n': ("game:", "'!' at character 85"),
        'game: "3x3:' + "a" * 79 + '12"\n': ("game:", "the number 12"),
        'game: "1x3:a"\n': ("game:", "rows and columns of a box from 2 to 5"),
        'line: "' + "." * 80 + '"\n': ("line:", "expected 81 characters"),
        'line: "' + "." * 80 + 'x"\n': ("line:", "character 81 is 'x'"),
        'box: [4, 3]\nline: "' + "." * 144 + '"\n': ("line:", "need givens or game"),
        "box: [3]\ngivens: []\n": ("box:", "expected [rows, columns]"),
        "box: [2, 2]\ngivens: [[1, 2, 3, 4]]\n": ("givens:", "expected 4 rows of 4 numbers"),
        "box: [2, 2]\ngivens: [[5,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]\n": ("givens[1]:", "5"),
        "givens: [[1]]\n": ("box:", "missing"),
        'line: "."\ngame: "2x2:p"\n': ("line:", "not both"),
        "size: 9\n": ("size", "unknown"),
    }
    for k, (text, (field, message)) in enumerate(bad.items()):
        path = instance_file(scratch, f"bad-{k}", text)
        result = puzzlegen("solve", path)
        check(result.returncode == 2 and message in result.stderr and f"{path}:" in result.stderr
              and field in result.stderr and not result.stdout,
              f"{text.strip()}: exit {result.returncode}, {result.stderr.strip()}")


def play_puzzles(html):
    """Each puzzle's description for play on screen: (box rows, box columns, givens)."""
    out = []
    for text in re.findall(r'<div class="play"[^>]* data-play="([^"]*)"', html):
        d = json.loads(html_text.unescape(text))
        n = d["rows"]
        givens = [0 if g is None else g + 1 for g in d["givens"]]
        units = sorted(sorted(r["cells"]) for r in d["rules"] if r["rule"] == "distinct")
        box = [u for u in units if u not in [list(range(r * n, r * n + n)) for r in range(n)] and
               u not in [list(range(c, n * n, n)) for c in range(n)]]
        check(len(units) == 3 * n and d["values"] == [str(v) for v in range(1, n + 1)],
              "rows, columns and boxes of 1 to n")
        rows = len({cell // n for cell in box[0]}) if box else 0
        out.append((rows, n // rows if rows else 0, givens))
    return out


def test_worksheet(scratch):
    sheet = os.path.join(scratch, "sheet.html")
    result = puzzlegen("worksheet", os.path.join(SOURCE, "specs/unique-6.yaml"), "--count", "4",
                       "--explain", "8", "-o", sheet)
    check(result.returncode == 0, f"worksheet: {result.stderr.strip()}")
    if result.returncode != 0:
        return
    html = open(sheet).read()
    check(html.count('class="sudoku"') >= 8, "4 puzzles and 4 answers drawn")
    puzzles = play_puzzles(html)
    check(len(puzzles) == 4, f"4 puzzles to play on screen, not {len(puzzles)}")
    lists = re.findall(r'<ol class="steps">(.*?)</ol>', html, re.S)
    check(len(lists) == 4, f"4 explained keys, not {len(lists)}")
    for (rows, columns, givens), steps_html in zip(puzzles, lists):
        check((rows, columns) == (2, 3), f"boxes of {rows}x{columns}, not 2x3")
        solution = []
        check(count_fillings(2, 3, givens, first=solution) == 1, "one solution on screen")
        at = lambda r, c: solution[(int(r) - 1) * 6 + int(c) - 1]
        for step in (html_text.unescape(s) for s in re.findall(r"<li>(.*?)</li>", steps_html)):
            claims = 0
            for r, c, v in re.findall(r"r(\d+)c(\d+) is (\d+)", step):
                claims += 1
                check(at(r, c) == int(v), f"'{step}': r{r}c{c} is {at(r, c)}")
            # "in box 2, 4 can only go in row 1, so ...": the 4 of box 2 is in row 1.
            for a, i, v, b, j in re.findall(r"in (row|column|box) (\d+), (\d+) can only go in "
                                            r"(row|column|box) (\d+)", step):
                claims += 1
                unit = lambda kind, k: [c for c in range(36) if
                                        (kind == "row" and c // 6 == k - 1) or
                                        (kind == "column" and c % 6 == k - 1) or
                                        (kind == "box" and c // 12 * 2 + c % 6 // 3 == k - 1)]
                place = [c for c in unit(a, int(i)) if solution[c] == int(v)]
                check(len(place) == 1 and place[0] in unit(b, int(j)), f"'{step}' is false")
            if " hold only " in step:
                claims += 1
            check(claims > 0, f"a step that says what it concludes: '{step}'")


def main():
    for program in (SOLO, QQWING):
        if not os.path.exists(program):
            print(f"{program} is missing: apt-get install sgt-puzzles qqwing", file=sys.stderr)
            return 1
    with tempfile.TemporaryDirectory() as scratch:
        test_forms_and_errors(scratch)
        test_minimal_strategy(scratch)
        test_givens_floor(scratch)
        test_worksheet(scratch)
        test_generated_solved_by_peers(scratch)
        test_peer_puzzles(scratch)
    print(f"{len(failures)} failures" if failures else "PASS")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
