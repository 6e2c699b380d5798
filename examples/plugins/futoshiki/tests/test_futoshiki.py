#!/usr/bin/env python3
"""Tests of the Futoshiki plugin through the installed puzzlegen.

Usage: test_futoshiki.py PUZZLEGEN PLUGIN SOURCE_DIR

- Puzzles from Simon Tatham's generator (Debian's sgt-puzzles, /usr/games/sgt-unequal), 200 at
  each of its five difficulty levels for n = 4, 5 and 6, are read from its game descriptions and
  each has exactly one solution by puzzlegen's count; a sample is also solved by the brute force
  here.
- Every puzzle puzzlegen generates for a unique-solution spec has exactly one solution by the
  brute force here, which shares no code with the plugin; `puzzlegen verify` verifies the
  generated results (the plugin's own brute force and stabiliser) and catches a changed count.
- puzzlegen's difficulty grade (a ladder of human techniques) ranks sgt-unequal's five levels: a
  rank correlation of at least 0.8, and each level below the next in at least 70% of pairs; at
  the top, where both need more than sets, by the grade's rank (what-ifs, by the longest, below
  trial and error, by its guesses).
- A worksheet's puzzles are described for play on screen as themselves: each description, read
  back as a Futoshiki grid, has exactly one solution by the brute force here.
- `strategy: minimal` (the framework's generator over the clues the plugin declares) makes
  puzzles with one solution from which no clue can be taken back (brute force here), honours a
  measure bound and the difficulty, and gives the same puzzles on 1 and 2 threads.
- The two instance forms read as the same puzzle; bad descriptions are errors (exit 2) that
  name the file and field.
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
SGT = "/usr/games/sgt-unequal"
LEVELS = "tekxr"  # trivial, easy, tricky, extreme, recursive: the levels sgt-unequal offers
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def puzzlegen(*args):
    return subprocess.run([PUZZLEGEN, "--plugin", PLUGIN, *args], capture_output=True, text=True)


def parse_game(text):
    """(n, givens, relations): relations (a, b) mean value[a] > value[b]."""
    head, body = text.split(":", 1)
    n = int(head)
    cells = [c for c in body.split(",") if c]
    givens, relations = [], []
    step = {"U": -n, "D": n, "L": -1, "R": 1}
    for i, cell in enumerate(cells):
        digits = "".join(ch for ch in cell if ch.isdigit())
        givens.append(int(digits))
        for mark in cell[len(digits):]:
            relations.append((i, i + step[mark]))
    return n, givens, relations


def brute_force(n, givens, relations, cap=2, first=None):
    """Solutions of a Futoshiki grid, up to cap: backtracking that fills the empty cell with the
    fewest candidates first (rows and columns kept as bit masks), checking every sign against
    the cells filled so far. The first solution found goes into the list `first`, if given."""
    grid = [0] * (n * n)
    rows, cols = [0] * n, [0] * n
    bigger = [[] for _ in range(n * n)]
    for a, b in relations:
        bigger[a].append((b, True))
        bigger[b].append((a, False))

    def candidates(i):
        r, c = divmod(i, n)
        free = ~(rows[r] | cols[c])
        return [v for v in range(1, n + 1) if free >> v & 1 and
                all(not grid[o] or (v > grid[o] if greater else v < grid[o])
                    for o, greater in bigger[i])]

    def put(i, v):  # or, with v = 0, take back what is in cell i
        bit = 1 << (v or grid[i])
        grid[i] = v
        rows[i // n] ^= bit
        cols[i % n] ^= bit

    for i, v in enumerate(givens):  # the givens must agree with each other and the signs
        if v:
            if v not in candidates(i):
                return 0
            put(i, v)
    empty = [i for i in range(n * n) if not grid[i]]
    found = 0

    def search():
        nonlocal found
        if not empty:
            found += 1
            if first is not None and not first:
                first.extend(grid)
            return
        best, options = None, None
        for i in empty:
            here = candidates(i)
            if options is None or len(here) < len(options):
                best, options = i, here
                if len(here) <= 1:
                    break
        empty.remove(best)
        for v in options:
            put(best, v)
            search()
            put(best, 0)
            if found >= cap:
                break
        empty.append(best)

    search()
    return found


def sgt_puzzles(n, level, count):
    out = subprocess.run([SGT, "--generate", str(count), f"{n}d{level}"], capture_output=True,
                         text=True, check=True).stdout.split()
    return [line for line in out if ":" in line]


def count_with_puzzlegen(path):
    result = puzzlegen("solve", "--format", "json", path)
    if result.returncode != 0:
        return None, result.stderr
    return json.loads(result.stdout), ""


BATCH = 150  # files a `solve` process; two processes at a time


def count_many(paths):
    """count_with_puzzlegen of each file, in order. `solve` takes many files and prints a JSON
    line for each, so a batch costs one process rather than one a puzzle (whose start-up, with
    the plugin loaded, outweighs the solving). A batch that does not exit 0 (a file over the
    time limit, or unreadable) is solved again a file at a time, so each puzzle gets its own
    exit code and message, as if solved alone."""
    def run(batch):
        result = puzzlegen("solve", "--format", "json", *batch)
        lines = result.stdout.splitlines()
        if result.returncode == 0 and len(lines) == len(batch):
            return [(json.loads(line), "") for line in lines]
        return [count_with_puzzlegen(path) for path in batch]
    batches = [paths[i:i + BATCH] for i in range(0, len(paths), BATCH)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        return [r for results in pool.map(run, batches) for r in results]


def test_sgt_puzzles(scratch):
    jobs = []
    wanted = [(n, level) for n in (4, 5, 6) for level in LEVELS]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:  # two generators at a time
        drawn = list(pool.map(lambda size_level: sgt_puzzles(*size_level, 200), wanted))
    for (n, level), games in zip(wanted, drawn):
        for k, game in enumerate(games):
            path = os.path.join(scratch, f"sgt-{n}{level}-{k}.yaml")
            with open(path, "w") as f:
                f.write(f'puzzle: futoshiki\ngame: "{game}"\n')
            jobs.append((n, level, k, game, path))
    results = count_many([job[4] for job in jobs])
    per_level, grades = {}, {}
    for (n, level, k, game, _), (solved, error) in zip(jobs, results):
        if solved is not None and "difficulty" in solved:
            grades.setdefault((n, level), []).append(solved["difficulty"]["solution"])
        ok = solved is not None and solved["counts"]["solution"]["count"] == 1 and \
            solved["counts"]["solution"]["exact"]
        check(ok, f"sgt-unequal {n}d{level} #{k} {game}: {error or solved['counts']}")
        if ok:
            # The plugin writes the game back as it was read.
            check(solved["game"] == game, f"game description round trip: {game}")
        per_level.setdefault((n, level), []).append(ok)
        if k < (2 if n == 6 else 3):  # a sample, by the independent brute force as well
            check(brute_force(*parse_game(game)) == 1, f"brute force on {game}")
    for (n, level), oks in sorted(per_level.items()):
        print(f"sgt-unequal {n}x{n} level {level}: {sum(oks)} of {len(oks)} read, one solution each")
    check(len(jobs) == 3 * len(LEVELS) * 200, f"{len(jobs)} puzzles from sgt-unequal")
    # puzzlegen's grade (the ladder of techniques, grid/reasoning.hpp) ranks Tatham's levels as
    # they are, compared by its rank ("rank": the level, then at the top what-ifs by the longest
    # and by how many, below trial and error by its guesses): a rank correlation of at least 0.8
    # at every size, and at 5x5 and 6x6, where the generator makes every level, each level below
    # the next in at least 70% of pairs of puzzles, ties counting as not below (at 4x4 many of
    # its tricky puzzles need no sets, and some extreme ones nothing above sets); extreme below
    # recursive at every size.
    for n in (4, 5, 6):
        levels, values, by_level = [], [], []
        for rank, level in enumerate(LEVELS):
            graded = grades.get((n, level), [])
            check(len(graded) == 200, f"{n}d{level}: {len(graded)} of 200 puzzles graded")
            print(f"sgt-unequal {n}x{n} level {level}: grades {grade_counts(graded)}")
            levels += [rank] * len(graded)
            values += [g["rank"] for g in graded]
            by_level.append([g["rank"] for g in graded])
        rho = spearman(levels, values)
        print(f"sgt-unequal {n}x{n}: rank correlation of the grade with the level {rho:.3f}")
        check(rho >= 0.8, f"{n}x{n}: rank correlation {rho:.3f} below 0.8")
        for lower, upper, names in zip(by_level, by_level[1:], zip(LEVELS, LEVELS[1:])):
            pairs = max(1, len(lower) * len(upper))
            ordered = sum(1 for x in lower for y in upper if x < y) / pairs
            print(f"sgt-unequal {n}x{n}: {names[0]} below {names[1]} in {ordered:.1%} of pairs")
            if n >= 5 or names == ("x", "r"):
                check(ordered >= 0.7, f"{n}x{n}: {names[0]} below {names[1]} in {ordered:.1%}")


def grade_counts(graded):
    """How many of a level's grades are each level, the top split: what-ifs ending it (with the
    median longest, in cells filled in) and trial and error."""
    counts = {}
    for g in graded:
        name = g["level"]
        if g.get("what-ifs"):
            name = "extreme, what-ifs"
        elif g.get("trial-and-error"):
            name = "extreme, trial and error"
        counts[name] = counts.get(name, 0) + 1
    longest = sorted(g["longest-what-if"] for g in graded if g.get("what-ifs"))
    if longest:
        counts["median longest what-if"] = longest[len(longest) // 2]
    return counts


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


def grid_clues(grid):
    """(n, givens, relations) of a generated grid record's instance."""
    size = grid["size"]
    givens = [v for row in grid["givens"] for v in row]
    relations = []
    for sign in grid["inequalities"]:
        left, op, right = sign.split()
        a = (int(left[1]) - 1) * size + int(left[3]) - 1
        b = (int(right[1]) - 1) * size + int(right[3]) - 1
        relations.append((a, b) if op == ">" else (b, a))
    return size, givens, relations


