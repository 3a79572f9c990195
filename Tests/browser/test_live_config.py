"""The live host on the web (issue 32), against `featurehost serve` whose config file the test rewrites: an open
home page gains a feature the config turns on, an open chats page switched from a plist to a web service shows the
service's rows, a broken edit shows the banner on the home and a feature page (with the key path) until it is
mended, and a feature turned off while its page is open says so with a link home. None of it reloads the page.

The config is rewritten as editors do: a whole new file renamed over the old one (vim, most IDEs), or the same file
truncated and written in place (nano, `>` in a shell). These need the host's file watcher: they are skipped
unless `featurehost --help` lists a `reload` command (the sign it is built in) or FH_LIVE=1 is set. Every wait is
for something the page shows, with a bound."""

import json
import os
import plistlib
import re
import subprocess
import threading
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from featurehost_server import binary

# The watcher may wait for a burst of writes to end before it reads: generous, and only ever a bound.
CHANGE_SEEN_MS = 20_000
BANNER_TITLE = "The config has errors; the last good config is still running."


def host_is_live() -> bool:
    if os.environ.get("FH_LIVE") == "1":
        return True
    try:
        usage = subprocess.run([str(binary()), "--help"], capture_output=True, text=True, timeout=30).stdout
    except (RuntimeError, OSError, subprocess.SubprocessError):
        return False
    return re.search(r"^\s+\S+ reload\b", usage, re.MULTILINE) is not None


pytestmark = pytest.mark.skipif(
    not host_is_live(), reason="the host does not watch its config yet (no `reload` command; FH_LIVE=1 forces these)")


# MARK: - Rewriting the config


def write_renamed(path: Path, config: dict) -> None:
    """A new file written beside the old and renamed over it: the old inode is gone, the name is the same."""
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "w") as file:
        file.write(json.dumps(config, indent=2))
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)


def write_in_place(path: Path, config: dict | str) -> None:
    """The same file truncated and written again: the inode stays."""
    text = config if isinstance(config, str) else json.dumps(config, indent=2)
    with open(path, "r+") as file:
        file.truncate(0)
        file.write(text)
        file.flush()
        os.fsync(file.fileno())


# MARK: - Pages


def open_page(browser, server, path, size=(844, 600), bypass_csp=False):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="en-US", timezone_id="UTC",
                                  bypass_csp=bypass_csp)
    page = context.new_page()
    page.console_messages = []
    page.on("console", lambda message: page.console_messages.append(message.text))
    page.goto(server.page_url(path))
    page.wait_for_function("() => window.FeatureHost !== undefined && document.body.dataset.fhConnection === 'live'")
    # Gone if the page reloads: every change below must arrive in the page that is open.
    page.evaluate("() => { window.__notReloaded = true }")
    return page


def assert_not_reloaded(page):
    assert page.evaluate("() => window.__notReloaded === true"), "the page was reloaded"
    violations = [text for text in page.console_messages if "Content Security Policy" in text]
    assert violations == [], violations


def banner_lines(page):
    return page.eval_on_selector_all("#fh-config li", "items => items.map((item) => item.textContent)")


# MARK: - A chats web service


def iso(minutes_ago: int) -> str:
    return (datetime.now(timezone.utc) - timedelta(minutes=minutes_ago)).strftime("%Y-%m-%dT%H:%M:%SZ")


def chat(identifier: int, name: str, message: str, minutes_ago: int, date=None) -> dict:
    # No avatar: nothing is fetched from outside loopback (and no fetch is in flight when the server stops).
    return {"identifier": identifier, "fullname": name, "avatarURL": "", "message": message,
            "unreadMessagesCount": identifier % 3, "sendingDate": date or iso(minutes_ago)}


class ChatsService:
    """`/chats.json` on 127.0.0.1: the JSON form of the chats list (ISO 8601 dates)."""

    def __init__(self, chats: list[dict]):
        body = json.dumps(chats).encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path != "/chats.json":
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        # Plain http is allowed for loopback hosts only (docs/configuration.md, source.url).
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/chats.json"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


