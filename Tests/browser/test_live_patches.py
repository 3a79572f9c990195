"""Real patches in Chromium: for each feature's page, driven through its states against `featurehost serve`, the
page's DOM after the server's keyed patches equals the server's own render at the same version, as Chromium
parses it (elements, attributes as sets, texts). The server's render is read the way a reconnecting page gets it:
a second event stream opened with `v=-1` starts with a whole-root morph carrying the session's current content.
Nothing is slept for: each wait is for a version the page or the server reports."""

import json
import time

import pytest

from featurehost_server import server_render

CANON = """() => {
  window.fhCanon = (root) => {
    const canon = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.data);
      if (node.nodeType !== Node.ELEMENT_NODE) return '#' + node.nodeType;
      // `data-fh-vars` sets CSS properties through the CSSOM, which shows as a `style` attribute the server never wrote.
      const attributes = Array.from(node.attributes)
        .filter((a) => !(a.name === 'style' && node.hasAttribute('data-fh-vars')))
        .map((a) => a.name + '=' + JSON.stringify(a.value)).sort();
      return '<' + node.namespaceURI + ':' + node.localName + ' ' + attributes.join(' ') + '>' +
        Array.from(node.childNodes, canon).join('') + '</>';
    };
    return Array.from(root.childNodes, canon).join('');
  };
}"""

PAGE = """() => ({ version: window.FeatureHost.version(), dom: window.fhCanon(document.getElementById('fh-root')) })"""

PARSED = """(html) => {
  const main = document.createElement('main');
  const template = document.createElement('template');
  template.innerHTML = html;
  main.append(template.content);
  return window.fhCanon(main);
}"""


def expect_server_dom(page, server, label):
    """The page at some version equals the server's render at that version; ticking pages move on, so the two are
    read again until they agree on a version (bounded)."""
    page.evaluate(CANON)
    session = page.evaluate("() => document.body.dataset.fhSession")
    deadline = time.monotonic() + 10
    while True:
        version, html = server_render(server, session)
        # The page gets each patch a moment after the server sends it.
        page.wait_for_function("v => window.FeatureHost.version() >= v", arg=version, timeout=5000)
        state = page.evaluate(PAGE)
        if state["version"] == version:
            expected = page.evaluate(PARSED, html)
            if state["dom"] != expected:
                at = next((i for i, (a, b) in enumerate(zip(state["dom"], expected)) if a != b), min(len(state["dom"]), len(expected)))
                pytest.fail(f"{label}: the page differs from the server's render at version {version}, at {at}:\n"
                            f"page   …{state['dom'][max(0, at - 200):at + 200]}\nserver …{expected[max(0, at - 200):at + 200]}")
            return version
        assert time.monotonic() < deadline, f"{label}: the page and the server never agreed on a version"


def changed(page, version):
    page.wait_for_function("v => window.FeatureHost.version() > v", arg=version, timeout=5000)


@pytest.fixture
def server(serve, tmp_path):
    articles = [{
        "id": 5000 - index, "title": f"Car {index} – don't stop", "ingress": f"The ingress of article {index}.",
        "image": "", "dateTime": f"{1 + index % 28:02d}.06.2021 {index % 24:02d}:15", "tags": ["cars"] if index % 3 else [],
        "content": [] if index % 5 == 0 else [{"type": "text", "subject": f"Subject {index}", "description": "A paragraph."}],
        "created": 1527257580, "changed": 1527257613,
    } for index in range(45)]
    feed = tmp_path / "articles.json"
    feed.write_text(json.dumps({"status": "success", "content": articles, "serverTime": 1658175403}))
    return serve(config={"features": [
        {"id": "offer-countdown"},
        {"id": "car-news", "source": {"kind": "json-file", "path": str(feed)}},
        {"id": "chats"},
        {"id": "invitations", "source": {"kind": "in-memory"}},
        {"id": "transactions"},
    ]})


def open_page(browser, server, feature, selector):
    page = browser.new_context(viewport={"width": 900, "height": 700}).new_page()
    page.goto(server.page_url(f"/f/{feature}"))
    page.wait_for_selector(selector)
    page.wait_for_function("() => window.FeatureHost !== undefined")
    return page


