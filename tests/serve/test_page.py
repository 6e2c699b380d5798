#!/usr/bin/python3
"""The teacher's page in a real browser: Selenium drives headless Chromium against a real
`puzzlegen serve` on loopback, as a teacher would, and saves a screenshot of each step.

Usage: test_page.py PUZZLEGEN SCREENSHOT_FOLDER"""
import os
import sys
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server import Checks, Server, path_of, pdf_pages, private_folders  # noqa: E402

from browser import browser, preview_puzzles  # noqa: E402
from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

check = Checks()


def make_sheet(driver, server, example, count, paper, key, shots, name, explain=0):
    """Chooses, clicks Generate, waits for the preview; the run's status."""
    Select(driver.find_element(By.ID, "example")).select_by_value(example)
    for field, value in [("count", count), ("explain", explain)]:
        box = driver.find_element(By.ID, field)
        box.clear()
        box.send_keys(str(value))
    driver.find_element(By.CSS_SELECTOR, "input[name=paper][value=%s]" % paper).click()
    Select(driver.find_element(By.ID, "key")).select_by_value(key)
    driver.save_screenshot(os.path.join(shots, name + "-1-chosen.png"))
    driver.find_element(By.ID, "generate").click()
    WebDriverWait(driver, 120).until(
        expected_conditions.visibility_of_element_located((By.ID, "result")))
    preview_puzzles(driver)  # waits for this sheet, not the one before
    frame = driver.find_element(By.ID, "preview")
    driver.execute_script("arguments[0].scrollIntoView()", frame)
    driver.save_screenshot(os.path.join(shots, name + "-2-preview.png"))
    driver.switch_to.frame(frame)
    puzzles = len(driver.find_elements(By.CSS_SELECTOR, "section.puzzle"))
    answers = len(driver.find_elements(By.CSS_SELECTOR, "section.answer-key section.answer"))
    driver.switch_to.default_content()
    return puzzles, answers


def fetch(server, url):
    with urllib.request.urlopen(server.url.rstrip("/") + path_of(url), timeout=120) as response:
        return response.read()


