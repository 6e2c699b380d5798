#!/usr/bin/env python3
"""A model family against its sgt-puzzles peer, both ways.

Usage: peers.py PUZZLEGEN FAMILY_FOLDER            the check (ctest runs it)
       peers.py --make-corpus FAMILY_FOLDER        (re)write FAMILY_FOLDER/tests/sgt-corpus.txt

The family's converter, FAMILY_FOLDER/tests/sgt.py, says how sgt's game IDs and drawings read
as the model's data and solutions:

  GAME        the sgt game: /usr/games/sgt-GAME
  PRESETS     {size: [sgt parameters, easiest level first]}: every size and level sgt offers
  SAMPLE      puzzles per preset in the corpus
  GRADES      optional {size or (preset, next preset): why not}: sizes, or adjacent levels,
              the grade is not asked to order, and why
  GIVES_UP    optional: why sgt's solver may give up on a unique puzzle (it has no search)
  instance(game_id)          -> the puzzle as an instance file's mapping (puzzle: FAMILY, ...)
  game_id(instance)          -> sgt's game ID of an instance puzzlegen printed (JSON mapping)
  sgt_solution(page, inst)   -> the solution sgt drew (postscript.Page of the solution page)
  sgt_saved_solution(move, inst)  instead, for a game that cannot print: the solution from the
                                  SOLVE move of the save file `--save --with-solutions` writes
  our_solution(solution)     -> the same, from `solve --format json`'s solution mapping
  SPECS       {size: spec parameters}: sizes puzzlegen generates unique puzzles of, for sgt
  STRATEGY    optional: how it generates them (default minimal; a family without clues names
              random or local), or {size: strategy} with "*" for the sizes not named
  WITHIN      optional: the specs' `instance:` bounds, such as a grade sgt's solver reaches
              ({"difficulty": {"max": "easy"}} where it has no search); without it, sgt's
              solver may give up and GIVES_UP must say why

The check:
a. Every corpus puzzle (sgt's own, made by --make-corpus with fixed seeds) has exactly one
   solution, counted by puzzlegen, and it is the one sgt's solver draws.
b. Unique puzzles puzzlegen generates at each size in SPECS (4 each, seed 1; minimal ones unless
   the converter names another STRATEGY) are solved
   by sgt's own solver (`--print --with-solutions`) to the solution puzzlegen finds. Where sgt's
   solver gives up (it has no search, and GIVES_UP says so), the puzzle is counted and printed.
c. The grade (its rung, then search nodes) against sgt's levels, per size: the rank
   correlation (of the rung, then the rounds of probing or the search nodes) at least 0.7 and
   each adjacent pair of levels ordered in at least 70% of pairs
   (ties count half), except where GRADES says why not: those figures are printed only.

Writes only into a temporary folder, removed at the end. Exits 77 (skipped) when minizinc or
the sgt game is missing, 1 on any failure.
"""

import collections
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import postscript  # noqa: E402
from ranking import spearman  # noqa: E402

GENERATED = 4  # unique puzzles puzzlegen makes per size for sgt to solve
# Time limits multiply by PUZZLEGEN_TEST_TIME_SCALE (CI sets 4 for its sanitizer build, where
# Magnets 10x9's easy puzzles take longer than 120 s).
TIME_SCALE = float(os.environ.get("PUZZLEGEN_TEST_TIME_SCALE", "1"))
failures, checked = [], 0


def check(condition, message):
    global checked
    checked += 1
    if not condition:
        failures.append(message)
        print("FAIL:", message, file=sys.stderr)


