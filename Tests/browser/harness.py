"""A minimal stand-in for the FeatureHost server, enough to drive the client script in a real browser.

GET /                      the page: body data attributes, `#fh-root` content, the script
GET /featurehost.js        Sources/WebUI/Resources/featurehost.js, as served for real (the page has a strict CSP)
GET /featurehost.css       the page shell's stylesheet (linked by the home page)
GET /s/SID/events?v=N      a Server-Sent Events stream the test feeds with `push` and ends with `drop`
GET /home/events?v=N&c=C   the same for the home page (`home = True`: the body says `data-fh-home`, no session)
POST /s/SID/event          recorded in `posts`, answered `post_status` (204)
"""

import json
import queue
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

SCRIPT = Path(__file__).resolve().parents[2] / "Sources" / "WebUI" / "Resources" / "featurehost.js"
SHELL_STYLE = SCRIPT.with_name("featurehost.css")
SESSION = "0123456789abcdef0123456789abcdef"

STYLE = """
@keyframes spin { from { transform: rotate(0deg); } to { transform: rotate(360deg); } }
.spin { display: inline-block; animation: spin 60s linear infinite; }
"""


class Stream:
    def __init__(self, version, config_version=None):
        self.version = version
        # The config version the page said it holds (`c=`), or None.
        self.config_version = config_version
        self.messages = queue.Queue()
        self.closed = threading.Event()


class Harness:
    def __init__(self):
        self.root_html = ""
        self.version = 1
        self.session = SESSION
        # Serve the home page's body (`data-fh-home`) instead of a feature page's.
        self.home = False
        # What the page is served with before its root: the config banner's markup, say.
        self.before_root = ""
        self.config_version = 0
        self.page_loads = 0
        self.streams = []
        self.posts = []
        self.post_status = 204
        # What `HEAD /` answers: 200 says the host is there, 421 that another run answers at this address.
        self.probe_status = 200
        # How many of the next POSTs get no answer at all (the connection closed): what a host that crashed does.
        self.unanswered_posts = 0
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        for stream in self.streams:
            stream.closed.set()
        self.server.shutdown()
        self.server.server_close()

    # Test controls

    def push(self, event, data, stream=None):
        target = stream or self.streams[-1]
        target.messages.put((event, data if isinstance(data, str) else json.dumps(data)))

    def drop(self):
        self.streams[-1].closed.set()

    def wait_for(self, condition, what, timeout=10.0):
        """Polls `condition` (a function) until it is truthy, with a bound: no sleeping for time."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                value = condition()
            if value:
                return value
            time.sleep(0.02)
        raise AssertionError(f"timed out waiting for {what}")

    def wait_for_streams(self, count):
        return self.wait_for(lambda: len(self.streams) >= count and self.streams[count - 1], f"{count} stream(s)")

    def wait_for_posts(self, count):
        return self.wait_for(lambda: len(self.posts) >= count and list(self.posts), f"{count} post(s)")

    def page(self):
        if self.home:
            body = (f"<body data-fh-home=\"\" data-fh-version=\"{self.version}\" data-fh-config=\"{self.config_version}\">"
                    f"{self.before_root}<main id=\"fh-root\">{self.root_html}</main></body></html>")
            return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>harness</title>"
                    "<link rel=\"stylesheet\" href=\"/featurehost.css\"><script src=\"/featurehost.js\"></script></head>" + body)
        return (
            "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>harness</title>"
            "<link rel=\"stylesheet\" href=\"/harness.css\"><script src=\"/featurehost.js\"></script></head>"
            f"<body data-fh-session=\"{self.session}\" data-fh-version=\"{self.version}\" data-fh-hour-cycle=\"h23\">"
            f"<main id=\"fh-root\">{self.root_html}</main></body></html>"
        )

    def _handler(self):
        harness = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, *args):
                pass

            def _send(self, status, body=b"", content_type="text/plain", csp=False):
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                if csp:
                    # The real page's policy: no inline script, no eval, no style attributes in markup.
                    self.send_header("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                url = urlparse(self.path)
                if url.path == "/":
                    with harness.lock:
                        harness.page_loads += 1
                    self._send(200, harness.page().encode(), "text/html; charset=utf-8", csp=True)
                elif url.path == "/harness.css":
                    self._send(200, STYLE.encode(), "text/css")
                elif url.path == "/featurehost.css":
                    self._send(200, SHELL_STYLE.read_bytes(), "text/css")
                elif url.path == "/featurehost.js":
                    self._send(200, SCRIPT.read_bytes(), "text/javascript")
                elif url.path == f"/s/{harness.session}/events" or (harness.home and url.path == "/home/events"):
                    query = parse_qs(url.query)
                    version = int(query.get("v", ["nan"])[0])
                    config = int(query["c"][0]) if "c" in query else None
                    self._stream(version, config)
                else:
                    self._send(404)

            def _stream(self, version, config_version=None):
                stream = Stream(version, config_version)
                with harness.lock:
                    harness.streams.append(stream)
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(b": open\n\n")
                self.wfile.flush()
                while not stream.closed.is_set():
                    try:
                        event, data = stream.messages.get(timeout=0.05)
                    except queue.Empty:
                        continue
                    self.wfile.write(f"event: {event}\ndata: {data}\n\n".encode())
                    self.wfile.flush()

            def do_HEAD(self):
                # The client's "is the host there?" probe after a lost stream (featurehost.js, Connection).
                self._send(harness.probe_status if urlparse(self.path).path == "/" else 404)

            def do_POST(self):
                url = urlparse(self.path)
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                if url.path != f"/s/{harness.session}/event":
                    self._send(404)
                    return
                with harness.lock:
                    unanswered = harness.unanswered_posts > 0
                    harness.unanswered_posts -= 1 if unanswered else 0
                if unanswered:
                    self.close_connection = True
                    return
                with harness.lock:
                    harness.posts.append({
                        "content_type": self.headers.get("Content-Type"),
                        "message": json.loads(body),
                    })
                self._send(harness.post_status)

        return Handler
