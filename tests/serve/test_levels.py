#!/usr/bin/python3
"""No dead ends: the page offers, for each example, only the levels (and counts) it was
measured to make (app/serve/levels.tsv), and every one of them makes its sheet when chosen on the
page; a level or count not offered is refused by the API within 2 s, naming what can be made.
With "fewer" allowed, a run that finds fewer puzzles than asked delivers those, saying so.

Usage: test_levels.py PUZZLEGEN"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server import Checks, Server  # noqa: E402
from browser import browser, preview_puzzles  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

check = Checks()


def offered_on_page(driver, example):
    Select(driver.find_element(By.ID, "example")).select_by_value(example)
    return [o.get_attribute("value") or "any" for o in
            driver.find_elements(By.CSS_SELECTOR, "#difficulty option")]


def make(driver, example, level):
    """Chooses the example and level on the page, one puzzle, no key; Generate; the number of
    puzzles in the preview, or the error the page shows."""
    Select(driver.find_element(By.ID, "example")).select_by_value(example)
    Select(driver.find_element(By.ID, "difficulty")).select_by_value(
        "" if level == "any" else level)
    count_box = driver.find_element(By.ID, "count")
    count_box.clear()
    count_box.send_keys("1")
    Select(driver.find_element(By.ID, "key")).select_by_value("none")
    driver.execute_script("document.getElementById('result').hidden = true")
    driver.find_element(By.ID, "generate").click()
    WebDriverWait(driver, 120).until(
        lambda d: d.find_element(By.ID, "result").is_displayed() or
        d.find_element(By.ID, "error").text)
    if not driver.find_element(By.ID, "result").is_displayed():
        return driver.find_element(By.ID, "error").text
    return preview_puzzles(driver)


def main():
    puzzlegen = sys.argv[1]
    server = Server(puzzlegen, "--jobs", "1")
    driver = browser()
    try:
        status, data = server.request("GET", "/api/examples")
        levels = ["any"] + data["levels"]
        driver.get(server.url)
        WebDriverWait(driver, 20).until(
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#example option")) >= 5)
        for example in data["examples"]:
            name, offers = example["id"], example["offers"]
            check(offers, "%s offers at least one level" % name)
            offered = [o["level"] for o in offers]
            on_page = offered_on_page(driver, name)
            check(on_page == offered, "%s: the page offers %s (measured: %s)"
                  % (name, on_page, offered))
            for offer in offers:
                start = time.time()
                made = make(driver, name, offer["level"])
                check(made == 1, "%s at %s makes its sheet (%.1f s; %s)"
                      % (name, offer["level"], time.time() - start, made))
                # The page's count is bounded by what the level makes.
                most = int(driver.find_element(By.ID, "count").get_attribute("max"))
                check(most == offer["most"], "%s at %s: at most %d puzzles on the page (%d)"
                      % (name, offer["level"], offer["most"], most))
            # What is not offered is refused at once, naming what is.
            for level in levels:
                body = {"example": name, "count": 1}
                if level != "any":
                    body["difficulty"] = level
                if level in offered:
                    body["count"] = next(o["most"] for o in offers if o["level"] == level) + 1
                    if body["count"] > data["limits"]["puzzles"]:
                        continue
                start = time.time()
                got, answer = server.request("POST", "/api/sheets", body)
                seconds = time.time() - start
                message = answer.get("error", {}).get("message", "") if got != 202 else ""
                check(got == 400 and seconds < 2 and "it makes" in message and
                      offered_in(message, offers),
                      "%s at %s, %d puzzles: refused in %.2f s (%d: %s)"
                      % (name, level, body["count"], seconds, got, message))

        # Fewer than asked: 3x3 boards with one solution are 11 (proven in a fraction of a
        # second). Not allowed, the run fails saying so in words; allowed, the sheet has the 11.
        few = ("puzzle: cube36\nparameters: {n: 3}\n"
               "solutions: {modulo: color-relabelling, solution: {exactly: 1}}\n"
               "generate: {strategy: exhaustive}\n")
        for fewer in [False, True]:
            status, run = server.request("POST", "/api/sheets",
                                         {"yaml": few, "count": 30, "fewer": fewer})
            run = server.wait(run["id"])
            if fewer:
                status, sheet = server.request("GET", run["files"]["sheet"])
                check(run["state"] == "done" and run.get("fewer") ==
                      {"found": 11, "of": 30, "proven": True} and
                      sheet.count(b'class="puzzle"') == 11,
                      "fewer allowed: the sheet has the 11 found, and says so (%s)"
                      % run.get("fewer"))
            else:
                message = run.get("message", "")
                check(run["state"] == "failed" and "Only 11 of the 30 puzzles" in message and
                      "(proven)" in message and "--" not in message,
                      "fewer not allowed: the run fails, saying so in words (%s)" % message)
    finally:
        driver.quit()
        server.stop()
    return check.exit_code()


def offered_in(message, offers):
    return all(("any level" if o["level"] == "any" else o["level"]) +
               (" (up to %d)" % o["most"] if o["most"] < 30 else " (30 or more)")
               in message for o in offers)


if __name__ == "__main__":
    sys.exit(main())