def test_generated_puzzles_are_unique():
    for n, strategy, instances in ((4, "random", 30), (5, "random", 30), (6, "random", 6),
                                   (3, "search", 10)):
        spec = os.path.join(tempfile.gettempdir(), f"futoshiki-unique-{os.getpid()}.yaml")
        with open(spec, "w") as f:
            f.write(f"puzzle: futoshiki\nparameters: {{n: {n}}}\n"
                    "solutions: {solution: {exactly: 1}}\n"
                    f"generate: {{instances: {instances}, strategy: {strategy}, seed: 5, "
                    "joint-model: true}\n")
        result = puzzlegen("generate", "--format", "json", spec)
        check(result.returncode == 0, f"generate n={n} {strategy}: exit {result.returncode}")
        # puzzlegen verify: every count by the plugin's brute force, every class by its
        # stabiliser; and a count changed by one is caught.
        output = spec + ".jsonl"
        with open(output, "w") as f:
            f.write(result.stdout)
        verified = puzzlegen("verify", output, "--spec", spec)
        check(verified.returncode == 0, f"verify n={n} {strategy}: exit {verified.returncode}, "
              f"{verified.stdout[-300:]} {verified.stderr.strip()}")
        lines = result.stdout.splitlines()
        lines[0] = lines[0].replace('"count":1,', '"count":2,', 1)
        with open(output, "w") as f:
            f.write("\n".join(lines) + "\n")
        tampered = puzzlegen("verify", output)
        check(tampered.returncode == 1 and f"FAILED  {output}:1  [counts]" in tampered.stdout,
              f"verify n={n} {strategy}, a count changed: exit {tampered.returncode}")
        os.remove(output)
        os.remove(spec)
        records = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
        grids = [r["instance"] for r in records if "instance" in r]
        check(len(grids) == instances, f"n={n} {strategy}: {len(grids)} of {instances} puzzles")
        for grid in grids:
            check(brute_force(*grid_clues(grid)) == 1, f"generated puzzle {grid}")
        print(f"generated {len(grids)} {n}x{n} puzzles ({strategy}): one solution each by brute force")


