#!/usr/bin/env python3
"""Writes a planted Instant Insanity instance: a solved tower (each side column a random
permutation of the n colours), a random third pair per cube, then every cube's pairs and the
faces within each pair shuffled. With --uniform, every face is a uniformly random colour
instead. Seeded with Python's own Mersenne Twister, so the files are reproducible.
Usage: planted.py [--uniform] N SEED > file.yaml"""
import random
import sys


def planted(n, seed):
    rng = random.Random(seed)
    columns = [rng.sample(range(n), n) for _ in range(4)]
    cubes = []
    for i in range(n):
        pairs = [[columns[0][i], columns[1][i]], [columns[2][i], columns[3][i]],
                 [rng.randrange(n), rng.randrange(n)]]
        rng.shuffle(pairs)
        for pair in pairs:
            rng.shuffle(pair)
        cubes.append(pairs)
    return cubes


def uniform(n, seed):
    rng = random.Random(seed)
    return [[[rng.randrange(n), rng.randrange(n)] for _ in range(3)] for _ in range(n)]


def main():
    args = sys.argv[1:]
    is_uniform = args[:1] == ["--uniform"]
    if is_uniform:
        args = args[1:]
    n, seed = int(args[0]), int(args[1])
    names = ["c%d" % (k + 1) for k in range(n)]
    print("# %s Instant Insanity instance: bench/planted.py %s%d %d" % (
        "uniform random" if is_uniform else "planted", "--uniform " if is_uniform else "", n, seed))
    print("puzzle: instant-insanity")
    print("colors: [%s]" % ", ".join(names))
    print("cubes:")
    for pairs in (uniform if is_uniform else planted)(n, seed):
        print("  - [%s]" % ", ".join("[%s, %s]" % (names[a], names[b]) for a, b in pairs))


if __name__ == "__main__":
    main()
