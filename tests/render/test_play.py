#!/usr/bin/python3
"""Sheets played on screen: Selenium drives headless Chromium on worksheets as a pupil would.
Each puzzle is solved by clicking in the solution `puzzlegen solve` finds for it (never read
from the page, which holds none); Check must say right, and after one wrong move it must say
wrong, mark the clash and name no value of the solution's there. At 400 px wide nothing may
stick out of the page. The served sheet's script must run under the server's
Content-Security-Policy.

Usage: test_play.py PUZZLEGEN SOURCE_DIR SCREENSHOT_FOLDER"""
import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import deque

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "serve"))
from server import Checks, Server  # noqa: E402

from browser import browser  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

check = Checks()
PUZZLEGEN, SOURCE, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
SCRATCH = tempfile.mkdtemp(prefix="play-test-")
atexit.register(shutil.rmtree, SCRATCH, True)
# What a description may hold: the instance, never an answer.
GRID_KEYS = {"player", "rows", "columns", "values", "names", "fills", "labels", "givens", "rules"}
TOWER_KEYS = {"player", "values", "names", "fills", "cubes", "goal"}


def run(*args):
    done = subprocess.run([PUZZLEGEN, *args], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError("puzzlegen %s: exit %d\n%s" % (" ".join(args), done.returncode,
                                                          done.stderr))
    return done.stdout


def sheet_and_solution(spec, name):
    """A one-puzzle sheet (key apart) and `solve`'s JSON of its puzzle, made again from the
    seed its key prints."""
    sheet = os.path.join(SCRATCH, name + ".html")
    run("worksheet", os.path.join(SOURCE, spec), "--count", "1", "--key", "separate", "-o", sheet)
    with open(os.path.join(SCRATCH, name + "-key.html")) as key:
        seed = re.search(r"Seed ([0-9]+):", key.read()).group(1)
    record = json.loads(run("generate", os.path.join(SOURCE, spec), "--seed", seed,
                            "--instances", "1", "--format", "json").splitlines()[0])
    instance = os.path.join(SCRATCH, name + "-instance.json")
    with open(instance, "w") as out:
        json.dump(record["instance"], out)
    return sheet, json.loads(run("solve", instance, "--format", "json"))


def open_sheet(driver, sheet):
    driver.get("file://" + sheet)
    WebDriverWait(driver, 20).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "div.play.ready"))
    box = driver.find_element(By.CSS_SELECTOR, "div.play[data-puzzle='1']")
    return box, json.loads(box.get_attribute("data-play"))


def verdict(box):
    box.find_element(By.CSS_SELECTOR, "button.check").click()
    line = box.find_element(By.CSS_SELECTOR, "p.verdict")
    return line.get_attribute("data-verdict"), line.text


def word(text, value):
    """Whether `value` stands in `text` as a word of its own."""
    return re.search(r"(^|[^A-Za-z0-9])" + re.escape(value) + r"($|[^A-Za-z0-9])", text)


