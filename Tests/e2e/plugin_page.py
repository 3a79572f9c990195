#!/usr/bin/env python3
"""For Tests/e2e/plugin-package.sh: starts `featurehost serve` with a config (FEATUREHOST_BINARY, or the debug
build), opens a plugin feature's page in Debian's Chromium through Playwright, and checks what a newcomer would see.

  plugin_page.py styled CONFIG ID SCREENSHOT   the scene renders, its stylesheet from the library's resource bundle is
                                                applied, a click on Press reaches the presenter and comes back as a patch
  plugin_page.py unstyled CONFIG ID            the scene renders without its stylesheet (the bundle was not deployed),
                                                and the host and the plugin go on
  plugin_page.py panel CONFIG ID TEXT          the page shows a panel containing TEXT instead of a scene

PLUGIN_PAGE_DATA=DIR keeps the data directory (with the plugin's log) in DIR. Exits non-zero with the reason on
failure. Nothing is slept for: every wait is for a condition on the page."""
import os
import pathlib
import shutil
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "browser"))

from featurehost_server import Server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402


def fail(message):
    print(f"plugin_page.py: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) < 4:
        fail(__doc__)
    mode, config_path, feature = sys.argv[1], pathlib.Path(sys.argv[2]).resolve(), sys.argv[3]
    # PLUGIN_PAGE_DATA keeps the data directory (the plugin's log is in it) for the caller to read.
    kept = os.environ.get("PLUGIN_PAGE_DATA")
    data = pathlib.Path(kept) if kept else pathlib.Path(tempfile.mkdtemp(prefix="featurehost-plugin-page-")) / "data"
    data.mkdir(parents=True, exist_ok=True)
    server = Server(data, args=["--config", str(config_path)]).drain_output()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        fail("Debian's chromium is not installed (apt-get install chromium)")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 900, "height": 600})
            console = []
            page.on("console", lambda message: console.append(message.text))
            page.goto(server.page_url(f"/f/{feature}"))
            if mode == "panel":
                page.wait_for_function("text => document.body.innerText.includes(text)", arg=sys.argv[4], timeout=20_000)
            else:
                page.wait_for_selector(f"section.{feature}", timeout=20_000)
                sheets = page.evaluate(
                    "id => Array.from(document.styleSheets).filter(s => (s.href || '').includes(`/assets/${id}/`))"
                    ".map(s => [s.href, s.cssRules.length])", feature)
                accent = page.eval_on_selector(f".{feature}-press", "e => getComputedStyle(e).backgroundColor")
                if mode == "styled":
                    if not sheets or not sheets[0][0].endswith(f"/assets/{feature}/{feature}.css") or sheets[0][1] == 0:
                        fail(f"the plugin's stylesheet is not on the page: {sheets}")
                    if accent != "rgb(58, 63, 158)":
                        fail(f"the stylesheet is linked but not applied: Press is {accent}")
                elif sheets:
                    fail(f"a stylesheet was linked although its bundle was not deployed: {sheets}")
                page.click(f".{feature}-press")
                page.wait_for_function(
                    "id => document.querySelector(`.${id}-presses`).textContent === 'Pressed once'", arg=feature, timeout=20_000)
                page.wait_for_function(
                    "id => document.querySelector(`.${id}-open-for`).textContent !== 'Open for 0 s'", arg=feature, timeout=20_000)
                if len(sys.argv) > 4:
                    page.screenshot(path=sys.argv[4])
            violations = [text for text in console if "Content Security Policy" in text]
            if violations:
                fail(f"the page broke its Content-Security-Policy: {violations}")
            browser.close()
    finally:
        status = server.stop()
        if not kept:
            shutil.rmtree(data.parent, ignore_errors=True)
    if status != 0:
        fail(f"featurehost serve exited {status} after the page: {server.lines[-5:]}")
    print(f"plugin_page.py: {mode} page of {feature} checked in Chromium")


if __name__ == "__main__":
    main()
