#!/usr/bin/python3
"""`puzzlegen serve` at the HTTP level: every limit and bad request gets its documented status
and message while a good request running beside them still succeeds; runs can be cancelled;
the server stops cleanly on SIGTERM and leaves no private folder behind.

Usage: test_http.py PUZZLEGEN"""
import concurrent.futures
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server import Checks, Server, private_folders  # noqa: E402

check = Checks()

# A sheet that runs until its time limit: random twelve-cube towers almost never have exactly
# one solution, and random draws never prove there are too few.
SLOW = {"yaml": "puzzle: instant-insanity\nparameters: {cubes: 12}\n"
                "solutions: {all-different: {exactly: 1}}\ngenerate: {strategy: random}\n",
        "count": 30}


def refused(server, path, body, status, words, field=None, headers=None):
    got, answer = server.request("POST", path, body, headers)
    message = answer.get("error", {}) if isinstance(answer, dict) else {}
    text = message.get("text", "") + " " + message.get("message", "")
    check(got == status and all(w in text for w in words)
          and (field is None or message.get("field") == field),
          "%s %s -> %d %s (got %d: %s)" % (path, str(body)[:60], status, words, got, text.strip()))


def main():
    puzzlegen = sys.argv[1]
    before = private_folders()
    server = Server(puzzlegen, "--jobs", "1")
    try:
        status, examples = server.request("GET", "/api/examples")
        check(status == 200 and len(examples["examples"]) >= 5, "the examples are listed")
        ids = [e["id"] for e in examples["examples"]]
        check("instant-insanity/unique-tower.yaml" in ids and
              "cube36/unique-n5.yaml" in ids, "Instant Insanity and the 36 Cube are offered")

        # A good request that takes a few seconds, running while the bad ones are answered.
        status, good = server.request("POST", "/api/sheets", {
            "example": "eight-blocks/eight-cubes-one-solid.yaml", "count": 8, "key": "separate"})
        check(status == 202, "a good sheet is accepted (202)")

        tower = "instant-insanity/unique-tower.yaml"
        refused(server, "/api/sheets", b"x" * (100 * 1024), 413, ["larger"])
        refused(server, "/api/sheets", b"not json", 400, ["JSON object"])
        refused(server, "/api/sheets", {"yaml": "puzzle: no-such-family\n"}, 400,
                ["spec.yaml:1:9", "no-such-family"])
        refused(server, "/api/sheets", {"example": tower, "count": 0}, 400,
                ["count", "1 to 30"], "count")
        refused(server, "/api/sheets", {"example": tower, "count": 10000}, 400,
                ["count", "1 to 30"], "count")
        refused(server, "/api/sheets", {"example": tower, "count": "6"}, 400, ["count"], "count")
        refused(server, "/api/sheets", {"yaml": "puzzle: [instant-insanity\n"}, 400,
                ["spec.yaml:"])
        refused(server, "/api/sheets", {
            "yaml": "puzzle: instant-insanity\ngiven: ../../../../etc/passwd\n"}, 400,
            ["spec.yaml:2:8", "given", "outside"])
        refused(server, "/api/sheets", {
            "yaml": "puzzle: instant-insanity\ngiven: /etc/passwd\n"}, 400,
            ["given", "absolute"])
        refused(server, "/api/sheets", {"example": "../../etc/passwd"}, 404, ["no example"])
        refused(server, "/api/sheets", {"example": tower, "paper": "a3"}, 400, ["paper"], "paper")
        refused(server, "/api/sheets", {"example": tower, "scale": 9}, 400, ["scale"], "scale")
        for explain in [51, -1, "3", 1.5]:
            refused(server, "/api/sheets", {"example": tower, "explain": explain}, 400,
                    ["explain must be a whole number from 0 to 50"], "explain")
        refused(server, "/api/sheets", {"example": tower, "colour": 1}, 400,
                ["unknown field 'colour'"])
        refused(server, "/api/sheets", {"example": "eight-blocks/eight-cubes-one-solid.yaml",
                                        "difficulty": "hard"}, 400, ["does not grade"])
        refused(server, "/api/sheets", {"yaml": "x" * 40000}, 400, ["at most"], "yaml")
        refused(server, "/api/sheets", {
            "yaml": "puzzle: instant-insanity\ngenerate: {threads: 64}\n"}, 400,
            ["one core"], "generate.threads")
        # A seed is a whole number from 0 to 2^63 - 1 (or its digits as text), never quietly
        # the spec's own.
        for seed in ["abc", None, -5, 1.5, 2 ** 63, "", "+5", " 5", "1e3", True]:
            refused(server, "/api/sheets", {"example": tower, "seed": seed}, 400,
                    ["seed must be a whole number from 0 to 9223372036854775807"], "seed")
        refused(server, "/api/instances", {"example": tower, "seed": "abc"}, 400, ["seed"],
                "seed")
        refused(server, "/api/instances", {"example": tower, "instances": 51}, 400,
                ["instances"], "instances")
        refused(server, "/api/check", {"yaml": "puzzle: instant-insanity\nparameters: {cubes: x}\n"},
                400, ["spec.yaml:2:21: error: parameters.cubes"])
        refused(server, "/api/sheets", {"example": tower}, 403, ["127.0.0.1"],
                headers={"Host": "attacker.example:80"})

        status, answer = server.request("GET", "/api/jobs/99999")
        check(status == 404, "an unknown run is 404")
        for path in ["/api/jobs/1/../../../etc/passwd", "/etc/passwd", "/api/jobs/1/log.txt",
                     "/api/jobs/1/spec.yaml", "/%2e%2e/%2e%2e/etc/passwd"]:
            status, answer = server.request("GET", path)
            check(status == 404, "GET %s is 404 (got %d)" % (path, status))

        run = server.wait(good["id"])
        check(run["state"] == "done", "the good sheet was made beside the refusals")
        status, sheet = server.request("GET", run["files"]["sheet"])
        check(status == 200 and sheet.count(b'class="puzzle"') == 8, "its 8 puzzles are served")
        status, key = server.request("GET", run["files"]["key"])
        check(status == 200 and b"answer-key" in key, "its separate key is served")

        # The sheet's progress comes as data (worksheet --progress-format json), and the status
        # is made from it: the seed of its first puzzle, and how far it got in words.
        status, seeded = server.request("POST", "/api/sheets",
                                        {"example": tower, "count": 2, "seed": "5"})
        run = server.wait(seeded["id"])
        events = []
        for line in run["log"].splitlines():
            try:
                events.append(json.loads(line))
            except ValueError:
                events.append({"event": "words: " + line})
        check(run["state"] == "done" and [e["event"] for e in events] ==
              ["part", "puzzle", "puzzle", "drawing", "wrote"],
              "a sheet reports its progress as JSON Lines (%s)" % run["log"][:200])
        check(run.get("seed") == 5 and run["progress"] == "Done",
              "its status says its seed, and that it is done (%s, %s)"
              % (run.get("seed"), run["progress"]))

        # A key that explains: each answer's first steps in words, marked on its drawing.
        status, explained = server.request("POST", "/api/sheets",
                                           {"example": tower, "count": 1, "explain": 4})
        run = server.wait(explained["id"])
        status, sheet = server.request("GET", run["files"]["sheet"])
        check(run["state"] == "done" and sheet.count(b'<ol class="steps">') == 1 and
              sheet.count(b"<li>") >= 4 and b'class="step"' in sheet,
              "a sheet asked to explain 4 steps has them in its key, marked on the drawing")

        # While a sheet runs its progress is words a teacher reads: how many puzzles are found
        # of how many, and about how long is left; never a command line.
        # Thirty 5-cube towers take a tenth of a second or so: polled without a pause, or the
        # sheet is done before a count is seen.
        status, many = server.request("POST", "/api/sheets",
                                      {"example": "instant-insanity/unique-tower-n5.yaml",
                                       "count": 30})
        words = set()
        while True:
            status, run = server.request("GET", "/api/jobs/%d" % many["id"])
            words.add(run["progress"])
            if run["state"] not in ("waiting", "running"):
                break
        found = [w for w in words if re.match(
            r"^[0-9]+ of 30 puzzles found(, (a few seconds|about [0-9]+ (s|min)) left)?$", w)]
        check(run["state"] == "done" and found and not any("--" in w for w in words),
              "progress in words while a sheet runs (%s)" % sorted(words))

        # Cancelling: a long run ends, its process with it.
        status, slow = server.request("POST", "/api/sheets", SLOW)
        time.sleep(0.5)
        server.request("POST", "/api/jobs/%d/cancel" % slow["id"], {})
        run = server.wait(slow["id"], 20)
        check(run["state"] == "cancelled", "a cancelled run says so (%s)" % run["state"])

        # Full: one run at a time and 32 waiting; the rest are refused with 429, none hang.
        def post(_):
            return server.request("POST", "/api/sheets", SLOW)
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(post, range(40)))
        codes = [status for status, _ in answers]
        check(codes.count(202) >= 32 and codes.count(429) >= 1 and
              set(codes) <= {202, 429}, "a full queue answers 429 (%s)" % sorted(set(codes)))
        for status, answer in answers:
            if status == 202:
                server.request("POST", "/api/jobs/%d/cancel" % answer["id"], {})
        status, _ = server.request("GET", "/api/examples")
        check(status == 200, "the server keeps serving")
    finally:
        code = server.stop()
    check(code == 0, "SIGTERM stops the server with exit 0 (got %s)" % code)
    check(private_folders() == before, "the private folder is removed")
    return check.exit_code()


if __name__ == "__main__":
    sys.exit(main())