def test_minimal_strategy(scratch):
    """strategy: minimal (the framework's generator over the plugin's declared clues): every
    puzzle has one solution, and taking back any one clue, given or sign, leaves two or more
    (brute force here); a bound on a measure and the difficulty hold in every puzzle; the same
    seed gives the same puzzles on 1 and 2 threads."""
    for n, instances, extra in ((4, 20, ""), (5, 12, "instance: {givens: {max: 3}}\n")):
        spec = os.path.join(scratch, f"minimal-{n}.yaml")
        with open(spec, "w") as f:
            f.write(f"puzzle: futoshiki\nparameters: {{n: {n}}}\n{extra}"
                    "solutions: {solution: {exactly: 1}}\n"
                    f"generate: {{instances: {instances}, strategy: minimal, seed: 3}}\n")
        result = puzzlegen("generate", "--format", "json", spec)
        check(result.returncode == 0, f"minimal n={n}: exit {result.returncode} {result.stderr}")
        threads = puzzlegen("generate", "--format", "json", "--threads", "2", spec)
        strip = lambda out: [l for l in out.splitlines() if '"summary"' not in l]
        check(strip(threads.stdout) == strip(result.stdout),
              f"minimal n={n}: 2 threads made other puzzles than 1")
        records = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
        grids = [r["instance"] for r in records if "instance" in r]
        check(len(grids) == instances, f"minimal n={n}: {len(grids)} of {instances} puzzles")
        # The plugin's own loop (strategy random) draws the same square and takes the same
        # clues in the same order: the framework's generator must make the same puzzles.
        with open(spec) as f:
            text = f.read()
        with open(spec, "w") as f:
            f.write(text.replace("strategy: minimal", "strategy: random"))
        own = puzzlegen("generate", "--format", "json", spec)
        own_grids = [json.loads(l)["instance"] for l in own.stdout.splitlines() if '"instance"' in l]
        check(own_grids == grids, f"minimal n={n}: other puzzles than the plugin's own loop")
        for grid in grids:
            size, givens, relations = grid_clues(grid)
            check(brute_force(size, givens, relations) == 1, f"minimal: not unique {grid}")
            if extra:
                check(sum(v != 0 for v in givens) <= 3, f"minimal: over the givens bound {grid}")
            for i, v in enumerate(givens):
                if v:
                    fewer = givens[:i] + [0] + givens[i + 1:]
                    check(brute_force(size, fewer, relations) == 2,
                          f"minimal: given {i} of {grid} is not needed")
            for k in range(len(relations)):
                check(brute_force(size, givens, relations[:k] + relations[k + 1:]) == 2,
                      f"minimal: sign {k} of {grid} is not needed")
        print(f"strategy minimal, n={n}: {len(grids)} puzzles, each unique and minimal by brute force")
    # The difficulty is honoured: every puzzle of a hard sheet grades hard.
    spec = os.path.join(scratch, "minimal-hard.yaml")
    with open(spec, "w") as f:
        f.write("puzzle: futoshiki\nparameters: {n: 5}\ninstance: {difficulty: hard}\n"
                "solutions: {solution: {exactly: 1}}\n"
                "generate: {instances: 5, strategy: minimal, seed: 1, time-limit: 60s}\n")
    result = puzzlegen("generate", "--format", "json", spec)
    levels = [r["measures"]["difficulty"] for r in map(json.loads, result.stdout.splitlines())
              if "instance" in r]
    check(result.returncode == 0 and len(levels) == 5 and set(levels) == {3},
          f"minimal, hard: exit {result.returncode}, levels {levels}")


