"""invitations on the web, to its spec, against `featurehost serve` and a local fake of the `fakeAuth`
backend (a loopback server this test starts, configured as the feature's http source): the centred page,
the modal form, inline validation, "Sending, please wait..." with the form locked, the server's 400 message
as sent, retry by Send, the congratulations view and its confetti, the registered page, the cancel alert,
the cancelled view, state recalled on the next load; keyboard only, mouse, dark and reduced motion.
Time is never slept for: each wait is for something the page shows, and the backend holds a request only
until the test releases it."""

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

USED = "usedemail@blinq.app"
USED_MESSAGE = "This email address is already in use"


class FakeAuth:
    """Answers like `fakeAuth`: 400 with `errorMessage` for the used address, 200 `Registered` otherwise.
    `hold()` makes the next request wait until `release()` (bounded), so the page's sending state can be seen."""

    def __init__(self):
        self.requests: list[dict] = []
        self._gate: threading.Event | None = None
        self.arrived = threading.Event()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length).decode("utf-8")
                fake.requests.append({"path": self.path, "type": self.headers.get("Content-Type"), "body": body})
                gate = fake._gate
                fake.arrived.set()
                if gate is not None:
                    gate.wait(timeout=20)
                if USED in body:
                    self._answer(400, "application/json", json.dumps({"errorMessage": USED_MESSAGE}))
                else:
                    self._answer(200, "text/plain", "Registered")

            def _answer(self, status, kind, text):
                data = text.encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/fakeAuth"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def hold(self):
        self.arrived.clear()
        self._gate = threading.Event()

    def release(self):
        gate, self._gate = self._gate, None
        if gate is not None:
            gate.set()

    def stop(self):
        self.release()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def backend():
    fake = FakeAuth()
    yield fake
    fake.stop()


@pytest.fixture
def server(serve, backend):
    config = {"features": [{"id": "invitations", "source": {"kind": "http", "url": backend.url, "timeout": 20}}]}
    return serve(config=config, args=["--only", "invitations"])


def open_page(browser, server, **context):
    page = browser.new_context(**context).new_page()
    page.console_messages = []
    page.on("console", lambda message: page.console_messages.append(message.text))
    page.goto(server.page_url("/f/invitations"))
    page.wait_for_selector(".inv-page-button")
    return page


def reload(page):
    page.reload()
    page.wait_for_selector(".inv-page-button")


def no_csp_violations(page):
    violations = [text for text in page.console_messages if "Content Security Policy" in text]
    assert violations == [], violations


def active_id(page) -> str:
    return page.evaluate("() => document.activeElement ? document.activeElement.id : ''")


def tab_to(page, element_id: str, limit: int = 8):
    for _ in range(limit):
        page.keyboard.press("Tab")
        if active_id(page) == element_id:
            return
    raise AssertionError(f"Tab never reached #{element_id} (at #{active_id(page)})")


def wait_text(page, selector: str, text: str, timeout: float = 15_000):
    # A function, not an expression: Playwright evaluates an expression with eval, which the page's CSP forbids.
    page.wait_for_function(
        "([selector, text]) => { const e = document.querySelector(selector); return !!e && e.textContent === text; }",
        arg=[selector, text], timeout=timeout)


def settle(page):
    """Waits until every finite animation has finished (the spinner runs for ever), so a screenshot shows the
    state, not a frame of its transition."""
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)",
        timeout=15_000)


