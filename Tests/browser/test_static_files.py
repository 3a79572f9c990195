"""Static files answered on the server's I/O thread (issue 27, point 3), against a real `featurehost serve` over
raw sockets: the same access checks as the app's route had (Host, the token cookie, the token in the URL, methods),
404s and 500s still from the app and logged, HEAD without a body, the caching and security headers, and the order
of answers on a keep-alive connection whoever answers each request. The speed beside nginx is a measurement, not a
test: `Tests/browser/bench/static.py` (docs/web-surface.md)."""

import pathlib
import socket

ROOT = pathlib.Path(__file__).resolve().parents[2]
FILES = {
    "/assets/featurehost.js": (ROOT / "Sources/WebUI/Resources/featurehost.js", "text/javascript; charset=utf-8"),
    "/assets/featurehost.css": (ROOT / "Sources/WebUI/Resources/featurehost.css", "text/css; charset=utf-8"),
    "/assets/chats/logo.svg": (ROOT / "Features/Chats/Sources/ChatsWeb/Resources/logo.svg", "image/svg+xml"),
}
SECURITY = {
    "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}


class Answer:
    def __init__(self, status: int, headers: list[tuple[str, str]], body: bytes):
        self.status, self.headers, self.body = status, headers, body

    def header(self, name: str) -> str | None:
        found = [value for key, value in self.headers if key.lower() == name.lower()]
        assert len(found) <= 1, f"{name} sent {len(found)} times: {self.headers}"
        return found[0] if found else None


class Client:
    """One raw keep-alive connection: requests written as given, answers read by Content-Length."""

    def __init__(self, server):
        self.socket = socket.create_connection(server.address, timeout=10)
        self.buffer = b""

    def send(self, *requests: str) -> None:
        self.socket.sendall("".join(requests).encode())

    def _fill(self) -> bool:
        chunk = self.socket.recv(65536)
        self.buffer += chunk
        return bool(chunk)

    def read(self, head_only: bool = False) -> Answer:
        while b"\r\n\r\n" not in self.buffer:
            assert self._fill(), f"the connection closed before an answer: {self.buffer!r}"
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ")[1])
        headers = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:]]
        answer = Answer(status, headers, b"")
        length = 0 if head_only else int(answer.header("Content-Length") or 0)
        while len(self.buffer) < length:
            assert self._fill(), "the connection closed inside a body"
        answer.body, self.buffer = self.buffer[:length], self.buffer[length:]
        return answer

    def closed(self) -> bool:
        """Whether the server closed the connection with nothing more to read."""
        while True:
            chunk = self.socket.recv(65536)
            if not chunk:
                return self.buffer == b""
            self.buffer += chunk

    def close(self) -> None:
        self.socket.close()


def request(method: str, path: str, host: str, cookie: str | None, extra: str = "", version: str = "1.1") -> str:
    lines = [f"{method} {path} HTTP/{version}", f"Host: {host}"]
    if cookie is not None:
        lines.append(f"Cookie: {cookie}")
    return "\r\n".join(lines) + "\r\n" + extra + "\r\n"


def one(server, text: str, head_only: bool = False) -> Answer:
    client = Client(server)
    try:
        client.send(text)
        return client.read(head_only)
    finally:
        client.close()


def test_each_file_with_its_headers_and_head_without_a_body(serve):
    server = serve()
    cookie = f"featurehost-token={server.token}"
    client = Client(server)
    for path, (file, content_type) in FILES.items():
        client.send(request("GET", path, server.host, cookie))
        got = client.read()
        assert got.status == 200, path
        assert got.body == file.read_bytes(), path
        assert got.header("Content-Type") == content_type, path
        assert got.header("Content-Length") == str(len(got.body)), path
        assert got.header("Cache-Control") == "no-cache", path  # revalidated, never stored stale
        assert got.header("Connection") == "keep-alive", path
        for name, value in SECURITY.items():
            assert got.header(name) == value, (path, name)
        client.send(request("HEAD", path, server.host, cookie))
        head = client.read(head_only=True)
        # The same head but its Date, which moves on when the two answers straddle a second.
        undated = lambda headers: [(name, value) for name, value in headers if name.lower() != "date"]
        assert head.status == 200 and undated(head.headers) == undated(got.headers), path
        assert head.header("Date"), path
    # A HEAD's answer had no body: the next answer on the connection starts right after its head.
    client.send(request("GET", "/assets/featurehost.css", server.host, cookie))
    assert client.read().body == FILES["/assets/featurehost.css"][0].read_bytes()
    client.close()
    # A planted cookie before the real one, and a Host in capitals, are what the route accepted too.
    assert one(server, request("GET", "/assets/featurehost.js", server.host.upper(), f"featurehost-token=x; {cookie}")).status == 200


