#!/usr/bin/python3
"""`puzzlegen serve` against hostile connections, on real sockets to loopback: a request head
past the header limits is refused with 431, and clients that send a request slowly and never
finish it neither keep others from being answered nor keep their connection for long.

Usage: test_connections.py PUZZLEGEN"""
import os
import select
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server import Checks, Server  # noqa: E402

check = Checks()


def exchange(server, head, timeout=20):
    """Sends a request head on a fresh connection; the answer's status and its bytes."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as sock:
        try:
            sock.sendall(head)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the answer may have come before all was sent
        answer = b""
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    break
                answer += data
        except (ConnectionResetError, socket.timeout):
            pass
    status = answer.split(b" ", 2)[1] if answer.startswith(b"HTTP/1.1 ") else b"none"
    return int(status) if status.isdigit() else 0, answer


def request(headers):
    lines = [b"GET /api/examples HTTP/1.1", b"Host: 127.0.0.1", b"Connection: close"] + headers
    return b"\r\n".join(lines) + b"\r\n\r\n"


def trickle(port, started, ended, index):
    """A request sent a byte every half second and never finished; when the server ended it."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(b"POST /api/sheets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        while time.time() - started < 25:
            try:
                sock.sendall(b"x")
            except OSError:
                break
            readable, _, _ = select.select([sock], [], [], 0.5)
            if readable:
                try:
                    if not sock.recv(4096):
                        break
                except OSError:
                    break
    ended[index] = time.time() - started


def main():
    server = Server(sys.argv[1])
    try:
        status, answer = exchange(server, request([b"X-Many-%d: 1" % i for i in range(10000)]))
        check(status == 431 and b"headers" in answer,
              "10,000 headers are refused with 431 (got %d)" % status)
        status, answer = exchange(server, request([b"X-Big-%d: " % i + b"y" * 7000
                                                   for i in range(8)]))
        check(status == 431, "8 headers of 7,000 bytes (56 KB in all) are refused with 431 "
              "(got %d)" % status)
        status, answer = exchange(server, request([b"X-Few-%d: 1" % i for i in range(30)]))
        check(status == 200 and b'"examples"' in answer, "30 headers are answered (got %d)"
              % status)
        status, _ = server.request("GET", "/api/examples")
        check(status == 200, "the server keeps serving after the refusals")

        # Twelve clients sending a request a byte at a time: another is still answered at once,
        # and each slow one is cut off once its request has taken its time (10 s).
        started = time.time()
        ended = [None] * 12
        slow = [threading.Thread(target=trickle, args=(server.port, started, ended, i))
                for i in range(12)]
        for thread in slow:
            thread.start()
        time.sleep(1)
        asked = time.time()
        try:
            status, _ = server.request("GET", "/api/examples", timeout=5)
        except OSError as error:
            status = str(error)
        check(status == 200, "with 12 slow clients a request is answered within 5 s "
              "(%s after %.1f s)" % (status, time.time() - asked))
        for thread in slow:
            thread.join()
        check(all(end is not None and end < 16 for end in ended),
              "the slow clients are cut off within 16 s (after %s s)"
              % sorted(round(end, 1) for end in ended if end is not None))
    finally:
        code = server.stop()
    check(code == 0, "SIGTERM stops the server with exit 0 (got %s)" % code)
    return check.exit_code()


if __name__ == "__main__":
    sys.exit(main())
