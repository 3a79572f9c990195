"""Screenshots of every feature's page and its main states, at the sizes issue 26 names (568×320, 390×844 and
1440×900 by default), in the light and the dark scheme, for a person to look at: does it look finished?

    python3 Tests/browser/bench/screenshots.py [--out DIR] [--sizes 568x320,390x844] [--schemes light,dark]
                                               [--only car-news,invitations]

Against `featurehost serve` (the debug build, or FEATUREHOST_BINARY) with loopback sources only: car-news from a
local copy of the feature's bundled reply with generated pictures (and a 160-character title, to show the
two-line clamp), invitations against a local `fakeAuth`, transactions and chats from their bundled data. Writes
`<out>/<feature>-<state>-<W>x<H>-<scheme>.png` (default out: Tests/browser/output/screenshots/) and prints each
path. Each wait is for something the page shows; animations are let finish before a picture is taken."""

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from featurehost_server import Server  # noqa: E402
from test_car_news import Origin  # noqa: E402
from test_invitations import FakeAuth  # noqa: E402

SIZES = [(568, 320), (390, 844), (1440, 900)]
SCHEMES = ["light", "dark"]
FEATURES = ["home", "offer-countdown", "car-news", "chats", "invitations", "transactions"]
LONG_TITLE = ("A very long title that goes on and on about the new electric estate car, its range in winter, "
              "its price and where it will be sold next year")


class CarNewsOrigin(Origin):
    """The bundled reply with one title made long (the clamp's worst case)."""

    def reply(self) -> bytes:
        reply = json.loads(super().reply())
        if reply.get("content"):
            reply["content"][0]["title"] = LONG_TITLE
        return json.dumps(reply).encode()


def settled(page):
    """Every finite animation has finished (loops, such as a spinner or the countdown's roll, are left)."""
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running' ||"
        " a.effect.getTiming().iterations === Infinity || a.animationName === 'offer-roll')",
        timeout=20_000)


def wait_text(page, selector: str, text: str):
    page.wait_for_function(
        "([s, t]) => { const e = document.querySelector(s); return !!e && e.textContent.includes(t); }",
        arg=[selector, text], timeout=20_000)


