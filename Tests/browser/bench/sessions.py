"""Offer-countdown pages ticking, 1 to 1,000 at once, over raw sockets (issue 37, point 1): the server's CPU per
page-second above an empty `serve`, memory per page and bytes per page-second, beside the presenter's own work
(the anchor, which `featurehost-bench sessions` measures in the same run and passes as `--anchor-us`). Run from
the package root after a release build:

    swift build -c release --product featurehost
    FEATUREHOST_BINARY=.build/release/featurehost python3 Tests/browser/bench/sessions.py \
        [--counts 1,10,100,1000] [--seconds 10] [--rounds 1] [--anchor-us 4.4] [--page-anchor-us 1.6]

The floor beside them (`featurehost-bench-floor`, found beside FEATUREHOST_BINARY when it was built there: `swift
build -c release --product featurehost-bench-floor`) is the least any server could spend on a ticking page here: one
thread's wake-up a second and a 135-byte send per page, nothing rendered or hopped. Its ratio says how much of the
goal this machine leaves: where the floor itself is past 10× the presenter's work, no server can meet it.

Each count gets a fresh server (and an empty one, measured the same way, gives the idle CPU to subtract). Every
page is a session of its own: its page loaded, its event stream open, its hello sent. One thread reads every
stream and counts the patches each page gets, so a page that stopped ticking shows. CPU is each thread's run time
from `/proc/PID/task/*/schedstat` (nanoseconds; `/proc/PID/stat` counts in 10 ms ticks, too coarse for one page).

A measurement, not a test: it runs for real seconds on purpose."""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from featurehost_server import Server  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
PATCH = b"event: patch\n"


def thread_times(pid: int) -> dict[int, int]:
    """Each live thread's time on a CPU so far, in nanoseconds."""
    times = {}
    for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
        try:
            times[int(task.name)] = int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return times


def tick_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


class CPUWindow:
    """The process's CPU time over a window: exact for the threads alive at its end; a thread that ended
    inside it is counted from the 10 ms ticks instead (the larger of the two answers)."""

    def __init__(self, pid: int):
        self.pid = pid
        self.threads = thread_times(pid)
        self.ticks = tick_seconds(pid)

    def seconds(self) -> float:
        now = thread_times(self.pid)
        exact = sum(spent - self.threads.get(tid, 0) for tid, spent in now.items()) / 1e9
        if all(tid in now for tid in self.threads):
            return exact
        return max(exact, tick_seconds(self.pid) - self.ticks)


