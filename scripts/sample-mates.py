#!/usr/bin/env python3
"""An independent check of the 36 Cube censuses' mate figures, sharing no code with puzzlegen
(Python's standard library only): the orthogonal mates of a Latin square up to renaming their
symbols are the partitions of its n^2 cells into n disjoint transversals, counted here by exact
cover; uniformly random squares come from the Jacobson-Matthews Markov chain, so that the
proportion of squares with a mate (and, at n = 7, the mean number of mates) can be estimated and
set beside what a census derives from its classes (docs/cube36.md).

Usage:
  scripts/sample-mates.py small                                  # cyclic and elementary squares
  scripts/sample-mates.py sample N SECONDS SEED [full|exist] [STEPS_FACTOR]
"""
import math
import random
import sys
import time


def transversals(L):
    """All transversals of L as bitmasks over cells (bit r*n+c)."""
    n = len(L)
    rows = [[(1 << c, 1 << L[r][c], 1 << (r * n + c)) for c in range(n)] for r in range(n)]
    out = []

    def rec(r, cm, sm, cells):
        if r == n:
            out.append(cells)
            return
        for cb, sb, eb in rows[r]:
            if not (cm & cb) and not (sm & sb):
                rec(r + 1, cm | cb, sm | sb, cells | eb)

    rec(0, 0, 0, 0)
    return out


def count_partitions(L, stop_at_one=False, T=None):
    """Number of partitions of the cells into n disjoint transversals.
    Exact cover by bitmask recursion, always branching on the uncovered
    cell with the fewest compatible transversals."""
    n = len(L)
    if T is None:
        T = transversals(L)
    N2 = n * n
    full = (1 << N2) - 1
    by_cell = [[] for _ in range(N2)]
    for t in T:
        m = t
        while m:
            b = m & -m
            by_cell[b.bit_length() - 1].append(t)
            m ^= b
    if any(not lst for lst in by_cell):
        return 0
    count = 0

    def rec_cells(covered):
        nonlocal count
        if covered == full:
            count += 1
            return stop_at_one
        best = None
        bestlen = 1 << 30
        unc = full & ~covered
        m = unc
        while m:
            b = m & -m
            m ^= b
            i = b.bit_length() - 1
            opts = []
            for t in by_cell[i]:
                if not (t & covered):
                    opts.append(t)
            k = len(opts)
            if k < bestlen:
                bestlen = k
                best = opts
                if k == 0:
                    return False
        for t in best:
            if rec_cells(covered | t):
                return True
        return False

    rec_cells(0)
    return count


# ---------------- Jacobson-Matthews Markov chain ----------------
class JM:
    def __init__(self, n, rng):
        self.n = n
        self.rng = rng
        n3 = n * n * n
        # three copies of the incidence cube, each with a different axis contiguous
        self.A = [0] * n3  # index (x*n+y)*n+z
        self.B = [0] * n3  # index (y*n+z)*n+x
        self.C = [0] * n3  # index (z*n+x)*n+y
        for x in range(n):
            for y in range(n):
                z = (x + y) % n
                self._add(x, y, z, 1)
        self.improper = None

    def _add(self, x, y, z, d):
        n = self.n
        self.A[(x * n + y) * n + z] += d
        self.B[(y * n + z) * n + x] += d
        self.C[(z * n + x) * n + y] += d

    def step(self):
        n = self.n
        A, B, C = self.A, self.B, self.C
        rng = self.rng
        rr = rng.randrange
        if self.improper is None:
            while True:
                x = rr(n); y = rr(n); z = rr(n)
                if A[(x * n + y) * n + z] == 0:
                    break
            b = (x * n + y) * n
            z1 = A.index(1, b, b + n) - b
            b = (y * n + z) * n
            x1 = B.index(1, b, b + n) - b
            b = (z * n + x) * n
            y1 = C.index(1, b, b + n) - b
        else:
            x, y, z = self.improper
            b = (x * n + y) * n
            i = A.index(1, b, b + n)
            j = A.index(1, i + 1, b + n)
            z1 = (i if rr(2) else j) - b
            b = (y * n + z) * n
            i = B.index(1, b, b + n)
            j = B.index(1, i + 1, b + n)
            x1 = (i if rr(2) else j) - b
            b = (z * n + x) * n
            i = C.index(1, b, b + n)
            j = C.index(1, i + 1, b + n)
            y1 = (i if rr(2) else j) - b
        ad = self._add
        ad(x, y, z, 1); ad(x, y1, z1, 1); ad(x1, y, z1, 1); ad(x1, y1, z, 1)
        ad(x, y, z1, -1); ad(x, y1, z, -1); ad(x1, y, z, -1); ad(x1, y1, z1, -1)
        if A[(x1 * n + y1) * n + z1] == -1:
            self.improper = (x1, y1, z1)
        else:
            self.improper = None

    def run(self, steps):
        # Sample only at fixed checkpoints: if the state at a checkpoint is
        # improper, skip it and run another `steps` steps.  (Taking the first
        # proper state after an improper checkpoint is biased -- verified at
        # n=4, where it gave P(Klein class)=0.084 instead of 0.25.)
        self.skipped = getattr(self, "skipped", 0)
        while True:
            for _ in range(steps):
                self.step()
            if self.improper is None:
                return
            self.skipped += 1

    def square(self):
        n = self.n
        A = self.A
        L = []
        for x in range(n):
            row = []
            for y in range(n):
                b = (x * n + y) * n
                row.append(A.index(1, b, b + n) - b)
            L.append(row)
        return L


