"""Accessibility checked by a tool (issue 26, points 7 and 8): axe-core (bundled by the PyPI package
`axe-playwright-python`; .ci/run installs it) on every page and state, in the light and the dark scheme, finds no
serious or critical violation; in the dark scheme that includes axe's colour-contrast rule. And every control
of every page is reached by Tab alone; inside an open dialog, every control of the dialog. Each wait is for something the page shows."""

import shutil
import tempfile
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from featurehost_server import Server
from test_car_news import Origin
from test_invitations import FakeAuth

AXE = Axe()
SERIOUS = {"serious", "critical"}
# Interactive elements a user must be able to reach (shown ones only; see `controls`).
CONTROLS = "a[href], button, input, select, textarea, [role=tab], [tabindex]:not([tabindex='-1'])"


@pytest.fixture
def everything():
    """One `featurehost serve` with all five features on loopback sources."""
    origin, backend = Origin(), FakeAuth()
    data = Path(tempfile.mkdtemp(prefix="featurehost-a11y-"))
    config = {"features": [
        {"id": "offer-countdown"},
        {"id": "car-news", "source": {"kind": "http", "url": origin.url}},
        {"id": "chats"},
        {"id": "invitations", "source": {"kind": "http", "url": backend.url, "timeout": 20}},
        {"id": "transactions"},
    ]}
    server = Server(data / "data", config=config)
    try:
        yield server, origin
    finally:
        assert server.stop() == 0
        origin.stop()
        backend.stop()
        shutil.rmtree(data, ignore_errors=True)


def settled(page):
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running' ||"
        " a.effect.getTiming().iterations === Infinity || a.animationName === 'offer-roll')", timeout=20_000)


class Audit:
    """Runs axe on each state it is shown and keeps what it found, so one test reports every state at once."""

    def __init__(self, scheme: str):
        self.scheme = scheme
        self.found: list[str] = []
        self.states = 0

    def check(self, page, state: str):
        settled(page)
        results = AXE.run(page)
        self.states += 1
        for violation in results.response["violations"]:
            if violation["impact"] in SERIOUS:
                targets = [" ".join(node["target"]) for node in violation["nodes"]][:4]
                self.found.append(f"{self.scheme} {state}: {violation['id']} ({violation['impact']}) {targets}"
                                  f" {violation['nodes'][0].get('failureSummary', '')[:200]}")


def new_page(browser, server, path, scheme, size=(844, 600)):
    # axe is injected as a script: the page's CSP (script-src 'self') would refuse it, so this context bypasses it.
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, color_scheme=scheme,
                                  bypass_csp=True, locale="en-US", timezone_id="UTC")
    page = context.new_page()
    page.goto(server.page_url(path))
    return page


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_violations_on_any_page_or_state(everything, browser, screenshots, scheme):
    server, origin = everything
    audit = Audit(scheme)

    page = new_page(browser, server, "/", scheme)
    page.wait_for_selector(".fh-feature-list")
    audit.check(page, "home")
    page.context.close()

    page = new_page(browser, server, "/f/offer-countdown", scheme)
    page.wait_for_selector(".offer-timer")
    audit.check(page, "offer")
    page.click("#offer-activate")
    page.wait_for_selector("#offer-modal:not([hidden])")
    audit.check(page, "offer popup")
    page.context.close()
    page = new_page(browser, server, "/f/offer-countdown", scheme, size=(390, 844))
    page.wait_for_selector(".offer-portrait")
    audit.check(page, "offer portrait")
    page.context.close()

    page = new_page(browser, server, "/f/car-news", scheme)
    page.wait_for_selector(".car-news-card")
    audit.check(page, "car-news list")
    page.click(".car-news-card")
    page.wait_for_selector(".car-news-detail")
    audit.check(page, "car-news article")
    page.context.close()

    page = new_page(browser, server, "/f/chats", scheme, size=(390, 844))
    page.wait_for_selector(".chats-screen-loading", timeout=20_000)
    audit.check(page, "chats loader")
    page.wait_for_selector(".chats.chats-screen-list", timeout=20_000)
    audit.check(page, "chats list")
    page.context.close()

    page = new_page(browser, server, "/f/invitations", scheme)
    page.wait_for_selector(".inv-page-button")
    audit.check(page, "invitations start")
    page.click("#inv-page-button")
    page.wait_for_selector(".inv-request")
    audit.check(page, "invitations form")
    page.click("#inv-primary")
    page.wait_for_function("() => document.querySelectorAll('.inv-invalid').length === 3")
    audit.check(page, "invitations errors")
    page.fill("#inv-fullName", "Ada Lovelace")
    page.fill("#inv-email", "ada@example.com")
    page.fill("#inv-confirmEmail", "ada@example.com")
    page.click("#inv-primary")
    page.wait_for_selector(".inv-celebration-registered")
    audit.check(page, "invitations congratulations")
    page.click("#inv-primary")
    page.wait_for_selector("#inv-layer[hidden]", state="attached")
    audit.check(page, "invitations registered")
    page.click("#inv-page-button")
    page.wait_for_selector(".inv-alert")
    audit.check(page, "invitations alert")
    page.click("#inv-primary")
    page.wait_for_selector(".inv-celebration-cancelled")
    audit.check(page, "invitations cancelled")
    page.click("#inv-primary")
    page.wait_for_selector("#inv-layer[hidden]", state="attached")
    page.context.close()

    page = new_page(browser, server, "/f/transactions", scheme)
    page.wait_for_selector(".tx-sum-amount")
    audit.check(page, "transactions list")
    row = page.locator(".tx-row").nth(1)
    row.click()
    page.wait_for_function("() => document.querySelectorAll('.tx-row')[1].getAttribute('aria-pressed') === 'false'")
    audit.check(page, "transactions unpinned")
    row.click()
    page.wait_for_function("() => document.querySelectorAll('.tx-row')[1].getAttribute('aria-pressed') === 'true'")
    page.click("#tx-filter-travel")
    page.wait_for_function("() => document.getElementById('tx-filter-travel').getAttribute('aria-selected') === 'true'")
    audit.check(page, "transactions travel")
    page.click("#tx-filter-all")
    page.click("#tx-tab-insights")
    page.wait_for_selector(".tx-insights")
    audit.check(page, "transactions insights")
    page.context.close()

    # Offline car-news last: it stops the origin.
    origin.stop()
    page = new_page(browser, server, "/f/car-news", scheme)
    page.wait_for_selector(".car-news-card")
    page.click("[data-action=refresh]")
    page.wait_for_selector(".car-news-banner", timeout=30_000)
    audit.check(page, "car-news offline")
    page.context.close()

    assert audit.states == 20
    assert audit.found == [], "\n".join(audit.found)