def test_every_access_check_of_the_route_still_applies(serve):
    server = serve().drain_output()
    cookie = f"featurehost-token={server.token}"
    path = "/assets/featurehost.js"
    refusals = [
        (request("GET", path, server.host, None), 403),
        (request("GET", path, server.host, "featurehost-token=" + "0" * 32), 403),
        (request("HEAD", path, server.host, None), 403),
        (request("GET", path, f"attacker.example:{server.port}", cookie), 421),
        (request("GET", path, f"127.0.0.1:{server.port}", cookie), 421),
        (request("GET", path, f"localhost:{server.port}", cookie), 421),
        (request("POST", path, server.host, cookie, "Content-Length: 0\r\n"), 403),  # no Origin
        (request("POST", path, server.host, cookie, f"Origin: {server.origin}\r\nContent-Length: 0\r\n"), 405),
        (request("GET", "/assets/nowhere.js", server.host, cookie), 404),
        (request("GET", "/assets/chats/../../featurehost.js", server.host, cookie), 404),
        (request("GET", "/assets/chats/logo.svg/", server.host, cookie), 404),
        (request("GET", "/assets/transactions/logo.svg", server.host, cookie), 404),
        (request("GET", "/assets/", server.host, cookie), 404),
    ]
    for text, status in refusals:
        got = one(server, text, head_only=text.startswith("HEAD"))
        assert got.status == status, text
        assert got.header("Cache-Control") == "no-store", text  # an error is never cached
        assert got.header("X-Content-Type-Options") == "nosniff", text
    # The token in the URL still sets the cookie and sends the page on without it, as for any other path.
    moved = one(server, request("GET", f"{path}?token={server.token}", server.host, None))
    assert moved.status == 303 and moved.header("Location") == path
    assert server.token in (moved.header("Set-Cookie") or "")
    server.stop()
    for line in ["403 GET /assets/featurehost.js", "404 GET /assets/nowhere.js"]:
        assert any(logged.startswith(line) for logged in server.lines), (line, server.lines)


def test_answers_keep_their_order_on_one_connection_whoever_answers(serve):
    """The I/O thread answers a file at once, the app answers a page or a 404 from the main actor: pipelined
    together on one connection, each still comes back in the order it was asked."""
    server = serve()
    cookie = f"featurehost-token={server.token}"
    script = FILES["/assets/featurehost.js"][0].read_bytes()
    client = Client(server)
    client.send(
        request("GET", "/assets/featurehost.js", server.host, cookie),
        request("GET", "/", server.host, cookie),
        request("GET", "/assets/featurehost.js", server.host, cookie),
        request("GET", "/assets/nowhere.js", server.host, cookie),
        request("HEAD", "/assets/featurehost.js", server.host, cookie),
        request("GET", "/assets/featurehost.js", server.host, cookie))
    first, home, second, missing, head, last = (client.read(), client.read(), client.read(), client.read(),
                                                client.read(head_only=True), client.read())
    assert (first.status, first.body) == (200, script)
    assert home.status == 200 and b"<html" in home.body and home.header("Content-Type").startswith("text/html")
    assert (second.status, second.body) == (200, script)
    assert missing.status == 404
    assert head.status == 200 and head.header("Content-Length") == str(len(script))
    assert (last.status, last.body) == (200, script)
    client.close()


def test_close_and_http_1_0_end_the_connection_after_the_file(serve):
    server = serve()
    cookie = f"featurehost-token={server.token}"
    script = FILES["/assets/featurehost.js"][0].read_bytes()
    for text, connection in [
        (request("GET", "/assets/featurehost.js", server.host, cookie, "Connection: close\r\n"), "close"),
        (request("GET", "/assets/featurehost.js", server.host, cookie, version="1.0"), "close"),
    ]:
        client = Client(server)
        client.send(text)
        got = client.read()
        assert (got.status, got.body, got.header("Connection")) == (200, script, connection), text
        assert client.closed(), text
        client.close()
    # HTTP/1.0 asking to keep the connection gets it kept.
    client = Client(server)
    keep = request("GET", "/assets/featurehost.js", server.host, cookie, "Connection: keep-alive\r\n", version="1.0")
    client.send(keep, keep)
    assert [client.read().body, client.read().body] == [script, script]
    client.close()
