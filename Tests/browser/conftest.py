"""Shared fixtures for the browser tests: Debian's Chromium through Playwright (never `playwright install`),
a screenshot folder per test under Tests/browser/output/<test name>/ (gitignored), the client-script
harness, and `featurehost serve` on a temporary data directory."""

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from featurehost_server import Server
from harness import Harness

OUTPUT = Path(__file__).resolve().parent / "output"


def pytest_configure(config):
    # .ci/run runs the browser files two at a time, then these on their own: they hold the host to a real-time
    # bound (a change in one tab shows in the others within a second), which a second browser's load would measure.
    config.addinivalue_line("markers", "alone: runs after the others, with nothing beside it (.ci/run)")


@pytest.fixture(scope="session")
def browser():
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        pytest.fail("Debian's chromium is not installed (apt-get install chromium; .ci/run does it)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def screenshots(request):
    """A clean folder for this test's screenshots: the states it checked."""
    folder = OUTPUT / re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


@pytest.fixture
def harness():
    server = Harness().start()
    yield server
    server.stop()


@pytest.fixture
def page(browser, harness, screenshots):
    """A page for the client-script harness; any CSP violation fails the test."""
    context = browser.new_context()
    page = context.new_page()
    page.console_messages = []
    page.on("console", lambda message: page.console_messages.append(message.text))
    yield page
    try:
        page.screenshot(path=str(screenshots / "final.png"))
    finally:
        context.close()
    violations = [text for text in page.console_messages if "Content Security Policy" in text]
    assert violations == [], violations


@pytest.fixture
def serve(tmp_path):
    """Starts `featurehost serve` (default config unless given); each is stopped with SIGTERM, which must exit 0."""
    servers: list[Server] = []

    def start(config: dict | None = None, args: list[str] | None = None) -> Server:
        server = Server(tmp_path / f"data{len(servers)}", config=config, args=args)
        servers.append(server)
        return server

    yield start
    for server in servers:
        assert server.stop() == 0, f"featurehost serve exited {server.process.returncode}"
