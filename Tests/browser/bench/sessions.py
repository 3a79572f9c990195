"""100 concurrent offer-countdown sessions ticking: server CPU per session-second, memory per session,
bytes per session-second. Run from the package root after a release build:

    swift build -c release --product featurehost
    FEATUREHOST_BINARY=.build/release/featurehost python3 Tests/browser/bench/sessions.py [SESSIONS] [SECONDS]

A measurement, not a test: it runs for real seconds on purpose."""

import os
import pathlib
import re
import socket
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from featurehost_server import Server  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


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


class Stream(threading.Thread):
    """One page's event stream, read until the server closes it; counts bytes."""

    def __init__(self, server: Server, session: str):
        super().__init__(daemon=True)
        self.connection = socket.create_connection(server.address, timeout=60)
        self.connection.sendall(
            (f"GET /s/{session}/events?v=0 HTTP/1.1\r\nHost: {server.host}\r\n"
             f"Cookie: featurehost-token={server.token}\r\n\r\n").encode())
        self.bytes = 0

    def run(self):
        try:
            while chunk := self.connection.recv(65536):
                self.bytes += len(chunk)
        except OSError:
            pass


def main():
    sessions = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10
    with tempfile.TemporaryDirectory() as folder:
        server = Server(pathlib.Path(folder) / "data", args=["--only", "offer-countdown"])
        pid = server.process.pid
        request(server, "GET", "/")  # warm up
        rss_before = rss_bytes(pid)
        streams = []
        for _ in range(sessions):
            page = request(server, "GET", "/f/offer-countdown").decode(errors="replace")
            session = re.search(r'data-fh-session="([0-9a-f]+)"', page).group(1)
            stream = Stream(server, session)
            stream.start()
            streams.append(stream)
            request(server, "POST", f"/s/{session}/event", '{"kind":"hello","hourCycle":"h23","visible":true}')
        time.sleep(2)  # let every session reach its steady tick before measuring
        rss_open = rss_bytes(pid)
        bytes_before = sum(stream.bytes for stream in streams)
        cpu_before, wall_before = cpu_seconds(pid), time.monotonic()
        time.sleep(seconds)
        cpu, wall = cpu_seconds(pid) - cpu_before, time.monotonic() - wall_before
        sent = sum(stream.bytes for stream in streams) - bytes_before
        rss_after = rss_bytes(pid)
        code = server.stop()
        session_seconds = sessions * wall
        print(f"sessions: {sessions}, measured over {wall:.1f} s, binary {server.process.args[0]}")
        print(f"server CPU: {cpu * 1000:.0f} ms = {cpu / session_seconds * 1e6:.0f} µs per session-second "
              f"({cpu / wall * 100:.1f} % of one core)")
        print(f"memory: {rss_before / 2**20:.1f} MiB before, {rss_open / 2**20:.1f} MiB with the sessions, "
              f"{rss_after / 2**20:.1f} MiB after {wall:.0f} s; "
              f"{(rss_after - rss_before) / sessions / 1024:.0f} KiB per session (goal < 1 MiB)")
        print(f"bytes: {sent / session_seconds:.0f} B per session-second on the wire (SSE framing included)")
        print(f"exit code after SIGTERM: {code}")


if __name__ == "__main__":
    main()
