"""Starting and stopping a real `puzzlegen serve` for the tests and the benchmark."""
import atexit
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.parse

# The servers a test starts make their private folders in a temporary folder of the test's
# own, so that tests run at the same time do not see each other's folders.
_TEMPORARY = tempfile.mkdtemp(prefix="serve-test-")
os.environ["TMPDIR"] = _TEMPORARY
atexit.register(shutil.rmtree, _TEMPORARY, True)


class Server:
    """`puzzlegen serve --port 0 ARGS` on loopback; stopped by its pid with SIGTERM."""

    def __init__(self, puzzlegen, *args):
        self.process = subprocess.Popen(
            [puzzlegen, "serve", "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:([0-9]+)/", line)
        if not found:
            self.process.kill()
            raise RuntimeError("the server printed no URL: " + line + self.process.stderr.read())
        self.port = int(found.group(1))
        self.url = found.group(0)

    def request(self, method, path, body=None, headers=None, timeout=60):
        """(status, parsed JSON or bytes) of one request on a fresh connection."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        connection.request(method, path, body=data, headers=headers or {})
        response = connection.getresponse()
        payload = response.read()
        connection.close()
        if response.getheader("Content-Type", "").startswith("application/json"):
            return response.status, json.loads(payload)
        return response.status, payload

    def wait(self, run_id, timeout=120):
        """The run's status once it has finished."""
        end = time.time() + timeout
        while time.time() < end:
            status, run = self.request("GET", "/api/jobs/%d" % run_id)
            assert status == 200, (status, run)
            if run["state"] not in ("waiting", "running"):
                return run
            time.sleep(0.1)
        raise AssertionError("run %d did not finish in %d s" % (run_id, timeout))

    def stop(self):
        """SIGTERM by pid; the exit code (0 for a clean stop)."""
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=30)
        finally:
            if self.process.poll() is None:
                self.process.kill()


class Checks:
    """Named checks that print as they go; the test's exit code is 1 when any failed."""

    def __init__(self):
        self.failures = []

    def __call__(self, condition, what):
        print(("ok   " if condition else "FAIL ") + what)
        if not condition:
            self.failures.append(what)

    def exit_code(self):
        if self.failures:
            print("%d check(s) failed" % len(self.failures))
        return 1 if self.failures else 0


def private_folders():
    """The servers' private folders in the temporary directory."""
    folder = os.environ.get("TMPDIR", "/tmp")
    return {name for name in os.listdir(folder) if name.startswith("puzzlegen-serve-")}


def pdf_pages(data):
    found = re.search(rb"/Type\s*/Pages\b[^>]*?/Count\s+([0-9]+)", data)
    return int(found.group(1)) if found else 0


def path_of(url):
    return urllib.parse.urlparse(url).path
