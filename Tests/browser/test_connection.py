"""The page knows the connection (issue 26.1), against a real `featurehost serve` that is stopped, resumed,
killed and started again: the page says the host is gone within a few seconds, takes no click meanwhile, asks
again with backoff and comes back by itself when the same run answers; after a restart (a new run: its own
address and token) it says how to get back in, and a reload shows a page that says so, not a plain-text 403.
Nothing is slept for: each wait is for something the page shows."""

import re
import signal

import pytest
from axe_playwright_python.sync_playwright import Axe

from featurehost_server import Server

AXE = Axe()


def no_serious_violations(page):
    """axe-core on the page as it is now: a connection state is a state of the page (issue 26, point 7)."""
    serious = [v for v in AXE.run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], [(v["id"], v["help"], [n["target"] for n in v["nodes"]]) for v in serious]

DIGITS = "Array.from(document.querySelectorAll('.offer-box > span')).map(e => e.textContent).join('')"
STATE = "document.body.dataset.fhConnection"


def open_offer(browser, server):
    page = browser.new_context(viewport={"width": 844, "height": 390}).new_page()
    page.console_messages = []
    page.on("console", lambda message: page.console_messages.append(message.text))
    page.goto(server.page_url("/f/offer-countdown"))
    page.wait_for_selector(".offer-timer", state="attached")
    wait_for_state(page, "live")
    return page


def wait_for_state(page, state: str, timeout: float = 15_000):
    page.wait_for_function(f"(state) => {STATE} === state", arg=state, timeout=timeout)


def wait_for_a_tick(page):
    """Until the countdown shows another second than now: it is running."""
    shown = page.evaluate(DIGITS)
    page.wait_for_function(f"(shown) => {DIGITS} !== shown", arg=shown, timeout=15_000)


def no_csp_violations(page):
    violations = [text for text in page.console_messages if "Content Security Policy" in text]
    assert violations == [], violations


def test_a_host_that_stops_answering_is_shown_and_the_page_recovers_by_itself(serve, browser, screenshots):
    server = serve(args=["--only", "offer-countdown"])
    page = open_offer(browser, server)
    wait_for_a_tick(page)
    # The host hangs (SIGSTOP): its sockets stay open and nothing errors; only the missing heartbeat tells.
    server.process.send_signal(signal.SIGSTOP)
    try:
        started = page.evaluate("() => performance.now()")
        wait_for_state(page, "lost", timeout=20_000)
        noticed_after = page.evaluate("() => performance.now()") - started
        # Three beats of 2 s missed, counted from the last one heard.
        assert noticed_after <= 8_000, f"the page noticed after {noticed_after:.0f} ms"
        banner = page.locator("#fh-connection")
        assert banner.is_visible()
        assert "not answering" in banner.inner_text()
        assert page.evaluate("() => document.getElementById('fh-root').inert"), "the page's controls are inert"
        # A click on the button reaches nothing: no event goes out (it would wait for a host that may not come back).
        posts = []
        page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
        box = page.locator(".offer-activate").bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.keyboard.press("Enter")
        assert posts == []
        assert not page.locator(".offer-popup").is_visible()
        no_serious_violations(page)
        page.screenshot(path=screenshots / "lost.png")
    finally:
        server.process.send_signal(signal.SIGCONT)
    # The same run answers again: the page reconnects by itself, catches up and counts on.
    wait_for_state(page, "live", timeout=15_000)
    assert not page.locator("#fh-connection").is_visible()
    assert not page.evaluate("() => document.getElementById('fh-root').inert")
    wait_for_a_tick(page)
    page.click(".offer-activate")
    page.locator(".offer-popup").wait_for(state="visible")
    page.screenshot(path=screenshots / "recovered.png")
    no_csp_violations(page)


def test_a_restarted_host_says_how_to_get_back_in(tmp_path, browser, screenshots):
    first = Server(tmp_path / "first", args=["--only", "offer-countdown"])
    second = None
    try:
        page = open_offer(browser, first)
        wait_for_a_tick(page)
        # A crash: the stream breaks at once.
        first.process.kill()
        first.process.wait()
        wait_for_state(page, "lost", timeout=5_000)
        assert "not answering" in page.locator("#fh-connection").inner_text()
        # Nothing answers at the address: after a few tries the banner says what to do if it was restarted.
        page.wait_for_function(
            "() => document.querySelector('.fh-connection-hint').textContent.includes('open the address it printed')",
            timeout=15_000)
        page.screenshot(path=screenshots / "crashed.png")
        # Started again at the same port: a new run, with its own address and token.
        second = Server(tmp_path / "second", args=["--only", "offer-countdown"], port=first.port)
        # The page's next try meets the new run, which does not know its address.
        wait_for_state(page, "restarted")
        text = page.locator("#fh-connection").inner_text()
        assert "restarted" in text and "Open the address the new run printed" in text, text
        assert not page.locator(".fh-connection-retry").is_visible()
        no_serious_violations(page)
        page.screenshot(path=screenshots / "restarted.png")
        # A reload gets a page that says how to get in, not a plain-text refusal.
        response = page.reload()
        assert response.status == 421
        assert response.headers["content-type"].startswith("text/html")
        assert page.locator("h1").inner_text() == "This address is not this run's"
        text = page.locator(".fh-panel").inner_text()
        assert "To get back in, open the address the running featurehost serve printed when it started." in text, text
        assert_a_styled_refusal(page)
        no_serious_violations(page)
        page.screenshot(path=screenshots / "reloaded.png")
        # The new run's own address gets back in.
        page.goto(second.page_url("/f/offer-countdown"))
        page.wait_for_selector(".offer-timer", state="attached")
        wait_for_state(page, "live")
        wait_for_a_tick(page)
    finally:
        if second is not None:
            assert second.stop() == 0


