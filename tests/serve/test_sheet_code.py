#!/usr/bin/python3
"""A sheet and its separate key carry the same short code, and the key its title and date; the
downloads are named after the puzzle, level and code, and two servers' downloads (as after a
restart) never share a name.

Usage: test_sheet_code.py PUZZLEGEN"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server import Checks, Server  # noqa: E402

check = Checks()


def download_name(server, url):
    import http.client
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    connection.request("GET", url + "?download=1")
    response = connection.getresponse()
    body = response.read()
    connection.close()
    found = re.search(r'filename="([^"]+)"', response.getheader("Content-Disposition", ""))
    return (found.group(1) if found else ""), body


def main():
    names = []
    for _ in range(2):
        server = Server(sys.argv[1])
        try:
            for _ in range(2):
                status, run = server.request("POST", "/api/sheets", {
                    "example": "instant-insanity/unique-tower.yaml", "difficulty": "hard",
                    "count": 1, "key": "separate"})
                check(status == 202, "a sheet is accepted")
                run = server.wait(run["id"])
                check(run["state"] == "done", "and made (%s)" % run.get("message"))
                sheet_name, sheet = download_name(server, run["files"]["sheet"])
                key_name, key = download_name(server, run["files"]["key"])
                code = re.search(rb"Sheet code ([A-Z2-9]{6})", sheet)
                key_code = re.search(rb"Sheet code ([A-Z2-9]{6}) \xc2\xb7 made (\d{4}-\d\d-\d\d)",
                                     key)
                check(code and key_code and code.group(1) == key_code.group(1),
                      "sheet and key share their code (%s, %s)"
                      % (code and code.group(1), key_code and key_code.group(1)))
                check(key_code and key_code.group(2).decode() == time.strftime("%Y-%m-%d"),
                      "the key is dated today")
                check(b"Answer key: Instant Insanity puzzles" in key, "the key has the title")
                check(code and sheet_name == "instant-insanity-hard-%s.html"
                      % code.group(1).decode() and key_name == "instant-insanity-hard-%s-key.html"
                      % code.group(1).decode(),
                      "downloads are named after puzzle, level and code (%s, %s)"
                      % (sheet_name, key_name))
                names += [sheet_name, key_name]
        finally:
            server.stop()
    check(len(set(names)) == len(names) == 8,
          "two servers' downloads never share a name (%s)" % names)
    return check.exit_code()


if __name__ == "__main__":
    sys.exit(main())