def centre(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_the_whole_flow_by_keyboard(server, backend, browser, screenshots):
    page = open_page(browser, server, viewport={"width": 1024, "height": 720})

    # Not registered: heading, text and the button, centred.
    assert page.locator(".inv-brand").inner_text() == "BROCCOLI & CO."
    assert page.locator(".inv-title").inner_text() == "A better way to enjoy every day."
    assert page.locator(".inv-text").inner_text() == "Be the first to know when we launch."
    assert page.locator(".inv-page-button").inner_text() == "Request an invite"
    assert page.evaluate("() => document.querySelector('.inv-title').tagName") == "H1"
    card_x, card_y = centre(page.locator(".inv-card").bounding_box())
    assert abs(card_x - 512) < 2 and abs(card_y - 360) < 2, (card_x, card_y)
    settle(page)
    page.screenshot(path=screenshots / "not-registered.png")

    # Keyboard only: Tab to the button, Enter opens the modal form with the focus on its first field.
    tab_to(page, "inv-page-button")
    page.keyboard.press("Enter")
    page.wait_for_selector(".inv-request", state="visible")
    assert page.get_attribute(".inv-request", "role") == "dialog"
    assert page.get_attribute(".inv-request", "aria-modal") == "true"
    page.wait_for_function("() => document.activeElement.id === 'inv-fullName'")
    for name, label, kind, autocomplete in [("fullName", "Full name", "text", "name"), ("email", "Email", "email", "email"),
                                            ("confirmEmail", "Confirm email", "email", "email")]:
        assert page.locator(f"label[for=inv-{name}]").inner_text() == label
        assert page.get_attribute(f"#inv-{name}", "type") == kind
        assert page.get_attribute(f"#inv-{name}", "autocomplete") == autocomplete
    assert page.locator("#inv-primary").inner_text() == "Send"
    settle(page)
    page.screenshot(path=screenshots / "form-empty.png")

    # Enter with empty fields: inline messages, focus kept, the backend never contacted.
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('.inv-invalid').length === 3")
    assert page.get_attribute("#inv-fullName", "aria-invalid") == "true"
    assert all(page.locator(f"#inv-{n}-error").inner_text() for n in ["fullName", "email", "confirmEmail"])
    assert backend.requests == []
    page.screenshot(path=screenshots / "form-errors.png")

    # Typing: each input event reaches the presenter, whose updates (messages clearing) must not eat keystrokes.
    page.keyboard.type("Jane Doe")
    page.keyboard.press("Tab")
    page.keyboard.type(USED)
    page.keyboard.press("Tab")
    page.keyboard.type(USED)
    page.wait_for_function("() => document.querySelectorAll('.inv-invalid').length === 0")
    assert [page.input_value(f"#inv-{n}") for n in ["fullName", "email", "confirmEmail"]] == ["Jane Doe", USED, USED]

    # Sending: the status says so, the form is locked until the backend answers; then its 400 message as sent.
    backend.hold()
    page.keyboard.press("Enter")
    wait_text(page, "#inv-status", "Sending, please wait...")
    assert page.get_attribute("#inv-email", "readonly") == ""
    assert page.get_attribute("#inv-primary", "aria-disabled") == "true"
    assert backend.arrived.wait(timeout=20)
    page.keyboard.press("Escape")  # does nothing while sending
    page.screenshot(path=screenshots / "form-sending.png")
    backend.release()
    wait_text(page, "#inv-status", USED_MESSAGE)
    assert page.get_attribute("#inv-email", "readonly") is None
    assert "inv-status-error" in page.get_attribute("#inv-status", "class")
    page.screenshot(path=screenshots / "form-rejected.png")
    assert len(backend.requests) == 1
    assert json.loads(backend.requests[0]["body"]) == {"name": "Jane Doe", "email": USED}
    assert backend.requests[0]["type"] == "application/json"

    # Retry by Send with another address.
    for field in ["email", "confirmEmail"]:
        page.click(f"#inv-{field}")
        page.keyboard.press("Control+A")
        page.keyboard.type("jane@example.com")
    assert page.input_value("#inv-email") == "jane@example.com"
    assert page.input_value("#inv-confirmEmail") == "jane@example.com"
    page.click("#inv-primary")

    # Congratulations with confetti: CSS animations of 3 s in all, read from the page.
    page.wait_for_selector(".inv-celebration-registered", state="visible")
    assert page.locator(".inv-dialog-title").inner_text() == "All done!"
    assert page.locator(".inv-message").inner_text() == "You will be one of the first to experience Broccoli & Co. when we launch."
    assert page.locator("#inv-primary").inner_text() == "OK"
    assert active_id(page) == "inv-primary", "the pressed Send became OK and kept the focus"
    timings = page.evaluate(
        "() => document.getAnimations().filter(a => a.animationName === 'inv-cannon')"
        ".map(a => { const t = a.effect.getComputedTiming(); return [t.delay, t.duration]; })")
    assert len(timings) == 48
    assert all(abs(delay + duration - 3000) < 1 for delay, duration in timings), timings[:3]
    page.screenshot(path=screenshots / "congratulations-burst.png")
    page.wait_for_function("() => document.getAnimations().every(a => a.animationName !== 'inv-cannon' || a.playState === 'finished')")
    settle(page)
    page.screenshot(path=screenshots / "congratulations-end.png")
    assert len(backend.requests) == 2
    assert json.loads(backend.requests[1]["body"]) == {"name": "Jane Doe", "email": "jane@example.com"}

    # OK (Enter) → the registered page, with Cancel invite.
    page.keyboard.press("Enter")
    page.wait_for_selector("#inv-layer", state="hidden")
    wait_text(page, ".inv-title", "You're already registered.")
    assert page.locator(".inv-text").inner_text() == "Thanks, Jane Doe. Your invitation will be emailed to jane@example.com when we launch."
    assert page.locator(".inv-page-button").inner_text() == "Cancel invite"
    settle(page)
    page.screenshot(path=screenshots / "registered.png")

    # Recalled on the next load.
    reload(page)
    assert page.locator(".inv-title").inner_text() == "You're already registered."

    # Cancel invite → the warning alert; Escape keeps the invite.
    tab_to(page, "inv-page-button")
    page.keyboard.press("Enter")
    page.wait_for_selector(".inv-alert", state="visible")
    assert page.get_attribute(".inv-alert", "role") == "alertdialog"
    assert page.locator(".inv-alert .inv-dialog-title").inner_text() == "Cancel your invite?"
    page.wait_for_function("() => document.activeElement.id === 'inv-secondary'")
    assert page.locator("#inv-secondary").inner_text() == "Keep invite"
    settle(page)
    page.screenshot(path=screenshots / "alert.png")
    page.keyboard.press("Escape")
    page.wait_for_selector("#inv-layer", state="hidden")
    assert page.locator(".inv-title").inner_text() == "You're already registered."

    # Again, and this time cancel: the cancelled view, its own confetti, then the first page.
    tab_to(page, "inv-page-button")
    page.keyboard.press("Enter")
    page.wait_for_selector(".inv-alert", state="visible")
    tab_to(page, "inv-primary", limit=2)
    page.keyboard.press("Enter")
    page.wait_for_selector(".inv-celebration-cancelled", state="visible")
    assert page.locator(".inv-dialog-title").inner_text() == "Invite cancelled"
    assert active_id(page) == "inv-primary", "the alert's Cancel invite became OK and kept the focus"
    assert page.evaluate("() => document.getAnimations().filter(a => a.animationName === 'inv-shower').length") == 48
    page.screenshot(path=screenshots / "cancelled-burst.png")
    settle(page)
    page.screenshot(path=screenshots / "cancelled-end.png")
    page.keyboard.press("Enter")
    page.wait_for_selector("#inv-layer", state="hidden")
    wait_text(page, ".inv-title", "A better way to enjoy every day.")
    reload(page)
    assert page.locator(".inv-page-button").inner_text() == "Request an invite"
    no_csp_violations(page)


def test_mouse_closes_and_live_updates_keep_typed_text(server, backend, browser, screenshots):
    page = open_page(browser, server, viewport={"width": 390, "height": 844})
    page.click(".inv-page-button")
    page.wait_for_selector(".inv-request", state="visible")
    # Errors first, so every keystroke changes what the server renders (a message comes or goes).
    page.click("#inv-primary")
    page.wait_for_function("() => document.querySelectorAll('.inv-invalid').length === 3")
    page.click("#inv-email")
    # Every value the field shows, frame by frame, from here on.
    page.evaluate("""() => { const seen = window.invSeen = []; const input = document.getElementById('inv-email');
        const look = () => { if (seen[seen.length - 1] !== input.value) seen.push(input.value); requestAnimationFrame(look); };
        look(); }""")
    page.keyboard.type("a@b.co, then more")
    page.wait_for_function("() => document.getElementById('inv-email').value === 'a@b.co, then more'")
    # Leave the field at once, with the updates for its last keystrokes still on their way, and type on in the
    # next: leaving commits it (its attribute takes the presenter's text in one step), and no update for an
    # earlier keystroke puts older text back.
    page.keyboard.press("Tab")
    page.keyboard.type("more typing")
    page.wait_for_function("() => document.getElementById('inv-email').getAttribute('value') === 'a@b.co, then more'")
    page.wait_for_function("() => document.getElementById('inv-confirmEmail').value === 'more typing'")
    seen = page.evaluate("() => window.invSeen")
    typed = "a@b.co, then more"
    assert all(typed.startswith(value) for value in seen), seen
    assert [len(value) for value in seen] == sorted(len(value) for value in seen), f"the field never went back: {seen}"
    assert page.input_value("#inv-email") == typed
    page.wait_for_function("() => document.getElementById('inv-confirmEmail').value === 'more typing'")
    page.screenshot(path=screenshots / "phone-form.png")
    # ✕ closes the form; so does a click on the dimmed page beside it.
    page.click("#inv-close")
    page.wait_for_selector("#inv-layer", state="hidden")
    page.click(".inv-page-button")
    page.wait_for_selector(".inv-request", state="visible")
    page.mouse.click(10, 10)
    page.wait_for_selector("#inv-layer", state="hidden")
    assert backend.requests == []
    no_csp_violations(page)


def test_dark_and_reduced_motion(server, backend, browser, screenshots):
    page = open_page(browser, server, color_scheme="dark", reduced_motion="reduce", viewport={"width": 844, "height": 600})
    background = page.evaluate("() => getComputedStyle(document.querySelector('.invitations')).backgroundColor")
    red, green, blue = (int(part) for part in re.findall(r"\d+", background)[:3])
    assert max(red, green, blue) < 40, f"a dark page in dark mode: {background}"
    page.screenshot(path=screenshots / "dark-not-registered.png")
    page.click(".inv-page-button")
    page.fill("#inv-fullName", "Ada Lovelace")
    page.fill("#inv-email", "ada@example.com")
    page.fill("#inv-confirmEmail", "ada@example.com")
    settle(page)
    page.screenshot(path=screenshots / "dark-form.png")
    page.press("#inv-confirmEmail", "Enter")
    page.wait_for_selector(".inv-celebration-registered", state="visible")
    # No confetti when the user asks for less motion; the view itself is the same.
    assert page.evaluate("() => getComputedStyle(document.querySelector('.inv-confetti')).display") == "none"
    assert page.evaluate("() => document.getAnimations().filter(a => a.playState === 'running').length") == 0
    page.screenshot(path=screenshots / "dark-congratulations.png")
    # Enter in a field sent the form, and that field is gone: focus moved into the dialog, on OK; Escape there
    # dismisses.
    page.wait_for_function("() => document.activeElement.id === 'inv-primary'")
    page.keyboard.press("Escape")
    page.wait_for_selector("#inv-layer", state="hidden")
    assert page.locator(".inv-title").inner_text() == "You're already registered."
    no_csp_violations(page)


CONTRAST = """([text, back]) => {
  const rgb = (value) => value.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = c.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
                       return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const fore = rgb(getComputedStyle(document.querySelector(text)).color);
  const ground = rgb(getComputedStyle(document.querySelector(back)).backgroundColor);
  const [a, b] = [lum(fore), lum(ground)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_meets_wcag_aa_in_both_schemes(server, backend, browser, screenshots, scheme):
    page = open_page(browser, server, color_scheme=scheme, viewport={"width": 844, "height": 600})
    pairs = [(".inv-brand", ".invitations"), (".inv-title", ".invitations"), (".inv-text", ".invitations"),
             (".inv-page-button", ".inv-page-button")]
    page.click(".inv-page-button")
    page.click("#inv-primary")
    page.wait_for_function("() => document.querySelectorAll('.inv-invalid').length === 3")
    pairs += [(".inv-label", ".inv-dialog"), ("#inv-fullName-error", ".inv-dialog"), (".inv-dialog-title", ".inv-dialog"),
              ("#inv-primary", "#inv-primary"), ("#inv-fullName", "#inv-fullName")]
    settle(page)
    page.screenshot(path=screenshots / f"{scheme}-form-errors.png")
    for text, back in pairs:
        ratio = page.evaluate(CONTRAST, [text, back])
        assert ratio >= 4.5, f"{scheme}: {text} on {back} is {ratio:.2f}:1"
    no_csp_violations(page)
