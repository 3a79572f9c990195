"""Plugins on the web, against `featurehost serve`: the example GreetingPlugin (a real library with its own copy
of the core, exporting the optional web entry, run in a process of its own) renders its page with its own
stylesheet, ticks and waves, and re-formats its clock in place when the config's hour cycle changes; a plugin built
against the terminal-only ABI (a C library with the version-1 table and no web entry) gets the "no web view" panel,
on the home list and on its page. Nothing is slept for."""

import json
import os
import pathlib
import shutil
import subprocess
import time

import pytest

from featurehost_server import ROOT

EXT = "dylib" if os.uname().sysname == "Darwin" else "so"


@pytest.fixture(scope="module")
def libraries(tmp_path_factory):
    """The greeting library (FEATUREHOST_GREETING_PLUGIN, or built here: slow the first time) and the old one."""
    folder = tmp_path_factory.mktemp("plugins")
    greeting = os.environ.get("FEATUREHOST_GREETING_PLUGIN")
    if greeting is None:
        example = ROOT / "Examples" / "GreetingPlugin"
        subprocess.run(["swift", "build"], cwd=example, check=True, capture_output=True)
        bin_path = subprocess.run(
            ["swift", "build", "--show-bin-path"], cwd=example, check=True, capture_output=True, text=True).stdout.strip()
        greeting = str(pathlib.Path(bin_path) / f"libGreeting.{EXT}")
    shutil.copy(greeting, folder / f"libGreeting.{EXT}")
    # Its stylesheet is a file of its resources, deployed beside the library.
    resources = pathlib.Path(greeting).parent / "GreetingPlugin_GreetingPlugin.resources"
    if resources.is_dir():
        shutil.copytree(resources, folder / resources.name)
    compiler = shutil.which("cc") or shutil.which("clang")
    if compiler is None:
        pytest.fail("no C compiler (cc or clang) for the terminal-only plugin fixture")
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-I", str(ROOT / "Sources" / "CFeatureHostPluginABI" / "include"), "-o",
         str(folder / f"libold.{EXT}"), str(pathlib.Path(__file__).parent / "fixtures" / "terminal_only_plugin.c")],
        check=True)
    return folder


@pytest.fixture
def server(serve, libraries):
    return serve({
        "plugins": [str(libraries / f"libGreeting.{EXT}"), str(libraries / f"libold.{EXT}")],
        "features": [{"id": "greeting", "settings": {"name": "Web"}}, {"id": "old-plugin"}],
    })


def open_page(browser, server, path, **context):
    page = browser.new_context(**context).new_page()
    page.console_messages = []
    page.on("console", lambda message: page.console_messages.append(message.text))
    page.goto(server.page_url(path))
    return page


def plugin_processes(server):
    """The server's `featurehost-plugin-host` children (Linux /proc): one per plugin library."""
    found = []
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            name = (entry / "comm").read_text().strip()
        except OSError:
            continue
        if int(fields[1]) == server.process.pid and name.startswith("featurehost-plu"):
            found.append(int(entry.name))
    return found


def settled_plugin_processes(server, settled, timeout=10.0):
    """The server's plugin processes once `settled(them)` holds: a retired process is killed at once, but the host
    reaps it on its reader's thread, so for a moment under load it is still in /proc. Polled within a bound, never
    slept for; the last set seen is returned when the bound passes, for the assertion to show."""
    deadline = time.monotonic() + timeout
    found = set(plugin_processes(server))
    while not settled(found) and time.monotonic() < deadline:
        time.sleep(0.05)
        found = set(plugin_processes(server))
    return found


def no_csp_violations(page):
    violations = [text for text in page.console_messages if "Content Security Policy" in text]
    assert violations == [], violations


