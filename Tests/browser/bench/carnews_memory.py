"""What the car-news page adds to `featurehost serve`'s memory (issue 37, point 5), beside its anchor: the same
`serve` idle with no page open. Run from the package root after a release build:

    swift build -c release --product featurehost
    FEATUREHOST_BINARY=.build/release/featurehost python3 Tests/browser/bench/carnews_memory.py [--rounds N]

Each round starts a fresh `serve` with car news alone, reads its resident set (`VmRSS`) idle, then opens the page as
a browser does (the page, its event stream, the `hello` that makes the feature appear), waits for the article list
on the stream, lets it settle for a second, and reads it again, with whether libcurl is mapped
(`/proc/<pid>/maps`). Two sources: a local feed whose article has no picture (nothing needs the network), and the
bundled sample, whose pictures are on a public https host (the first picture fetch loads the transport). Medians
over the rounds; a measurement, not a test."""

from __future__ import annotations

import argparse
import http.client
import json
import pathlib
import re
import socket
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from featurehost_server import Server  # noqa: E402

LOCAL_TITLE = "Read from a file"
SAMPLE_TITLE = "Electric SUVs"


def rss_kib(pid: int) -> int:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


def maps_libcurl(pid: int) -> bool:
    return "libcurl" in pathlib.Path(f"/proc/{pid}/maps").read_text()


def open_page(server: Server, path: str, title: str, seconds: float = 30) -> None:
    cookie = f"featurehost-token={server.token}"
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("GET", path, headers={"Host": server.host, "Cookie": cookie})
    body = connection.getresponse().read()
    session = re.search(rb'data-fh-session="([0-9a-f]+)"', body).group(1).decode()
    stream = socket.create_connection(("127.0.0.1", server.port))
    stream.sendall(f"GET /s/{session}/events?v=0 HTTP/1.1\r\nHost: {server.host}\r\nCookie: {cookie}\r\n"
                   "Accept: text/event-stream\r\n\r\n".encode())
    connection.request("POST", f"/s/{session}/event", body=json.dumps({"kind": "hello", "visible": True}),
                       headers={"Host": server.host, "Cookie": cookie, "Origin": f"http://{server.host}",
                                "Content-Type": "application/json"})
    status = connection.getresponse().status
    if status != 204:
        raise RuntimeError(f"hello answered {status}")
    stream.settimeout(1)
    received = b""
    deadline = time.monotonic() + seconds
    while title.encode() not in received and time.monotonic() < deadline:
        try:
            chunk = stream.recv(65536)
        except socket.timeout:
            continue
        if not chunk:
            break
        received += chunk
    if title.encode() not in received:
        raise RuntimeError(f"the page never showed {title!r}")
    time.sleep(1)  # the pictures' fetches and the page's stream settle; RSS is read after
    stream.close()
    connection.close()


def round_for(folder: pathlib.Path, source: dict, title: str) -> tuple[int, int, bool]:
    data = folder / f"data-{time.monotonic_ns()}"
    data.mkdir()
    server = Server(data, config={"features": [{"id": "car-news", "source": source}]}).drain_output()
    try:
        time.sleep(1)  # start-up done
        idle = rss_kib(server.process.pid)
        open_page(server, "/f/car-news", title)
        return idle, rss_kib(server.process.pid), maps_libcurl(server.process.pid)
    finally:
        server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="featurehost-carnews-memory-") as temporary:
        folder = pathlib.Path(temporary)
        feed = folder / "feed.json"
        feed.write_text(json.dumps({"status": "success", "content": [{
            "id": 1, "title": LOCAL_TITLE, "ingress": "An ingress.", "image": "", "dateTime": "02.03.2026 07:45",
            "tags": [], "content": [], "created": 1772437500, "changed": 1772437500}]}))
        cases = [("local feed, no pictures", {"kind": "json-file", "path": str(feed)}, LOCAL_TITLE),
                 ("bundled sample, https pictures", {"kind": "json-file"}, SAMPLE_TITLE)]
        print(f"load average before: {' '.join(pathlib.Path('/proc/loadavg').read_text().split()[:3])}; "
              f"{options.rounds} round(s), medians")
        print(f"{'car-news source':<32}  {'serve idle (anchor)':>19}  {'with the page':>13}  {'added':>9}  libcurl mapped")
        for name, source, title in cases:
            rounds = [round_for(folder, source, title) for _ in range(options.rounds)]
            idle = statistics.median(r[0] for r in rounds)
            loaded = statistics.median(r[1] for r in rounds)
            mapped = sorted({r[2] for r in rounds})
            print(f"{name:<32}  {idle / 1024:>16.1f} MB  {loaded / 1024:>10.1f} MB  {(loaded - idle) / 1024:>+6.1f} MB  "
                  f"{'/'.join('yes' if m else 'no' for m in mapped)}", flush=True)
        print(f"load average after: {' '.join(pathlib.Path('/proc/loadavg').read_text().split()[:3])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
