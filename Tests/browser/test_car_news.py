"""car-news on the web, to its spec, against `featurehost serve`: the feature's bundled reply (the real
server's schema and quirks) and its pictures served by a loopback server this test starts. The list is
newest first with the spec's dates; pictures come through the host's image cache, with a same-size
placeholder while they load; then the server stops and the list and its pictures still show, under the
offline banner. The article page, the keyboard, focus rings, contrast in light and dark. Nothing is slept
for: each wait is for something the page shows or the loopback server saw."""

import datetime
import json
import re
import struct
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "Features/CarNews/Sources/CarNewsFeature/Resources/car-news-sample.json"
ARTICLES_PATH = "/application/119267/article/get_articles_list"

PICTURES_SHOWN = """(count) => {
  const images = Array.from(document.querySelectorAll('img.car-news-picture'));
  return images.length === count && images.every(image => image.complete && image.naturalWidth > 0);
}"""


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A solid-colour PNG, so each article's picture is a real image the cache and the browser accept."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(rgb) * width
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b"")


class Origin:
    """The API and its pictures on 127.0.0.1: the bundled reply with its image addresses moved here. Pictures
    wait for `release` (set from the start unless `hold_pictures`), so a test can see their placeholders."""

    def __init__(self, hold_pictures: bool = False, many: int = 0):
        self.requests: list[str] = []
        self.many = many
        self.release = threading.Event()
        if not hold_pictures:
            self.release.set()
        origin = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                origin.requests.append(self.path)
                if self.path == ARTICLES_PATH:
                    self.answer(200, "application/json", origin.reply())
                elif self.path.startswith("/files/"):
                    origin.release.wait(timeout=20)
                    shade = zlib.crc32(self.path.encode()) & 0xFFFFFF
                    self.answer(200, "image/png", png(320, 180, (shade >> 16, (shade >> 8) & 0xFF, shade & 0xFF)))
                else:
                    self.answer(404, "text/plain", b"not found")

            def answer(self, status, content_type, body):
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.running = True

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{ARTICLES_PATH}"

    def reply(self) -> bytes:
        if self.many:
            return many_articles(self.many, self.port)
        text = SAMPLE.read_text()
        # The reply keeps its escaped slashes (`https:\/\/…`), as the real server sends them.
        text = text.replace(r"https:\/\/www.apphusetreach.no\/sites\/default\/files\/", rf"http:\/\/127.0.0.1:{self.port}\/files\/")
        return text.encode()

    def picture_requests(self) -> list[str]:
        return [path for path in self.requests if path.startswith("/files/")]

    def stop(self):
        if self.running:
            self.release.set()
            self.server.shutdown()
            self.server.server_close()
            self.running = False


def many_articles(count: int, port: int) -> bytes:
    """`count` articles, one a minute back from 2026-03-16 23:59 UTC (newest first: `Generated article 0`), each
    with its own picture on the loopback origin."""
    start = datetime.datetime(2026, 3, 16, 23, 59)
    items = [{
        "id": 500000 - index, "title": f"Generated article {index}", "ingress": f"Ingress {index}.",
        "image": f"http://127.0.0.1:{port}/files/car{index}.png",
        "dateTime": (start - datetime.timedelta(minutes=index)).strftime("%d.%m.%Y %H:%M"), "tags": [], "content": [],
    } for index in range(count)]
    return json.dumps({"status": "success", "content": items}).encode()


def articles() -> list[dict]:
    """The sample's articles, newest first (same minute: higher id first), with their dates as datetimes."""
    content = json.loads(SAMPLE.read_text())["content"]
    for article in content:
        article["date"] = datetime.datetime.strptime(article["dateTime"], "%d.%m.%Y %H:%M")
    return sorted(content, key=lambda a: (a["date"], a["id"]), reverse=True)


MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def spec_date(moment: datetime.datetime, twelve_hour: bool) -> str:
    """The spec's formats: `16 March, 12:34`, `20 December 2017, 21:43`, `09:43 PM` (UTC here)."""
    if twelve_hour:
        clock = f"{moment.hour % 12 or 12:02}:{moment.minute:02} {'AM' if moment.hour < 12 else 'PM'}"
    else:
        clock = f"{moment.hour:02}:{moment.minute:02}"
    this_year = datetime.datetime.now(datetime.timezone.utc).year
    year = "" if moment.year == this_year else f" {moment.year}"
    return f"{moment.day} {MONTHS[moment.month - 1]}{year}, {clock}"


@pytest.fixture
def origin():
    server = Origin()
    yield server
    server.stop()


def config(origin: Origin) -> dict:
    return {"features": [{"id": "car-news", "source": {"kind": "http", "url": origin.url}}]}


def open_news(browser, server, **context):
    options = {"locale": "en-GB", "timezone_id": "UTC", "viewport": {"width": 820, "height": 900}}
    options.update(context)
    page = browser.new_context(**options).new_page()
    page.console_messages = []
    page.on("console", lambda message: page.console_messages.append(message.text))
    page.goto(server.page_url("/f/car-news"))
    page.wait_for_selector(".car-news", state="attached")
    return page


def no_csp_violations(page):
    violations = [text for text in page.console_messages if "Content Security Policy" in text]
    assert violations == [], violations


def test_the_list_shows_pictures_then_still_shows_them_offline(serve, browser, screenshots):
    origin = Origin(hold_pictures=True)
    try:
        server = serve(config=config(origin))
        page = open_news(browser, server)
        expected = articles()
        page.wait_for_function("(count) => document.querySelectorAll('.car-news-card').length === count",
                               arg=len(expected))
        # While the pictures load: a placeholder in each frame, the same size as the picture will be.
        assert page.locator(".car-news-placeholder.is-loading").count() == len(expected)
        page.screenshot(path=screenshots / "loading-pictures.png", full_page=True)
        before = page.evaluate("() => Array.from(document.querySelectorAll('.car-news-date')).map(e => e.getBoundingClientRect().top)")
        origin.release.set()
        page.wait_for_function(PICTURES_SHOWN, arg=len(expected))
        after = page.evaluate("() => Array.from(document.querySelectorAll('.car-news-date')).map(e => e.getBoundingClientRect().top)")
        assert before == after, "a picture arriving must not move the cards"

        titles = page.locator(".car-news-title").all_inner_texts()
        assert titles == [" ".join(a["title"].split()) for a in expected], "newest first"
        dates = page.locator(".car-news-date").all_inner_texts()
        assert dates == [spec_date(a["date"], twelve_hour=False) for a in expected]
        sources = page.eval_on_selector_all("img.car-news-picture", "(images) => images.map(i => i.getAttribute('src'))")
        assert all(src.startswith("/images/") for src in sources), "pictures come from the host's cache"
        alts = page.eval_on_selector_all("img.car-news-picture", "(images) => images.map(i => i.alt)")
        assert all(alt.startswith("Image: ") for alt in alts)
        assert sorted(origin.picture_requests()) == sorted(set(origin.picture_requests())), "one fetch per picture"
        heights = page.eval_on_selector_all(".car-news-frame", "(frames) => frames.map(f => f.getBoundingClientRect().height)")
        assert len(set(heights)) == 1 and heights[0] > 100
        assert "7 articles" in page.locator(".car-news-status").inner_text()
        page.screenshot(path=screenshots / "list.png", full_page=True)

        # The server goes away. `r` refreshes: the saved list stays under the offline banner.
        fetched = len(origin.requests)
        origin.stop()
        page.locator(".car-news-card").first.focus()
        page.keyboard.press("r")
        banner = page.locator(".car-news-banner")
        banner.wait_for()
        assert banner.locator(".car-news-banner-title").inner_text().startswith("Offline — last updated ")
        assert banner.get_by_role("button", name="Retry").is_visible()
        page.screenshot(path=screenshots / "offline-banner.png")

        # A new page (a new session: the saved rows are read, the refresh fails): the list and its pictures,
        # from the host's cache, with the server gone.
        offline = open_news(browser, server, viewport={"width": 390, "height": 844})
        offline.wait_for_selector(".car-news-banner")
        offline.wait_for_function(PICTURES_SHOWN, arg=len(expected))
        assert offline.locator(".car-news-title").all_inner_texts() == titles
        assert offline.locator(".car-news-date").all_inner_texts() == dates
        assert len(origin.requests) == fetched, "nothing reached the stopped server"
        offline.screenshot(path=screenshots / "offline-new-page-390.png", full_page=True)
        no_csp_violations(page)
        no_csp_violations(offline)
    finally:
        origin.stop()


