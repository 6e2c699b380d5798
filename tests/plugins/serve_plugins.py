#!/usr/bin/env python3
"""`puzzlegen --plugin A --plugin B ... serve`: every plugin family that grades its puzzles is
offered on the teacher's page as soon as its plugin is loaded, and a sheet of each is made,
with its answer key, through the page's API. A family that ships its own examples (a `serve/`
folder with their measured levels) has each offered, and every level the page offers for one
makes a sheet: no dead ends.

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
        def sheet_of(example, count, level=None):
            """The sheet the page makes, or None with the failure recorded."""
            body = {"example": example, "count": count, "explain": 2}
            if level:
                body["difficulty"] = level
            status, run = request("POST", "/api/sheets", body)
            if status != 202:
                failures.append(f"a {example} sheet ({level or 'any level'}) is refused: {status} {run}")
                return None
            for _ in range(1200):
                _, state = request("GET", run["status"])
                if state["state"] not in ("waiting", "running"):
                    break
                time.sleep(0.1)
            if state["state"] != "done":
                failures.append(f"the {example} sheet ({level or 'any level'}) is not made: {state}")
                return None
            return request("GET", state["files"]["sheet"])[1]

        for family in families:
            mine = [e for e in examples["examples"] if e["family"] == family]
            if not mine or not all(e["id"].startswith("plugin/" + family) for e in mine):
                failures.append(f"{family} is not offered on the page: "
                                f"{sorted(e['family'] for e in examples['examples'])}")
                continue
            for example in mine:
                sheet = sheet_of(example["id"], 2)
                if sheet is None:
                    continue
                # Each puzzle three times: on the sheet, its answer, and its explained first
                # steps (a model family's grid: twice, it explains no steps).
                if family in models:
                    drawn, expected = sheet.count(f'data-family="{family}"'), 4
                else:
                    drawn, expected = sheet.count(f'class="{family}"'), 6
                if drawn != expected:
                    failures.append(f"{family}: {drawn} drawings on the served sheet, not {expected}")
                    continue
                levels = [o["level"] for o in example["offers"] if o["level"] != "any"]
                # Measured examples: every level offered makes a sheet (one puzzle each).
                measured = example["id"] != "plugin/" + family
                for level in levels if measured else []:
                    if sheet_of(example["id"], 1, level) is None:
                        break
                print(f"serve: {example['id']} offered once its plugin is loaded; a sheet of 2 made"
                      + (f", and one at each level offered ({', '.join(levels)})" if measured else ""))
    finally:
        server.terminate()
        server.wait(timeout=30)
    for failure in failures:
        print("FAILED:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
