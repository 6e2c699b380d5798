#!/usr/bin/env python3
"""The 36 Cube solver from the blog post "Solution to 36 cube using Python's batteries in a
naive and brutish manner" (2011), rebuilt for Python 3 with its algorithm unchanged: the first
row's colours are fixed to a..f, each later row is chosen from the colour permutations that
clash with no column so far, and every complete colour matrix (a "prospect") is checked by
removing each cell's tower from a copy of the colour -> sizes table.

Python 3 changes only: print() and the list of permutations built once (the post's REPL
session consumed its iterator while showing it). `--raw` runs the same search once per first
row (all 720 of them), counting every solution instead of one per colour renaming.

Usage: cube36_blog.py [--raw]     prints "solutions: N"
"""
import copy
import sys
from itertools import permutations

places = [
    [6, 3, 2, 4, 5, 1],
    [4, 5, 1, 6, 3, 2],
    [1, 2, 4, 3, 6, 5],
    [2, 5, 3, 6, 1, 4],
    [3, 1, 5, 2, 4, 6],
    [5, 4, 6, 1, 2, 3],
]

colors = {
    "a": [1, 2, 3, 4, 5, 6],
    "b": [1, 2, 3, 4, 5, 6],
    "c": [1, 2, 3, 4, 5, 6],
    "d": [1, 2, 3, 4, 5, 6],
    "e": [1, 2, 3, 4, 5, 6],
    "f": [1, 2, 3, 4, 5, 6],
}

six_choices = list(permutations(["a", "b", "c", "d", "e", "f"]))


def col(mat, num):
    """Given a matrix, `mat`, and a column number, `num`, return the values of the column"""
    return [l[num] for l in mat]


def reduce_choices(choices, mat):
    new_choices = []
    for choice in choices:
        if not any([choice[i] in col(mat, i) for i in range(6)]):
            new_choices.append(choice)
    return new_choices


def get_prospects(first_row=("a", "b", "c", "d", "e", "f")):
    prospect_solution = [first_row]
    five_choices = reduce_choices(six_choices, prospect_solution)
    for choice5 in five_choices:
        prospect_solution.append(choice5)
        four_choices = reduce_choices(five_choices, prospect_solution)
        for choice4 in four_choices:
            prospect_solution.append(choice4)
            three_choices = reduce_choices(four_choices, prospect_solution)
            for choice3 in three_choices:
                prospect_solution.append(choice3)
                two_choices = reduce_choices(three_choices, prospect_solution)
                for choice2 in two_choices:
                    prospect_solution.append(choice2)
                    one_choices = reduce_choices(two_choices, prospect_solution)
                    for choice1 in one_choices:
                        prospect_solution.append(choice1)
                        yield prospect_solution
                        prospect_solution.pop()
                    prospect_solution.pop()
                prospect_solution.pop()
            prospect_solution.pop()
        prospect_solution.pop()
    prospect_solution.pop()


def issolved(matrix):
    colorz = copy.deepcopy(colors)
    for row in range(6):
        for col in range(6):
            color = matrix[row][col]
            height = places[row][col]
            try:
                colorz[color].remove(height)
            except ValueError:
                return False
    return True


def go(first_rows):
    solutions = 0
    for first_row in first_rows:
        for mat in get_prospects(first_row):
            if issolved(mat):
                solutions += 1
    print("solutions: %d" % solutions)


if __name__ == "__main__":
    go(six_choices if "--raw" in sys.argv[1:] else [("a", "b", "c", "d", "e", "f")])
