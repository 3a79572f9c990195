"""The client script (Sources/WebUI/Resources/featurehost.js) in a real browser against `harness.py`.

Run: `python3 -m pytest Tests/browser -q` (needs Debian's chromium and Python playwright). Screenshots land in
Tests/browser/output/<test name>/. No sleeping for time: every wait is for a condition, with a bound."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from harness import SCRIPT


def load(page, harness, root_html, version=1):
    harness.root_html = root_html
    harness.version = version
    page.goto(harness.url)
    page.wait_for_function("() => window.FeatureHost !== undefined")
    harness.wait_for_streams(1)
    posts = harness.wait_for_posts(1)
    assert posts[0]["message"]["kind"] == "hello"


def patch(harness, page, message, stream=None):
    harness.push("patch", message, stream)
    page.wait_for_function("to => window.FeatureHost.version() === to", arg=message["to"], timeout=5000)


def root_html(page):
    return page.eval_on_selector("#fh-root", "root => root.innerHTML")


def test_script_parses():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    subprocess.run([node, "--check", str(SCRIPT)], check=True)


def test_hello_reports_hour_cycle_time_zone_and_visibility(page, harness):
    load(page, harness, "<p>hi</p>")
    hello = harness.posts[0]
    assert hello["content_type"] == "application/json"
    message = hello["message"]
    assert message["hourCycle"] in ("h12", "h23")
    assert isinstance(message["timeZone"], str) and message["timeZone"]
    assert message["visible"] is True
    assert set(message) == {"kind", "hourCycle", "timeZone", "visible"}


def test_ops_find_their_element_by_key_and_apply(page, harness, screenshots):
    load(page, harness, '<div id="clock"><span id="h">1</span><span id="d-2">2</span></div>')
    page.evaluate("() => { window.keptClock = document.getElementById('clock') }")
    patch(harness, page, {"from": 1, "to": 2, "ops": [
        {"op": "morph", "key": "h", "html": "5"},
        {"op": "replace", "key": "d-2", "html": '<span id="d-3">3</span>'},
        {"op": "attrs", "key": "clock", "set": {"class": "ticking"}, "remove": []},
    ]})
    assert root_html(page) == '<div id="clock" class="ticking"><span id="h">5</span><span id="d-3">3</span></div>'
    assert page.evaluate("() => window.keptClock === document.getElementById('clock')")
    page.screenshot(path=str(screenshots / "after-patch.png"))


def test_morph_keeps_a_focused_inputs_value_caret_and_focus(page, harness):
    load(page, harness, '<form data-action="send"><input id="email" name="email" value=""><span>old</span></form>')
    page.click("#email")
    page.keyboard.type("hello")
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    page.evaluate("() => { window.keptInput = document.getElementById('email') }")
    patch(harness, page, {"from": 1, "to": 2, "ops": [{"op": "morph", "key": "fh-root", "html":
        '<form data-action="send"><input id="email" name="email" value="server"><span>new</span></form>'}]})
    state = page.evaluate("""() => {
        const input = document.getElementById('email');
        return { same: input === window.keptInput, focused: document.activeElement === input,
                 value: input.value, start: input.selectionStart, end: input.selectionEnd,
                 attribute: input.getAttribute('value'), span: document.querySelector('span').textContent };
    }""")
    assert state == {"same": True, "focused": True, "value": "hello", "start": 2, "end": 2,
                     "attribute": "server", "span": "new"}


def test_morph_sets_an_unfocused_inputs_value_and_checkbox(page, harness):
    load(page, harness, '<input id="name" value="a"><input id="box" type="checkbox">')
    patch(harness, page, {"from": 1, "to": 2, "ops": [{"op": "morph", "key": "fh-root", "html":
        '<input id="name" value="b"><input id="box" type="checkbox" checked>'}]})
    assert page.evaluate("() => [document.getElementById('name').value, document.getElementById('box').checked]") == ["b", True]


def test_running_animation_survives_a_morph_and_a_new_keyed_element_starts_its_own(page, harness, screenshots):
    load(page, harness, '<span id="a" class="spin">A</span>')
    page.evaluate("() => { window.spinA = document.getElementById('a').getAnimations()[0] }")
    page.wait_for_function("() => window.spinA.currentTime > 100")
    before = page.evaluate("() => window.spinA.currentTime")
    patch(harness, page, {"from": 1, "to": 2, "ops": [{"op": "morph", "key": "fh-root", "html":
        '<span id="b" class="spin">B</span><span id="a" class="spin">A2</span>'}]})
    state = page.evaluate("""() => {
        const a = document.getElementById('a').getAnimations();
        const b = document.getElementById('b').getAnimations();
        return { same: a.length === 1 && a[0] === window.spinA, aTime: a[0].currentTime, aState: a[0].playState,
                 bCount: b.length, bTime: b.length ? b[0].currentTime : null, text: document.getElementById('a').textContent };
    }""")
    assert state["same"], state
    assert state["aState"] == "running"
    assert state["aTime"] >= before
    assert state["bCount"] == 1 and state["bTime"] < state["aTime"]
    assert state["text"] == "A2"
    page.screenshot(path=str(screenshots / "after-morph.png"))


def test_a_version_gap_reconnects_with_the_clients_version(page, harness):
    load(page, harness, '<p id="one">one</p>', version=7)
    harness.push("patch", {"from": 9, "to": 10, "ops": [{"op": "morph", "key": "one", "html": "lost"}]})
    second = harness.wait_for_streams(2)
    assert second.version == 7
    assert root_html(page) == '<p id="one">one</p>'
    patch(harness, page, {"from": 7, "to": 10, "ops": [{"op": "morph", "key": "fh-root", "html": "<p>ten</p>"}]}, second)
    assert root_html(page) == "<p>ten</p>"


@pytest.mark.parametrize("op", [
    {"op": "morph", "key": "nowhere", "html": "x"},
    {"op": "attrs", "key": "fh-root", "set": {"class": "x"}, "remove": []},
    {"op": "replace", "key": "fh-root", "html": "<p>x</p>"},
    {"op": "morph", "key": "outside", "html": "x"},
    {"op": "morph", "html": "x"},
])
def test_an_op_that_misses_its_element_resyncs_from_scratch(page, harness, op):
    load(page, harness, "<p>one</p>")
    page.evaluate("() => { const outside = document.createElement('p'); outside.id = 'outside'; document.body.append(outside) }")
    harness.push("patch", {"from": 1, "to": 2, "ops": [op]})
    second = harness.wait_for_streams(2)
    assert second.version == -1
    assert root_html(page) == "<p>one</p>"
    patch(harness, page, {"from": -1, "to": 3, "ops": [{"op": "morph", "key": "fh-root", "html": "<p>three</p>"}]}, second)
    assert root_html(page) == "<p>three</p>"


def test_a_dropped_stream_reconnects_and_resyncs(page, harness):
    load(page, harness, "<p>one</p>")
    patch(harness, page, {"from": 1, "to": 2, "ops": [{"op": "morph", "key": "fh-root", "html": "<p>two</p>"}]})
    harness.drop()
    second = harness.wait_for_streams(2)
    assert second.version == 2
    patch(harness, page, {"from": 2, "to": 5, "ops": [{"op": "morph", "key": "fh-root", "html": "<p>five</p>"}]}, second)
    assert root_html(page) == "<p>five</p>"
    # One hello per page, not one per stream.
    assert [post["message"]["kind"] for post in harness.posts] == ["hello"]


def test_gone_reloads_once(page, harness):
    load(page, harness, "<p>one</p>")
    harness.push("gone", "gone")
    harness.wait_for(lambda: harness.page_loads == 2, "the reload")
    second = harness.wait_for_streams(2)
    with page.expect_console_message(lambda message: "not again" in message.text):
        harness.push("gone", "gone", second)
    assert harness.page_loads == 2


def test_events_post_in_order_with_their_json(page, harness):
    load(page, harness, (
        '<button id="go" data-action="activate"><span id="inner">Go</span></button>'
        '<a id="link" href="/elsewhere" data-action="open">Open</a>'
        '<input id="email" name="email" data-action="email">'
        '<form id="f" data-action="send"><input name="name" value="Ada"><input id="femail" name="email">'
        '<button type="submit">Send</button></form>'
        '<div id="list" tabindex="0" data-keys="Escape ArrowDown" data-action="list">list</div>'
    ))
    page.click("#inner")
    page.click("#link")
    page.click("#email")
    page.keyboard.type("ab")
    page.click("#femail")
    page.keyboard.type("x@y.z")
    page.keyboard.press("Enter")
    page.focus("#list")
    page.keyboard.press("x")
    page.keyboard.press("Escape")
    posts = harness.wait_for_posts(8)
    assert [post["message"] for post in posts[1:]] == [
        {"kind": "click", "action": "activate"},
        {"kind": "click", "action": "open"},
        {"kind": "input", "action": "email", "value": "a"},
        {"kind": "input", "action": "email", "value": "ab"},
        {"kind": "change", "action": "email", "value": "ab"},
        {"kind": "submit", "action": "send", "fields": {"name": "Ada", "email": "x@y.z"}},
        {"kind": "key", "action": "list", "key": "Escape"},
    ]
    assert all(post["content_type"] == "application/json" for post in posts)
    assert page.url == harness.url  # neither the link nor the form navigated
    assert page.evaluate("() => performance.getEntriesByName('fh-event-sent').length") == 2


def test_visibility_change_posts(page, harness):
    # Headless Chromium keeps every page visible (bring_to_front and CDP lifecycle states leave
    # visibilityState alone), so the state is overridden and the event dispatched by hand.
    load(page, harness, "<p>one</p>")
    page.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    posts = harness.wait_for_posts(2)
    assert posts[1]["message"] == {"kind": "visibility", "visible": False}


def test_fh_vars_set_custom_properties_on_load_and_after_patches(page, harness):
    load(page, harness, '<div id="v" data-fh-vars="--roll:300ms;--steps:2;color:red"></div>')
    read = "id => { const s = document.getElementById(id).style; return [s.getPropertyValue('--roll'), s.getPropertyValue('--steps'), s.color] }"
    assert page.evaluate(read, "v") == ["300ms", "2", ""]
    patch(harness, page, {"from": 1, "to": 2, "ops": [
        {"op": "attrs", "key": "v", "set": {"data-fh-vars": "--roll:500ms"}, "remove": []},
    ]})
    assert page.evaluate(read, "v") == ["500ms", "", ""]
    patch(harness, page, {"from": 2, "to": 3, "ops": [{"op": "morph", "key": "fh-root", "html":
        '<div id="v" data-fh-vars="--roll:500ms"></div><p id="w" data-fh-vars="--steps:4"></p>'}]})
    assert page.evaluate(read, "w") == ["", "4", ""]


DIFF_CASES = Path(__file__).resolve().parent / "fixtures" / "diff-cases.json"


def test_swift_diffs_patch_the_real_parsers_dom(page, harness):
    """Each case of the Swift diff's golden fixture: Chromium parses the old content, the script applies the ops,
    and the DOM must equal Chromium's parse of the new content (attributes compared as sets)."""
    cases = json.loads(DIFF_CASES.read_text())
    assert len(cases) > 300
    load(page, harness, "")
    failures = page.evaluate("""(cases) => {
        const canon = (node) => {
            if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.data);
            if (node.nodeType !== Node.ELEMENT_NODE) return '#' + node.nodeType;
            const attributes = Array.from(node.attributes, (a) => a.name + '=' + JSON.stringify(a.value)).sort();
            return '<' + node.namespaceURI + ':' + node.localName + ' ' + attributes.join(' ') + '>' +
                Array.from(node.childNodes, canon).join('') + '</>';
        };
        const children = (node) => Array.from(node.childNodes, canon).join('');
        const root = document.getElementById('fh-root');
        const failures = [];
        for (const item of cases) {
            root.innerHTML = item.old;
            const version = window.FeatureHost.version();
            const applied = window.FeatureHost.applyMessage({ from: version, to: version + 1, ops: item.ops });
            const expected = document.createElement('main');
            expected.innerHTML = item.new;
            if (!applied || children(root) !== children(expected)) {
                failures.push({ name: item.name, applied, got: root.innerHTML, want: expected.innerHTML });
            }
        }
        return failures;
    }""", cases)
    assert failures == [], json.dumps(failures, indent=1, ensure_ascii=False)


