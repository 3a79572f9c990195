"""The page's static files from `featurehost serve` beside nginx with one worker (issues 27 and 37, point 4):
requests per second and CPU per request for the same files with a browser's request headers, at each number of
connections, printed as ratios. Run from the package root after a release build:

    swift build -c release --product featurehost
    FEATUREHOST_BINARY=.build/release/featurehost python3 Tests/browser/bench/static.py [options]

Both servers run on loopback at once and are loaded in turn by `wrk` (one thread, keep-alive connections), a
round each per file and concurrency, `--rounds` times, alternating which goes first; the median round of each is
reported. The files are the page's real script and stylesheet (`/assets/featurehost.js`, `/assets/featurehost.css`).
nginx is configured as Debian's `/etc/nginx/nginx.conf` and its default site configure it (`sendfile on`,
`tcp_nopush on`, `gzip on`, `try_files`, ETag and Last-Modified on), with `worker_processes 1` (one core, as the
server's one I/O thread) and `access_log off` (featurehost keeps no access log); it serves the bytes `featurehost
serve` answered from files in a temporary folder, with featurehost's Content-Type and every header it sent (CSP,
nosniff, no-referrer, X-Frame-Options, the opener policy, `Cache-Control: no-cache`).

Every request carries the headers Chromium sends for a page's script or stylesheet (`BROWSER_HEADERS`:
`Connection: keep-alive`, the client hints, `Accept`, `Sec-Fetch-*`, `Accept-Encoding`, `Accept-Language`), with this
run's Host and token cookie, so each one goes through the access checks. `--headers wrk` sends only Host and the
cookie, as the issue-27 figures did. CPU is the servers' own (`/proc/<pid>/stat`: utime + stime of every thread;
nginx's master and worker), divided by the requests served in that round. `nginx` and `wrk` are installed with apt
when missing (`apt-get install -y nginx wrk`).

A measurement, not a test: the machine is shared and the figures move with its load (printed with them).
`--smoke` runs one short round at each concurrency and checks only that both answered every request with 200."""

from __future__ import annotations

import argparse
import http.client
import os
import pathlib
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from featurehost_server import Server  # noqa: E402

ASSETS = ("/assets/featurehost.js", "/assets/featurehost.css")
CHROMIUM_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36"


def browser_headers(path: str) -> dict[str, str]:
    """What Chromium 156 sends for a page's `<script src>` or `<link rel=stylesheet>` on http://*.localhost, in its
    order, but Host and Cookie (added per server). `Connection: keep-alive` is on every request it sends (the
    2026-12-01 audit's `chromium_headers.py` checked it); the rest is its usual set for a same-origin subresource."""
    style = path.endswith(".css")
    return {
        "Connection": "keep-alive",
        "sec-ch-ua-platform": '"Linux"',
        "User-Agent": CHROMIUM_UA,
        "sec-ch-ua": '"Chromium";v="156", "Not-A.Brand";v="24"',
        "sec-ch-ua-mobile": "?0",
        "Accept": "text/css,*/*;q=0.1" if style else "*/*",
        "Sec-Fetch-Site": "same-origin",
        "Sec-Fetch-Mode": "no-cors",
        "Sec-Fetch-Dest": "style" if style else "script",
        "Accept-Encoding": "gzip, deflate, br, zstd",
        "Accept-Language": "en-US,en;q=0.9",
    }