def test_the_offer_page_stays_the_servers_render(server, browser):
    page = open_page(browser, server, "offer-countdown", ".offer-timer")
    version = expect_server_dom(page, server, "offer: first ticks")
    changed(page, version + 2)  # two more seconds: digits replaced by key
    expect_server_dom(page, server, "offer: after ticks")
    page.click(".offer-activate")
    page.locator(".offer-popup").wait_for(state="visible")
    expect_server_dom(page, server, "offer: popup open")
    page.keyboard.press("Escape")
    page.locator(".offer-popup").wait_for(state="hidden")
    expect_server_dom(page, server, "offer: popup closed")


def test_the_car_news_page_stays_the_servers_render(server, browser):
    page = open_page(browser, server, "car-news", ".car-news-card")
    expect_server_dom(page, server, "car-news: the list")
    page.locator(".car-news-card").nth(2).click()
    page.wait_for_selector(".car-news-article-title")
    page.wait_for_function("() => !document.querySelector('.car-news-loading')")
    expect_server_dom(page, server, "car-news: an article")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.car-news-detail')")
    expect_server_dom(page, server, "car-news: back to the list")
    page.click("#car-news-older")
    page.wait_for_function("() => document.querySelector('#car-news-range').textContent.startsWith('Articles 21')")
    expect_server_dom(page, server, "car-news: the next page")
    page.keyboard.press("r")
    expect_server_dom(page, server, "car-news: refreshed")


def test_the_chats_page_stays_the_servers_render(server, browser):
    page = open_page(browser, server, "chats", ".chats-logo")
    expect_server_dom(page, server, "chats: launch or loading")
    page.wait_for_selector(".chats-row", timeout=10000)
    page.wait_for_function("() => document.querySelector('.chats').classList.contains('chats-screen-list')")
    expect_server_dom(page, server, "chats: the list")
    for key in ["ArrowDown", "ArrowDown", "End", "ArrowUp"]:
        version = page.evaluate("() => window.FeatureHost.version()")
        page.keyboard.press(key)
        changed(page, version)
        expect_server_dom(page, server, f"chats: after {key}")
    page.locator(".chats-row-button").nth(1).click()
    expect_server_dom(page, server, "chats: a row clicked")


def test_the_invitations_page_stays_the_servers_render(server, browser):
    page = open_page(browser, server, "invitations", ".inv-page-button")
    expect_server_dom(page, server, "invitations: first page")
    page.click(".inv-page-button")
    page.wait_for_selector("#inv-form")
    expect_server_dom(page, server, "invitations: the form")
    page.click("#inv-primary")
    page.wait_for_function("() => document.querySelector('#inv-fullName-error').textContent !== ''")
    expect_server_dom(page, server, "invitations: the messages")
    page.click("#inv-fullName")
    page.keyboard.type("Jane Doe")
    page.click("#inv-email")
    page.keyboard.type("jane@example.com")
    page.click("#inv-confirmEmail")
    page.keyboard.type("jane@example.com")
    page.wait_for_function("() => document.querySelector('#inv-confirmEmail-error').textContent === ''")
    expect_server_dom(page, server, "invitations: the form filled")
    page.click("#inv-primary")
    page.wait_for_selector(".inv-celebration", timeout=10000)
    expect_server_dom(page, server, "invitations: congratulations")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#inv-layer').hidden")
    expect_server_dom(page, server, "invitations: registered")


def test_the_transactions_page_stays_the_servers_render(server, browser):
    page = open_page(browser, server, "transactions", ".tx-row")
    expect_server_dom(page, server, "transactions: all")
    for step, act in [
        ("a pin toggled", lambda: page.click("#tx-1-pin")),
        ("↓", lambda: page.keyboard.press("ArrowDown")),
        ("the food filter", lambda: page.click("#tx-filter-food")),
        ("another pin toggled", lambda: page.click("#tx-3-pin")),
        ("insights", lambda: page.click("#tx-tab-insights")),
        ("back to the list", lambda: page.click("#tx-tab-transactions")),
    ]:
        version = page.evaluate("() => window.FeatureHost.version()")
        act()
        changed(page, version)
        expect_server_dom(page, server, f"transactions: {step}")
