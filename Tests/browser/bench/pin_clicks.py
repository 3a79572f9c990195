"""Server CPU per pin click on the real path (issue 37, point 2): `featurehost serve --only transactions` with its
real data directory (the preferences file a pin saves to), one page's event stream open over a raw socket, and
CLICKS pin toggles POSTed over HTTP 150 ms apart, each waited for until its patch arrives on the stream. The
server's CPU (utime + stime from /proc) over the clicks, less its idle CPU over as long with the stream open, is
divided by the clicks.

The anchor is the same event's own work, measured in process by `featurehost-bench pin-clicks` in the same run
(the event handled, rendered and diffed), twice: back to back (`--anchor-us`), and with the toggles 150 ms apart as
here (`--spaced-anchor-us`), where the caches are as cold as this path finds them (about 2.3× the back-to-back
figure on this machine). Goal: at most 1.3× the spaced one, like for like. Run from the package root after a
release build:

    swift run -c release --skip-build featurehost-bench pin-clicks

or by hand: FEATUREHOST_BINARY=.build/release/featurehost python3 Tests/browser/bench/pin_clicks.py --anchor-us N

A measurement, not a test: it runs for real seconds on purpose."""

import argparse
import os
import pathlib
import re
import socket
import statistics
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from featurehost_server import Server  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
GOAL = 1.3


def cpu_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


class Connection:
    """One keep-alive connection for the POSTs, as a browser keeps one (with its `Connection: keep-alive`)."""

    def __init__(self, server: Server):
        self.server = server
        self.connect()

    def connect(self):
        self.socket = socket.create_connection(self.server.address, timeout=30)
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.pending = b""

    def request(self, method: str, path: str, body: str = "") -> bytes:
        """On a new connection when the server has closed an idle one, as a browser does."""
        try:
            return self.exchange(method, path, body)
        except (RuntimeError, OSError):
            self.socket.close()
            self.connect()
            return self.exchange(method, path, body)

    def exchange(self, method: str, path: str, body: str) -> bytes:
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.server.host}\r\n"
                f"Cookie: featurehost-token={self.server.token}\r\nConnection: keep-alive\r\n")
        if method == "POST":
            head += (f"Origin: {self.server.origin}\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(body.encode())}\r\n")
        self.socket.sendall((head + "\r\n" + body).encode())
        while b"\r\n\r\n" not in self.pending:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise RuntimeError(f"the server closed the connection during {method} {path}")
            self.pending += chunk
        head, self.pending = self.pending.split(b"\r\n\r\n", 1)
        match = re.search(rb"(?i)content-length:\s*(\d+)", head)
        length = int(match.group(1)) if match else 0
        while len(self.pending) < length:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise RuntimeError(f"the server closed the connection during {method} {path}")
            self.pending += chunk
        body, self.pending = self.pending[:length], self.pending[length:]
        return head + b"\r\n\r\n" + body


class Stream(threading.Thread):
    """The page's event stream; counts the patches (`event: patch`) it has seen."""

    def __init__(self, server: Server, session: str):
        super().__init__(daemon=True)
        self.socket = socket.create_connection(server.address, timeout=60)
        self.socket.sendall(
            (f"GET /s/{session}/events?v=0 HTTP/1.1\r\nHost: {server.host}\r\n"
             f"Cookie: featurehost-token={server.token}\r\n\r\n").encode())
        self.patches = 0
        self.changed = threading.Condition()

    def run(self):
        seen = b""
        try:
            while chunk := self.socket.recv(65536):
                seen = (seen + chunk)[-64:] if b"patch" not in chunk else seen + chunk
                count = seen.count(b"event: patch")
                if count:
                    seen = seen[seen.rfind(b"event: patch") + 12:]
                    with self.changed:
                        self.patches += count
                        self.changed.notify_all()
        except OSError:
            pass

    def wait_for(self, patches: int, timeout: float = 10):
        with self.changed:
            if not self.changed.wait_for(lambda: self.patches >= patches, timeout):
                raise RuntimeError(f"no patch {patches} on the stream within {timeout} s")


