#!/usr/bin/python3
"""`puzzlegen serve` under load, against the worksheet command it runs, on the same machine in
the same run:

- 20 sheet requests at once on loopback: every one answered and made (none lost), and the time
  until the last is done;
- the time from "Generate" to a 6-puzzle preview through the server (POST, poll until done,
  GET the sheet) against `puzzlegen worksheet` run directly, medians of --repeat runs, and
  their ratio.

Usage: bench/serve.py [--puzzlegen build/puzzlegen] [--repeat 9]"""
import argparse
import concurrent.futures
import os
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "tests", "serve"))
from server import Server  # noqa: E402

SPEC = "instant-insanity/unique-tower.yaml"


def through_server(server, seed):
    start = time.perf_counter()
    status, answer = server.request("POST", "/api/sheets",
                                    {"example": SPEC, "count": 6, "seed": seed})
    assert status == 202, answer
    while True:  # as the page asks: a long poll, answered when the run ends
        status, run = server.request("GET", "/api/jobs/%d?wait=1" % answer["id"])
        if run["state"] not in ("waiting", "running"):
            break
    assert run["state"] == "done", run
    status, sheet = server.request("GET", run["files"]["sheet"])
    assert status == 200 and sheet.count(b'class="puzzle"') == 6
    return time.perf_counter() - start


def directly(puzzlegen, seed, folder):
    start = time.perf_counter()
    subprocess.run([puzzlegen, "worksheet", os.path.join(here, "..", "specs", SPEC),
                    "--count", "6", "--seed", str(seed), "-q", "-o",
                    os.path.join(folder, "sheet.html")], check=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--puzzlegen", default=os.path.join(here, "..", "build", "puzzlegen"))
    parser.add_argument("--repeat", type=int, default=9)
    options = parser.parse_args()
    server = Server(options.puzzlegen)
    try:
        # 20 at once, each on its own connection.
        start = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(20) as pool:
            times = list(pool.map(lambda seed: through_server(server, seed), range(1, 21)))
        burst = time.perf_counter() - start
        print("20 concurrent 6-puzzle sheets: 20 of 20 made, all in %.2f s "
              "(slowest request %.2f s)" % (burst, max(times)))
        with tempfile.TemporaryDirectory() as folder:
            served, direct = [], []
            for i in range(options.repeat):  # interleaved, so drift hits both alike
                served.append(through_server(server, 100 + i))
                direct.append(directly(options.puzzlegen, 100 + i, folder))
        s, d = statistics.median(served), statistics.median(direct)
        print("| 6-puzzle sheet | through the page's server | worksheet command | ratio |")
        print("| --- | --- | --- | --- |")
        print("| Instant Insanity, median of %d | %.3f s | %.3f s | %.2fx |"
              % (options.repeat, s, d, s / d))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