# Chats without its launch and loading pauses, so a restart shows its list at once.
QUICK_CHATS = {"launchDuration": 0, "loadingDuration": 0, "transitionDuration": 0}


# MARK: - Tests


def test_an_open_home_page_gains_a_feature_the_config_turns_on(serve, browser, screenshots):
    config = {"features": [{"id": "offer-countdown"}, {"id": "transactions", "enabled": False}]}
    server = serve(config=config)
    page = open_page(browser, server, "/")
    assert page.locator("#feature-offer-countdown").count() == 1
    assert page.locator("#feature-transactions").count() == 0
    page.focus("#feature-offer-countdown a")
    config["features"][1]["enabled"] = True
    write_renamed(server.config_file, config)
    page.wait_for_selector("#feature-transactions a[href='/f/transactions']", timeout=CHANGE_SEEN_MS)
    assert page.locator(".fh-feature-title").all_inner_texts() == ["Offer countdown", "Transactions"]
    assert page.evaluate("() => document.activeElement.closest('li').id") == "feature-offer-countdown", \
        "the focused link stays focused"
    page.screenshot(path=str(screenshots / "home-gained-transactions.png"))
    # And it goes again when turned off.
    config["features"][1]["enabled"] = False
    write_renamed(server.config_file, config)
    page.wait_for_selector("#feature-transactions", state="detached", timeout=CHANGE_SEEN_MS)
    assert_not_reloaded(page)


def test_an_open_chats_page_switched_from_a_plist_to_a_web_service_shows_its_rows(serve, browser, tmp_path, screenshots):
    # A plist of its own (the bundled sample's avatars are on a public host, unreachable here).
    on_disk = [chat(1, "Pia Plist", "From the file", 5, datetime.now(timezone.utc) - timedelta(minutes=5)),
               chat(2, "Paul Plist", "Also from the file", 9, datetime.now(timezone.utc) - timedelta(minutes=9))]
    (tmp_path / "live-chats.plist").write_bytes(plistlib.dumps(on_disk, fmt=plistlib.FMT_XML))
    service = ChatsService([chat(1, "Wendy Web", "From the service", 3), chat(2, "Walt Web", "Me too", 4),
                            chat(3, "Wim Web", "And me", 8)])
    try:
        config = {"features": [{"id": "chats", "source": {"kind": "plist", "path": "live-chats.plist"},
                                "settings": QUICK_CHATS}]}
        server = serve(config=config)
        page = open_page(browser, server, "/f/chats", size=(390, 844))
        page.wait_for_selector(".chats.chats-screen-list", timeout=30_000)
        assert page.locator(".chats-name").all_inner_texts() == ["Pia Plist", "Paul Plist"]
        config["features"][0]["source"] = {"kind": "http", "url": service.url, "cache": False}
        write_in_place(server.config_file, config)
        page.wait_for_function(
            "() => [...document.querySelectorAll('.chats-name')].map((e) => e.textContent).join('|')"
            " === 'Wendy Web|Walt Web|Wim Web'", timeout=CHANGE_SEEN_MS)
        page.screenshot(path=str(screenshots / "chats-from-the-service.png"))
        assert page.locator("#fh-config").count() == 0, "a good edit shows no banner"
        assert_not_reloaded(page)
    finally:
        service.stop()