def test_forms_and_errors(scratch):
    a = puzzlegen("solve", "--format", "json", os.path.join(SOURCE, "instances/tatham-4x4.yaml"))
    b = puzzlegen("solve", "--format", "json", os.path.join(SOURCE, "instances/example-4x4.yaml"))
    check(a.returncode == 0 and b.returncode == 0, "the example instances solve")
    if a.returncode == 0 and b.returncode == 0:
        check(json.loads(a.stdout)["game"] == json.loads(b.stdout)["game"],
              "the two forms of the example are one puzzle")
    bad = {
        '"4a:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"': "the Adjacent variant",
        '"2:0,0,0,0,"': "the size must be 3 to 9",
        '"4:0,0,0,"': "3 cells for a 4x4 grid",
        '"4:0U,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"': "no neighbour above",
        '"4:5,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"': "more than 4",
        '"4:0X,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"': "unknown mark",
        '"4:0R,0L,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"': "contradictory signs",
    }
    for k, (game, message) in enumerate(bad.items()):
        path = os.path.join(scratch, f"bad-{k}.yaml")
        with open(path, "w") as f:
            f.write(f"puzzle: futoshiki\ngame: {game}\n")
        result = puzzlegen("solve", path)
        check(result.returncode == 2 and message in result.stderr and
              f"{path}:2:7: error: game:" in result.stderr and not result.stdout,
              f"{game}: exit {result.returncode}, {result.stderr.strip()}")
    path = os.path.join(scratch, "bad-sign.yaml")
    with open(path, "w") as f:
        f.write('puzzle: futoshiki\nsize: 4\ninequalities: ["r1c1 < r2c2"]\n')
    result = puzzlegen("solve", path)
    check(result.returncode == 2 and "inequalities[1]: the two cells must be neighbours" in
          result.stderr, f"diagonal sign: {result.stderr.strip()}")