class Shooter:
    def __init__(self, browser, server: Server, out: Path, sizes, schemes):
        self.browser, self.server, self.out, self.sizes, self.schemes = browser, server, out, sizes, schemes
        self.paths: list[Path] = []

    def page(self, size, scheme, path):
        context = self.browser.new_context(
            viewport={"width": size[0], "height": size[1]}, color_scheme=scheme, locale="en-US", timezone_id="UTC")
        page = context.new_page()
        page.goto(self.server.page_url(path))
        return page

    def shot(self, page, feature, state, size, scheme, full_page=False):
        settled(page)
        path = self.out / f"{feature}-{state}-{size[0]}x{size[1]}-{scheme}.png"
        page.screenshot(path=str(path), full_page=full_page)
        self.paths.append(path)
        print(path, flush=True)

    def each(self, feature, run):
        for scheme in self.schemes:
            for size in self.sizes:
                page = self.page(size, scheme, "/" if feature == "home" else f"/f/{feature}")
                try:
                    run(page, size, scheme)
                finally:
                    page.context.close()

    # MARK: - Features

    def home(self, page, size, scheme):
        page.wait_for_selector(".fh-feature-list")
        self.shot(page, "home", "list", size, scheme)

    def offer(self, page, size, scheme):
        page.wait_for_selector(".offer-timer", state="attached")
        self.shot(page, "offer-countdown", "main", size, scheme)
        if size[0] > size[1]:
            page.click("#offer-activate")
            page.wait_for_selector(".offer-popup")
            self.shot(page, "offer-countdown", "popup", size, scheme)

    def car_news(self, page, size, scheme):
        page.wait_for_selector("img.car-news-picture")
        page.wait_for_function(
            "() => Array.from(document.querySelectorAll('img.car-news-picture')).every(i => i.complete)")
        self.shot(page, "car-news", "list", size, scheme)
        page.click(".car-news-card")
        page.wait_for_selector(".car-news-detail")
        self.shot(page, "car-news", "article", size, scheme)

    def car_news_offline(self, origin: Origin):
        origin.stop()
        for scheme in self.schemes:
            for size in self.sizes:
                page = self.page(size, scheme, "/f/car-news")
                try:
                    page.wait_for_selector(".car-news-banner", timeout=30_000)
                    self.shot(page, "car-news", "offline", size, scheme)
                finally:
                    page.context.close()

    def chats(self, page, size, scheme):
        page.wait_for_selector(".chats.chats-screen-list", timeout=20_000)
        page.wait_for_function("() => !document.querySelector('.chats-avatar[data-image=loading]')", timeout=30_000)
        self.shot(page, "chats", "list", size, scheme)

    def invitations(self, page, size, scheme):
        page.wait_for_selector(".inv-page-button")
        self.shot(page, "invitations", "start", size, scheme)
        page.click("#inv-page-button")
        page.wait_for_selector(".inv-request")
        self.shot(page, "invitations", "form", size, scheme)
        page.click("#inv-primary")
        page.wait_for_function("() => document.querySelectorAll('.inv-invalid').length === 3")
        self.shot(page, "invitations", "errors", size, scheme)
        page.fill("#inv-fullName", "Ada Lovelace")
        page.fill("#inv-email", "ada@example.com")
        page.fill("#inv-confirmEmail", "ada@example.com")
        page.click("#inv-primary")
        page.wait_for_selector(".inv-celebration-registered")
        self.shot(page, "invitations", "congratulations", size, scheme)
        page.click("#inv-primary")
        wait_text(page, ".inv-title", "registered")
        self.shot(page, "invitations", "registered", size, scheme)
        page.click("#inv-page-button")
        page.wait_for_selector(".inv-alert")
        self.shot(page, "invitations", "alert", size, scheme)
        page.click("#inv-primary")
        page.wait_for_selector(".inv-celebration-cancelled")
        self.shot(page, "invitations", "cancelled", size, scheme)
        page.click("#inv-primary")
        page.wait_for_selector("#inv-layer[hidden]", state="attached")

    def transactions(self, page, size, scheme):
        page.wait_for_selector(".tx-sum-amount")
        self.shot(page, "transactions", "list", size, scheme)
        # Unpin the second row, shot, pin it again: pins are saved in the data directory.
        second = page.locator(".tx-row").nth(1)
        second.click()
        page.wait_for_function("() => document.querySelectorAll('.tx-row')[1].getAttribute('aria-pressed') === 'false'")
        self.shot(page, "transactions", "unpinned", size, scheme)
        second.click()
        page.wait_for_function("() => document.querySelectorAll('.tx-row')[1].getAttribute('aria-pressed') === 'true'")
        page.click("#tx-tab-insights")
        page.wait_for_selector(".tx-insights")
        self.shot(page, "transactions", "insights", size, scheme)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=HERE.parent / "output" / "screenshots")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--schemes", default=",".join(SCHEMES))
    parser.add_argument("--only", default=",".join(FEATURES))
    options = parser.parse_args()
    sizes = [tuple(int(n) for n in size.split("x")) for size in options.sizes.split(",")]
    schemes = options.schemes.split(",")
    only = options.only.split(",")
    options.out.mkdir(parents=True, exist_ok=True)

    origin = CarNewsOrigin()
    backend = FakeAuth()
    data = Path(tempfile.mkdtemp(prefix="featurehost-shots-"))
    config = {"features": [
        {"id": "offer-countdown"},
        {"id": "car-news", "source": {"kind": "http", "url": origin.url}},
        {"id": "chats"},
        {"id": "invitations", "source": {"kind": "http", "url": backend.url}},
        {"id": "transactions"},
    ], "locale": "en_US"}
    server = Server(data / "data", config=config)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
            shooter = Shooter(browser, server, options.out, sizes, schemes)
            steps = {
                "home": shooter.home, "offer-countdown": shooter.offer, "car-news": shooter.car_news,
                "chats": shooter.chats, "invitations": shooter.invitations, "transactions": shooter.transactions,
            }
            for feature in FEATURES:
                if feature in only:
                    shooter.each(feature, steps[feature])
            if "car-news" in only:
                shooter.car_news_offline(origin)
            browser.close()
    finally:
        server.stop()
        origin.stop()
        backend.stop()
        shutil.rmtree(data, ignore_errors=True)
    print(f"{len(shooter.paths)} screenshots in {options.out}")


if __name__ == "__main__":
    main()