def run(clicks: int, spacing: float) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(pathlib.Path(folder) / "data", args=["--only", "transactions"]).drain_output()
        try:
            pid = server.process.pid
            posts = Connection(server)
            page = posts.request("GET", "/f/transactions").decode(errors="replace")
            session = re.search(r'data-fh-session="([0-9a-f]+)"', page).group(1)
            stream = Stream(server, session)
            stream.start()
            posts.request("POST", f"/s/{session}/event", '{"kind":"hello","hourCycle":"h23","visible":true}')
            time.sleep(1)  # the hello's patch and the first load settle before anything is measured
            click = '{"kind":"click","action":"pin-0-1"}'  # the first row of the starter data (id 1)
            for _ in range(10):  # warm-up: the first save makes the file, the first renders warm the caches
                before = stream.patches
                posts.request("POST", f"/s/{session}/event", click)
                stream.wait_for(before + 1)
                time.sleep(spacing)
            time.sleep(1.5)  # the warm-up's deferred fsync runs before the idle window
            idle_start, idle_wall = cpu_seconds(pid), time.monotonic()
            time.sleep(clicks * spacing)
            idle = (cpu_seconds(pid) - idle_start) / (time.monotonic() - idle_wall)
            latencies = []
            start, wall = cpu_seconds(pid), time.monotonic()
            for _ in range(clicks):
                before, sent = stream.patches, time.monotonic()
                posts.request("POST", f"/s/{session}/event", click)
                stream.wait_for(before + 1)
                latencies.append((time.monotonic() - sent) * 1000)
                time.sleep(max(0.0, spacing - (time.monotonic() - sent)))
            time.sleep(1.5)  # the burst's one deferred fsync is part of its cost
            elapsed = time.monotonic() - wall
            cpu = cpu_seconds(pid) - start - idle * elapsed
        finally:
            code = server.stop()
    return {"cpu_us": cpu / clicks * 1e6, "idle_ms_per_s": idle * 1000, "latency_ms": statistics.median(latencies),
            "code": code}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clicks", type=int, default=80)
    parser.add_argument("--spacing", type=float, default=0.15)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--anchor-us", type=float, default=0, help="the event's own work, in process, back to back (µs)")
    parser.add_argument("--spaced-anchor-us", type=float, default=0,
                        help="the same, toggles as far apart as here (µs): the like-for-like anchor the goal is judged on")
    arguments = parser.parse_args()
    load = os.getloadavg()[0]
    results = [run(arguments.clicks, arguments.spacing) for _ in range(arguments.rounds)]
    figures = sorted(result["cpu_us"] for result in results)
    for index, result in enumerate(results, 1):
        print(f"round {index}: {result['cpu_us']:.0f} µs server CPU per pin click over {arguments.clicks} clicks "
              f"{arguments.spacing * 1000:.0f} ms apart (idle {result['idle_ms_per_s']:.2f} ms/s subtracted); "
              f"POST → patch on the stream {result['latency_ms']:.2f} ms median; exit {result['code']}")
    median = statistics.median(figures)
    line = f"server CPU per pin click, real path (sockets, HTTP, the preferences file): median {median:.0f} µs " \
           f"({figures[0]:.0f}–{figures[-1]:.0f})"
    if arguments.anchor_us > 0:
        line += f", {median / arguments.anchor_us:.2f}× the event's own work back to back ({arguments.anchor_us:.0f} µs in process)"
    if arguments.spaced_anchor_us > 0:
        ratio = median / arguments.spaced_anchor_us
        line += (f", {ratio:.2f}× it {arguments.spacing * 1000:.0f} ms apart ({arguments.spaced_anchor_us:.0f} µs); "
                 f"goal ≤ {GOAL}×" + ("" if ratio <= GOAL else " MISSED"))
    print(line)
    print(f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
