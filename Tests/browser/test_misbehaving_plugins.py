"""Plugins that misbehave, on the web against `featurehost serve`, each in a process of its own (the default): a
plugin that crashes (in create, in a page event), hangs in a page event, leaks past its memory limit or sends more
HTML than the host accepts gets a panel on its page that says what happened, naming the library, with a Restart
button that loads it again; the server and a built-in feature's page keep working beside it, and keep ticking while
a plugin hangs. The stubs are Tests/PluginStubs/misbehaving_plugin.c, built here with one -D flag per misbehaviour.
Nothing is slept for: each wait is for something a page shows."""

import json
import os
import shutil
import subprocess
import time

import pytest

from featurehost_server import ROOT

EXT = "dylib" if os.uname().sysname == "Darwin" else "so"
DIGITS = "Array.from(document.querySelectorAll('.offer-box > span')).map(e => e.textContent).join('')"
SIGILL = "SIGILL (an illegal instruction; a Swift runtime trap on x86-64)"


def build(folder, name, feature_id, title, flags):
    compiler = shutil.which("cc") or shutil.which("clang")
    if compiler is None:
        pytest.fail("no C compiler (cc or clang) for the misbehaving plugin stubs")
    manifest = json.dumps({"id": feature_id, "title": title, "summary": "A misbehaving C stub."})
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-I", str(ROOT / "Sources" / "CFeatureHostPluginABI" / "include"),
         *[f"-D{flag}" for flag in flags], "-DSTUB_MANIFEST=" + json.dumps(manifest),
         "-o", str(folder / f"lib{name}.{EXT}"), str(ROOT / "Tests" / "PluginStubs" / "misbehaving_plugin.c")],
        check=True)


@pytest.fixture(scope="module")
def libraries(tmp_path_factory):
    folder = tmp_path_factory.mktemp("misbehaving")
    build(folder, "segv", "stub-segv", "Segv", ["CRASH_SEGV", "HAS_WEB"])
    build(folder, "bightml", "stub-big", "Big", ["HUGE_HTML", "HAS_WEB"])
    build(folder, "trap", "stub-trap", "Trap", ["TRAP_IN_PAGE_EVENT", "HAS_WEB"])
    build(folder, "hang", "stub-hang", "Hang", ["HANG_IN_PAGE_EVENT", "HAS_WEB"])
    build(folder, "leak", "stub-leak", "Leak", ["LEAK", "HAS_WEB"])
    return folder


@pytest.fixture
def server(serve, libraries):
    return serve({
        "plugins": [str(libraries / f"libsegv.{EXT}"), str(libraries / f"libbightml.{EXT}"), str(libraries / f"libtrap.{EXT}"),
                    str(libraries / f"libhang.{EXT}"), {"path": str(libraries / f"libleak.{EXT}"), "memoryLimitMiB": 64}],
        "features": [{"id": "offer-countdown"}, {"id": "stub-segv"}, {"id": "stub-big"}, {"id": "stub-trap"}, {"id": "stub-hang"},
                     {"id": "stub-leak"}],
    })


def open_page(browser, server, path):
    page = browser.new_context().new_page()
    page.console_messages = []
    page.on("console", lambda message: page.console_messages.append(message.text))
    page.goto(server.page_url(path))
    return page


def open_offer(browser, server):
    page = open_page(browser, server, "/f/offer-countdown")
    page.wait_for_selector(".offer-timer", state="attached")
    return page


def ticks_on(page, timeout=15_000):
    """Waits until the countdown's digits change: the page's own session is alive and patched."""
    before = page.evaluate(f"() => {DIGITS}")
    page.wait_for_function(f"(before) => {DIGITS} !== before", arg=before, timeout=timeout)


def no_csp_violations(page):
    violations = [text for text in page.console_messages if "Content Security Policy" in text]
    assert violations == [], violations