def test_the_greeting_plugin_renders_ticks_and_waves_on_the_web(browser, server, screenshots):
    page = open_page(browser, server, "/f/greeting")
    page.wait_for_selector(".greeting")
    assert page.inner_text(".greeting-hello") == "Hello, Web!"
    # Its stylesheet came from the library through the web entry, served under /assets/greeting/.
    css = page.evaluate("() => Array.from(document.styleSheets).map(s => s.href || '').filter(h => h.includes('/assets/greeting/'))")
    assert css and css[0].endswith("/assets/greeting/greeting.css")
    assert page.eval_on_selector(".greeting-wave", "e => getComputedStyle(e).backgroundColor") == "rgb(65, 69, 152)"
    # Its picture, another file of its resources, shows: served as SVG under /assets/greeting/ and drawn.
    page.wait_for_function(
        "() => { const art = document.querySelector('.greeting-art'); return art && art.complete && art.naturalWidth === 48; }")
    assert page.eval_on_selector(".greeting-art", "e => e.getAttribute('src')") == "/assets/greeting/wave.svg"
    # The timer starts when the page is shown; a tick arrives as a patch from the plugin's presenter.
    page.wait_for_function(
        "() => document.querySelectorAll('.greeting-value')[0].textContent !== '00:00:00'", timeout=15_000)
    page.screenshot(path=str(screenshots / "ticking.png"))
    # The Wave button is a real button, reachable with the keyboard.
    page.focus(".greeting-wave")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.greeting-waves').textContent === 'Waved once'")
    page.click(".greeting-wave")
    page.wait_for_function("() => document.querySelector('.greeting-waves').textContent === 'Waved 2 times'")
    assert page.evaluate("() => document.activeElement.id") == "greeting-wave", "focus survived the updates"
    page.screenshot(path=str(screenshots / "waved.png"))
    no_csp_violations(page)
    if pathlib.Path("/proc/self/stat").exists():
        assert len(plugin_processes(server)) == 2, "each plugin library runs in a featurehost-plugin-host of its own"


def test_the_greeting_in_dark_mode(browser, server, screenshots):
    page = open_page(browser, server, "/f/greeting", color_scheme="dark")
    page.wait_for_selector(".greeting")
    assert page.eval_on_selector(".greeting", "e => getComputedStyle(e).backgroundColor") == "rgb(29, 30, 44)"
    page.screenshot(path=str(screenshots / "dark.png"))
    no_csp_violations(page)


def test_a_terminal_only_plugin_shows_the_no_web_view_panel(browser, server, screenshots):
    home = open_page(browser, server, "/")
    home.wait_for_selector(".fh-feature-list")
    items = home.locator(".fh-feature-item")
    assert items.count() == 2
    assert "Hello" not in items.nth(0).inner_text()
    assert "has no web view" in items.nth(1).inner_text()
    assert "fh-failed" in (items.nth(1).get_attribute("class") or "")
    home.screenshot(path=str(screenshots / "home.png"))
    page = open_page(browser, server, "/f/old-plugin")
    page.wait_for_selector(".fh-panel")
    text = page.inner_text(".fh-panel")
    assert "Old plugin comes from the plugin libold." in text
    assert "which has no web view: it was built for the terminal only" in text
    assert "It still runs in the terminal shell (featurehost)." in text
    page.screenshot(path=str(screenshots / "panel.png"))
    no_csp_violations(page)
    no_csp_violations(home)


def test_a_rebuilt_plugin_reloads_alone_into_the_open_page(browser, server, libraries, screenshots):
    """A plugin library rebuilt on disk while its page is open (issue 32): the host loads it again in a new process
    and the open page gets a new instance of the feature, without a reload; the other plugin's process runs on."""
    page = open_page(browser, server, "/f/greeting")
    page.wait_for_selector(".greeting")
    page.evaluate("() => { window.__notReloaded = true }")
    page.click(".greeting-wave")
    page.wait_for_function("() => document.querySelector('.greeting-waves').textContent === 'Waved once'")
    before = set(plugin_processes(server))
    assert len(before) == 2
    # As a linker writes its output: a new file, renamed over the old one.
    library = libraries / f"libGreeting.{EXT}"
    fresh = libraries / f".libGreeting.{EXT}.new"
    shutil.copy(library, fresh)
    os.replace(fresh, library)
    # The new instance starts afresh: nothing waved yet, and the page was patched, not reloaded.
    page.wait_for_function("() => document.querySelector('.greeting-waves')?.textContent !== 'Waved once'", timeout=20_000)
    page.wait_for_selector(".greeting-hello")
    assert page.inner_text(".greeting-hello") == "Hello, Web!"
    assert page.evaluate("() => window.__notReloaded === true"), "the page was reloaded"
    after = settled_plugin_processes(server, lambda found: len(found) == 2)
    assert len(after) == 2 and len(after & before) == 1, f"only the rebuilt plugin's process is new: {before} -> {after}"
    page.click(".greeting-wave")
    page.wait_for_function("() => document.querySelector('.greeting-waves').textContent === 'Waved once'")
    page.screenshot(path=str(screenshots / "rebuilt.png"))
    no_csp_violations(page)