def test_the_article_page_and_back_to_the_same_card(serve, origin, browser, screenshots):
    server = serve(config=config(origin))
    page = open_news(browser, server)
    expected = articles()
    page.wait_for_function(PICTURES_SHOWN, arg=len(expected))
    third = expected[2]
    page.locator(".car-news-card").nth(2).click()
    detail = page.locator(".car-news-detail")
    detail.locator(".car-news-ingress").wait_for()
    assert detail.locator(".car-news-article-title").inner_text() == " ".join(third["title"].split())
    assert detail.locator(".car-news-ingress").inner_text() == third["ingress"].strip()
    assert detail.locator(".car-news-date").inner_text() == spec_date(third["date"], twelve_hour=False)
    for item in third["content"]:
        assert detail.locator(".car-news-subject").first.inner_text() == item["subject"].strip()
        assert detail.locator(".car-news-description").first.inner_text() == item["description"].strip()
    assert page.evaluate("() => document.querySelector('.car-news-list-view').getAttribute('aria-hidden')") == "true"
    page.wait_for_function("() => document.activeElement.id === 'car-news-back'")  # the focus moved into the article
    page.wait_for_function("() => { const i = document.querySelector('.car-news-detail img'); return !!i && i.complete && i.naturalWidth > 0; }")
    page.screenshot(path=screenshots / "article.png")
    page.set_viewport_size({"width": 320, "height": 640})
    header = page.evaluate("() => { const h = document.querySelector('.car-news-detail .car-news-header'); return [h.scrollWidth, h.clientWidth]; }")
    assert header[0] <= header[1], "the article's bar fits a 320-pixel window"
    page.screenshot(path=screenshots / "article-320.png")
    page.set_viewport_size({"width": 820, "height": 900})

    page.keyboard.press("Escape")
    detail.wait_for(state="detached")
    assert page.locator(".car-news-card").nth(2).get_attribute("aria-current") == "true"
    assert page.evaluate("() => document.activeElement.dataset.action") == f"open-{third['id']}", "back on the same card"

    # The same by the back button, and an article without content items.
    no_content = next(i for i, a in enumerate(expected) if not a["content"])
    page.locator(".car-news-card").nth(no_content).click()
    detail.locator(".car-news-ingress").wait_for()
    assert detail.locator(".car-news-subject").count() == 0
    detail.get_by_role("button", name="All articles").click()
    detail.wait_for(state="detached")
    page.screenshot(path=screenshots / "back-on-the-list.png")
    no_csp_violations(page)


def test_a_twelve_hour_browser_gets_the_spec_twelve_hour_times(serve, origin, browser, screenshots):
    server = serve(config=config(origin))
    page = open_news(browser, server, locale="en-US")
    expected = articles()
    page.wait_for_function(PICTURES_SHOWN, arg=len(expected))
    dates = page.locator(".car-news-date").all_inner_texts()
    assert dates == [spec_date(a["date"], twelve_hour=True) for a in expected]
    assert all(re.fullmatch(r"\d{1,2} [A-Z][a-z]+( \d{4})?, \d\d:\d\d (AM|PM)", d) for d in dates), dates
    page.screenshot(path=screenshots / "twelve-hour.png")