def test_a_plugin_that_crashes_in_create_gets_a_panel_with_a_restart(browser, server, screenshots):
    page = open_page(browser, server, "/f/stub-segv")
    page.wait_for_selector(".fh-plugin-stopped")
    text = page.inner_text(".fh-plugin-stopped")
    assert f"The plugin libsegv.{EXT} stopped: it crashed with SIGSEGV (a bad memory access, such as a NULL dereference) in create." in text
    assert "Its in-memory state was lost; what it saved to disk is kept." in text
    assert page.locator(".fh-plugin-restart").is_visible()
    page.screenshot(path=str(screenshots / "crashed.png"))
    # The server survived the crash: the built-in feature's page still works and ticks.
    other = open_offer(browser, server)
    ticks_on(other)
    no_csp_violations(page)


def test_a_crash_in_a_page_event_is_that_pages_panel_and_restart_brings_it_back(browser, server, screenshots):
    offer = open_offer(browser, server)
    page = open_page(browser, server, "/f/stub-trap")
    page.wait_for_selector("text=Ticks: 0")
    page.click("button[data-action=poke]")
    page.wait_for_selector(".fh-plugin-stopped")
    text = page.inner_text(".fh-plugin-stopped")
    assert f"The plugin libtrap.{EXT} stopped: it crashed with {SIGILL} while handling a page event." in text
    assert "Its last words: “misbehaving_plugin.c:" in text and "Fatal error: the stub traps in a page event”" in text
    assert f"logs/plugins/libtrap.{EXT}.log" in page.inner_text(".fh-plugin-log")
    page.screenshot(path=str(screenshots / "panel.png"))
    ticks_on(offer)
    page.click(".fh-plugin-restart")
    page.wait_for_selector("button[data-action=poke]")
    assert page.locator(".fh-plugin-stopped").count() == 0
    page.screenshot(path=str(screenshots / "restarted.png"))
    no_csp_violations(page)


def test_a_hang_in_a_page_event_is_bounded_and_other_pages_keep_ticking(browser, server, screenshots):
    offer = open_offer(browser, server)
    page = open_page(browser, server, "/f/stub-hang")
    page.wait_for_selector("text=Ticks: 0")
    started = time.monotonic()
    page.click("button[data-action=poke]")
    page.wait_for_selector(".fh-plugin-stopped", timeout=30_000)
    assert time.monotonic() - started < 15, "one call deadline (2 s), then the panel"
    assert (f"The plugin libhang.{EXT} was stopped: it did not answer handle_page_event within 2.0 seconds of real time."
            in page.inner_text(".fh-plugin-stopped"))
    page.screenshot(path=str(screenshots / "hung.png"))
    ticks_on(offer)
    ticks_on(offer)


def test_a_leak_past_the_memory_limit_stops_the_plugin_not_the_server(browser, server, screenshots):
    page = open_page(browser, server, "/f/stub-leak")
    page.wait_for_selector(".fh-plugin-stopped", timeout=30_000)
    text = page.inner_text(".fh-plugin-stopped")
    assert f"The plugin libleak.{EXT} was stopped: it used " in text
    assert "of memory, more than the 64 MiB the host allows a plugin." in text
    page.screenshot(path=str(screenshots / "leaked.png"))
    ticks_on(open_offer(browser, server))


def test_a_plugin_over_the_html_limit_is_stopped_on_its_page(browser, server, screenshots):
    page = open_page(browser, server, "/f/stub-big")
    page.wait_for_selector(".fh-plugin-stopped")
    text = page.inner_text(".fh-plugin-stopped")
    assert text.startswith(f"The plugin libbightml.{EXT} was stopped: it sent more than 1 MiB of HTML for one render")
    page.screenshot(path=str(screenshots / "stopped.png"))
    ticks_on(open_offer(browser, server))


def test_in_process_a_crash_in_create_is_caught_as_before(browser, serve, libraries, screenshots):
    server = serve({"plugins": [str(libraries / f"libsegv.{EXT}")], "features": [{"id": "stub-segv"}]},
                   args=["--plugin-isolation", "in-process"])
    page = open_page(browser, server, "/f/stub-segv")
    page.wait_for_selector(".fh-panel")
    text = page.inner_text(".fh-panel")
    assert f"Segv could not start: the plugin libsegv.{EXT} crashed in create with SIGSEGV" in text
    assert "will not call this plugin again in this run" in text