def overflow(driver, what):
    """Lays the page out 400 px wide, as a tablet held upright does, and checks that nothing
    sticks out on the right."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 400, "height": 900, "deviceScaleFactor": 1, "mobile": True})
    try:
        wide = driver.execute_script("""
            const out = [];
            for (const e of document.body.querySelectorAll('*')) {
              const r = e.getBoundingClientRect();
              if (r.width && r.right > window.innerWidth + 0.5)
                out.push(e.tagName + '.' + e.className + ' ' + Math.round(r.right));
            }
            return [document.documentElement.scrollWidth, window.innerWidth, out.slice(0, 5)];""")
        driver.save_screenshot(os.path.join(SHOTS, what + "-400px.png"))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    check(wide[1] == 400 and wide[0] <= 400 and not wide[2],
          "%s at 400 px: nothing sticks out (page %d px wide in a %d px window; %s)"
          % (what, wide[0], wide[1], wide[2]))


def play_board(driver):
    """The 36 Cube: a colour per cell, clicked in from the solution."""
    sheet, solved = sheet_and_solution("specs/cube36/unique-n4.yaml", "cube36")
    box, d = open_sheet(driver, sheet)
    check(set(d) <= GRID_KEYS and d["player"] == "grid",
          "36 Cube: the description holds the board only (%s)" % sorted(d))
    colours = solved["solutions"]["solution"]["colors"]
    n = len(colours)
    index = {name: v for v, name in enumerate(d["names"])}
    # The sheet may print some colours (givens) to fix the renaming: the solution renamed to
    # agree with them, the colours the givens leave free in order.
    givens = d.get("givens") or [None] * (n * n)
    answer = [index[colours[i // n][i % n]] for i in range(n * n)]
    renamed = {answer[i]: g for i, g in enumerate(givens) if g is not None}
    renamed.update(zip([v for v in range(n) if v not in renamed],
                       [v for v in range(n) if v not in renamed.values()]))
    answer = [renamed[v] for v in answer]
    cells = box.find_elements(By.CSS_SELECTOR, "button.cell")
    check(len(cells) == n * n, "36 Cube: %d cells to fill" % len(cells))
    state, text = verdict(box)
    check(state == "unfinished", "36 Cube: Check on an empty board says not finished (%s)" % text)
    for i in range(n * n):
        if givens[i] is not None:
            continue  # printed, and fixed on screen
        cells[i].click()
        box.find_element(By.CSS_SELECTOR, "button.value[data-value='%d']" % answer[i]).click()
    driver.save_screenshot(os.path.join(SHOTS, "cube36-solved.png"))
    state, text = verdict(box)
    check(state == "right", "36 Cube: solved by clicking, Check says right (%s)" % text)
    check(not box.find_elements(By.CSS_SELECTOR, ".clash"), "36 Cube: no cell marked")

    # One wrong cell: the first of row 2 not given gets another colour of its row.
    cell = next(i for i in range(n, 2 * n) if givens[i] is None)
    right = answer[cell]
    wrong = (right + 1) % n
    cells[cell].click()
    box.find_element(By.CSS_SELECTOR, "button.value[data-value='%d']" % wrong).click()
    state, text = verdict(box)
    driver.save_screenshot(os.path.join(SHOTS, "cube36-wrong.png"))
    marked = {int(e.get_attribute("data-cell"))
              for e in box.find_elements(By.CSS_SELECTOR, "button.cell.clash")}
    check(state == "wrong", "36 Cube: one wrong cell, Check says wrong (%s)" % text)
    check(cell in marked and len(marked) < n * n,
          "36 Cube: the wrong cell is among those marked (%s)" % sorted(marked))
    check(word(text, d["values"][wrong]) and not word(text, d["values"][right]),
          "36 Cube: the verdict names the pupil's colour, never the right one (%s)" % text)
    # Typing works as clicking does: the right colour back by its letter.
    cells[cell].send_keys(d["values"][right])
    state, text = verdict(box)
    check(state == "right", "36 Cube: typed back, Check says right again (%s)" % text)
    overflow(driver, "cube36")


def play_cages(driver):
    """A KenKen's cages (the `cage` rule a plugin's description carries), on a 36 Cube sheet
    whose first puzzle is swapped for a 3 x 3 KenKen: its solution is right; another Latin
    square, every row and column still different, breaks the cages and is wrong, the cage
    named."""
    sheet, _ = sheet_and_solution("specs/cube36/unique-n4.yaml", "cages")
    d = {"player": "grid", "rows": 3, "columns": 3, "values": ["1", "2", "3"],
         "labels": ["3+", "", "2-", "5+", "3x", "", "", "", "2"],
         "givens": [None] * 8 + [1],
         "rules": [{"rule": "distinct", "cells": cells, "where": where} for cells, where in
                   [([0, 1, 2], "in row 1"), ([3, 4, 5], "in row 2"), ([6, 7, 8], "in row 3"),
                    ([0, 3, 6], "in column 1"), ([1, 4, 7], "in column 2"),
                    ([2, 5, 8], "in column 3")]] +
                  [{"rule": "cage", "cells": [0, 1], "op": "+", "target": 3},
                   {"rule": "cage", "cells": [2, 5], "op": "-", "target": 2},
                   {"rule": "cage", "cells": [3, 6], "op": "+", "target": 5},
                   {"rule": "cage", "cells": [4, 7], "op": "x", "target": 3},
                   {"rule": "cage", "cells": [8], "op": "", "target": 2}]}
    with open(sheet) as f:
        html = f.read()
    first = re.search(r'(<div class="play"[^>]*data-puzzle="1"[^>]*data-play=")([^"]*)"', html) \
        or re.search(r'(<div class="play"[^>]*data-play=")([^"]*)("[^>]*data-puzzle="1")', html)
    check(first is not None, "cages: the sheet's first puzzle found")
    if first is None:
        return
    escaped = json.dumps(d).replace("&", "&amp;").replace('"', "&quot;")
    html = html[:first.start(2)] + escaped + html[first.end(2):]
    with open(sheet, "w") as f:
        f.write(html)
    box, shown = open_sheet(driver, sheet)
    check(shown == d, "cages: the page reads the description swapped in")

    def fill(square):
        cells = box.find_elements(By.CSS_SELECTOR, "button.cell")
        for i, v in enumerate(square[:8]):
            cells[i].click()
            box.find_element(By.CSS_SELECTOR, "button.value[data-value='%d']" % v).click()
        return verdict(box)

    state, text = fill([0, 1, 2, 1, 2, 0, 2, 0, 1])  # 1 2 3 / 2 3 1 / 3 1 2
    check(state == "right", "cages: the solution is right (%s)" % text)
    state, text = fill([2, 1, 0, 1, 0, 2, 0, 2, 1])  # 3 2 1 / 2 1 3 / 1 3 2
    check(state == "wrong" and "the cage at row 1, column 1 does not make 3 by adding" in text
          and "twice" not in text,
          "cages: a Latin square that breaks the cages is wrong, the cage named (%s)" % text)
    driver.save_screenshot(os.path.join(SHOTS, "cages-wrong.png"))


# Quarter turns as the page makes them: the colour at slot k moves to the next slot of the
# cycle. Slots: top, bottom, front, back, left, right.
MOVES = {"turn": [2, 4, 3, 5], "tip": [0, 2, 1, 3], "roll": [0, 5, 1, 4]}


def moved(faces, name):
    cycle, out = MOVES[name], list(faces)
    for j in range(4):
        out[cycle[(j + 1) % 4]] = faces[cycle[j]]
    return tuple(out)


def moves_to(faces, goal):
    """The fewest moves that bring `faces` to show `goal` (front, back, left, right)."""
    seen, queue = {tuple(faces): []}, deque([tuple(faces)])
    while queue:
        now = queue.popleft()
        if (now[2], now[3], now[4], now[5]) == goal:
            return seen[now]
        for name in MOVES:
            nxt = moved(now, name)
            if nxt not in seen:
                seen[nxt] = seen[now] + [name]
                queue.append(nxt)
    return None


def play_tower(driver):
    """Instant Insanity: each cube turned by its buttons until the sides show the solution."""
    sheet, solved = sheet_and_solution("specs/instant-insanity/unique-tower.yaml", "tower")
    box, d = open_sheet(driver, sheet)
    check(set(d) <= TOWER_KEYS and d["player"] == "tower",
          "Instant Insanity: the description holds the cubes only (%s)" % sorted(d))
    index = {name: v for v, name in enumerate(d["names"])}
    tower = solved["solutions"]["all-different"]["tower"]
    for place in tower:
        k = place["cube"] - 1
        goal = tuple(index[place[side]] for side in ("front", "back", "left", "right"))
        path = moves_to(d["cubes"][k], goal)
        check(path is not None, "Instant Insanity: cube %d can be turned to the solution" % (k + 1))
        row = box.find_element(By.CSS_SELECTOR, "div.cube-row[data-cube='%d']" % k)
        for name in path or []:
            row.find_element(By.CSS_SELECTOR, "button[data-move='%s']" % name).click()
        shown = tuple(int(row.find_element(By.CSS_SELECTOR, ".face[data-side='%s']" % s)
                          .get_attribute("data-colour")) for s in ("front", "back", "left", "right"))
        check(shown == goal, "Instant Insanity: cube %d shows the solution's sides" % (k + 1))
    driver.save_screenshot(os.path.join(SHOTS, "tower-solved.png"))
    state, text = verdict(box)
    check(state == "right", "Instant Insanity: turned by clicking, Check says right (%s)" % text)
    # One wrong move: cube 1 turned a quarter.
    box.find_element(By.CSS_SELECTOR, "div.cube-row[data-cube='0'] button[data-move='turn']").click()
    state, text = verdict(box)
    driver.save_screenshot(os.path.join(SHOTS, "tower-wrong.png"))
    check(state == "wrong", "Instant Insanity: one cube turned, Check says wrong (%s)" % text)
    check(box.find_elements(By.CSS_SELECTOR, "div.cube-row[data-cube='0'] .face.clash"),
          "Instant Insanity: the turned cube's clashing sides are marked")
    # Start again: every cube as its net shows it.
    box.find_element(By.CSS_SELECTOR, "button.reset").click()
    first = tuple(int(e.get_attribute("data-colour")) for e in box.find_elements(
        By.CSS_SELECTOR, "div.cube-row[data-cube='0'] .face"))
    c = d["cubes"][0]
    check(first == (c[2], c[5], c[3], c[4], c[0], c[1]),
          "Instant Insanity: Start again shows cube 1 as its net does")
    overflow(driver, "instant-insanity")


def served_sheet(driver):
    """The sheet as `puzzlegen serve` serves it: its script runs under the server's policy."""
    server = Server(PUZZLEGEN)
    try:
        status, started = server.request("POST", "/api/sheets",
                                         {"example": "cube36/unique-n4.yaml", "count": 1})
        check(status == 202, "serve: a sheet is started (%d)" % status)
        done = server.wait(started["id"])
        check(done["state"] == "done", "serve: the sheet is made (%s)" % done["state"])
        driver.get(server.url + "api/jobs/%d/sheet.html" % started["id"])
        WebDriverWait(driver, 20).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "div.play.ready button.cell"))
        check(True, "serve: the served sheet's players run under its Content-Security-Policy")

        # A class set through the API: two versions, each its own sheet and key.
        status, started = server.request("POST", "/api/sheets", {
            "example": "instant-insanity/unique-tower.yaml", "count": 1, "versions": 2,
            "key": "separate"})
        check(status == 202, "serve: a class set of 2 versions is started (%d)" % status)
        done = server.wait(started["id"])
        versions = done.get("versions", [])
        check(done["state"] == "done" and [v["version"] for v in versions] == ["A", "B"],
              "serve: the run lists versions A and B (%s)" % versions)
        sheets = []
        for v in versions:
            status, page = server.request("GET", v["sheet"])
            _, key = server.request("GET", v["key"])
            label = "version " + v["version"]
            check(status == 200 and label in page.decode() and label in key.decode(),
                  "serve: %s's sheet and key say so" % label)
            sheets.append(re.findall(r'data-play="([^"]*)"', page.decode()))
        check(len(sheets) == 2 and sheets[0] and sheets[0] != sheets[1],
              "serve: the two versions have different puzzles")
        for body, what in [({"count": 20, "versions": 2}, "40 puzzles in all"),
                           ({"count": 1, "versions": 2, "fewer": True}, "versions with fewer"),
                           ({"count": 1, "versions": 27}, "27 versions")]:
            body["example"] = "instant-insanity/unique-tower.yaml"
            status, answer = server.request("POST", "/api/sheets", body)
            check(status == 400 and answer["error"]["field"] == "versions",
                  "serve: %s is refused, naming versions (%d %s)" % (what, status, answer))
    finally:
        server.stop()


def main():
    os.makedirs(SHOTS, exist_ok=True)
    driver = browser()
    try:
        play_board(driver)
        play_cages(driver)
        play_tower(driver)
        served_sheet(driver)
    finally:
        driver.quit()
    return check.exit_code()


if __name__ == "__main__":
    sys.exit(main())