def test_worksheet(scratch):
    sheet = os.path.join(scratch, "sheet.html")
    result = puzzlegen("worksheet", os.path.join(SOURCE, "specs/unique-5.yaml"), "--count", "4",
                       "-o", sheet)
    check(result.returncode == 0, f"worksheet: {result.stderr.strip()}")
    if result.returncode == 0:
        html = open(sheet).read()
        check(html.count('class="futoshiki"') == 8, "4 puzzles and 4 answers drawn")
        test_play_descriptions(html)
    # An explaining key (--explain 6): each puzzle's first steps in words, each true of the
    # puzzle's one solution (by the brute force here).
    result = puzzlegen("worksheet", os.path.join(SOURCE, "specs/unique-5.yaml"), "--count", "3",
                       "--explain", "6", "--seed", "7", "-o", sheet)
    check(result.returncode == 0, f"worksheet --explain: {result.stderr.strip()}")
    if result.returncode == 0:
        test_explained_steps(open(sheet).read())


def test_explained_steps(html):
    lists = re.findall(r'<ol class="steps">(.*?)</ol>', html, re.S)
    boxes = re.findall(r'<div class="play"[^>]* data-play="([^"]*)"', html)
    check(len(lists) == 3 and len(boxes) == 3, f"3 explained keys, not {len(lists)}")
    cell = r"r(\d+)c(\d+)"
    for steps_html, text in zip(lists, boxes):
        d = json.loads(html_text.unescape(text))
        n = d["rows"]
        givens = [0 if g is None else g + 1 for g in d["givens"]]
        relations = [(r["cells"][1], r["cells"][0]) for r in d["rules"] if r["rule"] == "less"]
        solution = []
        check(brute_force(n, givens, relations, first=solution) == 1, "one solution")
        at = lambda r, c: solution[(int(r) - 1) * n + int(c) - 1]
        steps = [html_text.unescape(s) for s in re.findall(r"<li>(.*?)</li>", steps_html)]
        check(len(steps) == 6, f"6 steps, not {len(steps)}: {steps}")
        for step in steps:
            claims = 0
            for r, c, v in re.findall(cell + r" is (\d+)", step):
                claims += 1
                check(at(r, c) == int(v), f"'{step}': r{r}c{c} is {at(r, c)}")
            for r, c, vs in re.findall(cell + r" cannot be ([\d, or]+)", step):
                claims += 1
                ruled = [int(v) for v in re.findall(r"\d+", vs)]
                check(at(r, c) not in ruled, f"'{step}': r{r}c{c} is {at(r, c)}")
            if " hold only " in step:
                claims += 1
                cells, values = step.split(" hold only ")[0], step.split(" hold only ")[1]
                allowed = [int(v) for v in re.findall(r"\d+", values.split(" between")[0])]
                for r, c in re.findall(cell, cells):
                    check(at(r, c) in allowed, f"'{step}': r{r}c{c} is {at(r, c)}")
            check(claims > 0, f"a step that says what it concludes: '{step}'")


def test_play_descriptions(html):
    """Each puzzle's description for play on screen (givens, signs, rows and columns) is the
    puzzle: read as a grid by the brute force here it has exactly one solution."""
    boxes = re.findall(r'<div class="play"[^>]* data-play="([^"]*)"', html)
    check(len(boxes) == 4, f"4 puzzles to play on screen, not {len(boxes)}")
    for text in boxes:
        d = json.loads(html_text.unescape(text))
        n = d["rows"]
        check(d["player"] == "grid" and d["columns"] == n and
              d["values"] == [str(v) for v in range(1, n + 1)], "a grid of 1 to n")
        givens = [0 if g is None else g + 1 for g in d["givens"]]
        # (a, b): value[a] > value[b], as parse_game makes them.
        relations = [(r["cells"][1], r["cells"][0]) for r in d["rules"] if r["rule"] == "less"]
        lines = sorted(sorted(r["cells"]) for r in d["rules"] if r["rule"] == "distinct")
        expected = sorted([list(range(r * n, r * n + n)) for r in range(n)] +
                          [list(range(c, n * n, n)) for c in range(n)])
        check(lines == expected, "every row and column holds different numbers")
        check(brute_force(n, givens, relations) == 1,
              "the described puzzle has exactly one solution")


def main():
    if not shutil.which(SGT):
        print("sgt-unequal is missing: apt-get install sgt-puzzles", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as scratch:
        test_forms_and_errors(scratch)
        test_generated_puzzles_are_unique()
        test_minimal_strategy(scratch)
        test_worksheet(scratch)
        test_sgt_puzzles(scratch)
    print(f"{len(failures)} failures" if failures else "PASS")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