def test_a_plugin_added_to_the_running_config_is_served_with_its_files(serve, browser, libraries, screenshots):
    """A plugin added to `"plugins"` while `serve` runs (issue 32): the open home page lists it, and its page works
    with the files its library brings (its stylesheet), as if it had been there at start."""
    server = serve({"features": [{"id": "offer-countdown"}]})
    page = open_page(browser, server, "/")
    page.wait_for_function("() => document.body.dataset.fhConnection === 'live'", timeout=30_000)
    page.evaluate("() => { window.__notReloaded = true }")
    config = {"plugins": [str(libraries / f"libGreeting.{EXT}")],
              "features": [{"id": "offer-countdown"}, {"id": "greeting", "settings": {"name": "Live"}}]}
    fresh = server.config_file.with_name(server.config_file.name + ".new")
    fresh.write_text(json.dumps(config))
    os.replace(fresh, server.config_file)
    page.wait_for_selector("#feature-greeting", timeout=20_000)
    assert page.evaluate("() => window.__notReloaded === true"), "the home page was reloaded"
    page.click("#feature-greeting a")
    page.wait_for_selector(".greeting")
    assert page.inner_text(".greeting-hello") == "Hello, Live!"
    assert page.eval_on_selector(".greeting-wave", "e => getComputedStyle(e).backgroundColor") == "rgb(65, 69, 152)", \
        "the plugin's stylesheet is served"
    page.screenshot(path=str(screenshots / "added-live.png"))
    no_csp_violations(page)


def test_a_new_hour_cycle_in_the_config_formats_the_open_plugin_page_in_its_running_process(serve, browser, libraries,
                                                                                          screenshots):
    """The config's `hourCycle` edited under an open greeting page (issue 32): the plugin's library exports the
    reformat entry, so its clock follows in place, in the same process, with its waves kept and no page reload."""
    base = {"plugins": [str(libraries / f"libGreeting.{EXT}")], "features": [{"id": "greeting", "settings": {"name": "Web"}}]}
    server = serve(dict(base, hourCycle=24))
    page = open_page(browser, server, "/f/greeting")
    page.wait_for_selector(".greeting")
    page.evaluate("() => { window.__notReloaded = true }")
    clock = "() => document.querySelectorAll('.greeting-value')[1].textContent"
    assert not page.evaluate(clock).endswith("M"), page.evaluate(clock)
    page.click(".greeting-wave")
    page.wait_for_function("() => document.querySelector('.greeting-waves').textContent === 'Waved once'")
    before = set(plugin_processes(server)) if pathlib.Path("/proc/self/stat").exists() else set()
    temporary = server.config_file.with_name(f".{server.config_file.name}.tmp")
    temporary.write_text(json.dumps(dict(base, hourCycle=12)))
    os.replace(temporary, server.config_file)
    page.wait_for_function(f"() => /[AP]M$/.test(({clock})())", timeout=20_000)
    assert page.inner_text(".greeting-waves") == "Waved once", "what it kept in memory stays"
    assert page.evaluate("() => window.__notReloaded === true"), "the page was reloaded"
    if before:
        assert set(plugin_processes(server)) == before, "the same plugin process"
    page.screenshot(path=str(screenshots / "reformatted.png"))
    no_csp_violations(page)
