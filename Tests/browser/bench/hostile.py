"""One session renders the worst a server can send while other pages tick (issue 24, point 4), against a real
`featurehost serve` on loopback. Raw sockets and asyncio, no browser. From the package root, after a release build:

    swift build -c release --product featurehost
    FEATUREHOST_BINARY=.build/release/featurehost python3 Tests/browser/bench/hostile.py [--sessions 50] [--seconds 30]

A hostile loopback backend serves a chat list whose every message and name is megabytes long (one of 5 MB), an
article with a 5 MB title and one whose 200 paragraphs hold 100,000 characters each (20 MB: past a page's budget),
and a 10 MB error message for an invitation. While `--sessions` countdown pages tick, one client opens the chats
page, the news list, that article and the invitation form in turn, as fast as each answers, for `--seconds`.
Printed: the countdown pages' largest gap between two patches (a tick a second: 1 s is no delay), how long each
hostile page took from its hello (or click) to the patch that shows it, the server's CPU and memory.
Exit status 1 when a countdown page waited more than 2 s or a hostile page never showed."""

from __future__ import annotations

import argparse
import asyncio
import json
import pathlib
import re
import statistics
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from featurehost_server import Server  # noqa: E402
from load import LegitSession, Response, Target, cpu_seconds, exchange, mib, open_sessions, rss_bytes, summarize  # noqa: E402

MB = 1_000_000
HELLO = b'{"kind":"hello","hourCycle":"h23","visible":true}'


