"""The token never reaches another local server (issue 24, point 1).

Cookies are scoped by host, not by port, and SameSite counts every port of a host as the same site: had
`featurehost serve` been at `http://127.0.0.1:PORT`, its token cookie would go to every other server the user opens
on 127.0.0.1, which could replay it. Each run has a host name of its own (`featurehost-<random>.localhost`), and the cookie is
host-only, so another server on 127.0.0.1 or on `localhost`, visited by the same browser, gets nothing that opens the
host."""

import http.client
import http.server
import socket
import subprocess
import threading

import pytest

from featurehost_server import Server, binary


class Recorder:
    """A local web server that writes down every request it gets: request line and headers."""

    def __init__(self, host: str, family=socket.AF_INET, port: int = 0):
        recorder = self
        self.requests: list[str] = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                recorder.requests.append(self.requestline + "\n" + str(self.headers))
                # A page that would like more: a script, an image and a fetch with credentials to itself.
                body = (b"<!DOCTYPE html><title>another local server</title><p>hello</p>"
                        b"<img src=/pixel.png><script src=/tracker.js></script>")
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        class Server(http.server.ThreadingHTTPServer):
            address_family = family

        self.server = Server((host, port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def free_port_on_both_loopbacks() -> int:
    """A port free on 127.0.0.1 and on ::1 (what `localhost` resolves to in Chromium: it tries ::1 first)."""
    for _ in range(20):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as v4:
            v4.bind(("127.0.0.1", 0))
            port = v4.getsockname()[1]
            try:
                with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as v6:
                    v6.bind(("::1", port))
                    return port
            except OSError:
                continue
    raise RuntimeError("no port free on both loopback addresses")


def status_with(server: Server, headers: dict[str, str]) -> int:
    connection = http.client.HTTPConnection(*server.address, timeout=10)
    connection.request("GET", "/f/offer-countdown", headers={"Host": server.host, **headers})
    status = connection.getresponse().status
    connection.close()
    return status


def test_other_local_servers_receive_nothing_that_opens_the_host(serve, browser, screenshots):
    server = serve()
    on_ip = Recorder("127.0.0.1")
    # `localhost` at one port on both loopback addresses, whichever Chromium picks.
    port = free_port_on_both_loopbacks()
    on_name = [Recorder("127.0.0.1", port=port), Recorder("::1", socket.AF_INET6, port=port)]
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.page_url("/f/offer-countdown"))
        page.wait_for_selector(".offer-timer")
        ours = [cookie for cookie in context.cookies() if cookie["name"].startswith("featurehost-token")]
        assert [cookie["domain"] for cookie in ours] == [server.host.split(":")[0]], "host-only, on the run's own name"

        # The user goes on to two other local sites in the same browser, and back.
        for address in [f"http://127.0.0.1:{on_ip.port}/", f"http://localhost:{port}/"]:
            page.goto(address)
            page.wait_for_load_state("networkidle")
            page.screenshot(path=screenshots / f"other-{address.split('//')[1].split(':')[0]}.png")
        received = on_ip.requests + on_name[0].requests + on_name[1].requests
        assert len(on_ip.requests) >= 1 and len(on_name[0].requests) + len(on_name[1].requests) >= 1, received

        # Nothing they got carries the token, in a cookie or anywhere else.
        for request in received:
            assert server.token not in request, request
            assert "featurehost-token" not in request, request

        # Replaying whatever cookies they got, with a forged Origin and our Host, opens nothing.
        for request in received:
            cookies = [line.split(":", 1)[1].strip() for line in request.splitlines() if line.lower().startswith("cookie:")]
            for cookie in cookies:
                assert status_with(server, {"Cookie": cookie, "Origin": server.origin}) == 403, cookie

        # And the browser's own page still works: the cookie stayed where it belongs.
        page.goto(f"{server.origin}/f/offer-countdown")
        page.wait_for_selector(".offer-timer")
    finally:
        context.close()
        on_ip.stop()
        for recorder in on_name:
            recorder.stop()


def test_the_page_is_not_served_under_a_shared_loopback_name(serve, browser):
    """Opening the run under 127.0.0.1 or localhost (where a cookie would be shared) is refused, token or not."""
    server = serve()
    context = browser.new_context()
    try:
        page = context.new_page()
        for host in ["127.0.0.1", "localhost"]:
            response = page.goto(f"http://{host}:{server.port}/?token={server.token}")
            assert response.status == 421, host
            assert server.host.split(":")[0] not in page.content(), "the refusal keeps the run's name private"
        assert [cookie for cookie in context.cookies() if cookie["name"].startswith("featurehost-token")] == []
    finally:
        context.close()


def test_no_other_program_can_hold_the_port_on_the_ipv6_loopback(tmp_path):
    """Chromium tries ::1 first for a *.localhost name: a program listening on [::1]:PORT would get the page's
    requests, cookie and all. The server listens there itself, and will not start where another program does."""
    port = free_port_on_both_loopbacks()
    squatter = Recorder("::1", socket.AF_INET6, port=port)
    try:
        process = subprocess.run(
            [str(binary()), "serve", "--port", str(port), "--data-dir", str(tmp_path / "data")],
            capture_output=True, text=True, timeout=60, env={"FEATUREHOST_CONFIG": "", "PATH": "/usr/bin:/bin"})
        assert process.returncode != 0
        assert f"[::1]:{port}" in process.stderr and "in use" in process.stderr, process.stderr
    finally:
        squatter.stop()


@pytest.mark.parametrize("family_host", [("127.0.0.1", socket.AF_INET), ("::1", socket.AF_INET6)])
def test_the_server_listens_on_both_loopback_addresses(serve, family_host):
    host, family = family_host
    server = serve()
    with socket.socket(family, socket.SOCK_STREAM) as connection:
        connection.settimeout(10)
        connection.connect((host, server.port))
        connection.sendall(f"GET / HTTP/1.1\r\nHost: {server.host}\r\nCookie: featurehost-token={server.token}\r\n"
                           "Connection: close\r\n\r\n".encode())
        answer = connection.recv(100)
    assert answer.startswith(b"HTTP/1.1 200"), answer


class Planter(http.server.ThreadingHTTPServer):
    """Another local server, reached by the browser under the run's own name at its own port (cookies ignore the
    port), that sets cookies for that name: a token, and the two clock cookies (audit 2026-12-01, T-P5)."""

    def __init__(self, host: str, family, port: int, run_name: str):
        self.address_family = family
        planter = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                if self.path == "/":
                    self.send_response(302)
                    self.send_header("Location", f"http://{run_name}:{planter.server_address[1]}/plant")
                else:
                    self.send_response(200)
                    for cookie in ("featurehost-token=planted", "featurehost-time-zone=Pacific/Kiritimati",
                                   "featurehost-hour-cycle=h23"):
                        self.send_header("Set-Cookie", cookie + "; Path=/")
                self.send_header("Content-Length", "0")
                self.end_headers()

        super().__init__((host, port), Handler)
        self.daemon_threads = True
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def stop(self):
        self.shutdown()
        self.server_close()


def test_cookies_another_local_server_plants_are_ignored(serve, browser):
    """The planted token cookie is another cookie beside the host's own (whose name carries the run's tag), so the
    user is not locked out, and the planted clock cookies are not read: the page is built with the browser's own."""
    server = serve(args=["--only", "offer-countdown"])
    name = server.host.split(":")[0]
    port = free_port_on_both_loopbacks()
    planters = [Planter("127.0.0.1", socket.AF_INET, port, name), Planter("::1", socket.AF_INET6, port, name)]
    context = browser.new_context(locale="en-US", timezone_id="America/New_York")
    try:
        page = context.new_page()
        assert page.goto(server.page_url("/f/offer-countdown")).status == 200
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_load_state("networkidle")
        planted = {c["name"]: c["value"] for c in context.cookies() if c["domain"] == name and c["value"] in ("planted", "h23")}
        assert planted == {"featurehost-token": "planted", "featurehost-hour-cycle": "h23"}, "the plant happened"
        response = page.goto(f"{server.origin}/f/offer-countdown")
        assert response.status == 200, "not locked out"
        assert page.evaluate("document.body.dataset.fhHourCycle") == "h12", "built with en-US's clock, not the planted h23"
    finally:
        context.close()
        for planter in planters:
            planter.stop()
