#!/usr/bin/python3
"""The page notices a server that went away: the server is stopped while a sheet is being made,
and the page shows an error within 10 s, with Generate usable again and Cancel not.

Usage: test_server_gone.py PUZZLEGEN"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server import Checks, Server  # noqa: E402
from browser import browser  # noqa: E402

from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

check = Checks()

# A sheet that runs until its time limit: random twelve-cube towers almost never have exactly
# one solution.
SLOW = ("puzzle: instant-insanity\nparameters: {cubes: 12}\n"
        "solutions: {all-different: {exactly: 1}}\ngenerate: {strategy: random}\n")


def main():
    server = Server(sys.argv[1])
    driver = browser()
    try:
        driver.get(server.url)
        WebDriverWait(driver, 20).until(
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#example option")) >= 5)
        driver.find_element(By.CSS_SELECTOR, "#designer summary").click()
        driver.execute_script("arguments[0].value = arguments[1]",
                              driver.find_element(By.ID, "yaml"), SLOW)
        driver.find_element(By.ID, "use-yaml").click()
        driver.find_element(By.ID, "generate").click()
        WebDriverWait(driver, 10).until(
            lambda d: "puzzles" in d.find_element(By.ID, "status").text)
        progress = driver.find_element(By.ID, "status").text
        check("Looking for the first of 4 puzzles" in progress and "--" not in progress,
              "progress in words (%s)" % progress)
        server.stop()
        stopped = time.time()
        try:
            WebDriverWait(driver, 10).until(
                lambda d: "not answering" in d.find_element(By.ID, "error").text)
        except TimeoutException:
            pass
        error = driver.find_element(By.ID, "error").text
        check("not answering" in error, "the page says the server went away, %.1f s after it "
              "stopped (%s)" % (time.time() - stopped, error))
        check(driver.find_element(By.ID, "generate").is_enabled() and
              not driver.find_element(By.ID, "cancel").is_enabled(),
              "Generate is usable again, Cancel is not")
    finally:
        driver.quit()
        server.stop()
    return check.exit_code()


if __name__ == "__main__":
    sys.exit(main())