def main():
    puzzlegen, shots = sys.argv[1], sys.argv[2]
    os.makedirs(shots, exist_ok=True)
    before = private_folders()
    server = Server(puzzlegen)
    driver = browser()
    try:
        driver.get(server.url)
        WebDriverWait(driver, 20).until(
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#example option")) >= 5)
        driver.save_screenshot(os.path.join(shots, "page.png"))
        check("Proven" in driver.find_element(By.CLASS_NAME, "proven").text,
              "the page says what proven means")
        # Every control has a label a screen reader reads.
        unlabelled = driver.execute_script(
            "return [...document.querySelectorAll('input, select, textarea')]"
            ".filter(e => !e.labels.length && !e.closest('[aria-labelledby]'))"
            ".map(e => e.id || e.name)")
        check(unlabelled == [], "every control is labelled (unlabelled: %s)" % unlabelled)

        # Instant Insanity: 6 puzzles on Letter with the key after them; the PDF too.
        puzzles, answers = make_sheet(driver, server, "instant-insanity/unique-tower.yaml", 6,
                                      "letter", "after", shots, "instant-insanity")
        check(puzzles == 6 and answers == 6,
              "Instant Insanity: 6 puzzles and 6 answers in the preview (%d, %d)"
              % (puzzles, answers))
        seed = driver.find_element(By.ID, "seed-line").text
        check(seed.startswith("Seed "), "the seed is shown (%s)" % seed)
        pdf = fetch(server, driver.find_element(By.ID, "download-pdf").get_attribute("href"))
        pages = pdf_pages(pdf)
        check(pdf.startswith(b"%PDF-") and 3 <= pages <= 8,
              "its PDF downloads, %d pages" % pages)
        check(b"612 792" in pdf or b"612.0 792.0" in pdf or b"/MediaBox [0 0 612 792]" in pdf,
              "on Letter paper")

        # A seed that is not a whole number is refused with the server's words, never replaced
        # by the spec's own seed.
        for bad in ["abc", "-5"]:
            seed_box = driver.find_element(By.ID, "seed")
            seed_box.clear()
            seed_box.send_keys(bad)
            driver.find_element(By.ID, "generate").click()
            try:
                WebDriverWait(driver, 20).until(
                    lambda d: "seed" in d.find_element(By.ID, "error").text)
            except TimeoutException:
                pass  # the check below says what the page showed instead
            message = driver.find_element(By.ID, "error").text
            check("whole number" in message and not driver.find_element(By.ID, "result")
                  .is_displayed() and driver.switch_to.active_element.get_attribute("id") == "seed",
                  "a seed of %s is refused, the field focused (%s)" % (bad, message))
        driver.save_screenshot(os.path.join(shots, "bad-seed.png"))
        seed_box.clear()

        # The 36 Cube: 4 boards, A4, the key in a file of its own.
        # Its key explains 3 steps of each, marked on the boards.
        puzzles, answers = make_sheet(driver, server, "cube36/unique-n5.yaml", 4, "a4",
                                      "separate", shots, "cube36", explain=3)
        check(puzzles == 4 and answers == 0, "the 36 Cube: 4 boards, no key on the sheet")
        key_link = driver.find_element(By.ID, "key-html")
        check(key_link.is_displayed(), "the separate key is offered")
        key = fetch(server, key_link.get_attribute("href"))
        answers = key.count(b'class="answer"') + key.count(b'class="answer explained"')
        check(answers == 4, "the separate key has 4 answers")
        # Each answer gives 3 steps marked on its board, or says that its puzzle needs a guess
        # from the start (an extreme one).
        stalls = key.count(b"No first step follows")
        check(key.count(b'<ol class="steps">') + stalls == 4 and
              key.count(b"<li>") >= 3 * (4 - stalls) and (stalls == 4 or b'class="step"' in key),
              "each answer explains 3 steps, marked on its board, or says a guess is needed")
        pdf = fetch(server, driver.find_element(By.ID, "download-pdf").get_attribute("href"))
        check(pdf.startswith(b"%PDF-") and pdf_pages(pdf) >= 1, "its PDF downloads")

        # A designer's broken spec: the line:column message, the line selected in the editor.
        driver.find_element(By.CSS_SELECTOR, "#designer summary").click()
        editor = driver.find_element(By.ID, "yaml")
        driver.execute_script(
            "arguments[0].value = 'puzzle: instant-insanity\\nparameters: {cubes: many}\\n'",
            editor)
        driver.find_element(By.ID, "check").click()
        WebDriverWait(driver, 20).until(
            lambda d: "error" in d.find_element(By.ID, "check-result").text)
        message = driver.find_element(By.ID, "check-result").text
        check("spec.yaml:2:21: error: parameters.cubes" in message,
              "a broken spec shows validate's line:column message (%s)" % message)
        selected = driver.execute_script(
            "const t = arguments[0]; return t.value.substring(0, t.selectionStart)", editor)
        check(selected.count("\n") == 1, "the editor's cursor is on line 2")
        driver.save_screenshot(os.path.join(shots, "designer-error.png"))

        # The designer lists instances of an example's spec, with their counts.
        Select(driver.find_element(By.ID, "example")).select_by_value(
            "instant-insanity/unique-tower.yaml")
        check("exactly one tower" in editor.get_attribute("value") or
              "unique" in editor.get_attribute("value").lower() or
              "all-different" in editor.get_attribute("value"),
              "choosing a puzzle puts its spec in the editor")
        driver.find_element(By.ID, "list").click()
        WebDriverWait(driver, 60).until(
            lambda d: d.find_element(By.ID, "instances-table").is_displayed())
        rows = driver.find_elements(By.CSS_SELECTOR, "#instances-table tbody tr")
        check(len(rows) == 5 and "all-different: 1" in rows[0].text.replace("exactly ", ""),
              "the designer's table lists 5 instances with their counts")
        driver.execute_script("document.getElementById('instances-table').scrollIntoView()")
        driver.save_screenshot(os.path.join(shots, "designer-table.png"))

        # Cancel: a long sheet (random twelve-cube towers with exactly one solution are rare,
        # so it runs until its time limit), cancelled from the page.
        driver.execute_script(
            "arguments[0].value = arguments[1]", editor,
            "puzzle: instant-insanity\nparameters: {cubes: 12}\n"
            "solutions: {all-different: {exactly: 1}}\ngenerate: {strategy: random}\n")
        driver.find_element(By.ID, "use-yaml").click()
        count_box = driver.find_element(By.ID, "count")
        count_box.clear()
        count_box.send_keys("30")
        driver.find_element(By.ID, "generate").click()
        WebDriverWait(driver, 10).until(
            lambda d: d.find_element(By.ID, "cancel").is_enabled())
        driver.find_element(By.ID, "cancel").click()
        WebDriverWait(driver, 30).until(
            lambda d: "Cancelled" in d.find_element(By.ID, "status").text)
        check(True, "a long sheet is cancelled from the page")

        # A phone's width, and 200% zoom: nothing runs off the side.
        driver.set_window_size(400, 900)
        wide = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(wide <= 0, "at a phone's width nothing runs off the page (%d px)" % wide)
        driver.set_window_size(1100, 1400)
        driver.execute_script("document.body.style.zoom = '200%'")
        driver.save_screenshot(os.path.join(shots, "zoom-200.png"))
        # Keyboard: Tab from the top reaches the puzzle choice and Generate.
        driver.execute_script("document.body.style.zoom = ''; document.activeElement.blur()")
        reached = driver.execute_script("""
            const order = [...document.querySelectorAll('select, input, button, summary, a[href]')]
              .filter(e => !e.disabled && e.offsetParent !== null && e.tabIndex >= 0);
            return order.map(e => e.id);""")
        check("example" in reached and "generate" in reached,
              "the puzzle choice and Generate are in the keyboard's order")
    finally:
        driver.quit()
        code = server.stop()
    check(code == 0, "the server stops on SIGTERM with exit 0")
    check(private_folders() == before, "and removes its private folder")
    return check.exit_code()


if __name__ == "__main__":
    sys.exit(main())