def test_a_page_without_a_session_stays_still(page, harness):
    harness.session = ""
    harness.root_html = "<p>home</p>"
    page.goto(harness.url)
    page.wait_for_load_state("load")
    assert page.evaluate("() => window.FeatureHost === undefined")
    assert page.evaluate("() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/s/')).length") == 0
    assert harness.streams == [] and harness.posts == []


def test_an_event_answered_404_reloads(page, harness):
    load(page, harness, '<button id="go" data-action="go">Go</button>')
    harness.post_status = 404
    page.click("#go")
    harness.wait_for(lambda: harness.page_loads == 2, "the reload")


def test_a_reorder_keeps_both_animations_where_the_browser_can_move_elements(page, harness):
    load(page, harness, '<span id="a" class="spin">A</span><span id="b" class="spin">B</span>')
    if not page.evaluate("() => typeof Element.prototype.moveBefore === 'function'"):
        pytest.skip("this Chromium has no moveBefore: a moved element restarts its animations")
    page.evaluate("() => { window.spins = ['a', 'b'].map((id) => document.getElementById(id).getAnimations()[0]) }")
    page.wait_for_function("() => window.spins.every((spin) => spin.currentTime > 50)")
    patch(harness, page, {"from": 1, "to": 2, "ops": [{"op": "morph", "key": "fh-root", "html":
        '<span id="b" class="spin">B</span><span id="a" class="spin">A</span>'}]})
    assert root_html(page) == '<span id="b" class="spin">B</span><span id="a" class="spin">A</span>'
    assert page.evaluate("""() => ['a', 'b'].every((id, index) => {
        const animations = document.getElementById(id).getAnimations();
        return animations.length === 1 && animations[0] === window.spins[index] && animations[0].currentTime > 50;
    })""")


