"""Plugins that misbehave, on the web against `featurehost serve`: a plugin that segfaults in `create` and one
that sends more HTML than the host accepts each get a page that says so, naming the library, and the server
and a built-in feature's page keep working beside them. The stubs are Tests/PluginStubs/misbehaving_plugin.c,
built here with one -D flag per misbehaviour. Nothing is slept for."""

import json
import os
import shutil
import subprocess

import pytest

from featurehost_server import ROOT

EXT = "dylib" if os.uname().sysname == "Darwin" else "so"


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
    return folder


@pytest.fixture
def server(serve, libraries):
    return serve({
        "plugins": [str(libraries / f"libsegv.{EXT}"), str(libraries / f"libbightml.{EXT}")],
        "features": [{"id": "offer-countdown"}, {"id": "stub-segv"}, {"id": "stub-big"}],
    })


def open_page(browser, server, path):
    page = browser.new_context().new_page()
    page.goto(server.page_url(path))
    return page


def test_a_plugin_that_crashes_in_create_gets_a_page_that_says_so(browser, server, screenshots):
    page = open_page(browser, server, "/f/stub-segv")
    page.wait_for_selector(".fh-panel")
    text = page.inner_text(".fh-panel")
    assert f"Segv could not start: the plugin libsegv.{EXT} crashed in create with SIGSEGV" in text
    assert "will not call this plugin again in this run" in text
    page.screenshot(path=str(screenshots / "crashed.png"))
    # The server survived the crash: the built-in feature's page still works, and so does the crashed one's.
    other = open_page(browser, server, "/f/offer-countdown")
    other.wait_for_selector(".offer-timer", state="attached")
    again = open_page(browser, server, "/f/stub-segv")
    again.wait_for_selector(".fh-panel")
    assert f"the plugin libsegv.{EXT} crashed in create" in again.inner_text(".fh-panel")


def test_a_plugin_over_the_html_limit_is_stopped_on_its_page(browser, server, screenshots):
    page = open_page(browser, server, "/f/stub-big")
    page.wait_for_selector(".fh-plugin-stopped")
    text = page.inner_text(".fh-plugin-stopped")
    assert text.startswith(f"The plugin libbightml.{EXT} was stopped: it sent more than 1 MiB of HTML for one render")
    page.screenshot(path=str(screenshots / "stopped.png"))
    other = open_page(browser, server, "/f/offer-countdown")
    other.wait_for_selector(".offer-timer", state="attached")
