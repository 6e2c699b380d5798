#!/usr/bin/env python3
"""Every global the MiniZinc library in models/mznlib maps to a Gecode propagator must have
exactly the solutions of MiniZinc's own decomposition.

For each model in tests/models/globals/ this compiles the model twice, once with the library
(through its solver configuration, puzzlegen.msc) and once with `-G std` (MiniZinc's
decompositions only), enumerates all solutions of both FlatZinc files with `fzn-gecode -a`, and
compares the sets of distinct assignments of the model's output variables. A search that
branches on auxiliary variables may print one assignment more than once, hence sets (the raw counts
are printed too).

Each model names, in a first-line comment `% native: NAME`, the constraint its library-compiled
FlatZinc must post; a mapping that silently falls back to the decomposition fails the check.
`% native: none ...` means the global is left to MiniZinc on purpose: then no `gecode_`
constraint may appear.

Usage: check_globals.py <models/mznlib> [<scratch parent dir>]
Writes only into a temporary directory (under the given parent, if any), removed at the end.
Exits 77 (skipped) when minizinc or fzn-gecode is not installed.
"""

import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

MODELS = pathlib.Path(__file__).resolve().parent / "globals"
TIMEOUT = 60  # seconds, per compile or solve; each takes well under one


def run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT)


def native_name(model):
    first = model.read_text().splitlines()[0]
    m = re.match(r"%\s*native:\s*(\S+)", first)
    if not m:
        raise SystemExit(f"{model.name}: first line must be '% native: NAME' (or 'none')")
    return m.group(1)


def solutions(fzn, cwd):
    """The distinct output assignments fzn-gecode finds, and how many it printed."""
    r = run(["fzn-gecode", "-a", str(fzn)], cwd)
    if r.returncode != 0 or "Error" in r.stderr:
        return None, 0, (r.stdout + r.stderr).strip()
    found, current, printed, complete = set(), [], 0, False
    for line in r.stdout.splitlines():
        line = line.strip()
        if line == "----------":
            found.add(tuple(sorted(current)))
            current, printed = [], printed + 1
        elif line in ("==========", "=====UNSATISFIABLE====="):
            complete = True
        elif "=" in line and line.endswith(";"):
            name, value = line[:-1].split("=", 1)
            current.append((name.strip(), "".join(value.split())))
    if not complete:
        return None, printed, "search did not finish:\n" + r.stdout[-500:]
    return found, printed, ""


def main():
    if len(sys.argv) not in (2, 3):
        raise SystemExit(__doc__)
    lib = pathlib.Path(sys.argv[1]).resolve()
    msc = lib / "puzzlegen.msc"
    for tool in ("minizinc", "fzn-gecode"):
        if shutil.which(tool) is None:
            print(f"SKIP: {tool} is not installed (Debian packages minizinc and flatzinc)")
            return 77
    if not msc.is_file():
        raise SystemExit(f"no solver configuration {msc}")
    models = sorted(MODELS.glob("*.mzn"))
    if not models:
        raise SystemExit(f"no models in {MODELS}")

    start = time.monotonic()
    failures = []
    scratch = tempfile.mkdtemp(prefix="check_globals_", dir=sys.argv[2] if len(sys.argv) == 3 else None)
    try:
        for model in models:
            name, native = model.stem, native_name(model)
            counts, sets = {}, {}
            for which, flags in (("lib", ["--solver", str(msc)]), ("std", ["-G", "std"])):
                fzn = pathlib.Path(scratch) / f"{name}.{which}.fzn"
                r = run(["minizinc", "-c", "--no-output-ozn", *flags, str(model), "-o", str(fzn)],
                        scratch)
                if r.returncode != 0 or not fzn.is_file():
                    failures.append(f"{name}: compiling with {which} failed:\n{r.stderr.strip()}")
                    break
                if which == "lib":
                    posted = set(re.findall(r"^constraint (\w+)\(", fzn.read_text(), re.M))
                    if native == "none":
                        wrong = sorted(c for c in posted if c.startswith("gecode_"))
                        if wrong:
                            failures.append(f"{name}: should be left to MiniZinc but posts {wrong}")
                    elif native not in posted:
                        failures.append(f"{name}: the library does not post {native} "
                                        f"(posts {sorted(posted)})")
                found, printed, err = solutions(fzn, scratch)
                if found is None:
                    failures.append(f"{name}: fzn-gecode on the {which} FlatZinc: {err}")
                    break
                sets[which], counts[which] = found, (len(found), printed)
            if len(sets) == 2:
                same = sets["lib"] == sets["std"]
                (ln, lp), (sn, sp) = counts["lib"], counts["std"]
                print(f"{'ok  ' if same else 'DIFF'} {name:34} {native:36} "
                      f"library {ln:4} ({lp} printed)  std {sn:4} ({sp} printed)")
                if not same:
                    failures.append(f"{name}: the library finds {ln} distinct solutions, "
                                    f"MiniZinc's decomposition {sn}")
                elif ln == 0:
                    failures.append(f"{name}: no solutions at all, so the comparison shows nothing")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    seconds = time.monotonic() - start
    if failures:
        print("\n".join(["FAILED:"] + failures))
        return 1
    print(f"{len(models)} models, all equal to MiniZinc's decomposition, "
          f"every mapped global posted natively ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