class Backend:
    """The chats service, the articles API and the invitation backend, each as hostile as its reply may be."""

    def __init__(self):
        self.chats = json.dumps([
            {"identifier": index, "fullname": ("\u202eMallory " if index == 0 else "Eve ") + "n" * (5 * MB if index == 0 else 100_000),
             "avatarURL": "", "message": "spam " * ((5 * MB if index == 0 else 200_000) // 5),
             "unreadMessagesCount": 2**63 - 1, "sendingDate": f"2026-03-16T{10 + index % 10:02}:00:00Z"}
            for index in range(20)]).encode()
        self.articles = json.dumps({"status": "success", "content": [
            {"id": 1, "title": "Huge " + "title " * (5 * MB // 6), "dateTime": "16.03.2026 12:00"},
            {"id": 2, "title": "The longest article", "dateTime": "15.03.2026 12:00",
             "content": [{"type": "text", "subject": f"Part {n}", "description": "word " * 20_000} for n in range(200)]},
        ]}).encode()
        self.rejection = json.dumps({"errorMessage": "this address is not welcome here. " * (10 * MB // 34)}).encode()
        backend = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, *args):
                pass

            def do_GET(self):
                self.answer(200, {"/chats": backend.chats, "/articles": backend.articles}.get(self.path, b"{}"))

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                self.answer(400, backend.rejection)

            def answer(self, status, body):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def config(self) -> dict:
        return {"features": [
            {"id": "offer-countdown"},
            {"id": "chats", "source": {"kind": "http", "url": f"{self.base}/chats", "cache": False},
             "settings": {"launchDuration": 0, "loadingDuration": 0, "transitionDuration": 0}},
            {"id": "car-news", "source": {"kind": "http", "url": f"{self.base}/articles", "cache": False}},
            {"id": "invitations", "source": {"kind": "http", "url": f"{self.base}/fakeAuth", "timeout": 60}},
        ]}

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class HostilePage:
    """One page of a feature with its event stream, read until a pattern shows in a patch."""

    def __init__(self, target: Target, path: str):
        self.target = target
        self.path = path
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.session = ""
        self.tail = b""

    async def open(self):
        page = await exchange(self.target, self.target.request("GET", self.path, close=True), timeout=60)
        if not isinstance(page, Response) or page.status != 200:
            raise RuntimeError(f"{self.path} did not open: {page if isinstance(page, str) else page.status}")
        self.session = re.search(rb'data-fh-session="([0-9a-f]+)"', page.body).group(1).decode()
        version = re.search(rb'data-fh-version="(\d+)"', page.body).group(1).decode()
        self.reader, self.writer = await self.target.connect()
        self.writer.write(self.target.request("GET", f"/s/{self.session}/events?v={version}"))
        await self.reader.readuntil(b"\r\n\r\n")

    async def send(self, body: bytes) -> float:
        """Posts a page event; the time it was sent."""
        sent = time.monotonic()
        answer = await exchange(self.target, self.target.request("POST", f"/s/{self.session}/event", body=body, close=True), timeout=60)
        if not isinstance(answer, Response) or answer.status != 204:
            raise RuntimeError(f"{self.path}: the event was not taken: {answer}")
        return sent

    async def until(self, pattern: bytes, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while pattern not in self.tail:
            chunk = await asyncio.wait_for(self.reader.read(1 << 20), max(0.01, deadline - time.monotonic()))
            if not chunk:
                raise RuntimeError(f"{self.path}: the stream closed before {pattern!r}")
            self.tail = (self.tail + chunk)[-(len(pattern) + (1 << 20)):]

    def close(self):
        if self.writer is not None:
            self.writer.close()


async def timed(page: HostilePage, body: bytes, pattern: bytes) -> float:
    page.tail = b""
    sent = await page.send(body)
    await page.until(pattern)
    return time.monotonic() - sent


async def hostile_round(target: Target, timings: dict[str, list[float]]):
    chats = HostilePage(target, "/f/chats")
    await chats.open()
    timings["chats list (20 rows of megabytes)"].append(await timed(chats, HELLO, b"chats-screen-list"))
    chats.close()

    news = HostilePage(target, "/f/car-news")
    await news.open()
    timings["news list (a 5 MB title)"].append(await timed(news, HELLO, b"car-news-card"))
    timings["an article of 20 MB (kept: 800 KB)"].append(
        await timed(news, b'{"kind":"click","action":"open-2"}', b"car-news-article-title"))
    news.close()

    invitation = HostilePage(target, "/f/invitations")
    await invitation.open()
    await invitation.send(HELLO)
    await invitation.send(b'{"kind":"click","action":"activate"}')
    fields = {"fullName": "Ada Lovelace", "email": "ada@example.com", "confirmEmail": "ada@example.com"}
    submit = json.dumps({"kind": "submit", "action": "send", "fields": fields}).encode()
    timings["invitation refused with 10 MB"].append(await timed(invitation, submit, b"this address is not welcome"))
    invitation.close()


async def run(server: Server, sessions_count: int, seconds: float) -> int:
    target = Target(server)
    pid = server.process.pid
    sessions = await open_sessions(target, sessions_count)
    await asyncio.sleep(1.5)
    for session in sessions:
        session.start_measuring()
    rss_start = rss_bytes(pid)
    cpu_start = cpu_seconds(pid)
    began = time.monotonic()
    timings: dict[str, list[float]] = {key: [] for key in [
        "chats list (20 rows of megabytes)", "news list (a 5 MB title)", "an article of 20 MB (kept: 800 KB)",
        "invitation refused with 10 MB"]}
    rounds = 0
    failure = ""
    while time.monotonic() - began < seconds:
        try:
            await hostile_round(target, timings)
            rounds += 1
        except (RuntimeError, OSError, asyncio.TimeoutError, asyncio.IncompleteReadError) as error:
            failure = f"{type(error).__name__}: {error}"
            break
    elapsed = time.monotonic() - began
    cpu = (cpu_seconds(pid) - cpu_start) / elapsed
    summary = summarize(sessions, elapsed)
    rss_end = rss_bytes(pid)
    await asyncio.gather(*(session.stop() for session in sessions))
    print(f"{sessions_count} countdown pages over {elapsed:.1f} s while {rounds} hostile rounds ran: {summary.line()}")
    for name, values in timings.items():
        if values:
            print(f"  {name}: median {statistics.median(values) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms "
                  f"over {len(values)}")
    print(f"  server CPU {cpu * 100:.0f} % of one core; RSS {mib(rss_start)} → {mib(rss_end)}")
    if failure:
        print(f"  a hostile page failed: {failure}")
    return 0 if summary.ok and not failure and rounds > 0 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    options = parser.parse_args()
    backend = Backend()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(pathlib.Path(folder) / "data", config=backend.config()).drain_output()
        try:
            return asyncio.run(run(server, options.sessions, options.seconds))
        finally:
            server.stop()
            backend.stop()


if __name__ == "__main__":
    sys.exit(main())