def test_a_broken_edit_shows_the_banner_everywhere_until_it_is_mended(serve, browser, screenshots):
    good = {"features": [{"id": "offer-countdown"}, {"id": "transactions"}]}
    server = serve(config=good)
    home = open_page(browser, server, "/", bypass_csp=True)
    feature = open_page(browser, server, "/f/transactions", size=(568, 320), bypass_csp=True)
    # Loaded, not "Loading transactions…": the feature must not change by itself while the banner comes and goes.
    feature.wait_for_selector("#fh-root .tx-row", timeout=30_000)
    feature.wait_for_function("() => !document.querySelector('#fh-root .tx-status')", timeout=30_000)
    before = feature.eval_on_selector("#fh-root", "root => root.innerHTML")
    broken = {"features": [{"id": "offer-countdown", "settings": {"duration": "1h"}}, {"id": "transactions"}]}
    write_renamed(server.config_file, broken)
    for page in (home, feature):
        page.wait_for_selector("#fh-config[role=alert]", timeout=CHANGE_SEEN_MS)
        assert page.text_content("#fh-config .fh-config-title") == BANNER_TITLE
        lines = banner_lines(page)
        assert any("features[0].settings.duration" in line for line in lines), lines
        assert all(line.startswith(str(server.config_file)) or line.startswith(server.config_file.name) for line in lines), lines
    # The last good config still runs: the home lists both, the feature page is as it was.
    assert home.locator(".fh-feature-title").all_inner_texts() == ["Offer countdown", "Transactions"]
    assert feature.eval_on_selector("#fh-root", "root => root.innerHTML") == before, "the banner is outside the feature"
    # It fits a small window without covering the feature's controls.
    box = feature.locator("#fh-config").bounding_box()
    first_control = feature.locator("#fh-root button").first.bounding_box()
    assert first_control["y"] >= box["y"] + box["height"]
    for page, name in ((home, "home"), (feature, "transactions")):
        found = [f"{v['id']} ({v['impact']})" for v in Axe().run(page).response["violations"]
                 if v["impact"] in {"serious", "critical"}]
        assert found == [], f"{name}: {found}"
        page.screenshot(path=str(screenshots / f"banner-{name}.png"))
    # A second broken edit, written in place, replaces the lines.
    write_in_place(server.config_file, '{"features": [{"id": "offer-countdown"},]}')
    home.wait_for_function("() => document.querySelector('#fh-config').textContent.includes('trailing comma')",
                           timeout=CHANGE_SEEN_MS)
    write_renamed(server.config_file, good)
    for page in (home, feature):
        page.wait_for_selector("#fh-config", state="detached", timeout=CHANGE_SEEN_MS)
        assert_not_reloaded(page)


def test_turning_the_open_feature_off_says_so_with_a_link_home(serve, browser, screenshots):
    config = {"features": [{"id": "offer-countdown"}, {"id": "transactions"}]}
    server = serve(config=config)
    page = open_page(browser, server, "/f/transactions")
    page.wait_for_selector("#fh-root button", timeout=30_000)
    write_renamed(server.config_file, {"features": [{"id": "offer-countdown"}, {"id": "transactions", "enabled": False}]})
    page.wait_for_selector("#fh-feature-ended[role=alert]", timeout=CHANGE_SEEN_MS)
    assert page.text_content("#fh-feature-ended h1") == "Transactions was turned off in the config."
    page.screenshot(path=str(screenshots / "turned-off.png"))
    assert_not_reloaded(page)
    assert page.evaluate("() => document.body.dataset.fhConnection") == "live", "the page stays connected"
    page.click("#fh-feature-ended a[href='/']")
    page.wait_for_selector(".fh-home #feature-offer-countdown", timeout=10_000)
    assert page.locator("#feature-transactions").count() == 0


def test_a_new_locale_in_the_config_formats_the_open_page_again_in_place(serve, browser, screenshots):
    """The config's `locale` edited under an open transactions page: the amounts and dates follow, without a reload
    and without restarting the feature (the selected row and the page's focus stay)."""
    base = {"features": [{"id": "transactions"}]}
    server = serve(config=dict(base, locale="en_US"))
    page = open_page(browser, server, "/f/transactions")
    page.wait_for_selector(".tx-sum-amount", timeout=30_000)
    page.wait_for_function("() => (document.querySelector('.tx-sum-amount')?.textContent ?? '').startsWith('$')")
    page.keyboard.press("ArrowDown")
    selected = page.evaluate("() => document.querySelector('.tx-selected')?.id")
    write_renamed(server.config_file, dict(base, locale="de_DE"))
    page.wait_for_function(
        "() => (document.querySelector('.tx-sum-amount')?.textContent ?? '').replace(/\\s/g, ' ').endsWith(' $')",
        timeout=CHANGE_SEEN_MS)
    assert page.evaluate("() => document.querySelector('.tx-selected')?.id") == selected, "the selection stays"
    page.screenshot(path=str(screenshots / "locale-reformatted.png"))
    assert_not_reloaded(page)