def test_a_message_the_host_did_not_answer_waits_and_goes_once_it_is_back(page, harness):
    """The connection (featurehost.js, Connection): an event whose request failed is kept, the page says the host is
    not answering and takes no click, and once the host answers the stream reopens and the event goes, once."""
    load(page, harness, '<button id="go" data-action="activate">Go</button><button id="other" data-action="other">Other</button>')
    # Every state the page takes, recorded as it happens: the probe can bring it back to live before a poll looks.
    page.evaluate("""() => {
        window.connectionStates = [];
        new MutationObserver(() => window.connectionStates.push(document.body.dataset.fhConnection))
            .observe(document.body, { attributes: true, attributeFilter: ['data-fh-connection'] });
    }""")
    harness.unanswered_posts = 1
    page.click("#go")
    page.wait_for_function("() => window.connectionStates.some((state) => state !== 'live')", timeout=10000)
    # The probe finds the host at once here, so the page may already be live again; the click went exactly once.
    page.wait_for_function("() => document.body.dataset.fhConnection === 'live'", timeout=10000)
    posts = harness.wait_for_posts(2)
    assert [post["message"] for post in posts[1:]] == [{"kind": "click", "action": "activate"}]
    harness.wait_for_streams(2)
    page.click("#other")
    posts = harness.wait_for_posts(3)
    assert [post["message"]["action"] for post in posts[1:]] == ["activate", "other"]