CONTRAST = """(selector) => {
  const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => [r, g, b].map(v => v / 255).map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const element = document.querySelector(selector);
  let back = element;
  while (back && getComputedStyle(back).backgroundColor.match(/rgba\\(.*, 0\\)$|transparent/)) back = back.parentElement;
  const fore = luminance(rgb(getComputedStyle(element).color));
  const ground = luminance(rgb(getComputedStyle(back || document.body).backgroundColor));
  return (Math.max(fore, ground) + 0.05) / (Math.min(fore, ground) + 0.05);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_keyboard_focus_and_contrast(serve, origin, browser, screenshots, scheme):
    server = serve(config=config(origin))
    page = open_news(browser, server, color_scheme=scheme)
    page.wait_for_function(PICTURES_SHOWN, arg=len(articles()))
    for selector in [".car-news-heading", ".car-news-date", ".car-news-status", ".car-news-refresh", ".car-news-title"]:
        ratio = page.evaluate(CONTRAST, selector)
        assert ratio >= 4.5, f"{selector}: contrast {ratio:.2f} in {scheme}"
    # Tab: the shell's "All features" link, the refresh button, then the cards; each with a visible ring.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.action") == "refresh"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.action").startswith("open-")
    ring = page.evaluate("() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, parseFloat(s.outlineWidth)]; }")
    assert ring[0] == "solid" and ring[1] >= 2
    page.screenshot(path=screenshots / f"focus-{scheme}.png")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.locator(".car-news-detail .car-news-ingress").wait_for()
    assert page.locator(".car-news-detail .car-news-article-title").inner_text() == " ".join(articles()[1]["title"].split())
    page.screenshot(path=screenshots / f"article-{scheme}.png")
    no_csp_violations(page)


def test_nothing_saved_and_no_server_shows_the_error_with_retry(serve, browser, screenshots):
    gone = Origin()
    gone.stop()
    server = serve(config=config(gone))
    page = open_news(browser, server)
    message = page.locator(".car-news-message.is-error")
    message.wait_for()
    assert message.locator("h2").inner_text() == "The articles could not be loaded."
    assert "127.0.0.1" in message.locator(".car-news-message-detail").inner_text()
    retry = message.get_by_role("button", name="Retry")
    retry.focus()
    with page.expect_response(lambda response: response.url.endswith("/event")):
        page.keyboard.press("Enter")
    # The retry fails again the same way: the screen stays, the button keeps the focus.
    page.wait_for_function("() => document.querySelector('#car-news-message-action').getAttribute('aria-busy') === 'false'")
    assert page.evaluate("() => document.activeElement.id") == "car-news-message-action", "the focus stays on Retry"
    page.screenshot(path=screenshots / "error.png")
    no_csp_violations(page)


IN_VIEW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  const header = document.querySelector('.car-news-list-view .car-news-header').getBoundingClientRect();
  return box.top >= header.bottom - 1 && box.top < window.innerHeight;
}"""


@pytest.mark.parametrize("size", [(568, 320), (1440, 900)])
def test_older_at_10000_articles_shows_the_next_page_from_its_top(serve, browser, screenshots, size):
    origin = Origin(many=10_000)
    try:
        server = serve(config=config(origin))
        page = open_news(browser, server, viewport={"width": size[0], "height": size[1]})
        page.wait_for_function("() => document.querySelectorAll('.car-news-card').length === 20", timeout=120_000)
        # Counts grouped as the locale does (the host's en_US), in the header and both pagers.
        assert page.locator("#car-news-list-status").inner_text() == "10,000 articles"
        assert page.locator("#car-news-range-top").inner_text() == "Articles 1–20 of 10,000"
        assert page.locator("#car-news-range").inner_text() == "Articles 1–20 of 10,000"
        # The pager's buttons keep their labels on one line.
        for selector in ["#car-news-newer", "#car-news-older", "#car-news-older-top"]:
            lines = page.evaluate(
                "(s) => { const b = document.querySelector(s); const r = document.createRange(); r.selectNodeContents(b);"
                " return new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top))).size; }", selector)
            assert lines == 1, f"{selector} wraps its label"
        older = page.locator("#car-news-older")
        older.scroll_into_view_if_needed()
        page.screenshot(path=screenshots / "before-older.png")
        older.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('#car-news-range').textContent === 'Articles 21–40 of 10,000'")
        first = page.locator(".car-news-card").first
        assert first.inner_text().startswith("Generated article 20")
        page.wait_for_function(IN_VIEW, arg="#car-news-cards > li:first-child .car-news-card")
        assert page.evaluate(IN_VIEW, "#car-news-cards > li:first-child .car-news-card"), "the new page starts in view"
        # The focus left the pager under the old page for the new page's first card.
        assert page.evaluate("() => document.activeElement.dataset.action") == "open-499980"
        page.screenshot(path=screenshots / "after-older.png")
        # From the pager above the cards, the page after: shown from its top too.
        page.locator("#car-news-older-top").click()
        page.wait_for_function("() => document.querySelector('#car-news-range-top').textContent === 'Articles 41–60 of 10,000'")
        page.wait_for_function(IN_VIEW, arg="#car-news-cards > li:first-child .car-news-card")
        page.screenshot(path=screenshots / "after-older-top.png")
        no_csp_violations(page)
    finally:
        origin.stop()


