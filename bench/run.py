#!/usr/bin/env python3
"""puzzlegen benchmarks: each row reproduces a figure from a seed text and times puzzlegen
against a peer doing the same job on the same machine in the same run (whole processes, wall
time, median of several runs). Ratios matter more than seconds: machines are shared and noisy.

Usage: bench/run.sh [--repeat N] [--only SUBSTRING]...
"""
import argparse
import atexit
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUZZLEGEN = os.path.join(ROOT, "build", "puzzlegen")
PEERS = os.path.join(ROOT, "bench", "peers")
NATIVE_LIB = os.path.join(PEERS, "gecode-native")


def descendants(pid):
    """Every process below `pid`, found through /proc (minizinc starts fzn-gecode in a process
    group of its own, so ending minizinc's group leaves the solver running)."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    found, stack = [], [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def timed(command, repeat, timeout):
    """Median wall time of `command` over `repeat` runs, and its last stdout (None on timeout)."""
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        # A session of its own, so a timeout ends the whole tree (minizinc leaves its
        # fzn-gecode running otherwise, and it would skew every later row).
        with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, start_new_session=True) as process:
            try:
                out, _ = process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                below = descendants(process.pid)
                os.killpg(process.pid, signal.SIGKILL)
                for pid in below:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                process.communicate()
                return None, None
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


def instant_insanity_dzn(instance_file):
    """MiniZinc data for bench/peers/instant_insanity.mzn from an instance file (via puzzlegen's
    own JSON rendering of it, so YAML parsing stays in one place)."""
    doc = json.loads(subprocess.run([PUZZLEGEN, "render", instance_file, "--format", "json"],
                                    capture_output=True, text=True, check=True).stdout)["instance"]
    colours = doc["colors"]
    rows = []
    for cube in doc["cubes"]:
        if isinstance(cube, dict):
            pairs = [[cube["top"], cube["bottom"]], [cube["front"], cube["back"]],
                     [cube["left"], cube["right"]]]
        else:
            pairs = cube
        rows.append(", ".join(str(colours.index(c)) for pair in pairs for c in pair))
    return "n = %d;\npairs = [| %s |];\n" % (len(colours), " | ".join(rows))


def cube36_dzn(instance_file, fix_first_row):
    """MiniZinc data for bench/peers/cube36.mzn from a cube36 instance file."""
    doc = json.loads(subprocess.run([PUZZLEGEN, "render", instance_file, "--format", "json"],
                                    capture_output=True, text=True, check=True).stdout)["instance"]
    n = len(doc["board"])
    colours = doc.get("colors", [chr(ord("a") + i) for i in range(n)])
    specials = [(colours.index(p["color"]) + 1, p["size"], cell[0], cell[1])
                for p in doc.get("special-pieces", []) for cell in p["also-fits"]]
    column = lambda k: "[%s]" % ", ".join(str(s[k]) for s in specials)
    return ("n = %d;\nboard = [| %s |];\nfix_first_row = %s;\nk = %d;\n"
            "sp_colour = %s;\nsp_size = %s;\nsp_row = %s;\nsp_col = %s;\n" % (
                n, " | ".join(", ".join(str(v) for v in row) for row in doc["board"]),
                str(fix_first_row).lower(), len(specials), column(0), column(1), column(2),
                column(3)))


def minizinc(model, data, native, all_solutions):
    command = ["minizinc", "--solver", "gecode"]
    if native:
        command += ["-I", NATIVE_LIB]
    if all_solutions:
        command.append("-a")
    return command + [model, data]


def count_solutions(output):
    return None if output is None else output.count("----------")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=11)
    parser.add_argument("--only", action="append", default=[],
                        help="run the rows whose name has this text (may be given again)")
    parser.add_argument("--peer-timeout", type=int, default=120,
                        help="seconds before a run counts as not finished")
    args = parser.parse_args()

    rows = []
    tmp = tempfile.mkdtemp(prefix="puzzlegen-bench-")
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    # The peers' own temporary files (MiniZinc's .fzn, left behind when a run is timed out) go
    # there too.
    os.environ["TMPDIR"] = tmp
    classical = os.path.join(ROOT, "instances", "instant-insanity", "classical.yaml")
    classical_dzn = os.path.join(tmp, "classical.dzn")
    with open(classical_dzn, "w") as f:
        f.write(instant_insanity_dzn(classical))
    model = os.path.join(PEERS, "instant_insanity.mzn")

    def row(name, seed_figure, ours_cmd, ours_result, peer_name, peer_cmd, peer_result,
            repeat=None, timeout=600):
        if args.only and not any(text in name for text in args.only):
            return
        r = repeat or args.repeat
        ours_t, ours_out = timed(ours_cmd, r, timeout)
        peer_t, peer_out = (None, None) if peer_cmd is None else timed(peer_cmd, r, timeout)
        rows.append({
            "row": name, "seed figure": seed_figure,
            "ours": ours_result(ours_out) if ours_out is not None else "not finished",
            "ours s": ours_t,
            "peer": peer_name,
            "peer result": (peer_result(peer_out) if peer_out is not None
                            else ("not finished in %d s" % timeout if peer_cmd else "-")),
            "peer timed out": peer_cmd is not None and peer_out is None,
            "peer s": peer_t,
        })

    def solve_count(kind):
        def result(out):
            count = json.loads(out)["counts"][kind]
            # A count cut short by puzzlegen's own time limit is only a lower bound.
            return count["count"] if count["exact"] else "at least %s (time limit)" % count["count"]
        return result

    for native, label in ((True, "MiniZinc+Gecode, Gecode propagators"),
                          (False, "MiniZinc+Gecode, decomposed globals")):
        row("II classical: one tower", "a solution exists (book, Fig. 5.2)",
            [PUZZLEGEN, "render", classical, "--solution", "all-different", "--format", "json"],
            lambda out: "found" if json.loads(out)["solution"] else "none",
            label, minizinc(model, classical_dzn, native, False),
            lambda out: "found" if count_solutions(out) == 1 else "none")
        row("II classical: all ADIIS counted", "8 orientation tuples (Loeffler 3.1)",
            [PUZZLEGEN, "solve", classical, "--no-difficulty", "--format", "json"],
            solve_count("all-different"),
            label, minizinc(model, classical_dzn, native, True), count_solutions)

    def q_peer(q):
        """Q4 has a one-model MiniZinc peer (bench/peers/loffler_q4.mzn); Q3 and Q5 count
        all-different towers, which a flat model cannot state compactly."""
        if q != "q4":
            return "no MiniZinc peer (nested counting)", None, None
        def result(out):
            values = [line.split(":")[1].split()[0] for line in out.splitlines()
                      if line.startswith("aeiis up to tower rotation:")]
            return "%s, proven %s" % (values[-1] if values else "none",
                                      str("==========" in out).lower())
        return ("MiniZinc+Gecode, Gecode propagators",
                ["minizinc", "--solver", "gecode", "-I", NATIVE_LIB,
                 os.path.join(PEERS, "loffler_q4.mzn")], result)

    def optimum(out):
        summary = json.loads(out.splitlines()[-1])["summary"]
        text = "%s, proven %s" % (summary["best"], str(summary["proven"]).lower())
        if summary["optimal-instances"] is not None:
            text += ", %s instances reach it" % summary["optimal-instances"]
        return text

    for q, figure in (("q3", "4 found, not proven in 2 days"), ("q4", "2 found, not proven"),
                      ("q5", "24 + 2 found, not proven")):
        spec = os.path.join(ROOT, "specs", "instant-insanity", "loffler-%s.yaml" % q)
        row("II %s: fewest, proven" % q.upper(), figure + " (Loeffler 3.3)",
            [PUZZLEGEN, "generate", spec, "--format", "json"], optimum, *q_peer(q))
        # The same question with every instance reaching the optimum counted (`ties: all`),
        # which needs the whole space searched; no peer counts ties.
        with open(spec) as f:
            text = f.read()
        ties = os.path.join(tmp, "loffler-%s-ties.yaml" % q)
        with open(ties, "w") as f:
            f.write(text.replace("objective: {minimize: ", "objective: {ties: all, minimize: "))
        row("II %s: fewest, and every instance reaching it" % q.upper(),
            figure + " (Loeffler 3.3)", [PUZZLEGEN, "generate", ties, "--format", "json"],
            optimum, "no peer (counting ties)", None, None, repeat=1)

    # All orientation tuples of all-different towers: planted instances (bench/planted.py N 1,
    # solutions guaranteed) and uniform random ones (bench/planted.py --uniform N 1).
    for kind, sizes in (("planted", (8, 16, 24, 32, 48, 64, 96)), ("uniform", (32, 64))):
        for n in sizes:
            path = os.path.join(ROOT, "bench", "data", "%s-%d.yaml" % (kind, n))
            data = os.path.join(tmp, "%s-%d.dzn" % (kind, n))
            with open(data, "w") as f:
                f.write(instant_insanity_dzn(path))
            row("II %s n=%d: count all towers" % (kind, n), "generalised puzzle",
                [PUZZLEGEN, "solve", path, "--kind", "all-different", "--no-difficulty",
                 "--format", "json"],
                solve_count("all-different"),
                "MiniZinc+Gecode, Gecode propagators", minizinc(model, data, True, True),
                count_solutions, repeat=3 if n <= 32 else 1, timeout=args.peer_timeout)

    # The 36 Cube: the blog's board counted as the post does (first row fixed) and raw, the
    # physical puzzle, and Euler's problem at n = 6 proven.
    cube36_model = os.path.join(PEERS, "cube36.mzn")
    blog_py = ["python3", os.path.join(PEERS, "cube36_blog.py")]
    python_count = lambda out: int(out.split(":")[1])
    for name, path, fixed, figure, py in (
            ("36 Cube blog board: count, row 1 fixed", "blog-board", True,
             "4 solutions (blog)", blog_py),
            ("36 Cube blog board: count all", "blog-board", False, "4 x 6! = 2880",
             blog_py + ["--raw"]),
            ("36 Cube physical puzzle: count all", "physical-puzzle", False, "96 (published)",
             None)):
        path = os.path.join(ROOT, "instances", "cube36", path + ".yaml")
        data = os.path.join(tmp, "cube36-%s.dzn" % len(rows))
        with open(data, "w") as f:
            f.write(cube36_dzn(path, fixed))
        ours = [PUZZLEGEN, "solve", path, "--kind", "solution", "--no-difficulty", "--format", "json",
                "--modulo", "color-relabelling" if fixed else "none"]
        if py:
            row(name, figure, ours, solve_count("solution"),
                "the blog's Python program (Python 3)", py, python_count, repeat=1,
                timeout=args.peer_timeout)
        row(name, figure, ours, solve_count("solution"), "MiniZinc+Gecode, Gecode propagators",
            minizinc(cube36_model, data, True, True), count_solutions, repeat=3,
            timeout=args.peer_timeout)
    euler_data = os.path.join(tmp, "euler6.dzn")
    with open(euler_data, "w") as f:
        f.write("n = 6;\n")
    row("36 Cube Euler n=6: no Latin board solvable, proven", "none (Tarry 1900)",
        [PUZZLEGEN, "generate", os.path.join(ROOT, "specs", "cube36", "euler-6.yaml"),
         "--format", "json"],
        lambda out: "%d boards, proven %s" % (
            json.loads(out.splitlines()[-1])["summary"]["instances"],
            str(json.loads(out.splitlines()[-1])["summary"]["proven"]).lower()),
        "MiniZinc+Gecode, Gecode propagators (one model: board and mate)",
        minizinc(os.path.join(PEERS, "cube36_euler.mzn"), euler_data, True, False),
        lambda out: "unsatisfiable" if "UNSATISFIABLE" in out else "found a mate?!",
        timeout=args.peer_timeout)

    # Censuses of Latin boards: one board per class walked by canonical augmentation (the
    # spec's strategy: classes) against the walk over every reduced board that keeps one per
    # class (--strategy exhaustive on the same spec, both threads): same classes, same counts.
    census_result = lambda out: "%d classes, proven %s" % (
        json.loads(out.splitlines()[-1])["summary"]["instances"],
        str(json.loads(out.splitlines()[-1])["summary"]["proven"]).lower())
    for n, figure, repeat in ((6, "17 boards (22 isotopy classes)", None),
                              (7, "324 boards (564 isotopy classes, McKay et al. 2007)", 1)):
        census = os.path.join(ROOT, "specs", "cube36", "census-n%d.yaml" % n)
        if n == 6:  # euler-6.yaml asks about every class; its census is the same walk
            census = os.path.join(tmp, "census-n6.yaml")
            with open(os.path.join(ROOT, "specs", "cube36", "census-n7.yaml")) as f:
                text = f.read().replace("{n: 7}", "{n: 6}")
            with open(census, "w") as f:
                f.write(text)
        row("36 Cube census n=%d by classes" % n, figure,
            [PUZZLEGEN, "generate", census, "--format", "json", "--threads", "2"], census_result,
            "the instance walk (--strategy exhaustive), 2 threads",
            [PUZZLEGEN, "generate", census, "--format", "json", "--threads", "2",
             "--strategy", "exhaustive"], census_result, repeat=repeat, timeout=1800)

    # verify re-checks the n = 7 census (every class's key, size and count by second methods,
    # the census sums) against generating it again.
    census7 = os.path.join(ROOT, "specs", "cube36", "census-n7.yaml")
    row("verify the n=7 census", "324 classes, proven",
        [PUZZLEGEN, "verify", os.path.join(ROOT, "docs", "data", "cube36-census-n7.jsonl"),
         "--spec", census7, "--format", "json"],
        lambda out: "%d of %d claims verified" % (json.loads(out)["summary"]["verified"],
                                                   json.loads(out)["summary"]["claims"]),
        "generating it (strategy classes)",
        [PUZZLEGEN, "generate", census7, "--format", "json"], census_result)

    # Eight Blocks: Haraguchi's three problems, each proven by exhausting the instance space,
    # against the paper's own models (bench/peers/eight_blocks.py writes them).
    summary = lambda out: json.loads(out.splitlines()[-1])["summary"]
    best_proven = lambda out: "%s, proven %s" % (summary(out)["best"],
                                                 str(summary(out)["proven"]).lower())
    none_proven = lambda out: "%d instances, proven %s" % (summary(out)["instances"],
                                                           str(summary(out)["proven"]).lower())
    peer_script = os.path.join(PEERS, "eight_blocks.py")
    lp = os.path.join(tmp, "minuniversal.lp")
    infeasible = os.path.join(tmp, "infeasible24.mzn")
    existence = os.path.join(tmp, "existence.mzn")
    subprocess.run(["python3", peer_script, "lp-minuniversal", lp], check=True)
    subprocess.run(["python3", peer_script, "mzn-infeasible", "24", infeasible], check=True)
    subprocess.run(["python3", peer_script, "mzn-existence", existence], check=True)
    ours = lambda spec: [PUZZLEGEN, "generate",
                         os.path.join(ROOT, "specs", "eight-blocks", spec + ".yaml"),
                         "--format", "json"]
    glpk_result = lambda out: "12, optimal" if "mip =   1.200000000e+01" in out and \
        "INTEGER OPTIMAL" in out else out.strip().splitlines()[-1]
    cbc_result = lambda out: [line.split(":")[1].strip() for line in out.splitlines()
                              if line.startswith("Objective value:")][-1] + ", optimal"
    unsat = lambda out: "unsatisfiable" if "UNSATISFIABLE" in out else "found an instance"
    # Sub-second proofs are timed --repeat times like any row (a peer that times out is run
    # once: timed() stops at the first timeout).
    row("8 Blocks MINUNIVERSAL", "12 (ILP, CPLEX, seconds)", ours("minuniversal"), best_proven,
        "the paper's ILP, GLPK glpsol", ["glpsol", "--lp", lp], glpk_result,
        timeout=args.peer_timeout)
    row("8 Blocks MINUNIVERSAL", "12 (ILP, CPLEX, seconds)", ours("minuniversal"), best_proven,
        "the paper's ILP, CBC", ["cbc", lp, "solve"], cbc_result,
        timeout=args.peer_timeout)
    row("8 Blocks universal instances of 12", "U", ours("universal-12"), none_proven,
        "no peer", None, None)
    # The special-purpose search a researcher would write (bench/peers/eight_blocks_search.cpp,
    # from the paper alone): multisets in orderly fashion with a canonicity test on count
    # vectors under the 720 renamings, composability by union-find over each solid's corners.
    search = os.path.join(tmp, "eight_blocks_search")
    subprocess.run(["g++", "-O2", "-std=c++20", "-o", search,
                    os.path.join(PEERS, "eight_blocks_search.cpp")], check=True)
    hand = "hand-written search (orderly, canonicity on count vectors)"
    hand_result = lambda out: out.split(" nodes=")[0].split(" ", 1)[1]
    row("8 Blocks MAXINFEASIBLE", "23 (N)", ours("maxinfeasible"), best_proven,
        hand, [search, "maxinfeasible"], hand_result)
    row("8 Blocks none of 24", "none (SAT, 4,400 s)", ours("infeasible-24"), none_proven,
        "the paper's CSP, MiniZinc+Gecode", minizinc(infeasible, None, True, False)[:-1],
        unsat, timeout=args.peer_timeout)
    row("8 Blocks EXISTENCE row 1", "none (SAT, 1,600 s)", ours("existence-row-1"), none_proven,
        "the paper's CSP, MiniZinc+Gecode", minizinc(existence, None, True, False)[:-1],
        unsat, timeout=args.peer_timeout)

    # The same problems walked class by class (strategy: classes, docs/classes.md): multisets
    # grown a cube at a time, one per class, against the hand-written search and against
    # puzzlegen's tree search of the same question, in the same run.
    for problem, figure, result in (("minuniversal", "12 (ILP, CPLEX, seconds)", best_proven),
                                    ("maxinfeasible", "23 (N)", best_proven),
                                    ("existence-row-1", "none (SAT, 1,600 s)", none_proven)):
        row("8 Blocks %s by classes" % problem.upper().replace("-ROW-1", " row 1"), figure,
            ours(problem + "-by-classes"), result, hand, [search, problem], hand_result)
    tree = "puzzlegen's tree search (%s.yaml)"
    row("8 Blocks MINUNIVERSAL by classes", "12 (ILP, CPLEX, seconds)",
        ours("minuniversal-by-classes"), best_proven, tree % "minuniversal", ours("minuniversal"),
        best_proven)
    row("8 Blocks MAXINFEASIBLE by classes", "23 (N)", ours("maxinfeasible-by-classes"),
        best_proven, tree % "maxinfeasible", ours("maxinfeasible"), best_proven)
    row("8 Blocks EXISTENCE row 1 by classes", "none (SAT, 1,600 s)",
        ours("existence-row-1-by-classes"), none_proven, tree % "existence-row-1",
        ours("existence-row-1"), none_proven)
    ties = lambda out: "%s, proven %s, %s classes reach it" % (
        summary(out)["best"], str(summary(out)["proven"]).lower(),
        summary(out)["optimal-instances"])
    mirror = os.path.join(tmp, "maxinfeasible-mirror-exhaustive.yaml")
    with open(os.path.join(ROOT, "specs", "eight-blocks", "maxinfeasible-mirror.yaml")) as f:
        text = f.read()
    with open(mirror, "w") as f:
        f.write(text.replace("strategy: classes", "strategy: exhaustive"))
    row("8 Blocks MAXINFEASIBLE up to mirror images, by classes", "N, one class with its mirror",
        ours("maxinfeasible-mirror"), ties, "puzzlegen's tree search (the same spec)",
        [PUZZLEGEN, "generate", mirror, "--format", "json"], ties)

    print("| row | seed figure | ours | ours s | peer | peer result | peer s | peer/ours |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        if r["peer s"] and r["ours s"]:
            ratio = "%.1fx" % (r["peer s"] / r["ours s"])
        elif r["peer timed out"] and r["ours s"]:
            ratio = "> %.0fx" % (args.peer_timeout / r["ours s"])
        else:
            ratio = "-"
        fmt = lambda t: "%.3f" % t if t is not None else "-"
        print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["row"], r["seed figure"], r["ours"], fmt(r["ours s"]), r["peer"],
            r["peer result"], fmt(r["peer s"]), ratio))
    print("\nmachine: %d cores; median of %d runs per cell (1 for the tie counts, planted n >= 48, "
          "the blog's program; 3 for the other planted and 36 Cube rows; a peer that "
          "times out runs once); whole processes."
          % (os.cpu_count(), args.repeat))


if __name__ == "__main__":
    sys.exit(main())
