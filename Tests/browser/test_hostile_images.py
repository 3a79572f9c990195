"""car-news on the web against a hostile picture server. The feed is honest; its pictures are not: a script
dressed as an SVG, a web page labelled `image/png`, a redirect to another server on this machine, a picture on
`localhost`, a gzip bomb and an endless chunked body, beside a real PNG and a plain SVG. The page shows the two real
pictures (served from the host's own origin as the types their bytes are, `nosniff`, under a sandboxing policy)
and a failed placeholder for each other one; the other local server never hears from the host; and the host's
memory stays bounded (docs/reliability.md, "Limits"). Nothing is slept for."""

import json
import struct
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "Features/CarNews/Sources/CarNewsFeature/Resources/car-news-sample.json"
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#3a6"/></svg>'
BOMB_SIZE = 256 << 20


def png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes((200, 60, 60)) * 32
    header = struct.pack(">IIBBBBB", 32, 18, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * 18)) + chunk(b"IEND", b"")


def gzip_bomb(size: int) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = b"\0" * (1 << 20)
    return b"".join(compressor.compress(block) for _ in range(size >> 20)) + compressor.flush()


class Recorder:
    """A loopback HTTP server that records the paths it was asked for."""

    def __init__(self, answer):
        self.requests: list[str] = []
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                recorder.requests.append(self.path)
                try:
                    answer(self)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def send(handler, status, content_type, body, extra=()):
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    for name, value in extra:
        handler.send_header(name, value)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def test_hostile_pictures_are_refused_and_the_host_stays_bounded(serve, browser, screenshots):
    bomb = gzip_bomb(BOMB_SIZE)
    other = Recorder(lambda handler: send(handler, 200, "image/png", png()))
    pictures = {
        "good.png": "a real PNG",
        "icon.svg": "a plain SVG",
        "script.svg": "a script dressed as an SVG",
        "page.png": "a web page labelled image/png",
        "redirect.png": "a redirect to another server on this machine",
        "bomb.png": "256 MiB of zeros, gzip-compressed",
        "endless.png": "an endless chunked body",
    }

    def answer(handler):
        path = handler.path
        if path == "/feed":
            content = json.loads(SAMPLE.read_text())["content"][:1]
            articles = []
            for number, name in enumerate(list(pictures) + ["localhost"], start=1):
                article = dict(content[0], id=number, title=f"Article {number}",
                               dateTime=f"0{number}.03.2026 07:45" if number < 10 else "10.03.2026 07:45")
                article["image"] = (f"http://localhost:{other.port}/files/x.png" if name == "localhost"
                                    else f"http://127.0.0.1:{origin.port}/files/{name}")
                articles.append(article)
            send(handler, 200, "application/json", json.dumps({"status": "success", "content": articles}).encode())
        elif path == "/files/good.png":
            send(handler, 200, "image/png", png())
        elif path == "/files/icon.svg":
            send(handler, 200, "text/plain", SVG)
        elif path == "/files/script.svg":
            send(handler, 200, "image/svg+xml", b'<svg xmlns="http://www.w3.org/2000/svg"><script>top.pwned=1</script></svg>')
        elif path == "/files/page.png":
            send(handler, 200, "image/png", b"<html><script>top.pwned=1</script></html>")
        elif path == "/files/redirect.png":
            send(handler, 302, "text/html", b"", [("Location", f"http://127.0.0.1:{other.port}/files/x.png")])
        elif path == "/files/bomb.png":
            send(handler, 200, "image/png", bomb, [("Content-Encoding", "gzip")])
        elif path == "/files/endless.png":
            handler.send_response(200)
            handler.send_header("Content-Type", "image/png")
            handler.send_header("Transfer-Encoding", "chunked")
            handler.end_headers()
            piece = b"\x89PNG\r\n\x1a\n" + b"\0" * ((1 << 16) - 8)
            for _ in range(1 << 14):  # 1 GiB, unless the client hangs up first
                handler.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
            handler.wfile.write(b"0\r\n\r\n")
        else:
            send(handler, 404, "text/plain", b"not found")

    origin = Recorder(answer)
    try:
        server = serve(config={"features": [{"id": "car-news", "source": {
            "kind": "http", "url": f"http://127.0.0.1:{origin.port}/feed", "timeout": 60}}]})
        context = browser.new_context(locale="en-GB", timezone_id="UTC", viewport={"width": 820, "height": 900})
        page = context.new_page()
        messages = []
        page.on("console", lambda message: messages.append(message.text))
        page.goto(server.page_url("/f/car-news"))
        count = len(pictures) + 1
        page.wait_for_function("(count) => document.querySelectorAll('.car-news-card').length === count", arg=count)
        # Every picture settles: two shown, the others failed; none still loading.
        page.wait_for_function("""() => !document.querySelector('.car-news-placeholder.is-loading')
            && document.querySelectorAll('img.car-news-picture').length === 2""", timeout=60_000)
        # An <img> in the DOM may not be decoded yet (naturalWidth 0 until it loads): wait for both to load or fail.
        page.wait_for_function("""() => [...document.querySelectorAll('img.car-news-picture')].every(i => i.complete)""",
                               timeout=60_000)
        shown = page.eval_on_selector_all("img.car-news-picture", "(images) => images.map(i => [i.alt, i.getAttribute('src'), i.naturalWidth])")
        assert len(shown) == 2 and all(src.startswith("/images/") and width > 0 for _, src, width in shown), shown
        assert page.locator(".car-news-placeholder.is-failed").count() == count - 2
        assert page.evaluate("() => window.pwned === undefined")
        page.screenshot(path=screenshots / "hostile-pictures.png", full_page=True)

        # Fetched by the page itself: the run's featurehost-<random>.localhost name resolves in the browser, not in
        # Playwright's own request client.
        served = {src: page.evaluate("""async (url) => {
            const response = await fetch(url);
            return { status: response.status, headers: Object.fromEntries(response.headers.entries()) };
        }""", src) for _, src, _ in shown}
        for response in served.values():
            assert response["status"] == 200
            assert response["headers"]["x-content-type-options"] == "nosniff"
            assert response["headers"]["content-security-policy"] == "default-src 'none'; style-src 'unsafe-inline'; sandbox"
        types = {src: response["headers"]["content-type"] for src, response in served.items()}
        assert sorted(types.values()) == ["image/png", "image/svg+xml"], \
            f"each served as the type its bytes are, whatever was declared: {types}"

        # Opened on its own, the SVG is a sandboxed document of its own.
        svg = context.new_page()
        svg.goto(server.origin + next(src for src, kind in types.items() if kind == "image/svg+xml"))
        assert svg.evaluate("() => document.documentElement.localName") == "svg"

        assert other.requests == [], f"the other local server was asked for {other.requests}"
        assert "/files/bomb.png" in origin.requests and "/files/endless.png" in origin.requests

        # The host is still up and bounded: its high-water mark, as the kernel counts it.
        status = Path(f"/proc/{server.process.pid}/status").read_text()
        peak_kib = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:")))
        assert peak_kib < 200 * 1024, f"featurehost serve peaked at {peak_kib // 1024} MiB"
        assert server.process.poll() is None
        assert [text for text in messages if "Content Security Policy" in text] == []
        context.close()
    finally:
        origin.stop()
        other.stop()
