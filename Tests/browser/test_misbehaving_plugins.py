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


# A trap and a hang in each call a page makes, and an exit: (library, flag, what the panel says). Live, a plugin's
# time runs in its own process, so "a tick" on the web is a trap on a thread of its own and a hang of its main queue
# between calls (found by the pings, or by the next call's deadline if one comes first).
EACH_CALL = [
    ("trapcreate", "TRAP_IN_CREATE", f"stopped: it crashed with {SIGILL} in create."),
    ("trapappear", "TRAP_IN_APPEAR", f"stopped: it crashed with {SIGILL} in appear."),
    ("traphtml", "TRAP_IN_HTML", f"stopped: it crashed with {SIGILL}"),
    ("traplater", "TRAP_LATER", f"stopped: it crashed with {SIGILL} while running on its own"),
    ("hangcreate", "HANG_IN_CREATE", "was stopped: it did not answer create within"),
    ("hangappear", "HANG_IN_APPEAR", "was stopped: it did not answer appear within"),
    ("hanghtml", "HANG_IN_HTML", "was stopped: it did not answer render_html within"),
    ("hanglater", "HANG_LATER", "was stopped: it "),
    ("exithtml", "EXIT_IN_HTML", "stopped: its process exited with status 7"),
]


@pytest.fixture(scope="module")
def each_call(tmp_path_factory):
    folder = tmp_path_factory.mktemp("each-call")
    for name, flag, _ in EACH_CALL:
        build(folder, name, f"stub-{name}", name, [flag, "HAS_WEB"])
    build(folder, "chatty", "stub-chatty", "Chatty", ["STDOUT", "HAS_WEB"])
    build(folder, "init", "stub-init", "Init", ["CRASH_IN_STATIC_INITIALIZER", "HAS_WEB"])
    build(folder, "cut", "stub-cut", "Cut", ["HAS_WEB"])
    cut = folder / f"libcut.{EXT}"
    cut.write_bytes(cut.read_bytes()[: cut.stat().st_size // 2])
    return folder


@pytest.fixture(scope="module")
def each_call_server(each_call, tmp_path_factory):
    from featurehost_server import Server
    names = [name for name, _, _ in EACH_CALL] + ["chatty", "init", "cut"]
    server = Server(tmp_path_factory.mktemp("each-call-data"), config={
        "plugins": [str(each_call / f"lib{name}.{EXT}") for name in names],
        "features": [{"id": "offer-countdown"}] + [{"id": f"stub-{name}"} for name in names[:-2]],
    })
    yield server
    server.stop()


@pytest.mark.parametrize("name,flag,words", EACH_CALL, ids=[flag for _, flag, _ in EACH_CALL])
def test_a_trap_a_hang_or_an_exit_in_any_call_is_that_pages_panel(browser, each_call_server, name, flag, words):
    server = each_call_server
    offer = open_offer(browser, server)
    page = open_page(browser, server, f"/f/stub-{name}")
    page.wait_for_selector(".fh-plugin-stopped", timeout=30_000)
    text = page.inner_text(".fh-plugin-stopped")
    assert f"The plugin lib{name}.{EXT} {words}" in text, text
    if flag.startswith("TRAP"):
        assert "Fatal error: the stub traps in" in text
    assert "Its in-memory state was lost; what it saved to disk is kept." in text
    assert page.locator(".fh-plugin-restart").is_visible()
    ticks_on(offer)
    no_csp_violations(page)
    page.close()
    offer.close()


def test_a_plugins_output_goes_to_its_log_never_the_page(browser, each_call_server):
    server = each_call_server
    page = open_page(browser, server, "/f/stub-chatty")
    page.wait_for_selector("text=Ticks: 0")
    assert "the stub renders" not in page.content()
    log = server.data_dir / "logs" / "plugins" / f"libchatty.{EXT}.log"
    deadline = time.monotonic() + 10
    while "the stub renders its page" not in (log.read_text() if log.exists() else "") and time.monotonic() < deadline:
        page.wait_for_timeout(100)  # the log is a file the plugin's process writes: nothing on the page to wait for
    assert "the stub renders its page" in log.read_text() and "the stub says so on stderr too" in log.read_text()
    page.close()


def test_libraries_that_break_the_loader_fail_alone_and_say_which_and_how(browser, each_call_server):
    """A library whose static initializer traps and one cut short: serve goes on, the home lists each with why, and
    each one's page is its panel; the other features run."""
    server = each_call_server
    page = open_page(browser, server, "/")
    titles = page.locator(".fh-feature-title").all_inner_texts()
    assert f"Plugin libinit.{EXT}" in titles and f"Plugin libcut.{EXT}" in titles, titles
    page.click(f"text=Plugin libinit.{EXT}")
    alert = page.locator("[role=alert]").inner_text()
    assert f"libinit.{EXT} could not be loaded: it crashed with {SIGILL} while loading" in alert, alert
    assert "Fatal error: the stub traps in a static initializer" in alert
    page.goto(server.page_url("/"))
    page.click(f"text=Plugin libcut.{EXT}")
    alert = page.locator("[role=alert]").inner_text()
    assert f"libcut.{EXT}" in alert and ("could not be loaded" in alert or "cannot open the plugin" in alert), alert
    ticks_on(open_offer(browser, server))
    page.close()