def is_latin(L):
    n = len(L)
    full = set(range(n))
    return all(set(r) == full for r in L) and all(set(L[r][c] for r in range(n)) == full for c in range(n))


def small():
    cases = []
    for n in (3, 4, 5, 6, 7):
        cases.append(("Z%d" % n, [[(r + c) % n for c in range(n)] for r in range(n)]))
    cases.append(("Z2xZ2", [[r ^ c for c in range(4)] for r in range(4)]))
    cases.append(("Z2^3", [[r ^ c for c in range(8)] for r in range(8)]))
    for name, L in cases:
        t0 = time.time()
        T = transversals(L)
        p = count_partitions(L, T=T)
        n = len(L)
        print("%-6s n=%d transversals=%d mates_up_to_renaming=%d mates=%d  (%.2fs)"
              % (name, n, len(T), p, p * math.factorial(n), time.time() - t0), flush=True)


def wilson(k, N, z=1.959964):
    p = k / N
    d = 1 + z * z / N
    c = (p + z * z / (2 * N)) / d
    h = z * math.sqrt(p * (1 - p) / N + z * z / (4 * N * N)) / d
    return c - h, c + h


def sample(n, seconds, seed, mode, factor):
    rng = random.Random(seed)
    jm = JM(n, rng)
    steps = n ** 3 * factor
    jm.run(n ** 3 * 50)  # burn-in
    t0 = time.time()
    N = k = 0
    tot = 0
    tot2 = 0
    hist = {}
    tT = 0
    ntrans = 0
    while time.time() - t0 < seconds:
        jm.run(steps)
        L = jm.square()
        a = time.time()
        T = transversals(L)
        ntrans += len(T)
        p = count_partitions(L, stop_at_one=(mode == "exist"), T=T)
        tT += time.time() - a
        N += 1
        if p:
            k += 1
        tot += p
        tot2 += p * p
        hist[p] = hist.get(p, 0) + 1
    el = time.time() - t0
    lo, hi = wilson(k, N)
    f = math.factorial(n)
    print("n=%d seed=%d mode=%s steps/sample=%d samples=%d time=%.1fs (mate search %.1fs)"
          % (n, seed, mode, steps, N, el, tT))
    print("  improper checkpoints skipped = %d" % jm.skipped)
    print("  mean transversals per square = %.2f" % (ntrans / N))
    print("  with mate: %d/%d = %.6f  95%% Wilson CI [%.6f, %.6f]" % (k, N, k / N, lo, hi))
    if mode == "full":
        m = tot / N
        var = (tot2 / N - m * m) * N / (N - 1)
        se = math.sqrt(var / N)
        print("  mean mates up to renaming = %.5f (se %.5f); x n! = %.2f  95%% CI [%.2f, %.2f]"
              % (m, se, m * f, (m - 1.96 * se) * f, (m + 1.96 * se) * f))
        print("  histogram:", dict(sorted(hist.items())))


if __name__ == "__main__":
    if sys.argv[1] == "small":
        small()
    else:
        n = int(sys.argv[2]); secs = float(sys.argv[3]); seed = int(sys.argv[4])
        mode = sys.argv[5] if len(sys.argv) > 5 else "exist"
        factor = int(sys.argv[6]) if len(sys.argv) > 6 else 8
        sample(n, secs, seed, mode, factor)