REACH = """(selector) => {
  const shown = (e) => !e.closest('[hidden]') && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  // With a dialog open only its controls count (the page behind is out of reach by design); a control taken
  // out of the tab order (the page's button behind a dialog) does not count.
  const dialog = Array.from(document.querySelectorAll('[aria-modal="true"]')).find(shown);
  window.fhControls = Array.from((dialog || document).querySelectorAll(selector)).filter(e => shown(e) && !e.disabled && e.tabIndex >= 0);
  window.fhReached = new Set();
  return window.fhControls.length;
}"""
NOTE = "() => { const i = window.fhControls.indexOf(document.activeElement); if (i >= 0) window.fhReached.add(i); return i; }"
MISSED = """() => window.fhControls.filter((e, i) => !window.fhReached.has(i))
  .map(e => e.id || e.getAttribute('data-action') || e.outerHTML.slice(0, 80))"""


def reach_all_by_keyboard(page, state: str) -> list[str]:
    """Tabs through the page; answers the controls never focused. (Lists also move their selection with the
    arrow keys; their own tests check that. Every row is in the tab order too.)"""
    count = page.evaluate(REACH, CONTROLS)
    for _ in range(count + 3):
        page.keyboard.press("Tab")
        page.evaluate(NOTE)
    return [f"{state}: {name}" for name in page.evaluate(MISSED)]


def test_every_control_is_reached_by_keyboard_alone(everything, browser, screenshots):
    server, _ = everything
    missed = []
    for path, ready, state in [("/", ".fh-feature-list", "home"), ("/f/offer-countdown", ".offer-timer", "offer"),
                               ("/f/car-news", ".car-news-card", "car-news"),
                               ("/f/chats", ".chats.chats-screen-list", "chats"),
                               ("/f/invitations", ".inv-page-button", "invitations"),
                               ("/f/transactions", ".tx-sum-amount", "transactions")]:
        page = new_page(browser, server, path, "light", size=(1024, 700))
        page.wait_for_selector(ready, timeout=20_000)
        missed += reach_all_by_keyboard(page, state)
        if state == "invitations":
            page.keyboard.press("Escape")
            page.focus("#inv-page-button")
            page.keyboard.press("Enter")
            page.wait_for_selector(".inv-request")
            missed += reach_all_by_keyboard(page, "invitations form")
        if state == "transactions":
            page.focus("#tx-tab-insights")
            page.keyboard.press("Enter")
            page.wait_for_selector(".tx-insights")
            missed += reach_all_by_keyboard(page, "insights")
        page.context.close()
    assert missed == [], missed
