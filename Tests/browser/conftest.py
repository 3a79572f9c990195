"""Shared fixtures: Debian's Chromium through Playwright (never `playwright install`), a per-test output
folder for screenshots, and `featurehost serve` on a temporary data directory."""

import pathlib
import re
import shutil

import pytest
from playwright.sync_api import sync_playwright

from featurehost_server import Server

OUTPUT = pathlib.Path(__file__).resolve().parent / "output"


@pytest.fixture(scope="session")
def browser():
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        pytest.fail("chromium is not installed (apt-get install chromium; .ci/run does it)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def output_dir(request) -> pathlib.Path:
    """Tests/browser/output/<test name>/, emptied first: the screenshots of the checked states."""
    folder = OUTPUT / re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


@pytest.fixture
def serve(tmp_path):
    """`featurehost serve` with the default config; stopped with SIGTERM, which must exit 0."""
    servers: list[Server] = []

    def start(config: dict | None = None, args: list[str] | None = None) -> Server:
        server = Server(tmp_path / f"data{len(servers)}", config=config, args=args)
        servers.append(server)
        return server

    yield start
    for server in servers:
        assert server.stop() == 0, f"featurehost serve exited {server.process.returncode}"
