"""The client script's side of the live config (issue 32) against `harness.py`: the home page's own stream (its list
swapped in place, the heartbeat, a host that keeps no more home pages) and the config banner on home and feature
pages. Every wait is for something the page shows, with a bound."""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe

from test_client_script import load

PROBLEMS = [
    "/tmp/featurehost.json: features[2].source.url: <b>not</b> an http or https URL",
    "/tmp/featurehost.json: features[3].id: no feature is called \"nope\"",
]
HOME = ('<header class="fh-home-header"><h1>FeatureHost</h1><p>Choose a feature.</p></header>'
        '<ul class="fh-feature-list"><li class="fh-feature-item" id="feature-chats">'
        '<a class="fh-feature-link" href="/f/chats"><span class="fh-feature-title">Chats</span></a></li></ul>')


def load_home(page, harness, version=0, config_version=0, before_root=""):
    harness.home = True
    harness.session = ""
    harness.root_html = HOME
    harness.version = version
    harness.config_version = config_version
    harness.before_root = before_root
    page.goto(harness.url)
    page.wait_for_function("() => window.FeatureHost !== undefined")
    return harness.wait_for_streams(1)


def banner_lines(page):
    return page.eval_on_selector_all("#fh-config li", "items => items.map((item) => item.textContent)")


def test_the_home_joins_its_stream_with_its_versions_and_says_no_hello(page, harness):
    stream = load_home(page, harness, version=3, config_version=2)
    assert (stream.version, stream.config_version) == (3, 2)
    page.wait_for_function("() => document.body.dataset.fhConnection === 'live'")
    assert harness.posts == [], "the home has no session to greet"


def test_a_home_event_swaps_the_list_in_place_and_keeps_the_focused_link(page, harness, screenshots):
    load_home(page, harness)
    page.focus("#feature-chats a")
    added = HOME.replace("</ul>", '<li class="fh-feature-item" id="feature-notes"><a class="fh-feature-link" '
                                  'href="/f/notes"><span class="fh-feature-title">Notes &lt;new&gt;</span></a></li></ul>')
    harness.push("home", {"version": 1, "html": added})
    page.wait_for_selector("#feature-notes", timeout=5000)
    assert page.text_content("#feature-notes") == "Notes <new>"
    assert page.evaluate("() => document.activeElement.closest('li').id") == "feature-chats"
    assert page.evaluate("() => window.FeatureHost.version()") == 1
    assert harness.page_loads == 1, "no reload"
    page.screenshot(path=str(screenshots / "home-updated.png"))
    # A reconnect says which list it holds, so the host sends only what it missed.
    harness.drop()
    assert harness.wait_for_streams(2).version == 1


def test_full_leaves_the_home_as_loaded_and_live(page, harness):
    load_home(page, harness)
    harness.push("full", "{}")
    page.wait_for_function("() => document.body.dataset.fhHome === 'full'", timeout=5000)
    harness.drop()
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => document.body.dataset.fhConnection === 'live'")
    assert len(harness.streams) == 1, "the home does not ask again"
    assert page.is_visible("#feature-chats")


def test_a_silent_host_pauses_the_home_as_it_pauses_a_feature_page(page, harness):
    load_home(page, harness)
    harness.push("beat", {"every": 100})
    page.wait_for_selector("#fh-connection", state="visible", timeout=5000)
    assert page.evaluate("() => document.body.dataset.fhConnection") == "lost"


