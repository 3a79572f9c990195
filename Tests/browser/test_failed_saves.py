"""A save that fails says so on the web page: against `featurehost serve` on a data directory where every save
fails (the preferences file's temporary copy cannot be made: a folder sits in its place, which stops root as
well as anyone), a pin says it was not saved and shows the pin kept, and an invitation the backend accepted
says the device could not keep it, instead of "All done!". Nothing is slept for: each wait is for something
the page shows."""

import http.server
import threading

import pytest


@pytest.fixture
def failing_data(tmp_path):
    """A data directory whose saves all fail: `preferences.plist.saving` is a folder."""
    data = tmp_path / "data0"
    (data / "preferences.plist.saving").mkdir(parents=True)
    return data


def wait_text_contains(page, selector: str, text: str, timeout: float = 15_000):
    # A function, not an expression: Playwright evaluates an expression with eval, which the page's CSP forbids.
    page.wait_for_function(
        "([selector, text]) => { const e = document.querySelector(selector); return !!e && e.textContent.includes(text); }",
        arg=[selector, text], timeout=timeout)


def no_csp_violations(messages):
    violations = [text for text in messages if "Content Security Policy" in text]
    assert violations == [], violations


def open_page(browser, server, path, ready):
    page = browser.new_context(viewport={"width": 900, "height": 820}).new_page()
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    page.goto(server.page_url(path))
    page.wait_for_selector(ready)
    return page, messages


def test_a_pin_that_was_not_saved_says_so(serve, failing_data, browser, screenshots):
    server = serve(config={"features": [{"id": "transactions", "source": {"kind": "in-memory"}}], "locale": "en_US"},
                   args=["--only", "transactions"])
    assert server.data_dir == failing_data
    page, messages = open_page(browser, server, "/f/transactions", ".tx-sum-amount")
    page.wait_for_function("() => document.querySelector('.tx-sum-amount')?.textContent === '$472.08'")
    page.click("#tx-1 button")  # Movie Night: shown unpinned at once, then taken back when the save fails
    saving = failing_data / "preferences.plist.saving"
    wait_text_contains(page, ".tx-pins-warning", f'Unpinning "Movie Night" was not saved: Cannot create {saving}: Is a directory.')
    warning = page.locator(".tx-pins-warning").inner_text()
    assert warning.endswith("The pins shown are the saved ones."), warning
    page.wait_for_function("() => document.querySelector('#tx-1 button')?.getAttribute('aria-pressed') === 'true'")
    assert page.locator(".tx-sum-amount").inner_text() == "$472.08"
    assert page.locator(".tx-notices").get_attribute("role") == "status"
    page.screenshot(path=screenshots / "pin-not-saved.png")
    # A new page reads what is kept: nothing was.
    again, more = open_page(browser, server, "/f/transactions", ".tx-sum-amount")
    again.wait_for_function("() => document.querySelector('.tx-sum-amount')?.textContent === '$472.08'")
    assert again.locator("#tx-1 button").get_attribute("aria-pressed") == "true"
    no_csp_violations(messages + more)


class AcceptingInvitationClient:
    """A `fakeAuth` stand-in on 127.0.0.1 that registers every request."""

    def __init__(self):
        self.requests = 0
        backend = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                backend.requests += 1
                body = b"Registered"
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/fakeAuth"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def backend():
    accepting = AcceptingInvitationClient()
    yield accepting
    accepting.stop()


def test_an_invitation_the_device_could_not_keep_says_so(serve, failing_data, backend, browser, screenshots):
    server = serve(config={"features": [{"id": "invitations", "source": {"kind": "http", "url": backend.url, "timeout": 20}}]},
                   args=["--only", "invitations"])
    page, messages = open_page(browser, server, "/f/invitations", ".inv-page-button")
    page.click(".inv-page-button")
    page.wait_for_selector(".inv-request", state="visible")
    page.fill("#inv-fullName", "Jane Doe")
    page.fill("#inv-email", "jane@example.com")
    page.fill("#inv-confirmEmail", "jane@example.com")
    page.click("#inv-primary")
    wait_text_contains(page, "#inv-notice", "The invitation server accepted your request, but this device could not keep it")
    notice = page.locator("#inv-notice").inner_text()
    assert "Is a directory" in notice and str(failing_data / "preferences.plist.saving") in notice, notice
    assert "After a restart this page will not know you are registered." in notice
    assert backend.requests == 1
    assert page.locator("text=All done!").count() == 0, "no congratulations for an invitation the device did not keep"
    assert page.locator(".inv-request").count() == 0 or not page.locator(".inv-request").is_visible()
    page.screenshot(path=screenshots / "invitation-not-kept.png")
    no_csp_violations(messages)
