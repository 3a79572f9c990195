"""Long text and invisible controls from a server, on the web page (issue 24, points 3, 4 and 5).

A hostile loopback server sends a chat list with a 5 MB message and a 5 MB name and unread counts that add past
Int.max, an article with a 5 MB title, and an error message for an invitation just under the backend reply's 1 MiB limit (a larger reply is refused whole); every text carries bidi
overrides. Before, the page stayed unrendered while the server spun (a 5 MB patch is past the 4 MiB a connection
may queue, so the stream closed and every reconnect rendered it again) and the unread sum crashed the host. Now each
text is cut where it comes in, the page shows it, and a countdown on another page keeps its second."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

BIDI = "\u202e\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u200f\u061c"
INVISIBLE = BIDI + "\u200e\u0007\u001b"
FIVE_MB = 5_000_000
# Just under the invitations backend's 1 MiB reply limit, with the JSON around it.
ERROR_BYTES = 1_000_000

# Records when the offer page's DOM changes (performance.now()), to find the longest gap between two patches.
MUTATION_LOG = """
window.__changes = [];
document.addEventListener('DOMContentLoaded', () => {
  const root = document.getElementById('fh-root');
  if (root) new MutationObserver(() => window.__changes.push(performance.now()))
    .observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
});
"""


class Hostile:
    """A chats service, an articles API and an invitation backend that send what no real one should."""

    def __init__(self):
        hostile = self
        self.requests: list[str] = []

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, *args):
                pass

            def do_GET(self):
                hostile.requests.append(self.path)
                if self.path == "/chats":
                    self.answer(200, json.dumps(hostile.chats()))
                elif self.path == "/articles":
                    self.answer(200, json.dumps(hostile.articles()))
                else:
                    self.answer(404, "{}")

            def do_POST(self):
                hostile.requests.append(self.path)
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                message = "\u202eNo\u202c: " + "this address is not welcome here. " * (ERROR_BYTES // 34)
                self.answer(400, json.dumps({"errorMessage": message}))

            def answer(self, status, text):
                body = text.encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @staticmethod
    def chats():
        common = {"avatarURL": "", "sendingDate": "2026-03-16T10:00:00Z"}
        return [
            {**common, "identifier": 1, "fullname": "Mallory " + "m" * FIVE_MB,
             "message": BIDI + "gpj.exe " + "spam " * (FIVE_MB // 5), "unreadMessagesCount": 2**63 - 1},
            {**common, "identifier": 2, "fullname": "Ada\u202e Lovelace", "message": "hello \u2067world\u2069",
             "unreadMessagesCount": 2**63 - 1},
            {**common, "identifier": 3, "fullname": "Grace", "message": "fine", "unreadMessagesCount": 5},
        ]

    @staticmethod
    def articles():
        return {"status": "success", "content": [
            {"id": 1, "title": "\u202eHuge " + "title " * (FIVE_MB // 6), "dateTime": "16.03.2026 12:00",
             "ingress": "A lead" + BIDI, "content": [{"type": "text", "subject": "S", "description": "body " * 1000}]},
            {"id": 2, "title": "A normal one", "dateTime": "15.03.2026 12:00"},
        ]}

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def hostile():
    server = Hostile()
    yield server
    server.stop()


@pytest.fixture
def server(serve, hostile):
    return serve(config={"features": [
        {"id": "offer-countdown"},
        {"id": "chats", "source": {"kind": "http", "url": f"{hostile.base}/chats", "cache": False},
         "settings": {"launchDuration": 0, "loadingDuration": 0, "transitionDuration": 0}},
        {"id": "car-news", "source": {"kind": "http", "url": f"{hostile.base}/articles", "cache": False}},
        {"id": "invitations", "source": {"kind": "http", "url": f"{hostile.base}/fakeAuth"}},
    ]})


def page_text(page) -> str:
    return page.evaluate("() => document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label],[alt]')]"
                         ".map(e => (e.getAttribute('aria-label') || '') + (e.getAttribute('alt') || '')).join(' ')")


def assert_nothing_invisible(text: str):
    found = sorted({f"U+{ord(c):04X}" for c in text if c in INVISIBLE})
    assert found == [], found


def open_ticking_countdown(browser, server):
    page = browser.new_context().new_page()
    page.add_init_script(MUTATION_LOG)
    page.goto(server.page_url("/f/offer-countdown"))
    page.wait_for_selector(".offer-timer")
    # Ticking: a change a second.
    page.wait_for_function("() => window.__changes.length >= 2", timeout=10_000)
    return page


def largest_gap(page, since: float) -> float:
    """The longest time without a change on the countdown page from `since` until now, in ms."""
    return page.evaluate("""(since) => {
      const times = window.__changes.filter(t => t >= since).concat([performance.now()]);
      let gap = 0, last = since;
      for (const t of times) { gap = Math.max(gap, t - last); last = t; }
      return gap;
    }""", since)


def test_a_chat_list_with_five_megabyte_texts_renders_cut_and_the_host_keeps_time(server, browser, screenshots):
    countdown = open_ticking_countdown(browser, server)
    since = countdown.evaluate("() => performance.now()")
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(server.page_url("/f/chats"))
    page.wait_for_selector(".chats.chats-screen-list", timeout=30_000)
    page.wait_for_selector(".chats-message")
    messages = page.locator(".chats-message").all_inner_texts()
    names = page.locator(".chats-name").all_inner_texts()
    assert len(messages) == 3
    longest = max(messages, key=len)
    assert 3_900 < len(longest) <= 4_000 and longest.endswith("…"), len(longest)
    assert max(len(name) for name in names) <= 200
    assert "gpj.exe spam" in longest, "the bidi overrides before it are gone"
    assert "hello world" in messages
    # Two counts of Int.max and a 5: the sum stops at Int.max instead of crashing the host.
    assert "9,223,372,036,854,775,807 unread messages" in page.locator(".chats-summary").inner_text()
    assert_nothing_invisible(page_text(page))
    page.screenshot(path=screenshots / "chats-cut.png")
    html_bytes = page.evaluate("() => document.getElementById('fh-root').outerHTML.length")
    assert html_bytes < 100_000, html_bytes
    # The countdown on its own page never waited more than a tick and a bit while the chats came in.
    gap = largest_gap(countdown, since)
    assert gap < 2_000, f"the countdown's longest gap was {gap:.0f} ms"


def test_an_article_with_a_five_megabyte_title(server, browser, screenshots):
    page = browser.new_context(viewport={"width": 820, "height": 900}, timezone_id="UTC").new_page()
    page.goto(server.page_url("/f/car-news"))
    page.wait_for_selector(".car-news-card", timeout=30_000)
    titles = page.locator(".car-news-card .car-news-title").all_inner_texts()
    assert len(titles) == 2
    assert max(len(title) for title in titles) <= 500 and "…" in titles[0]
    page.screenshot(path=screenshots / "list.png")
    page.locator(".car-news-card").first.click()
    page.wait_for_selector(".car-news-article-title")
    title = page.locator(".car-news-article-title").inner_text()
    assert 480 < len(title) <= 500 and title.startswith("Huge title"), title[:40]
    assert_nothing_invisible(page_text(page))
    page.screenshot(path=screenshots / "article.png")


def test_a_megabyte_error_message_is_shown_cut(server, browser, screenshots):
    page = browser.new_context(viewport={"width": 1024, "height": 720}).new_page()
    page.goto(server.page_url("/f/invitations"))
    page.click(".inv-page-button")
    page.fill("#inv-fullName", "Ada Lovelace")
    page.fill("#inv-email", "ada@example.com")
    page.fill("#inv-confirmEmail", "ada@example.com")
    page.press("#inv-confirmEmail", "Enter")
    page.wait_for_function(
        "() => (document.querySelector('#inv-status') || {}).textContent?.startsWith('No: this address')", timeout=30_000)
    status = page.locator("#inv-status").inner_text()
    assert 3_900 < len(status) <= 4_000 and status.endswith("…"), len(status)
    assert_nothing_invisible(page_text(page))
    page.screenshot(path=screenshots / "rejected.png")