def converter(folder):
    spec = importlib.util.spec_from_file_location("sgt", os.path.join(folder, "tests", "sgt.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def corpus_path(folder):
    return os.path.join(folder, "tests", "sgt-corpus.txt")


def sgt(game):
    return f"/usr/games/sgt-{game}"


def make_corpus(folder):
    peer = converter(folder)
    lines = [f"# sgt-{peer.GAME} puzzles, {peer.SAMPLE} per preset, made by",
             "# tests/models/sgt/peers.py --make-corpus (seeds PRESET#puzzlegen-K)."]
    for size, presets in peer.PRESETS.items():
        for preset in presets:
            for k in range(peer.SAMPLE):
                done = subprocess.run([sgt(peer.GAME), "--generate", "1", f"{preset}#puzzlegen-{k}"],
                                      capture_output=True, text=True, check=True)
                lines.append(f"{preset} {done.stdout.strip()}")
    with open(corpus_path(folder), "w") as out:
        out.write("\n".join(lines) + "\n")


def read_corpus(folder):
    with open(corpus_path(folder)) as f:
        return [line.split(None, 1) for line in f.read().splitlines() if line and line[0] != "#"]


def saved_solutions(peer, instances, ids):
    """sgt's own solution of each game ID from the save file `--save --with-solutions` writes
    (its SOLVE move, made by sgt's solver), or None where the solver found none."""
    with tempfile.TemporaryDirectory(prefix="puzzlegen-sgt-save-") as folder:
        # sgt-mosaic's solver (20230122) loops for ever where it cannot finish: a time limit.
        try:
            done = subprocess.run([sgt(peer.GAME), "--save", os.path.join(folder, "s"),
                                   "--save-suffix", ".sav", "--with-solutions"],
                                  input="".join(i + "\n" for i in ids), capture_output=True,
                                  text=True, timeout=2 + 0.1 * len(ids))
        except subprocess.TimeoutExpired:
            done = None
        moves = []
        for k in range(len(ids)):
            path = os.path.join(folder, f"s{k}.sav")
            lines = open(path).read().splitlines() if os.path.exists(path) else []
            moves += [next((line.split(":", 2)[2] for line in lines if line.startswith("SOLVE")),
                           None)]
    if done and done.returncode == 0 and all(moves):
        return [peer.sgt_saved_solution(m, inst) for m, inst in zip(moves, instances)]
    if len(ids) == 1:
        return [None]
    return [s for inst, i in zip(instances, ids) for s in saved_solutions(peer, [inst], [i])]


def sgt_solutions(peer, instances, ids):
    """sgt's own solution of each game ID, or None where its solver drew none."""
    if hasattr(peer, "sgt_saved_solution"):
        return saved_solutions(peer, instances, ids)
    # Some of sgt's solvers take minutes on a puzzle they cannot finish (sgt-range's guessing):
    # a time limit, after which each puzzle is tried alone, and one that runs out is given up.
    try:
        done = subprocess.run([sgt(peer.GAME), "--print", "1x1", "--with-solutions"],
                              input="".join(i + "\n" for i in ids), capture_output=True,
                              text=True, timeout=10 + 0.5 * len(ids))
    except subprocess.TimeoutExpired:
        done = None
    pages = postscript.pages(done.stdout) if done else []
    if done and done.returncode == 0 and len(pages) == 2 * len(ids):
        return [peer.sgt_solution(pages[len(ids) + k], inst) for k, inst in enumerate(instances)]
    if len(ids) == 1:
        return [None]
    return [s for inst, i in zip(instances, ids) for s in sgt_solutions(peer, [inst], [i])]


def json_values(text):
    decoder, at, out = json.JSONDecoder(), 0, []
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return out
        value, at = decoder.raw_decode(text, at)
        out.append(value)


class Puzzlegen:
    def __init__(self, binary, folder, scratch):
        self.binary, self.folder, self.scratch, self.files = binary, folder, scratch, 0
        self.env = dict(os.environ, PUZZLEGEN_CACHE_DIR=os.path.join(scratch, "cache"))

    def run(self, *args):
        return subprocess.run([self.binary, "--plugin", self.folder, *args], capture_output=True,
                              text=True, env=self.env)

    def write(self, mapping):
        self.files += 1
        path = os.path.join(self.scratch, f"p{self.files}.yaml")
        with open(path, "w") as out:
            json.dump(mapping, out)
        return path

    def solve(self, instances, batch=150):
        """solve --format json of each instance: its record, or None with the error checked."""
        out = []
        for at in range(0, len(instances), batch):
            paths = [self.write(i) for i in instances[at:at + batch]]
            done = self.run("solve", "--format", "json", "--time-limit",
                            f"{60 * TIME_SCALE:g}s", *paths)
            check(done.returncode == 0, f"solve of {len(paths)} puzzles: {done.stderr.strip()}")
            records = json_values(done.stdout) if done.returncode == 0 else []
            out += records + [None] * (len(paths) - len(records))
        return out


def grade_key(record):
    """The grade's rung, then the rounds of probing it took (hard) or its search nodes."""
    grade = record["difficulty"]["solution"]
    return (grade["value"], int(grade.get("probing-rounds", 0)), int(grade["search-nodes"]))


def grades(peer, size, graded):
    """graded: [(level index, grade key, rung name)] of one size's corpus."""
    presets = peer.PRESETS[size]
    excuses = getattr(peer, "GRADES", {})
    excused = excuses.get(size)
    rho = spearman([g[0] for g in graded], [g[1] for g in graded]) if graded else 0.0
    print(f"sgt-{peer.GAME} {size}: rank correlation of the grade with sgt's level {rho:.2f}")
    for level, preset in enumerate(presets):
        rungs = collections.Counter(g[2] for g in graded if g[0] == level)
        print(f"  {preset}: {dict(rungs)}")
    if len(presets) < 2:
        return
    if not excused:
        check(rho >= 0.7, f"sgt-{peer.GAME} {size}: grade against level, rank correlation {rho:.2f}")
    for level in range(len(presets) - 1):
        a = [g[1] for g in graded if g[0] == level]
        b = [g[1] for g in graded if g[0] == level + 1]
        if not a or not b:
            check(False, f"sgt-{peer.GAME} {presets[level]} or {presets[level + 1]}: no puzzle graded")
            continue
        score = sum((x < y) + 0.5 * (x == y) for x in a for y in b) / (len(a) * len(b))
        print(f"  {presets[level]} below {presets[level + 1]} in {score:.0%} of pairs (ties half)")
        why = excused or excuses.get((presets[level], presets[level + 1]))
        if why:
            print(f"  (not checked: {why})")
        else:
            check(score >= 0.7, f"sgt-{peer.GAME} {presets[level]} below {presets[level + 1]}: "
                                f"{score:.0%} of pairs")


def against_corpus(peer, pg, folder):
    corpus = read_corpus(folder)
    instances = [peer.instance(game) for _, game in corpus]
    records = pg.solve(instances)
    theirs = []
    for preset in dict.fromkeys(p for p, _ in corpus):
        picked = [k for k, (p, _) in enumerate(corpus) if p == preset]
        theirs += zip(picked, sgt_solutions(peer, [instances[k] for k in picked],
                                            [corpus[k][1] for k in picked]))
    theirs = dict(theirs)
    level_of = {p: (size, i) for size, ps in peer.PRESETS.items() for i, p in enumerate(ps)}
    graded = collections.defaultdict(list)
    for k, ((preset, game), record) in enumerate(zip(corpus, records)):
        if record is None:
            continue
        count = record["counts"]["solution"]
        check(count == {"count": 1, "exact": True}, f"{preset} {game}: {count}")
        if count["count"] == 1:
            ours = peer.our_solution(record["solutions"]["solution"])
            check(theirs[k] is not None, f"{preset} {game}: sgt's solver drew no solution")
            check(theirs[k] is None or ours == theirs[k],
                  f"{preset} {game}: puzzlegen's solution {ours}, sgt's {theirs[k]}")
            size, level = level_of[preset]
            graded[size].append((level, grade_key(record),
                                 record["difficulty"]["solution"]["reasoning"].split(" (")[0]))
    for preset in dict.fromkeys(p for p, _ in corpus):
        print(f"sgt-{peer.GAME} {preset}: {sum(p == preset for p, _ in corpus)} puzzles, "
              f"one solution each, sgt's")
    for size in peer.PRESETS:
        if graded[size]:
            grades(peer, size, graded[size])


def generated_for_sgt(peer, pg):
    strategies = getattr(peer, "STRATEGY", "minimal")
    for size, parameters in peer.SPECS.items():
        strategy = (strategies if isinstance(strategies, str)
                    else strategies.get(size, strategies.get("*", "minimal")))
        spec = {"puzzle": peer.FAMILY, "parameters": parameters,
                "solutions": {"solution": {"exactly": 1}},
                "generate": {"instances": GENERATED, "strategy": strategy, "seed": 1}}
        if getattr(peer, "WITHIN", None):
            spec["instance"] = peer.WITHIN
        path = pg.write(spec)
        done = pg.run("generate", path, "--format", "json", "--time-limit",
                      f"{120 * TIME_SCALE:g}s")
        check(done.returncode == 0, f"generate {size}: {done.stderr.strip()}")
        instances = [r["instance"] for r in json_values(done.stdout) if "instance" in r]
        check(len(instances) == GENERATED, f"generate {size}: {len(instances)} puzzles")
        records = pg.solve(instances)
        ids = [peer.game_id(i) for i in instances]
        gave_up = []
        for inst, game, record, theirs in zip(instances, ids, records,
                                              sgt_solutions(peer, instances, ids)):
            check(peer.instance(game) == {**inst, "puzzle": peer.FAMILY},
                  f"{size}: {game} reads back as another puzzle than {inst}")
            ours = peer.our_solution(record["solutions"]["solution"]) if record else None
            if theirs is None:
                gave_up.append(game)
                check(getattr(peer, "GIVES_UP", None), f"{size} {game}: sgt's solver gave up")
                continue
            check(ours == theirs, f"{size} {game}: puzzlegen's solution {ours}, sgt's {theirs}")
        within = f", within {peer.WITHIN}" if getattr(peer, "WITHIN", None) else ""
        print(f"sgt-{peer.GAME} {size}: {len(instances) - len(gave_up)} of {len(instances)} "
              f"unique puzzles from puzzlegen ({strategy}{within}) solved by sgt to puzzlegen's "
              "solution" +
              (f"; sgt's solver gave up on {' '.join(gave_up)} ({peer.GIVES_UP})" if gave_up else ""))


def main():
    if sys.argv[1] == "--make-corpus":
        make_corpus(sys.argv[2])
        return 0
    binary, folder = sys.argv[1], os.path.abspath(sys.argv[2])
    peer = converter(folder)
    if not shutil.which("minizinc") or not os.path.exists(sgt(peer.GAME)):
        print(f"skipped: needs minizinc and {sgt(peer.GAME)} (apt-get install minizinc "
              "flatzinc sgt-puzzles)")
        return 77
    scratch = tempfile.mkdtemp(prefix="puzzlegen-sgt-")
    try:
        pg = Puzzlegen(binary, folder, scratch)
        against_corpus(peer, pg, folder)
        generated_for_sgt(peer, pg)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{checked} checks, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