def test_missed_heartbeats_mean_the_host_is_gone_and_another_run_means_restarted(page, harness, screenshots):
    load(page, harness, '<div id="list" data-keys="Enter" data-action="list">list</div>')
    harness.probe_status = 503  # not back yet
    harness.push("beat", {"every": 200})
    # No beat after it: three intervals later the host counts as gone.
    page.wait_for_function("() => document.body.dataset.fhConnection === 'lost'", timeout=3000)
    assert page.evaluate("() => document.getElementById('fh-root').inert")
    assert "not answering" in page.inner_text("#fh-connection")
    # A key the page would send is refused where the user sees it: the banner flashes.
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('fh-connection').classList.contains('fh-connection-flash')")
    page.screenshot(path=str(screenshots / "lost.png"))
    harness.probe_status = 421
    # The page also probes by itself, with backoff: it may meet the new run before a click lands (its banner then
    # says so, and the button is gone), so the button is pressed only while it is still shown.
    page.evaluate("""() => {
        const retry = document.querySelector('.fh-connection-retry');
        if (retry && retry.checkVisibility()) retry.click();
    }""")
    page.wait_for_function("() => document.body.dataset.fhConnection === 'restarted'", timeout=5000)
    assert "Open the address the new run printed" in page.inner_text("#fh-connection")
    page.screenshot(path=str(screenshots / "restarted.png"))
    assert [post["message"]["kind"] for post in harness.posts] == ["hello"], "nothing was sent meanwhile"
