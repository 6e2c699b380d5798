#!/usr/bin/env python3
"""Writes a planted Instant Insanity instance: a solved tower (each side column a random
permutation of the n colours), a random third pair per cube, then every cube's pairs and the
faces within each pair shuffled. Seeded with Python's own Mersenne Twister, so the files are
reproducible. Usage: planted.py N SEED > file.yaml"""
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


def main():
    n, seed = int(sys.argv[1]), int(sys.argv[2])
    names = ["c%d" % (k + 1) for k in range(n)]
    print("# planted Instant Insanity instance: bench/planted.py %d %d" % (n, seed))
    print("puzzle: instant-insanity")
    print("colors: [%s]" % ", ".join(names))
    print("cubes:")
    for pairs in planted(n, seed):
        print("  - [%s]" % ", ".join("[%s, %s]" % (names[a], names[b]) for a, b in pairs))


if __name__ == "__main__":
    main()