def test_the_banner_shows_every_problem_as_text_outside_the_root_and_clears(page, harness, screenshots):
    load(page, harness, '<input id="name" data-action="name" value="">')
    page.fill("#name", "typed")
    root_before = page.eval_on_selector("#fh-root", "root => root.innerHTML")
    harness.push("config", {"version": 4, "problems": PROBLEMS})
    page.wait_for_selector("#fh-config[role=alert]", timeout=5000)
    assert banner_lines(page) == PROBLEMS, "each line as text: markup in a problem is not markup"
    assert page.text_content("#fh-config .fh-config-title") == \
        "The config has errors; the last good config is still running."
    assert page.evaluate("() => !document.getElementById('fh-root').contains(document.getElementById('fh-config'))")
    assert page.eval_on_selector("#fh-root", "root => root.innerHTML") == root_before
    assert page.evaluate("() => document.activeElement.id") == "name", "the feature keeps its focus"
    assert page.input_value("#name") == "typed"
    page.screenshot(path=str(screenshots / "banner.png"))
    harness.push("config", {"version": 5, "problems": []})
    page.wait_for_selector("#fh-config", state="detached", timeout=5000)
    # A reconnect says which config version the page saw, so a clearing it missed is sent again.
    harness.drop()
    assert harness.wait_for_streams(2).config_version == 5


def test_a_served_banner_is_redrawn_by_the_next_event(page, harness):
    served = ('<section aria-label="Config errors" class="fh-config" id="fh-config" role="alert" tabindex="0">'
              '<p class="fh-config-title">The config has errors; the last good config is still running.</p>'
              '<ul class="fh-config-problems"><li>old line</li></ul></section>')
    load_home(page, harness, config_version=1, before_root=served)
    assert banner_lines(page) == ["old line"]
    harness.push("config", {"version": 2, "problems": ["new line"]})
    page.wait_for_function("() => document.querySelector('#fh-config li').textContent === 'new line'", timeout=5000)
    assert page.locator("#fh-config").count() == 1


def test_a_long_banner_fits_a_small_window_and_scrolls(page, harness, screenshots):
    page.set_viewport_size({"width": 568, "height": 320})
    load_home(page, harness)
    lines = [f"/tmp/featurehost.json: features[{index}].settings.pageSize: must be a whole number from 1 to 100"
             for index in range(30)]
    harness.push("config", {"version": 1, "problems": lines})
    page.wait_for_selector("#fh-config", timeout=5000)
    assert banner_lines(page) == lines, "every line is in the page"
    box = page.locator("#fh-config").bounding_box()
    line = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('#fh-config li')).lineHeight)")
    assert box["height"] <= 8 * line + 24, f"about six lines visible, not {box['height'] / line:.1f}"
    assert box["x"] >= 0 and box["x"] + box["width"] <= 568
    assert page.evaluate("() => { const b = document.getElementById('fh-config'); return b.scrollHeight > b.clientHeight }")
    # It takes its own room: the page's content starts below it, so it covers none of its controls.
    root = page.locator("#fh-root").bounding_box()
    assert root["y"] >= box["y"] + box["height"]
    page.focus("#fh-config")
    page.keyboard.press("End")
    page.wait_for_function("() => document.getElementById('fh-config').scrollTop > 0", timeout=5000)
    page.screenshot(path=str(screenshots / "banner-568x320.png"))


def test_a_config_event_that_is_not_json_changes_nothing(page, harness):
    load_home(page, harness)
    harness.push("config", "not json")
    harness.push("config", json.dumps({"version": 1, "problems": ["kept"]}))
    page.wait_for_selector("#fh-config", timeout=5000)
    assert banner_lines(page) == ["kept"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_banner_passes_axe_in_both_schemes(browser, harness, scheme):
    # axe is injected as a script, which the page's CSP would refuse: this context bypasses it.
    context = browser.new_context(viewport={"width": 568, "height": 320}, color_scheme=scheme, bypass_csp=True)
    try:
        page = context.new_page()
        load_home(page, harness)
        harness.push("config", {"version": 1, "problems": PROBLEMS * 5})
        page.wait_for_selector("#fh-config", timeout=5000)
        results = Axe().run(page, context="#fh-config", options={"resultTypes": ["violations"], "runOnly": {
            "type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]}})
        found = [f"{v['id']} ({v['impact']}): {v['nodes'][0].get('failureSummary', '')[:160]}"
                 for v in results.response["violations"]]
        assert found == []
    finally:
        context.close()
