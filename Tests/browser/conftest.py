"""Shared fixtures for the browser tests: Debian's chromium through playwright, the harness server, and a
screenshot folder per test under Tests/browser/output/<test name>/ (gitignored)."""

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from harness import Harness

OUTPUT = Path(__file__).resolve().parent / "output"


@pytest.fixture(scope="session")
def browser():
    executable = shutil.which("chromium")
    if executable is None:
        pytest.skip("Debian's chromium is not installed")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def screenshots(request):
    """A clean folder for this test's screenshots."""
    folder = OUTPUT / request.node.name
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
