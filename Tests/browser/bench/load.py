"""The web server under load and abuse (issue 16, point 5), against a real `featurehost serve` on loopback.
Raw sockets and asyncio only: no browser. Run from the package root after a release build:

    swift build -c release --product featurehost
    FEATUREHOST_BINARY=.build/release/featurehost python3 Tests/browser/bench/load.py [PHASE] [options]

Phases (default: all four, one after the other, each on a fresh server):
  sessions  200 offer-countdown sessions ticking for 60 s: every session gets its patches in order with no gap
            over 2 s, no error; server RSS at the start, after 10 s and at the end.
  events    1,000 page events a second (POST /s/SID/event on keep-alive connections) for 30 s while 50 sessions
            tick: achieved requests/s, p50/p99 latency, errors, RSS.
  abuse     while 100 sessions tick and 200 events a second flow: slow clients (a byte a second), 300 of them at
            once past the 256-connection cap, connections dropped mid-head, mid-body and mid-stream, oversized
            request lines, headers and bodies, invalid UTF-8 in the request line, a header and an event body,
            and requests without the token or from another host or origin: each gets its status (or the close),
            a new legitimate request still gets through, and every session keeps ticking.
  flood     the cap itself: 200 sessions' streams and 8 event connections hold their places, 300 slow clients
            come at once for the other 48; 20 new legitimate requests and a new page must get through.

A measurement with real seconds on purpose. `Tests/browser/test_load_abuse.py` runs a short version as a test.
Exit status 1 when any check fails."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import random
import re
import socket
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from featurehost_server import Server  # noqa: E402

FEATURE = "offer-countdown"
# Events the offer scene ignores or that find no popup to dismiss: they go the whole way (parse, access check,
# decode, main actor, scene, render and compare) without changing what the page shows.
HARMLESS_EVENTS = [
    b'{"kind":"click","action":"load-test"}',
    b'{"kind":"key","action":"","key":"Escape"}',
    b'{"kind":"input","action":"load-test","value":"x"}',
]


# MARK: the server process


def rss_bytes(pid: int) -> int:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def mib(count: int) -> str:
    return f"{count / 2**20:.1f} MiB"


# MARK: HTTP over raw sockets


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes


class Target:
    """Where the server is and what a legitimate request carries."""

    def __init__(self, server: Server):
        self.port = server.port
        self.address = server.address
        self.token = server.token
        self.host = server.host  # featurehost-<random>.localhost:PORT, reached at 127.0.0.1
        self.origin = server.origin

    def request(self, method: str, path: str, *, body: bytes = b"", token: bool = True, host: str | None = None,
                origin: str | None = "", extra: str = "", close: bool = False) -> bytes:
        head = f"{method} {path} HTTP/1.1\r\nHost: {host or self.host}\r\n"
        if token:
            head += f"Cookie: featurehost-token={self.token}\r\n"
        if method == "POST":
            if origin is not None:
                head += f"Origin: {origin or self.origin}\r\n"
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        if close:
            head += "Connection: close\r\n"
        return (head + extra + "\r\n").encode() + body

    async def connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection(*self.address, limit=1 << 20)


async def read_response(reader: asyncio.StreamReader) -> Response:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    body = await reader.readexactly(length) if length else b""
    return Response(status, headers, body)


def close_now(writer: asyncio.StreamWriter, reset: bool = False):
    """Closes; with `reset`, by RST (SO_LINGER 0), as a crashed client or a pulled cable would."""
    if reset:
        sock = writer.get_extra_info("socket")
        try:
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        except OSError:
            pass  # already closed by the other side
    writer.close()


async def exchange(target: Target, raw: bytes, timeout: float = 30) -> Response | str:
    """One request on a new connection: the response, or "closed" when the server closed without one,
    "reset" when it reset the connection, "timeout" when nothing came."""
    try:
        reader, writer = await asyncio.wait_for(target.connect(), timeout)
    except (OSError, asyncio.TimeoutError) as error:
        return f"connect failed: {error!r}"
    try:
        writer.write(raw)
        await writer.drain()
        return await asyncio.wait_for(read_response(reader), timeout)
    except asyncio.IncompleteReadError:
        return "closed"
    except ConnectionResetError:
        return "reset"
    except asyncio.TimeoutError:
        return "timeout"
    finally:
        close_now(writer)


# MARK: legitimate sessions


@dataclass
class SessionRecord:
    patches: int = 0
    max_gap: float = 0.0
    out_of_order: int = 0
    errors: list[str] = field(default_factory=list)


class LegitSession:
    """A page as its script uses it: the page, its event stream from the page's version, the hello. The stream
    is read until `stop()`: every patch must continue from the one before, and while `measuring` the time
    between two patches is recorded (the countdown ticks once a second)."""

    def __init__(self, target: Target):
        self.target = target
        self.id = ""
        self.version = -1
        self.record = SessionRecord()
        self.measuring = False
        self.last_patch: float | None = None
        self.stopping = False
        self.writer: asyncio.StreamWriter | None = None
        self.task: asyncio.Task | None = None

    async def open(self):
        page = await exchange(self.target, self.target.request("GET", f"/f/{FEATURE}", close=True))
        if not isinstance(page, Response) or page.status != 200:
            raise RuntimeError(f"the page did not open: {page if isinstance(page, str) else page.status}")
        html = page.body.decode()
        self.id = re.search(r'data-fh-session="([0-9a-f]+)"', html).group(1)
        self.version = int(re.search(r'data-fh-version="(\d+)"', html).group(1))
        reader, self.writer = await self.target.connect()
        self.writer.write(self.target.request("GET", f"/s/{self.id}/events?v={self.version}"))
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            raise RuntimeError(f"the event stream did not open: {head[:60]!r}")
        self.task = asyncio.create_task(self._read(reader))
        hello = await exchange(self.target, self.target.request(
            "POST", f"/s/{self.id}/event", body=b'{"kind":"hello","hourCycle":"h23","visible":true}', close=True))
        if not isinstance(hello, Response) or hello.status != 204:
            raise RuntimeError(f"the hello was not taken: {hello}")

    def start_measuring(self):
        self.measuring = True
        self.last_patch = None

    async def _read(self, reader: asyncio.StreamReader):
        event, data = "", ""
        try:
            while line := await reader.readline():
                text = line.decode().rstrip("\n")
                if text.startswith("event: "):
                    event = text[7:]
                elif text.startswith("data: "):
                    data = text[6:]
                elif text == "" and event:
                    self._dispatch(event, data)
                    event, data = "", ""
        except ConnectionError:
            pass
        if not self.stopping:
            self.record.errors.append("the event stream closed")

    def _dispatch(self, event: str, data: str):
        if event == "beat":  # the host's heartbeat (docs/web-surface.md, "Connection")
            return
        if event != "patch":
            self.record.errors.append(f"event {event}: {data[:80]}")
            return
        message = json.loads(data)
        resync = message["ops"] and message["ops"][0].get("op") == "morph" and message["ops"][0].get("key") == "fh-root"
        if message["from"] != self.version and not resync:
            self.record.out_of_order += 1
        self.version = message["to"]
        if not self.measuring:
            return
        now = time.monotonic()
        self.record.patches += 1
        if self.last_patch is not None:
            self.record.max_gap = max(self.record.max_gap, now - self.last_patch)
        self.last_patch = now

    def close_gap(self):
        """The gap from the last patch to now counts too: a stream that stopped is a gap."""
        if self.measuring and self.last_patch is not None:
            self.record.max_gap = max(self.record.max_gap, time.monotonic() - self.last_patch)
        self.measuring = False

    async def stop(self):
        self.stopping = True
        if self.writer is not None:
            close_now(self.writer)
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)


async def open_sessions(target: Target, count: int) -> list[LegitSession]:
    sessions = [LegitSession(target) for _ in range(count)]
    # A few at a time, as tabs would open, so opening is not itself the flood.
    for start in range(0, count, 10):
        await asyncio.gather(*(session.open() for session in sessions[start:start + 10]))
    return sessions


@dataclass
class SessionSummary:
    sessions: int
    seconds: float
    patches_min: int
    patches_total: int
    max_gap: float
    out_of_order: int
    errors: list[str]

    @property
    def ok(self) -> bool:
        # A tick a second: allow the first and last second of the window to fall either side of it.
        return (not self.errors and self.out_of_order == 0 and self.max_gap <= 2.0
                and self.patches_min >= int(self.seconds) - 2)

    def line(self) -> str:
        return (f"{self.sessions} sessions over {self.seconds:.1f} s: patches per session min {self.patches_min} "
                f"(total {self.patches_total}), largest gap {self.max_gap:.2f} s, out of order {self.out_of_order}, "
                f"errors {len(self.errors)}{': ' + '; '.join(self.errors[:3]) if self.errors else ''}")


def summarize(sessions: list[LegitSession], seconds: float) -> SessionSummary:
    for session in sessions:
        session.close_gap()
    errors = [f"{session.id[:8]}: {error}" for session in sessions for error in session.record.errors]
    return SessionSummary(
        sessions=len(sessions), seconds=seconds, patches_min=min(s.record.patches for s in sessions),
        patches_total=sum(s.record.patches for s in sessions), max_gap=max(s.record.max_gap for s in sessions),
        out_of_order=sum(s.record.out_of_order for s in sessions), errors=errors)


# MARK: page events at a rate


@dataclass
class EventLoadResult:
    sent: int
    seconds: float
    latencies: list[float]
    errors: Counter
    server_cpu: float | None = None  # cores' worth, when measured

    @property
    def rate(self) -> float:
        return self.sent / self.seconds

    def percentile(self, fraction: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")

    def line(self) -> str:
        return (f"{self.sent} events in {self.seconds:.1f} s = {self.rate:.0f} req/s; latency p50 "
                f"{self.percentile(0.5) * 1000:.2f} ms, p99 {self.percentile(0.99) * 1000:.2f} ms, max "
                f"{max(self.latencies, default=0) * 1000:.1f} ms; errors {sum(self.errors.values())} {dict(self.errors)}"
                + (f"; server CPU {self.server_cpu * 100:.0f} % of one core" if self.server_cpu is not None else ""))


async def event_load(target: Target, session_ids: list[str], rate: float, seconds: float, workers: int = 32,
                     stop: asyncio.Event | None = None) -> EventLoadResult:
    """`rate` POSTed page events a second, paced, over `workers` keep-alive connections (a browser keeps its
    connection too); a worker reconnects when the server closes. Latency: request written → response read."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    end = start + seconds
    interval = workers / rate
    latencies: list[float] = []
    errors: Counter = Counter()
    sent = 0

    async def worker(index: int):
        nonlocal sent
        connection = None
        next_at = start + index * interval / workers
        request_index = index
        while True:
            now = loop.time()
            if now >= end or (stop is not None and stop.is_set()):
                break
            if next_at > now:
                await asyncio.sleep(next_at - now)
            next_at += interval
            session = session_ids[request_index % len(session_ids)]
            raw = target.request("POST", f"/s/{session}/event", body=HARMLESS_EVENTS[request_index % len(HARMLESS_EVENTS)])
            request_index += workers
            try:
                if connection is None:
                    connection = await target.connect()
                reader, writer = connection
                began = time.perf_counter()
                writer.write(raw)
                response = await asyncio.wait_for(read_response(reader), 30)
                latencies.append(time.perf_counter() - began)
                sent += 1
                if response.status != 204:
                    errors[f"status {response.status}"] += 1
                if response.headers.get("connection", "").lower() == "close":
                    close_now(writer)
                    connection = None
            except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError) as error:
                errors[type(error).__name__] += 1
                if connection is not None:
                    close_now(connection[1])
                connection = None
        if connection is not None:
            close_now(connection[1])

    await asyncio.gather(*(worker(index) for index in range(workers)))
    return EventLoadResult(sent=sent, seconds=loop.time() - start, latencies=latencies, errors=errors)