def rss_bytes(pid: int) -> int:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def request(server: Server, method: str, path: str, body: str = "") -> bytes:
    head = (f"{method} {path} HTTP/1.1\r\nHost: {server.host}\r\n"
            f"Cookie: featurehost-token={server.token}\r\nConnection: close\r\n")
    if method == "POST":
        head += (f"Origin: {server.origin}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(body.encode())}\r\n")
    with socket.create_connection(server.address, timeout=30) as connection:
        connection.sendall((head + "\r\n" + body).encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


class Streams(threading.Thread):
    """Every page's event stream, read by this one thread: bytes and patches per stream."""

    def __init__(self):
        super().__init__(daemon=True)
        self.selector = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self.bytes: list[int] = []
        self.patches: list[int] = []
        self.tails: list[bytes] = []
        self.stopping = False

    def open(self, server: Server, session: str) -> None:
        connection = socket.create_connection(server.address, timeout=30)
        connection.sendall(
            (f"GET /s/{session}/events?v=0 HTTP/1.1\r\nHost: {server.host}\r\n"
             f"Cookie: featurehost-token={server.token}\r\n\r\n").encode())
        self.adopt(connection)

    def adopt(self, connection: socket.socket) -> None:
        """A connection already open (the floor's), read like a page's stream."""
        connection.setblocking(False)
        with self.lock:
            index = len(self.bytes)
            self.bytes.append(0)
            self.patches.append(0)
            self.tails.append(b"")
            self.selector.register(connection, selectors.EVENT_READ, index)

    def totals(self) -> tuple[int, list[int]]:
        with self.lock:
            return sum(self.bytes), list(self.patches)

    def run(self) -> None:
        while not self.stopping:
            with self.lock:
                ready = self.selector.select(timeout=0.2) if self.selector.get_map() else []
                for key, _ in ready:
                    try:
                        chunk = key.fileobj.recv(65536)
                    except BlockingIOError:
                        continue
                    except OSError:
                        chunk = b""
                    if not chunk:
                        self.selector.unregister(key.fileobj)
                        key.fileobj.close()
                        continue
                    index = key.data
                    self.bytes[index] += len(chunk)
                    text = self.tails[index] + chunk
                    self.patches[index] += text.count(PATCH)
                    self.tails[index] = text[-(len(PATCH) - 1):]
            if not ready:
                time.sleep(0.01)

    def close(self) -> None:
        self.stopping = True
        self.join(timeout=5)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()


def measure(pages: int, seconds: float) -> dict:
    """One server with `pages` ticking pages (0: an empty one) over `seconds`."""
    with tempfile.TemporaryDirectory() as folder:
        args = ["--only", "offer-countdown"]
        if pages > 200:
            args += ["--max-pages", str(pages + 16)]
        server = Server(pathlib.Path(folder) / "data", args=args).drain_output()
        try:
            pid = server.process.pid
            request(server, "GET", "/")  # warm up
            rss_before = rss_bytes(pid)
            streams = Streams()
            streams.start()
            for _ in range(pages):
                page = request(server, "GET", "/f/offer-countdown").decode(errors="replace")
                session = re.search(r'data-fh-session="([0-9a-f]+)"', page).group(1)
                streams.open(server, session)
                request(server, "POST", f"/s/{session}/event", '{"kind":"hello","hourCycle":"h23","visible":true}')
            time.sleep(3)  # every page at its steady tick, the opening's garbage settled
            rss_open = rss_bytes(pid)
            bytes_before, patches_before = streams.totals()
            cpu, wall_before = CPUWindow(pid), time.monotonic()
            time.sleep(seconds)
            spent, wall = cpu.seconds(), time.monotonic() - wall_before
            bytes_after, patches_after = streams.totals()
            rss_after = rss_bytes(pid)
            streams.close()
        finally:
            code = server.stop()
    got = [after - before for before, after in zip(patches_before, patches_after)]
    return {
        "pages": pages, "wall": wall, "cpu": spent, "rss_before": rss_before, "rss_open": rss_open,
        "rss_after": rss_after, "bytes": bytes_after - bytes_before, "fewest_patches": min(got, default=0),
        "patches": sum(got), "exit": code,
    }


def measure_floor(pages: int, seconds: float, binary: pathlib.Path) -> float:
    """The floor's CPU per page-second: `featurehost-bench-floor` sending to `pages` connections read as streams are."""
    with socket.create_server(("127.0.0.1", 0), backlog=max(pages, 16)) as listener:
        listener.settimeout(30)
        process = subprocess.Popen([str(binary), str(listener.getsockname()[1]), str(pages)])
        streams = Streams()
        streams.start()
        try:
            for _ in range(pages):
                streams.adopt(listener.accept()[0])
            time.sleep(2)
            cpu, wall_before = CPUWindow(process.pid), time.monotonic()
            time.sleep(seconds)
            spent, wall = cpu.seconds(), time.monotonic() - wall_before
        finally:
            process.kill()
            process.wait()
            streams.close()
    return spent / (pages * wall) * 1e6


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--counts", default="1,10,100,1000")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--anchor-us", type=float, default=None,
                        help="the presenter's own work per countdown second, µs (featurehost-bench sessions)")
    parser.add_argument("--page-anchor-us", type=float, default=None,
                        help="a page's presenter's work per second (1 wake-up: the browser animates the roll), µs")
    parser.add_argument("--floor-binary", default=None,
                        help="featurehost-bench-floor (default: beside FEATUREHOST_BINARY, when it is there)")
    options = parser.parse_args()
    floor_binary = pathlib.Path(options.floor_binary or pathlib.Path(
        os.environ.get("FEATUREHOST_BINARY", ".build/debug/featurehost")).parent / "featurehost-bench-floor")
    counts = [int(count) for count in options.counts.split(",")]
    anchor, page_anchor = options.anchor_us, options.page_anchor_us
    print(f"binary {os.environ.get('FEATUREHOST_BINARY', '.build/debug/featurehost')}, "
          f"{options.seconds:.0f} s per measurement, {options.rounds} round(s), medians; load average "
          f"{os.getloadavg()[0]:.2f}")
    failed = False
    rows: dict[int, list[dict]] = {count: [] for count in counts}
    idles: list[float] = []
    floors: dict[int, list[float]] = {count: [] for count in counts}
    for _ in range(options.rounds):
        if floor_binary.exists():
            for count in counts:
                floors[count].append(measure_floor(count, options.seconds, floor_binary))
        idle = measure(0, options.seconds)
        idles.append(idle["cpu"] / idle["wall"])
        for count in counts:
            row = measure(count, options.seconds)
            row["idle_rate"] = idles[-1]
            rows[count].append(row)
    idle_rate = statistics.median(idles)
    print(f"empty serve: {idle_rate * 1e6:.0f} µs of CPU per second (subtracted below)")
    if anchor:
        print(f"anchor, the presenter's own work: {anchor:.1f} µs per countdown second")
    if page_anchor:
        print(f"a page's presenter's work: {page_anchor:.1f} µs per second (it wakes once: the browser animates the roll)")
    if floor_binary.exists():
        print("the floor: one thread's wake-up a second and a 135-byte send per page (featurehost-bench-floor), "
              "µs of CPU per page-second: " + ", ".join(
                  f"{count} pages {statistics.median(floors[count]):.1f}"
                  + (f" ({statistics.median(floors[count]) / anchor:.1f}× the presenter's work)" if anchor else "")
                  for count in counts))
    for count in counts:
        per_second = []
        for row in rows[count]:
            above = row["cpu"] - row["idle_rate"] * row["wall"]
            per_second.append(above / (count * row["wall"]) * 1e6)
        cpu = statistics.median(per_second)
        last = rows[count][-1]
        memory = statistics.median((row["rss_after"] - row["rss_before"]) / count / 1024 for row in rows[count])
        wire = statistics.median(row["bytes"] / (count * row["wall"]) for row in rows[count])
        fewest = min(row["fewest_patches"] for row in rows[count])
        ratio = f", {cpu / anchor:.1f}× the presenter's work (goal ≤ 10×)" if anchor else ""
        if page_anchor:
            ratio += f", {cpu / page_anchor:.1f}× the page's presenter's"
        if floors[count]:
            ratio += f", {cpu / statistics.median(floors[count]):.1f}× the floor"
        spread = f" (rounds {min(per_second):.1f}–{max(per_second):.1f})" if len(per_second) > 1 else ""
        print(f"{count:>5} pages: {cpu:.1f} µs CPU per page-second{spread}{ratio}; "
              f"{memory:.1f} KiB per page (RSS {last['rss_before'] / 2**20:.1f} → {last['rss_after'] / 2**20:.1f} MiB); "
              f"{wire:.0f} B per page-second; fewest patches a page got in {last['wall']:.0f} s: {fewest}")
        if fewest < int(options.seconds) - 1 or any(row["exit"] != 0 for row in rows[count]):
            print(f"{count:>5} pages: FAILED: a page missed its patches or the server did not stop cleanly")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
