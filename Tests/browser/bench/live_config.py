"""Save to screen (issue 32): how long after a config file is saved its change is on each surface, beside the
anchor of the same save seen by a bare inotify watch in this process (what the OS itself takes to say the folder
changed). Run from the package root after a release build:

    swift build -c release --product featurehost
    FEATUREHOST_BINARY=.build/release/featurehost python3 Tests/browser/bench/live_config.py [--rounds N]

Each round saves the config as editors do (a new file renamed over the old one), turning chats on. The web figure
is from the rename to the `home` event on an open home page's event stream (`/home/events`, with the token cookie,
as a browser holds it); the terminal's, from the rename to the new row ("Chats") in the output of `featurehost`
running in a pseudo-terminal. Between rounds chats is turned off again and the surfaces settle (not timed). The
median and the worst round are printed, with each median's ratio to the anchor's.

A measurement, not a test: the machine is shared and the figures move with its load (printed with them)."""

from __future__ import annotations

import argparse
import ctypes
import fcntl
import http.client
import json
import os
import pathlib
import pty
import re
import select
import signal
import socket
import statistics
import struct
import sys
import tempfile
import termios
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from featurehost_server import Server, binary  # noqa: E402

IN_MOVED_TO = 0x80
IN_CLOSE_WRITE = 0x08
BOUND = 10.0  # seconds: a round that takes longer is a failure, not a figure


def config(chats: bool) -> dict:
    return {"features": [{"id": "offer-countdown", "settings": {"rollDuration": 0}},
                         {"id": "transactions", "source": {"kind": "in-memory"}},
                         {"id": "chats", "source": {"kind": "plist"}, "enabled": chats}]}


def save(path: pathlib.Path, chats: bool) -> int:
    """Writes the config whole and renames it over; returns the monotonic time of the rename, in ns."""
    temporary = path.with_name("." + path.name + ".swp")
    temporary.write_text(json.dumps(config(chats)))
    start = time.monotonic_ns()
    os.rename(temporary, path)
    return start


class Inotify:
    """The anchor: a bare inotify watch on the config's folder, read with a blocking poll."""

    def __init__(self, folder: pathlib.Path):
        self.libc = ctypes.CDLL("libc.so.6", use_errno=True)
        self.fd = self.libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.fd < 0 or self.libc.inotify_add_watch(self.fd, str(folder).encode(), IN_MOVED_TO | IN_CLOSE_WRITE) < 0:
            raise OSError(ctypes.get_errno(), "inotify")

    def drain(self) -> None:
        while select.select([self.fd], [], [], 0)[0]:
            os.read(self.fd, 65536)

    def wait(self) -> int:
        if not select.select([self.fd], [], [], BOUND)[0]:
            raise RuntimeError("inotify said nothing")
        now = time.monotonic_ns()
        os.read(self.fd, 65536)
        return now


class HomeStream:
    """An open home page's event stream, as the browser holds it."""

    def __init__(self, server: Server):
        connection = http.client.HTTPConnection(*server.address, timeout=BOUND)
        connection.request("GET", f"/?token={server.token}", headers={"Host": server.host})
        answer = connection.getresponse()
        answer.read()
        cookie = answer.getheader("Set-Cookie", "").split(";")[0]
        self.socket = socket.create_connection(server.address, timeout=BOUND)
        self.socket.sendall(
            f"GET /home/events HTTP/1.1\r\nHost: {server.host}\r\nCookie: {cookie}\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.buffer = b""

    def drain(self) -> None:
        self.socket.setblocking(False)
        try:
            while True:
                chunk = self.socket.recv(65536)
                if not chunk:
                    break
        except BlockingIOError:
            pass
        self.socket.setblocking(True)
        self.buffer = b""

    def wait_for_home(self) -> int:
        deadline = time.monotonic() + BOUND
        while b"event: home" not in self.buffer:
            if time.monotonic() > deadline:
                raise RuntimeError("no home event")
            self.socket.settimeout(max(deadline - time.monotonic(), 0.01))
            self.buffer += self.socket.recv(65536)
        now = time.monotonic_ns()
        self.buffer = b""
        return now


class Shell:
    """`featurehost` in a pseudo-terminal of 100×30, its output read as it comes."""

    ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\x1b\][^\x07]*\x07")

    def __init__(self, config_file: pathlib.Path, data: pathlib.Path):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.update(TERM="xterm-256color", LANG="en_US.UTF-8", FEATUREHOST_CONFIG="")
            os.execv(str(binary()), [str(binary()), "--config", str(config_file), "--data-dir", str(data)])
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.text = b""
        self.wait_for(b"Offer countdown")

    def read(self, timeout: float) -> None:
        if select.select([self.fd], [], [], timeout)[0]:
            try:
                self.text += self.ESCAPES.sub(b"", os.read(self.fd, 65536))
            except OSError:
                raise RuntimeError("the shell ended")

    def wait_for(self, needle: bytes) -> int:
        deadline = time.monotonic() + BOUND
        while needle not in self.text:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the shell never showed {needle!r}")
            self.read(max(deadline - time.monotonic(), 0.01))
        now = time.monotonic_ns()
        return now

    def settle(self) -> None:
        end = time.monotonic() + 0.3
        while time.monotonic() < end:
            self.read(0.05)
        self.text = b""

    def stop(self) -> None:
        os.kill(self.pid, signal.SIGTERM)
        os.waitpid(self.pid, 0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = pathlib.Path(folder)
        serve_data = root / "serve-data"
        server = Server(serve_data, config=config(False))
        config_file = server.config_file
        shell = Shell(config_file, root / "shell-data")
        anchor = Inotify(config_file.parent)
        stream = HomeStream(server)
        figures: dict[str, list[float]] = {"anchor": [], "web": [], "terminal": []}
        try:
            for _ in range(arguments.rounds):
                anchor.drain()
                stream.drain()
                shell.settle()
                saved = save(config_file, True)
                figures["anchor"].append((anchor.wait() - saved) / 1e6)
                figures["web"].append((stream.wait_for_home() - saved) / 1e6)
                figures["terminal"].append((shell.wait_for(b"Chats") - saved) / 1e6)
                save(config_file, False)
                stream.wait_for_home()
                time.sleep(0.3)  # the off save settles on both surfaces (not timed)
        finally:
            shell.stop()
            server.stop()
    load = os.getloadavg()[0]
    print(f"{arguments.rounds} saves, load average {load:.2f}; goal: within 1000 ms on both surfaces", flush=True)
    anchor_median = statistics.median(figures["anchor"])
    for name, label in (("anchor", "inotify sees the rename (anchor)"), ("web", "save to the open home page"),
                        ("terminal", "save to the shell's screen")):
        values = figures[name]
        median = statistics.median(values)
        ratio = "" if name == "anchor" else f", {median / anchor_median:.0f}× the anchor"
        print(f"{label}: median {median:.2f} ms, worst {max(values):.2f} ms{ratio}", flush=True)


if __name__ == "__main__":
    main()
