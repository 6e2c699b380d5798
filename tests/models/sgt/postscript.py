"""What an sgt-puzzles game draws when it prints a puzzle and its solution.

`sgt-GAME --print 1x1 --with-solutions` reads game IDs on standard input and writes PostScript:
for each ID a page with the puzzle, then a page with the puzzle solved by the game's own solver.
The drawing is plain (paths of moveto/lineto/rlineto/arc, filled or stroked in a grey or a
colour, and centred text), so a page reads back as a list of texts and shapes in the page's
coordinates (y grows upwards), which a family's converter maps to its grid's cells.
"""

import math
import re
from dataclasses import dataclass, field

NUMBER = re.compile(r"-?\d+(\.\d+)?$")
TEXT = re.compile(r"\((.*)\) dup stringwidth pop 2 div neg 0 rmoveto show$")
CENTRED_AT = re.compile(r"(-?[\d.]+) exch sub (-?[\d.]+) exch moveto pop pop$")
PLAIN_AT = re.compile(r"(-?[\d.]+) (-?[\d.]+) moveto$")


@dataclass
class Text:
    text: str
    x: float
    y: float


@dataclass
class Shape:
    paint: str  # "fill" or "stroke"
    points: list  # the path's corners, or a circle's centre
    colour: tuple  # (grey,) or (red, green, blue), 0 black to 1 white
    radius: float = 0.0  # a circle's (arc's) radius; 0 for a polygon or a line

    @property
    def centre(self):
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)

    @property
    def size(self):
        """The width and height of the shape's box (a circle's diameter)."""
        if self.radius:
            return (2 * self.radius, 2 * self.radius)
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return (max(xs) - min(xs), max(ys) - min(ys))

    @property
    def dark(self):
        return sum(self.colour) / len(self.colour) < 0.5


@dataclass
class Page:
    texts: list = field(default_factory=list)
    shapes: list = field(default_factory=list)

    def box(self):
        """The box round every stroked line: the grid, for most games."""
        points = [p for s in self.shapes if s.paint == "stroke" and not s.radius for p in s.points]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return (min(xs), min(ys), max(xs), max(ys))

    def cell(self, x, y, rows, columns, box=None):
        """The (row, column) of the point (x, y), row 0 at the top, in a grid of rows x columns
        filling box (default: self.box()); None outside it."""
        x0, y0, x1, y1 = box or self.box()
        c = math.floor((x - x0) / (x1 - x0) * columns)
        r = math.floor((y1 - y) / (y1 - y0) * rows)
        return (r, c) if 0 <= r < rows and 0 <= c < columns else None


def pages(postscript):
    """Every page of sgt's PostScript, in order."""
    out = []
    for chunk in re.split(r"^%%Page: .*$", postscript, flags=re.M)[1:]:
        out.append(read_page(chunk))
    return out


def read_page(chunk):
    page = Page()
    path, radius, stack, colour, previous = [], 0.0, [], (0.0,), ""
    for line in chunk.splitlines():
        line = line.strip()
        text = TEXT.match(line)
        if text:
            at = CENTRED_AT.search(previous) or PLAIN_AT.search(previous)
            x, y = (float(at.group(2)), float(at.group(1))) if CENTRED_AT.search(previous) \
                else (float(at.group(1)), float(at.group(2)))
            page.texts.append(Text(text.group(1).replace("\\(", "(").replace("\\)", ")"), x, y))
            previous, stack = line, []
            continue
        previous = line
        for token in line.split():
            if NUMBER.match(token):
                stack.append(float(token))
            elif token == "newpath":
                path, stack, radius = [], [], 0.0
            elif token in ("moveto", "lineto") and len(stack) >= 2:
                path.append((stack[-2], stack[-1]))
                stack = []
            elif token == "rlineto" and len(stack) >= 2 and path:
                path.append((path[-1][0] + stack[-2], path[-1][1] + stack[-1]))
                stack = []
            elif token == "arc" and len(stack) >= 5:
                path, radius = [(stack[-5], stack[-4])], stack[-3]
                stack = []
            elif token == "setgray" and stack:
                colour, stack = (stack[-1],), []
            elif token == "setrgbcolor" and len(stack) >= 3:
                colour, stack = tuple(stack[-3:]), []
            elif token in ("fill", "stroke") and path:
                page.shapes.append(Shape(token, list(path), colour, radius))
                stack = []
            elif token in ("closepath", "gsave", "grestore"):
                pass
            else:
                stack = []
    return page
