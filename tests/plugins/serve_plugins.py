#!/usr/bin/env python3
"""`puzzlegen --plugin A --plugin B ... serve`: every plugin family that grades its puzzles is
offered on the teacher's page as soon as its plugin is loaded, and a sheet of each is made,
with its answer key, through the page's API.

Usage: serve_plugins.py PUZZLEGEN PLUGIN...   (a .so named after its family, or a model
family's folder)
"""
import http.client
import json
import os
import re
import subprocess
import sys
import time


def family_of(plugin):
    """A plugin's family: a .so is named after it, a model family's folder says it."""
    if os.path.isdir(plugin):
        with open(os.path.join(plugin, "family.yaml")) as manifest:
            for line in manifest:
                if line.startswith("family:"):
                    return line.split(":", 1)[1].strip()
    return os.path.splitext(os.path.basename(plugin))[0]


def main():
    puzzlegen, plugins = sys.argv[1], sys.argv[2:]
    families = [family_of(p) for p in plugins]
    models = {family_of(p) for p in plugins if os.path.isdir(p)}
    command = [puzzlegen]
    for plugin in plugins:
        command += ["--plugin", plugin]
    server = subprocess.Popen(command + ["serve", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    failures = []
    try:
        port = int(re.search(r"127\.0\.0\.1:(\d+)/", server.stdout.readline()).group(1))

        def request(method, path, body=None):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            connection.request(method, path, body=json.dumps(body) if body else None)
            response = connection.getresponse()
            data = response.read()
            connection.close()
            is_json = response.getheader("Content-Type", "").startswith("application/json")
            return response.status, json.loads(data) if is_json else data.decode()

        status, examples = request("GET", "/api/examples")
        offered = {e["family"]: e["id"] for e in examples["examples"]}
        for family in families:
            if offered.get(family) != "plugin/" + family:
                failures.append(f"{family} is not offered on the page: {sorted(offered)}")
                continue
            status, run = request("POST", "/api/sheets",
                                  {"example": "plugin/" + family, "count": 2, "explain": 2})
            if status != 202:
                failures.append(f"a {family} sheet is refused: {status} {run}")
                continue
            for _ in range(1200):
                _, state = request("GET", run["status"])
                if state["state"] not in ("waiting", "running"):
                    break
                time.sleep(0.1)
            if state["state"] != "done":
                failures.append(f"the {family} sheet is not made: {state}")
                continue
            _, sheet = request("GET", state["files"]["sheet"])
            # Each puzzle three times: on the sheet, its answer, and its explained first steps
            # (a model family's grid: twice, it explains no steps).
            if family in models:
                drawn, expected = sheet.count(f'data-family="{family}"'), 4
            else:
                drawn, expected = sheet.count(f'class="{family}"'), 6
            if drawn != expected:
                failures.append(f"{family}: {drawn} drawings on the served sheet, not {expected}")
            else:
                print(f"serve: {family} offered once its plugin is loaded; a sheet of 2 made")
    finally:
        server.terminate()
        server.wait(timeout=30)
    for failure in failures:
        print("FAILED:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
