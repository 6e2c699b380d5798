#!/usr/bin/env python3
"""Peer models for Haraguchi's Eight Blocks problems, written from the paper alone (no code
shared with puzzlegen): the 30 varieties and their corner triples are rebuilt here from cube
geometry.

  eight_blocks.py lp-minuniversal FILE.lp      the paper's ILP for MINUNIVERSAL (CPLEX LP
                                               format, for glpsol --lp and cbc): minimise the
                                               size subject to every Hall inequality (7) for
                                               all 30 varieties, 0 <= x <= 8
  eight_blocks.py mzn-infeasible N FILE.mzn    the paper's CSP for "no infeasible instance of
                                               size N": (8) for every variety, (9)-(10), size
                                               = N; domains 0..8 (the paper's domains (5) cap
                                               unused varieties at 2, which would exclude N)
  eight_blocks.py mzn-existence FILE.mzn       the paper's CSP for EXISTENCE with V = one row
                                               of Conway's table (a set of five pairwise
                                               incompatible varieties): (6)-(10), domains (5)
"""
import itertools
import sys


def vec(f):
    v = [0, 0, 0]
    v[f // 2] = 1 if f % 2 == 0 else -1
    return tuple(v)


FACES = [vec(f) for f in range(6)]  # +x -x +y -y +z -z


def rotations():
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product([1, -1], repeat=3):
            m = [[0] * 3 for _ in range(3)]
            for i in range(3):
                m[i][perm[i]] = signs[i]
            det = (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                   - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                   + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
            if det == 1:
                out.append([FACES.index(tuple(sum(m[i][j] * FACES[f][j] for j in range(3))
                                              for i in range(3))) for f in range(6)])
    return out


ROTATIONS = rotations()


def canonical(c):
    best = None
    for r in ROTATIONS:
        image = [None] * 6
        for f in range(6):
            image[r[f]] = c[f]
        best = tuple(image) if best is None or tuple(image) < best else best
    return best


def triples(c):
    out = set()
    for sx, sy, sz in itertools.product([1, -1], repeat=3):
        fx, fy, fz = (0 if sx > 0 else 1), (2 if sy > 0 else 3), (4 if sz > 0 else 5)
        t = (c[fx], c[fz], c[fy]) if sx * sy * sz > 0 else (c[fx], c[fy], c[fz])
        k = t.index(min(t))
        out.add(t[k:] + t[:k])
    return frozenset(out)


VARIETIES = sorted(set(canonical(p) for p in itertools.permutations(range(6))))
T = [triples(v) for v in VARIETIES]
COMPATIBLE = [[u != v and bool(T[u] & T[v]) for v in range(30)] for u in range(30)]


def hall_terms(v, subset):
    """The varieties counted by |I(T)| for T a subset of T[v]: v and compatible ones meeting T."""
    return [u for u in range(30) if u == v or (COMPATIBLE[u][v] and T[u] & subset)]


def subsets(v):
    tv = sorted(T[v])
    for mask in range(1, 256):
        yield frozenset(tv[k] for k in range(8) if mask >> k & 1)


def lp_minuniversal(path):
    with open(path, "w") as f:
        f.write("Minimize\n obj: " + " + ".join("x%d" % u for u in range(30)) + "\nSubject To\n")
        n = 0
        for v in range(30):
            for s in subsets(v):
                n += 1
                f.write(" h%d: %s >= %d\n" % (n, " + ".join("x%d" % u for u in hall_terms(v, s)),
                                              len(s)))
        f.write("Bounds\n" + "".join(" 0 <= x%d <= 8\n" % u for u in range(30)))
        f.write("General\n " + " ".join("x%d" % u for u in range(30)) + "\nEnd\n")


def rows():
    """The twelve sets of five pairwise incompatible, non-mirror varieties (rows and columns
    of Conway's table)."""
    mirror = [VARIETIES.index(canonical((v[1], v[0]) + v[2:])) for v in VARIETIES]
    h = [[u != v and not COMPATIBLE[u][v] and mirror[u] != v for v in range(30)]
         for u in range(30)]
    out = set()
    for u in range(30):
        for rest in itertools.combinations([v for v in range(30) if h[u][v]], 4):
            if all(h[a][b] for a, b in itertools.combinations(rest, 2)):
                out.add(frozenset((u,) + rest))
    return sorted(sorted(c) for c in out)


def corollary2(v, line):
    """Varieties of one other row or column compatible with v, for (9)-(10)."""
    return [u for u in line if COMPATIBLE[u][v]]


def mzn(path, wanted, size_constraint, domains):
    lines = ["array[0..29] of var 0..8: x;"]
    for u in range(30):
        lines.append("constraint x[%d] <= %d;" % (u, domains[u]))
    lines.append("constraint %s;" % size_constraint)
    cliques = rows()
    for v in range(30):
        if wanted[v]:
            for s in subsets(v):
                lines.append("constraint %s >= %d;" % (
                    " + ".join("x[%d]" % u for u in hall_terms(v, s)), len(s)))
        else:
            lines.append("constraint " + " \\/ ".join(
                "(%s < %d)" % (" + ".join("x[%d]" % u for u in hall_terms(v, s)), len(s))
                for s in subsets(v)) + ";")
            for line in cliques:
                if v in line:
                    continue
                terms = corollary2(v, line)
                if terms:
                    lines.append("constraint x[%d] + %s <= 7;" % (
                        v, " + ".join("min(x[%d], 2)" % u for u in terms)))
    lines.append("solve satisfy;")
    lines.append('output ["x = \\(x)\\n"];')
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    what = sys.argv[1]
    if what == "lp-minuniversal":
        lp_minuniversal(sys.argv[2])
    elif what == "mzn-infeasible":
        size = int(sys.argv[2])
        mzn(sys.argv[3], [False] * 30, "sum(x) = %d" % size, [8] * 30)
    elif what == "mzn-existence":
        row = rows()[0]
        wanted = [u in row for u in range(30)]
        mzn(sys.argv[2], wanted, "sum(x) >= 8", [8 if wanted[u] else 2 for u in range(30)])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
