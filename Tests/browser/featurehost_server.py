"""Starts `featurehost serve` for a browser test: a temporary data directory, port 0, the URL read from the
first line of standard output, and a clean SIGTERM stop (exit 0) at the end.

The URL names a host of the run's own (`http://featurehost-<random>.localhost:PORT/`): Chromium resolves it to loopback by
itself, but this machine's resolver does not, so a client other than the browser connects to `address` (127.0.0.1
and the port) and sends `host` as its `Host` header."""

import json
import os
import pathlib
import re
import select
import signal
import socket
import subprocess
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[2]


def binary() -> pathlib.Path:
    path = pathlib.Path(os.environ.get("FEATUREHOST_BINARY", ROOT / ".build" / "debug" / "featurehost")).resolve()
    if not path.exists():
        raise RuntimeError(f"{path} does not exist: build first (`swift build`) or set FEATUREHOST_BINARY")
    return path


class Server:
    def __init__(self, data_dir: pathlib.Path, config: dict | None = None, args: list[str] | None = None, port: int = 0):
        self.data_dir = data_dir
        command = [str(binary()), "serve", "--port", str(port), "--data-dir", str(data_dir)]
        # The config file the run reads (None: the default), which a test of the live host rewrites.
        self.config_file: pathlib.Path | None = None
        if config is not None:
            self.config_file = data_dir.parent / f"{data_dir.name}-config.json"
            self.config_file.write_text(json.dumps(config))
            command += ["--config", str(self.config_file)]
        command += args or []
        env = dict(os.environ, FEATUREHOST_CONFIG="", LANG="en_US.UTF-8", TZ="UTC")
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=data_dir.parent)
        self.url = self._first_line(timeout=60)
        parts = urllib.parse.urlsplit(self.url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.port = parts.port
        # `featurehost-<random>.localhost:PORT`: the only Host the server answers.
        self.host = parts.netloc
        # Where a raw client connects: the server listens on 127.0.0.1 (and ::1) at that port.
        self.address = ("127.0.0.1", parts.port)
        self.token = urllib.parse.parse_qs(parts.query)["token"][0]
        self.lines: list[str] = []
        self._drain: threading.Thread | None = None

    def drain_output(self) -> "Server":
        """Reads its output lines as they come (into `lines`): a run that makes the server log many refusals
        must not let the pipe fill."""
        def read():
            for line in self.process.stdout:
                if line.strip():
                    self.lines.append(line.rstrip("\n"))
        self._drain = threading.Thread(target=read, daemon=True)
        self._drain.start()
        return self

    def _first_line(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stdout], [], [], 0.5)
            if ready:
                line = self.process.stdout.readline().strip()
                if line:
                    return line
            if self.process.poll() is not None:
                raise RuntimeError(f"featurehost serve exited {self.process.returncode}: {self.process.stderr.read()}")
        raise RuntimeError("featurehost serve printed no URL in time")

    def page_url(self, path: str) -> str:
        """The address of a page, with the token (the first visit sets the cookie)."""
        return f"{self.origin}{path}?token={self.token}"

    def stop(self, sig: int = signal.SIGTERM) -> int:
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                raise RuntimeError("featurehost serve did not stop within 15 s of the signal")
        if self._drain is not None:
            self._drain.join(timeout=15)
        else:
            rest = self.process.stdout.read()
            self.lines = [line for line in rest.splitlines() if line]
        return self.process.returncode


def server_render(server, session):
    """The session's content and version now: the first message of a stream that asks from version -1."""
    with socket.create_connection(server.address, timeout=10) as connection:
        connection.sendall((f"GET /s/{session}/events?v=-1 HTTP/1.1\r\nHost: {server.host}\r\n"
                            f"Cookie: featurehost-token={server.token}\r\n\r\n").encode())
        data = b""
        while True:
            match = re.search(rb"event: patch\nid: \d+\ndata: (.*)\n\n", data)
            if match:
                message = json.loads(match.group(1))
                first = message["ops"][0]
                assert first["op"] == "morph" and first["key"] == "fh-root", first
                return message["to"], first["html"]
            chunk = connection.recv(65536)
            assert chunk, "the stream closed before its first message"
            data += chunk