def ensure_tools() -> None:
    missing = [name for name in ("nginx", "wrk") if shutil.which(name) is None and not pathlib.Path(f"/usr/sbin/{name}").exists()]
    if missing:
        print(f"installing: {' '.join(missing)}", flush=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"), stdout=subprocess.DEVNULL)


def nginx_binary() -> str:
    return shutil.which("nginx") or "/usr/sbin/nginx"


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime: every thread of the process
    return total / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    found = []
    for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found += [int(child) for child in text]
    return found


def fetch(port: int, path: str, headers: dict[str, str]) -> tuple[int, list[tuple[str, str]], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, response.getheaders(), body


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Nginx:
    """nginx with one worker and Debian's settings, serving each `files` path with featurehost's headers, from a
    temporary folder."""

    def __init__(self, folder: pathlib.Path, files: dict[str, tuple[bytes, list[tuple[str, str]]]]):
        self.port = free_port()
        root = folder / "www"
        locations = []
        for path, (body, headers) in files.items():
            file = root / path.lstrip("/")
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_bytes(body)
            file.chmod(0o644)
            content_type = next(value for name, value in headers if name.lower() == "content-type")
            added = "\n".join(
                f'            add_header {name} "{value}" always;' for name, value in headers
                if name.lower() not in ("content-type", "content-length", "connection"))
            locations.append(f"""
        location = {path} {{
            types {{ }}
            default_type "{content_type}";
            try_files $uri $uri/ =404;
{added}
        }}""")
        # The worker runs as nobody when nginx is started by root: it must be able to read the files.
        for directory in [folder.parent, folder, *[d for d in root.rglob("*") if d.is_dir()], root]:
            directory.chmod(0o755)
        temp = folder / "temp"
        temp.mkdir()
        temp.chmod(0o777)
        config = folder / "nginx.conf"
        newline = "\n"
        config.write_text(f"""
daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 768; }}
http {{
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    default_type application/octet-stream;
    access_log off;
    gzip on;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    server {{
        listen 127.0.0.1:{self.port};
        root {root};
{newline.join(locations)}
    }}
}}
""")
        self.process = subprocess.Popen([nginx_binary(), "-c", str(config), "-p", str(folder)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"nginx exited {self.process.returncode}: {self.process.stderr.read().decode()}")
                time.sleep(0.05)
        else:
            raise RuntimeError("nginx did not listen within 10 s")

    @property
    def pids(self) -> list[int]:
        return [self.process.pid, *children(self.process.pid)]

    def stop(self) -> None:
        self.process.send_signal(signal.SIGQUIT)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def run_wrk(port: int, path: str, connections: int, seconds: float, headers: dict[str, str]) -> tuple[int, int]:
    """Requests completed and requests that were not 2xx/3xx (or failed), for one wrk run."""
    command = ["wrk", "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--timeout", "5s"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    command.append(f"http://127.0.0.1:{port}{path}")
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    match = re.search(r"(\d+) requests in", output)
    if match is None:
        raise RuntimeError(f"wrk printed no count:\n{output}")
    bad = sum(int(value) for value in re.findall(r"Non-2xx or 3xx responses: (\d+)", output))
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    if errors:
        bad += sum(int(value) for value in errors.groups())
    return int(match.group(1)), bad


def measure(pids: list[int], port: int, path: str, connections: int, seconds: float, headers: dict[str, str]) -> dict:
    before_cpu = cpu_seconds(pids)
    start = time.monotonic()
    count, bad = run_wrk(port, path, connections, seconds, headers)
    elapsed = time.monotonic() - start
    cpu = cpu_seconds(pids) - before_cpu
    return {"rps": count / max(1, round(seconds)), "cpu_us": cpu / max(count, 1) * 1e6, "count": count, "bad": bad,
            "cpu_share": cpu / elapsed}


def request_headers(path: str, kind: str, host: str, token: str) -> dict[str, str]:
    """Host first and the cookie last, as Chromium orders them; the browser's own headers between."""
    between = browser_headers(path) if kind == "browser" else {}
    return {"Host": host, **between, "Cookie": f"featurehost-token={token}"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", default="1,10,64", help="comma-separated (default 1,10,64)")
    parser.add_argument("--seconds", type=float, default=8, help="per round (default 8)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per server and concurrency (default 3)")
    parser.add_argument("--path", action="append", help="a file to load (repeatable; default the script and stylesheet)")
    parser.add_argument("--headers", choices=("browser", "wrk"), default="browser",
                        help="browser: what Chromium sends for a subresource (default); wrk: Host and the cookie only")
    parser.add_argument("--smoke", action="store_true", help="one 1-second round each; checks only the answers")
    options = parser.parse_args()
    if options.smoke:
        options.seconds, options.rounds = 1, 1
    paths = options.path or list(ASSETS)
    levels = [int(text) for text in options.connections.split(",")]
    ensure_tools()

    failures = 0
    with tempfile.TemporaryDirectory(prefix="featurehost-static-") as temporary:
        folder = pathlib.Path(temporary)
        (folder / "data").mkdir()
        server = Server(folder / "data").drain_output()
        nginx = None
        try:
            headers = {path: request_headers(path, options.headers, server.host, server.token) for path in paths}
            files = {}
            for path in paths:
                status, answered, body = fetch(server.port, path, headers[path])
                if status != 200:
                    raise RuntimeError(f"featurehost answered {status} for {path}")
                files[path] = (body, answered)
            nginx = Nginx(folder / "nginx", files)
            for path, (body, answered) in files.items():
                nginx_status, nginx_headers, nginx_body = fetch(nginx.port, path, headers[path])
                ours = {name.lower(): value for name, value in answered}
                theirs = {name.lower(): value for name, value in nginx_headers}
                differing = [name for name in ours if name not in ("connection",) and theirs.get(name) != ours[name]]
                if nginx_status != 200 or nginx_body != body or differing:
                    raise RuntimeError(f"nginx does not answer {path} the same: {nginx_status}, headers {differing}")
                extra = sorted(set(theirs) - set(ours))
                print(f"{path}: {len(body)} bytes, {len(answered)} headers; nginx adds {', '.join(extra)}")
            print(f"request headers ({options.headers}): {', '.join(headers[paths[0]])}")
            print(f"load average before: {' '.join(pathlib.Path('/proc/loadavg').read_text().split()[:3])}, "
                  f"{os.cpu_count()} cores; wrk -t1, {options.seconds:g} s a round, {options.rounds} round(s)")
            print()
            print(f"{'file':<24}  {'connections':>11}  {'featurehost req/s':>17}  {'nginx req/s':>11}  {'ratio':>5}  "
                  f"{'fh CPU/req':>10}  {'nginx CPU/req':>13}  {'ratio':>5}  {'fh core':>7}  {'nginx core':>10}")
            for path in paths:
                for connections in levels:
                    rounds = {"featurehost": [], "nginx": []}
                    for index in range(options.rounds):
                        order = [("featurehost", server.process.pid, server.port), ("nginx", None, nginx.port)]
                        if index % 2:
                            order.reverse()
                        for name, pid, port in order:
                            pids = [pid] if pid else nginx.pids
                            rounds[name].append(measure(pids, port, path, connections, options.seconds, headers[path]))
                    keys = ("rps", "cpu_us", "cpu_share")
                    fh = {key: statistics.median(r[key] for r in rounds["featurehost"]) for key in keys}
                    ng = {key: statistics.median(r[key] for r in rounds["nginx"]) for key in keys}
                    bad = {name: sum(r["bad"] for r in results) for name, results in rounds.items()}
                    print(f"{path:<24}  {connections:>11}  {fh['rps']:>17,.0f}  {ng['rps']:>11,.0f}  "
                          f"{fh['rps'] / ng['rps']:>5.2f}  {fh['cpu_us']:>8.1f}µs  {ng['cpu_us']:>11.1f}µs  "
                          f"{fh['cpu_us'] / ng['cpu_us']:>5.2f}  {fh['cpu_share']:>7.0%}  {ng['cpu_share']:>10.0%}"
                          + (f"  FAILED: {bad}" if any(bad.values()) else ""), flush=True)
                    if any(bad.values()):
                        failures += 1
            print()
            print(f"load average after: {' '.join(pathlib.Path('/proc/loadavg').read_text().split()[:3])}")
            print("ratio: featurehost / nginx (requests per second: higher is better for featurehost; "
                  "CPU per request: lower is better); core: the share of one core each server used while loaded; "
                  "goal (issue 37): req/s ratio at least 0.80 for each file at each number of connections")
        finally:
            if nginx is not None:
                nginx.stop()
            server.stop()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