def test_an_open_article_is_a_dialog_that_takes_the_focus_and_gives_it_back(serve, origin, browser, screenshots):
    server = serve(config=config(origin))
    page = open_news(browser, server, viewport={"width": 568, "height": 320})
    expected = articles()
    page.wait_for_function(PICTURES_SHOWN, arg=len(expected))
    card = page.locator(".car-news-card").nth(1)
    card.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("[role=dialog]")
    dialog.locator(".car-news-ingress").wait_for()
    assert dialog.get_attribute("aria-modal") == "true"
    label = page.evaluate("() => document.getElementById(document.querySelector('[role=dialog]').getAttribute('aria-labelledby')).textContent")
    assert label == " ".join(expected[1]["title"].split())
    page.wait_for_function("() => document.activeElement.id === 'car-news-back'")
    assert page.evaluate("() => !!document.activeElement.closest('[role=dialog]')")
    # Tab stays inside the article: All articles, Refresh, and round again.
    for _ in range(3):
        page.keyboard.press("Tab")
        assert page.evaluate("() => !!document.activeElement.closest('[role=dialog]')"), "Tab left the article"
    page.screenshot(path=screenshots / "article-focused-568.png")
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    page.wait_for_function(f"() => document.activeElement.dataset.action === 'open-{expected[1]['id']}'")
    page.screenshot(path=screenshots / "focus-back-568.png")
    no_csp_violations(page)


def test_browser_back_while_reading_returns_to_the_list(serve, origin, browser, screenshots):
    server = serve(config=config(origin))
    page = open_news(browser, server, viewport={"width": 1440, "height": 900})
    page.goto(server.page_url("/"))
    page.locator("a[href*='/f/car-news']").first.click()
    page.wait_for_selector(".car-news-card")
    expected = articles()
    page.locator(".car-news-card").nth(2).click()
    page.locator(".car-news-detail .car-news-ingress").wait_for()
    page.go_back()
    page.locator(".car-news-detail").wait_for(state="detached")
    assert "/f/car-news" in page.url, "Back closed the article, not the feature"
    assert page.locator(".car-news-card").nth(2).get_attribute("aria-current") == "true"
    page.wait_for_function(f"() => document.activeElement.dataset.action === 'open-{expected[2]['id']}'")
    page.screenshot(path=screenshots / "back-to-the-list-1440.png")
    # Closed by its own button, the article leaves no history behind: one Back leaves the feature.
    page.locator(".car-news-card").nth(0).click()
    page.locator(".car-news-detail .car-news-ingress").wait_for()
    page.get_by_role("button", name="All articles").click()
    page.locator(".car-news-detail").wait_for(state="detached")
    page.wait_for_function("() => !history.state || !history.state.fhLayer")
    page.go_back()
    page.wait_for_url(lambda url: "/f/car-news" not in url)
    no_csp_violations(page)
