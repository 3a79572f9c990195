"""`featurehost serve` as a user meets it: the printed URL, the home, the token, the Host and Origin checks,
malformed requests, and a clean stop."""

import http.client
import re
import signal
import socket

DEFAULT_ORDER = ["Offer countdown", "Car News", "Chats", "Invitations", "Transactions"]


def raw_request(server, text: bytes) -> bytes:
    with socket.create_connection(server.address, timeout=10) as connection:
        connection.sendall(text)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
        return answer


def status_of(server, method: str, path: str, headers: dict[str, str], body: str | None = None) -> int:
    """One request to 127.0.0.1 at the server's port; `headers` says which Host it names."""
    connection = http.client.HTTPConnection(*server.address, timeout=10)
    connection.request(method, path, body=body, headers=headers)
    status = connection.getresponse().status
    connection.close()
    return status


def test_the_first_line_is_the_url_with_a_128_bit_token(serve):
    server = serve()
    assert re.fullmatch(r"http://featurehost-[0-9a-f]{16}\.localhost:\d+/\?token=[0-9a-f]{32}", server.url)
    other = serve()
    assert other.host.split(":")[0] != server.host.split(":")[0], "each run has a host name of its own"


def test_the_home_lists_the_enabled_features_in_config_order(serve, browser, screenshots):
    server = serve()
    page = browser.new_page()
    page.goto(server.page_url("/"))
    assert page.url == f"{server.origin}/", "the token leaves the address bar once the cookie is set"
    titles = page.locator(".fh-feature-title").all_inner_texts()
    assert [title for title in titles if title in DEFAULT_ORDER] == DEFAULT_ORDER
    assert page.evaluate("document.cookie").find(server.token) == -1, "the token cookie is HttpOnly"
    page.screenshot(path=screenshots / "home.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=screenshots / "home-narrow.png", full_page=True)
    page.close()


def test_a_feature_subset_from_the_config_and_only(serve, browser):
    server = serve(config={"features": [{"id": "chats"}, {"id": "offer-countdown"}]})
    page = browser.new_page()
    page.goto(server.page_url("/"))
    assert page.locator(".fh-feature-title").all_inner_texts() == ["Chats", "Offer countdown"]
    page.close()
    only = serve(args=["--only", "offer-countdown"])
    page = browser.new_page()
    page.goto(only.page_url("/"))
    assert page.locator(".fh-feature-title").all_inner_texts() == ["Offer countdown"]
    page.close()


def test_without_the_token_every_request_is_forbidden(serve):
    server = serve()
    for path in ["/", "/f/offer-countdown", "/assets/featurehost.js", f"/?token={'0' * 32}"]:
        assert status_of(server, "GET", path, {"Host": server.host}) == 403, path
    server.stop()
    assert any(line.startswith("403 GET /") for line in server.lines), server.lines


def test_a_foreign_host_is_rejected_even_with_the_token(serve):
    server = serve()
    cookie = {"Cookie": f"featurehost-token={server.token}"}
    assert status_of(server, "GET", "/", {"Host": f"attacker.example:{server.port}", **cookie}) == 421
    # Nor the loopback names a cookie for would be shared with every other local server.
    assert status_of(server, "GET", "/", {"Host": f"127.0.0.1:{server.port}", **cookie}) == 421
    assert status_of(server, "GET", "/", {"Host": f"localhost:{server.port}", **cookie}) == 421
    assert status_of(server, "GET", "/", {"Host": server.host, **cookie}) == 200


def test_a_post_from_another_origin_is_forbidden(serve):
    server = serve()
    headers = {
        "Host": server.host, "Cookie": f"featurehost-token={server.token}",
        "Content-Type": "application/json",
    }
    body = '{"kind":"click","action":"activate"}'
    assert status_of(server, "POST", "/s/x/event", {**headers, "Origin": "http://attacker.example"}, body) == 403
    assert status_of(server, "POST", "/s/x/event", headers, body) == 403


def test_malformed_requests_get_a_4xx_and_the_server_goes_on(serve):
    server = serve()
    cases = {
        b"GARBAGE\r\n\r\n": b"HTTP/1.1 400",
        b"GET / HTTP/1.1\r\n\r\n": b"HTTP/1.1 400",  # no Host
        b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 17000 + b"\r\n\r\n": b"HTTP/1.1 431",
        b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 999999\r\n\r\n": b"HTTP/1.1 413",
        b"DELETE / HTTP/1.1\r\nHost: x\r\n\r\n": b"HTTP/1.1 405",
        b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n": b"HTTP/1.1 411",
        b"GET /\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n": b"HTTP/1.1 400",
    }
    for request, expected in cases.items():
        assert raw_request(server, request).startswith(expected), request[:40]
    cookie = {"Cookie": f"featurehost-token={server.token}", "Host": server.host}
    assert status_of(server, "GET", "/", cookie) == 200
    server.stop()
    assert len(server.lines) >= len(cases), "one line per refused request"


def test_what_cannot_be_shown_says_why_in_its_panel(serve, browser, screenshots):
    """A plugin that failed to load is listed on the home with its reason and has the error panel as its page,
    as the terminal shows it; the other features run."""
    server = serve(config={"plugins": ["libmissing.so"], "features": [{"id": "offer-countdown"}]})
    page = browser.new_page()
    page.goto(server.page_url("/"))
    assert page.locator(".fh-feature-title").all_inner_texts() == ["Offer countdown", "Plugin libmissing.so"]
    assert "could not be loaded" in page.locator(".fh-failed").inner_text()
    page.screenshot(path=screenshots / "home-with-failure.png")
    page.click("text=Plugin libmissing.so")
    panel = page.locator("[role=alert]")
    assert "cannot open the plugin" in panel.inner_text()
    page.screenshot(path=screenshots / "panel.png")
    page.goto(f"{server.origin}/f/no-such-feature")
    assert "There is no page at /f/no-such-feature" in page.locator("[role=alert]").inner_text()
    page.goto(f"{server.origin}/f/offer-countdown")
    page.wait_for_selector(".offer-timer")
    page.close()


def test_ctrl_c_stops_it_cleanly(serve):
    server = serve()
    assert server.stop(signal.SIGINT) == 0
