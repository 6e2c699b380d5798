"""Headless Chromium driven by Selenium, as the page tests use it."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--window-size=1100,1400"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def preview_puzzles(driver, timeout=30):
    """The number of puzzles on the sheet in the page's preview, once the document the frame
    was last pointed at has loaded: when the result shows, the frame may still hold the previous
    sheet, which then navigates away. Read in one step, in a list so that 0 ends the wait too."""
    frame = driver.find_element(By.ID, "preview")
    return WebDriverWait(driver, timeout).until(lambda d: d.execute_script(
        "const frame = arguments[0], f = frame.contentDocument;"
        "if (!f || f.readyState !== 'complete' || f.location.href !== frame.src) return null;"
        "return [f.querySelectorAll('section.puzzle').length];", frame))[0]