def assert_a_styled_refusal(page):
    """A refusal page is styled like the rest (the base stylesheet is public), shows no backticks, and has no link:
    every page of the run would refuse the same browser the same way."""
    panel = page.locator(".fh-panel")
    assert page.evaluate("() => getComputedStyle(document.querySelector('.fh-panel')).boxShadow") != "none"
    assert "`" not in panel.inner_text()
    assert page.locator("a").count() == 0
    assert page.locator(".fh-panel code").count() >= 1


def test_a_page_of_this_run_without_its_token_gets_a_page_that_says_how_to_get_in(serve, browser, screenshots):
    server = serve(args=["--only", "offer-countdown"])
    page = browser.new_context().new_page()
    response = page.goto(f"{server.origin}/f/offer-countdown")
    assert response.status == 403
    assert page.locator("h1").inner_text() == "This page needs this run's address"
    text = page.locator(".fh-panel").inner_text()
    assert "To get in, open the address featurehost serve printed when it started" in text, text
    assert text.count("open the address") == 1, text
    assert_a_styled_refusal(page)
    page.screenshot(path=screenshots / "no-token.png")


def test_a_clean_stop_keeps_the_page_and_says_the_host_was_stopped(serve, tmp_path, browser, screenshots):
    """Issue 34.4: SIGTERM (as Ctrl-C) ends serve cleanly; the page keeps its content and says so, not
    Chromium's error page, and keeps asking; a new run at the port is met as after a kill."""
    server = serve(args=["--only", "offer-countdown"])
    page = open_offer(browser, server)
    wait_for_a_tick(page)
    url = page.url
    assert server.stop(signal.SIGTERM) == 0
    wait_for_state(page, "lost", timeout=5_000)
    text = page.locator("#fh-connection").inner_text()
    assert "FeatureHost was stopped. This page will reconnect when it runs again." in text, text
    assert page.url == url, "the page stays (no reload into an error page)"
    assert page.locator(".offer-timer").count() == 1
    # Still asking: each failed try renders the banner again; from the third it adds what to do.
    page.wait_for_function(
        "() => document.querySelector('.fh-connection-hint').textContent.includes('open the address it printed')",
        timeout=15_000)
    assert "was stopped" in page.locator("#fh-connection").inner_text()
    assert page.url == url
    no_serious_violations(page)
    page.screenshot(path=screenshots / "stopped.png")
    # A new run at the same port: a run of its own, as after a kill.
    second = Server(tmp_path / "second", args=["--only", "offer-countdown"], port=server.port)
    try:
        wait_for_state(page, "restarted")
        assert "Open the address the new run printed" in page.locator("#fh-connection").inner_text()
    finally:
        assert second.stop() == 0
    no_csp_violations(page)


def test_typing_goes_on_while_the_host_is_away_and_reaches_it_when_back(serve, browser, screenshots):
    """Issue 34.5: the focused field keeps its focus and what is typed while the page is lost (the host hangs),
    and its text reaches the host once it answers again."""
    server = serve(args=["--only", "invitations"])
    page = browser.new_context(viewport={"width": 1024, "height": 720}).new_page()
    page.console_messages = []
    page.on("console", lambda message: page.console_messages.append(message.text))
    page.goto(server.page_url("/f/invitations"))
    page.click(".inv-page-button")
    page.wait_for_selector(".inv-request", state="visible")
    # Errors first, so the host's answer to the typed name shows: its message goes.
    page.click("#inv-primary")
    page.wait_for_function("() => document.querySelectorAll('.inv-invalid').length === 3")
    page.focus("#inv-fullName")
    server.process.send_signal(signal.SIGSTOP)
    try:
        wait_for_state(page, "lost", timeout=20_000)
        page.keyboard.type("Jane Doe")
        assert page.evaluate("() => document.activeElement.id") == "inv-fullName"
        assert page.input_value("#inv-fullName") == "Jane Doe"
        assert page.evaluate("() => document.querySelectorAll('.inv-invalid').length") == 3, "nothing reached the host"
        # Everything else is inert still: the Send button and the other fields take no click.
        assert page.evaluate("() => document.getElementById('inv-primary').closest('[inert]') !== null")
        assert page.evaluate("() => document.getElementById('inv-email').closest('[inert]') !== null")
        no_serious_violations(page)
        page.screenshot(path=screenshots / "typed-while-lost.png")
    finally:
        server.process.send_signal(signal.SIGCONT)
    wait_for_state(page, "live", timeout=15_000)
    # The host heard the name: its field's message went, while the field kept its focus and its text.
    page.wait_for_function("() => document.querySelectorAll('.inv-invalid').length === 2", timeout=15_000)
    assert not page.locator("#inv-fullName-error").inner_text()
    assert page.evaluate("() => document.activeElement.id") == "inv-fullName"
    assert page.input_value("#inv-fullName") == "Jane Doe"
    assert page.evaluate("() => document.querySelector('#fh-root [inert], #fh-root[inert]') === null")
    no_csp_violations(page)