# MARK: abuse


@dataclass
class Check:
    name: str
    expected: str
    got: str

    @property
    def ok(self) -> bool:
        return any(self.got == option for option in self.expected.split(" or "))

    def line(self) -> str:
        return f"{'ok  ' if self.ok else 'FAIL'} {self.name}: expected {self.expected}, got {self.got}"


def outcome(result: Response | str) -> str:
    return str(result.status) if isinstance(result, Response) else result


async def refusals(target: Target, session_id: str) -> list[Check]:
    """One request of each bad kind, each on its own connection, all at once."""
    event = f"/s/{session_id}/event"
    good_body = HARMLESS_EVENTS[0]
    host = target.host
    cookie = f"Cookie: featurehost-token={target.token}\r\n"
    cases: list[tuple[str, str, bytes]] = [
        ("no token: home", "403", target.request("GET", "/", token=False)),
        ("no token: feature page", "403", target.request("GET", f"/f/{FEATURE}", token=False)),
        ("no token: event stream", "403", target.request("GET", f"/s/{session_id}/events?v=0", token=False)),
        ("no token: page event", "403", target.request("POST", event, body=good_body, token=False)),
        ("wrong token in the URL", "403", target.request("GET", "/?token=" + "0" * 32, token=False)),
        ("wrong token cookie", "403", f"GET / HTTP/1.1\r\nHost: {host}\r\nCookie: featurehost-token={'1' * 32}\r\n\r\n".encode()),
        ("foreign Host", "421", target.request("GET", "/", host=f"attacker.example:{target.port}")),
        ("the token under Host 127.0.0.1", "421", target.request("GET", "/", host=f"127.0.0.1:{target.port}")),
        ("the token under Host localhost", "421", target.request("GET", "/", host=f"localhost:{target.port}")),
        ("POST from another origin", "403", target.request("POST", event, body=good_body, origin="http://attacker.example")),
        ("POST without an Origin", "403", target.request("POST", event, body=good_body, origin=None)),
        ("request line over 16 KiB", "414", f"GET /{'a' * 17000} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()),
        ("header section over 16 KiB", "431", target.request("GET", "/", extra=f"X-Pad: {'a' * 17000}\r\n")),
        ("many small headers over 16 KiB", "431", target.request("GET", "/", extra="X-Pad: aaaaaaaaaaaaaaaaaaaa\r\n" * 800)),
        ("body over 64 KiB (Content-Length)", "413",
         target.request("POST", event).replace(b"Content-Length: 0", b"Content-Length: 70000") + b"x" * 70000),
        ("Content-Length of 29 digits", "413",
         target.request("POST", event).replace(b"Content-Length: 0", b"Content-Length: " + b"9" * 29)),
        ("event JSON nested 60,000 deep", "400", target.request("POST", event, body=b"[" * 60000)),
        ("event with a 60 KB string", "400",
         target.request("POST", event, body=b'{"kind":"click","action":"' + b"a" * 60000 + b'"}')),
        ("event with 5,000 fields", "400",
         target.request("POST", event, body=b"{" + b",".join(b'"f%d":1' % i for i in range(5000)) + b"}")),
        ("a NUL escaped in the path", "400", target.request("GET", "/f/%00")),
        ("an asset path climbing out", "404", target.request("GET", "/assets/offer-countdown/%2e%2e%2f%2e%2e%2fetc%2fpasswd")),
        ("chunked body", "411", target.request("GET", "/", extra="Transfer-Encoding: chunked\r\n") + b"0\r\n\r\n"),
        ("invalid UTF-8 in the request line", "400", f"GET /\xff\xfe HTTP/1.1\r\nHost: {host}\r\n{cookie}\r\n".encode("latin-1")),
        ("invalid UTF-8 escaped in the path", "400 or 404", target.request("GET", "/f/%ff%fe")),
        ("invalid UTF-8 in a header value", "400",
         target.request("GET", "/").replace(b"\r\n\r\n", b"\r\nX-Name: caf\xe9\xff\r\n\r\n")),
        ("invalid UTF-8 in the cookie", "400", f"GET / HTTP/1.1\r\nHost: {host}\r\nCookie: featurehost-token=\xff\xfe\r\n\r\n".encode("latin-1")),
        ("invalid UTF-8 in the event body", "400", target.request("POST", event, body=b'{"kind":"click","action":"\xff\xfe"}')),
        ("event body not JSON", "400", target.request("POST", event, body=b"\x00\x01\x02 not json")),
        ("event for no session", "404", target.request("POST", "/s/" + "0" * 32 + "/event", body=good_body)),
        ("a method the server does not use", "405", target.request("DELETE", "/")),
        ("HTTP/2.0 request line", "505", f"GET / HTTP/2.0\r\nHost: {host}\r\n\r\n".encode()),
        ("a bare LF", "400", f"GET / HTTP/1.1\nHost: {host}\n\n".encode()),
    ]
    results = await asyncio.gather(*(exchange(target, raw) for _, _, raw in cases))
    return [Check(name, expected, outcome(result)) for (name, expected, _), result in zip(cases, results)]


async def pipelined_burst(target: Target, session_id: str, count: int) -> list[Check]:
    """`count` page events written at once on one connection: each answered, in order."""
    reader, writer = await target.connect()
    try:
        writer.write(b"".join(target.request("POST", f"/s/{session_id}/event", body=HARMLESS_EVENTS[index % 3])
                              for index in range(count)))
        statuses = [(await asyncio.wait_for(read_response(reader), 30)).status for _ in range(count)]
    finally:
        close_now(writer)
    answered = Counter(statuses)
    return [Check(f"{count} pipelined page events on one connection", f"{count}x204",
                  f"{answered[204]}x204" + ("" if set(answered) == {204} else f" {dict(answered)}"))]


async def dropped_connections(target: Target, count: int) -> list[Check]:
    """Clients that go away at every point: mid-head, mid-body, mid-stream, right after a whole request, and
    at once after the connect; some close, some reset. Nothing to answer; the server must simply go on."""
    async def one(kind: int):
        try:
            reader, writer = await target.connect()
        except OSError:
            return
        full_page = target.request("GET", f"/f/{FEATURE}")
        post = target.request("POST", "/s/" + "0" * 32 + "/event", body=HARMLESS_EVENTS[0] * 4)
        if kind == 0:
            writer.write(full_page[: len(full_page) // 2])  # mid-head
        elif kind == 1:
            writer.write(post[: len(post) - 20])  # mid-body
        elif kind == 2:
            writer.write(full_page)  # a whole request, gone before the answer
        elif kind == 3:
            writer.write(target.request("GET", "/s/" + "0" * 32 + "/events?v=0"))  # a stream, gone at once
        try:
            await writer.drain()
            await asyncio.sleep(random.random() * 0.05)
        except OSError:
            pass
        close_now(writer, reset=kind % 2 == 0)

    # In batches, as many clients failing over a second or two would: 500 at once would be a flood past the cap.
    for start in range(0, count, 25):
        await asyncio.gather(*(one(index % 5) for index in range(start, min(count, start + 25))))
    return [Check(f"{count} connections dropped mid-head/mid-body/after the request/at once", "dropped", "dropped")]


async def dropped_streams(target: Target, count: int) -> list[Check]:
    """Real sessions whose event stream is cut after its first bytes, half by reset."""
    checks = []
    for index in range(count):
        session = LegitSession(target)
        await session.open()
        await asyncio.sleep(0.2)
        session.stopping = True
        if session.writer is not None:
            close_now(session.writer, reset=index % 2 == 0)
        await session.stop()
    checks.append(Check(f"{count} event streams cut mid-stream", "cut", "cut"))
    return checks


async def slow_client(target: Target, raw: bytes, byte_every: float = 1.0, limit: float = 30) -> str:
    """Sends `raw` a byte at a time until the server answers or closes; what it got."""
    try:
        reader, writer = await target.connect()
    except OSError as error:
        return f"connect failed: {error!r}"
    answer = asyncio.create_task(read_response(reader))
    try:
        began = time.monotonic()
        for byte in raw:
            if answer.done() or time.monotonic() - began > limit:
                break
            try:
                writer.write(bytes([byte]))
                await writer.drain()
            except OSError:
                break
            await asyncio.wait([answer], timeout=byte_every)
        result = await asyncio.wait_for(answer, timeout=max(0.1, limit - (time.monotonic() - began)))
        return str(result.status)
    except asyncio.IncompleteReadError:
        return "closed"
    except ConnectionResetError:
        return "reset"
    except asyncio.TimeoutError:
        return "timeout"
    finally:
        answer.cancel()
        close_now(writer)


async def silent_client(target: Target, limit: float = 30) -> str:
    """Connects and says nothing: the server should close it silently."""
    try:
        reader, writer = await target.connect()
    except OSError as error:
        return f"connect failed: {error!r}"
    try:
        data = await asyncio.wait_for(reader.read(4096), timeout=limit)
        if not data:
            return "closed"
        return data.split(b"\r\n", 1)[0].split(b" ")[1].decode()
    except ConnectionResetError:
        return "reset"
    except asyncio.TimeoutError:
        return "timeout"
    finally:
        close_now(writer)


async def slow_clients(target: Target, session_id: str) -> list[Check]:
    """One slow client of each kind: head a byte a second, body a byte a second, and one silent."""
    body = HARMLESS_EVENTS[0]
    slow_head = target.request("GET", "/", extra="X-Slow: " + "s" * 40 + "\r\n")
    slow_body = target.request("POST", f"/s/{session_id}/event", body=body + b" " * 40)
    head_result, body_result, silent = await asyncio.gather(
        slow_client(target, slow_head), slow_client(target, slow_body), silent_client(target))
    return [
        Check("head a byte a second", "408", head_result),
        Check("body a byte a second", "408", body_result),
        Check("connected and silent", "closed", silent),
    ]


async def slowloris_flood(target: Target, count: int, probes: int) -> list[Check]:
    """`count` slow clients at once, more than the server's free connections, each sending a byte a second;
    meanwhile `probes` legitimate requests on new connections, one every half second, must get through."""
    raw = target.request("GET", "/", extra="X-Slow: " + "s" * 60 + "\r\n")
    flood = [asyncio.create_task(slow_client(target, raw, limit=25)) for _ in range(count)]
    await asyncio.sleep(2)  # let the flood take every free connection
    probe_results = []
    for _ in range(probes):
        result = await exchange(target, target.request("GET", "/", close=True), timeout=15)
        probe_results.append(outcome(result))
        await asyncio.sleep(0.5)
    new_session = LegitSession(target)
    try:
        await new_session.open()
        opened = "opened"
    except (RuntimeError, OSError, asyncio.IncompleteReadError, AttributeError) as error:
        opened = f"failed: {error}"
    finally:
        await new_session.stop()
    flood_results = Counter(await asyncio.gather(*flood))
    passed = sum(1 for result in probe_results if result == "200")
    return [
        Check(f"{probes} new legitimate requests during {count} slow clients", f"{probes}/{probes} got 200",
              f"{passed}/{probes} got 200" + ("" if passed == probes else f" {Counter(probe_results)}")),
        Check(f"a new page session during {count} slow clients", "opened", opened),
        Check(f"{count} slow clients each refused", "408/503/a close only",
              "408/503/a close only" if set(flood_results) <= {"408", "503", "closed", "reset"} else str(dict(flood_results))),
    ]


async def connect_churn(target: Target, seconds: float, per_second: int) -> list[Check]:
    """Connections opened and closed at once, `per_second` a second."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    opened = 0
    while loop.time() < end:
        async def one():
            try:
                _, writer = await target.connect()
                close_now(writer, reset=random.random() < 0.5)
            except OSError:
                pass
        await asyncio.gather(*(one() for _ in range(per_second // 10)))
        opened += per_second // 10
        await asyncio.sleep(0.1)
    return [Check(f"{opened} connections opened and dropped over {seconds:.0f} s", "survived", "survived")]


# MARK: phases


async def guarded(name: str, checks, timeout: float = 90) -> list[Check]:
    """A group of checks that cannot hang the run or hide its failure."""
    try:
        return await asyncio.wait_for(checks, timeout)
    except asyncio.TimeoutError:
        return [Check(name, "done", f"not done in {timeout:.0f} s")]
    except Exception as error:  # noqa: BLE001 - any failure of the client side is a failed check, reported
        return [Check(name, "done", f"{type(error).__name__}: {error}")]


def start_server(folder: pathlib.Path) -> Server:
    folder.mkdir(parents=True, exist_ok=True)
    return Server(folder / "data", args=["--only", FEATURE]).drain_output()


async def run_sessions(server: Server, count: int, seconds: float) -> tuple[SessionSummary, dict[str, int]]:
    target = Target(server)
    pid = server.process.pid
    sessions = await open_sessions(target, count)
    await asyncio.sleep(1.5)  # every session's countdown has started
    rss = {"start": rss_bytes(pid)}
    for session in sessions:
        session.start_measuring()
    began = time.monotonic()
    # Every 10 s, so a slow leak shows as a slope rather than one difference.
    for mark in [*range(10, int(seconds), 10), seconds]:
        await asyncio.sleep(max(0, began + mark - time.monotonic()))
        rss[f"{mark:.0f} s"] = rss_bytes(pid)
    summary = summarize(sessions, time.monotonic() - began)
    await asyncio.gather(*(session.stop() for session in sessions))
    return summary, rss


async def run_events(server: Server, sessions_count: int, rate: float, seconds: float
                     ) -> tuple[EventLoadResult, SessionSummary, dict[str, int]]:
    target = Target(server)
    pid = server.process.pid
    sessions = await open_sessions(target, sessions_count)
    await asyncio.sleep(1.5)
    rss = {"start": rss_bytes(pid)}
    for session in sessions:
        session.start_measuring()
    began = time.monotonic()
    cpu_before = cpu_seconds(pid)
    result = await event_load(target, [session.id for session in sessions], rate, seconds)
    rss["end"] = rss_bytes(pid)
    result.server_cpu = (cpu_seconds(pid) - cpu_before) / (time.monotonic() - began)
    summary = summarize(sessions, time.monotonic() - began)
    await asyncio.gather(*(session.stop() for session in sessions))
    return result, summary, rss


async def run_abuse(server: Server, sessions_count: int, event_rate: float, flood: int, churn_seconds: float,
                    dropped: int = 500, streams_cut: int = 10, probes: int = 10
                    ) -> tuple[list[Check], EventLoadResult, SessionSummary, dict[str, int]]:
    """Everything bad at once while sessions tick and events flow."""
    target = Target(server)
    pid = server.process.pid
    sessions = await open_sessions(target, sessions_count)
    await asyncio.sleep(1.5)
    rss = {"start": rss_bytes(pid)}
    for session in sessions:
        session.start_measuring()
    began = time.monotonic()
    stop_events = asyncio.Event()
    events = asyncio.create_task(event_load(target, [s.id for s in sessions], event_rate, 3600, workers=8, stop=stop_events))
    # First every kind of bad client at once, none of them enough to reach the connection cap...
    groups = list(await asyncio.gather(
        guarded("refusals", refusals(target, sessions[0].id)),
        guarded("slow clients", slow_clients(target, sessions[0].id)),
        guarded("pipelined burst", pipelined_burst(target, sessions[0].id, 200)),
        guarded("dropped connections", dropped_connections(target, dropped)),
        guarded("dropped streams", dropped_streams(target, streams_cut)),
        guarded("connection churn", connect_churn(target, churn_seconds, 200)),
    ))
    # ...then more slow clients than the server has free connections, and new legitimate requests among them.
    groups.append(await guarded("slow-client flood", slowloris_flood(target, flood, probes=probes)))
    # After it all, once more: a refusal of each kind still gets its status.
    groups.append([Check(f"after the flood: {check.name}", check.expected, check.got)
                   for check in await guarded("refusals after", refusals(target, sessions[0].id))])
    stop_events.set()
    event_result = await events
    rss["end"] = rss_bytes(pid)
    summary = summarize(sessions, time.monotonic() - began)
    await asyncio.gather(*(session.stop() for session in sessions))
    checks = [check for group in groups for check in group]
    checks.append(Check("page events during the abuse", "0 errors", f"{sum(event_result.errors.values())} errors"
                        + (f" {dict(event_result.errors)}" if event_result.errors else "")))
    return checks, event_result, summary, rss


async def run_flood(server: Server, sessions_count: int, event_rate: float, flood: int
                    ) -> tuple[list[Check], EventLoadResult, SessionSummary, dict[str, int]]:
    """The cap itself: `sessions_count` streams hold their connections, page events flow on 8 more, and `flood`
    slow clients come at once for the rest; new legitimate requests must still get through."""
    target = Target(server)
    pid = server.process.pid
    sessions = await open_sessions(target, sessions_count)
    await asyncio.sleep(1.5)
    rss = {"start": rss_bytes(pid)}
    for session in sessions:
        session.start_measuring()
    began = time.monotonic()
    stop_events = asyncio.Event()
    events = asyncio.create_task(event_load(target, [s.id for s in sessions], event_rate, 3600, workers=8, stop=stop_events))
    await asyncio.sleep(1)  # the event connections are open before the flood
    checks = await guarded("slow-client flood", slowloris_flood(target, flood, probes=20))
    stop_events.set()
    event_result = await events
    rss["end"] = rss_bytes(pid)
    summary = summarize(sessions, time.monotonic() - began)
    await asyncio.gather(*(session.stop() for session in sessions))
    checks.append(Check("page events during the flood", "0 errors", f"{sum(event_result.errors.values())} errors"
                        + (f" {dict(event_result.errors)}" if event_result.errors else "")))
    return checks, event_result, summary, rss


def rss_line(rss: dict[str, int]) -> str:
    return "server RSS: " + ", ".join(f"{name} {mib(value)}" for name, value in rss.items())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("phase", nargs="?", default="all", choices=["all", "sessions", "events", "abuse", "flood"])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--rate", type=float, default=1000)
    parser.add_argument("--event-seconds", type=float, default=30)
    parser.add_argument("--flood", type=int, default=300)
    parser.add_argument("--abuse-sessions", type=int, default=100)
    args = parser.parse_args()
    failed = False
    load = os.getloadavg()
    print(f"binary {os.environ.get('FEATUREHOST_BINARY', '.build/debug/featurehost')}; "
          f"machine load {load[0]:.1f} at the start; {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        base = pathlib.Path(folder)
        if args.phase in ("all", "sessions"):
            server = start_server(base / "sessions")
            summary, rss = asyncio.run(run_sessions(server, args.sessions, args.seconds))
            code = server.stop()
            print(f"[sessions] {summary.line()}\n[sessions] {rss_line(rss)}; exit {code} after SIGTERM")
            failed |= not summary.ok or code != 0
        if args.phase in ("all", "events"):
            server = start_server(base / "events")
            result, summary, rss = asyncio.run(run_events(server, 50, args.rate, args.event_seconds))
            code = server.stop()
            print(f"[events] {result.line()}\n[events] while: {summary.line()}\n[events] {rss_line(rss)}; exit {code}")
            failed |= bool(result.errors) or not summary.ok or code != 0
        if args.phase in ("all", "abuse"):
            server = start_server(base / "abuse")
            checks, result, summary, rss = asyncio.run(run_abuse(server, args.abuse_sessions, 200, args.flood, 20))
            code = server.stop()
            for check in checks:
                print(f"[abuse] {check.line()}")
            print(f"[abuse] events meanwhile: {result.line()}\n[abuse] sessions meanwhile: {summary.line()}\n"
                  f"[abuse] {rss_line(rss)}; {len(server.lines)} lines logged; exit {code}")
            failed |= not all(check.ok for check in checks) or not summary.ok or code != 0
        if args.phase in ("all", "flood"):
            server = start_server(base / "flood")
            checks, result, summary, rss = asyncio.run(run_flood(server, args.sessions, 200, args.flood))
            code = server.stop()
            for check in checks:
                print(f"[flood] {check.line()}")
            print(f"[flood] events meanwhile: {result.line()}\n[flood] sessions meanwhile: {summary.line()}\n"
                  f"[flood] {rss_line(rss)}; {len(server.lines)} lines logged; exit {code}")
            failed |= not all(check.ok for check in checks) or not summary.ok or code != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
