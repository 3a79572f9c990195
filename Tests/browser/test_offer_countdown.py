"""offer-countdown on the web, to its spec, against `featurehost serve`: the countdown's start and ticks,
a hidden tab pausing it, the popup, the gradient and the shadow, the roll's timing, four sizes without
overlap, portrait. Time is never slept for: each wait is for something the page shows."""

import itertools
import re

import pytest

SIZES = [(568, 320), (844, 390), (1180, 820), (1366, 1024)]
DIGITS = "Array.from(document.querySelectorAll('.offer-box > span')).map(e => e.textContent).join('')"
BLUE, PINK = "rgb(65, 69, 152)", "rgb(234, 72, 187)"


def open_offer(browser, server, **context):
    page = browser.new_context(**context).new_page()
    response = page.goto(server.page_url("/f/offer-countdown"))
    page.wait_for_selector(".offer-timer", state="attached")
    page.served_html = response.text()
    return page


def digits(page) -> str:
    return page.evaluate(DIGITS)


def wait_for_digits(page, value: str, timeout: float = 15_000):
    # A function, not an expression: Playwright evaluates an expression with eval, which the page's CSP forbids.
    page.wait_for_function(f"(value) => {DIGITS} === value", arg=value, timeout=timeout)


def wait_for_below(page, seconds: int, timeout: float = 15_000):
    """Waits until the page shows fewer seconds than `seconds`: a tick, or a catch-up that may skip several."""
    page.wait_for_function(
        f"(bound) => {{ const d = ({DIGITS}).match(/../g).map(Number);"
        " return ((d[0] * 24 + d[1]) * 60 + d[2]) * 60 + d[3] < bound; }", arg=seconds, timeout=timeout)


def as_seconds(value: str) -> int:
    days, hours, minutes, seconds = (int(value[i:i + 2]) for i in range(0, 8, 2))
    return ((days * 24 + hours) * 60 + minutes) * 60 + seconds


def as_digits(total: int) -> str:
    days, rest = divmod(total, 86_400)
    hours, rest = divmod(rest, 3_600)
    minutes, seconds = divmod(rest, 60)
    return f"{days:02}{hours:02}{minutes:02}{seconds:02}"


def settle(page):
    """Waits until every animation but the digits' roll has finished, so a screenshot shows the state, not
    a frame of its transition."""
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running' || a.animationName === 'offer-roll')")


def set_visible(page, visible: bool):
    """Headless Chromium never hides a page, so the test sets what the browser would (visibilityState) and
    fires its event; the client script, the POST, the server and the presenter are all real."""
    state = "visible" if visible else "hidden"
    with page.expect_response(lambda response: response.url.endswith("/event")):
        page.evaluate(
            "state => { Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});"
            " document.dispatchEvent(new Event('visibilitychange')); }", state)


@pytest.fixture
def server(serve):
    return serve(args=["--only", "offer-countdown"])


def test_the_countdown_starts_at_one_day_and_counts_down(server, browser, screenshots):
    page = open_offer(browser, server, viewport={"width": 844, "height": 390})
    served = "".join(digit for _, digit in re.findall(r'id="d(\d)-(\d)"', page.served_html))
    assert served == "01000000", "the page is served showing 01:00:00:00; it starts counting once displayed"
    page.screenshot(path=screenshots / "start.png")
    wait_for_digits(page, "00235959")
    wait_for_digits(page, "00235958")
    texts = page.locator(".offer-content").inner_text()
    for line in ["LAST-MINUTE CHANCE!", "to claim your offer", "90% OFF", "For true music fans",
                 "Hundreds of songs in your pocket", "ACTIVATE OFFER", "Privacy", "Restore", "Terms"]:
        assert line in texts
    assert page.locator(".offer-close").inner_text() == "✕"
    page.screenshot(path=screenshots / "counting.png")


def test_a_hidden_tab_pauses_the_countdown(server, serve, browser, screenshots):
    hidden = open_offer(browser, server)
    wait_for_digits(hidden, "00235959")
    set_visible(hidden, False)
    # The countdown of another run proves real seconds passing, without sleeping for them (a page of the same run
    # would show, and so keep running, the same countdown: one per run).
    witness = open_offer(browser, serve(args=["--only", "offer-countdown"]))
    wait_for_digits(witness, "00235958")
    paused = digits(hidden)
    wait_for_digits(witness, "00235956")
    assert digits(hidden) == paused, "no second passes while the tab is hidden"
    hidden.screenshot(path=screenshots / "paused.png")
    set_visible(hidden, True)
    wait_for_digits(hidden, as_digits(as_seconds(paused) - 1))
    hidden.screenshot(path=screenshots / "resumed.png")


def test_the_popup_says_when_the_offer_was_activated(server, browser, screenshots):
    page = open_offer(browser, server, viewport={"width": 844, "height": 390})
    wait_for_digits(page, "00235958")
    page.click(".offer-activate")
    popup = page.locator(".offer-popup")
    popup.wait_for(state="visible")
    assert page.locator(".offer-great").inner_text() == "Great!"
    message = page.locator(".offer-popup-message").inner_text()
    match = re.fullmatch(r"Offer activated at (\d\d(?::\d\d)+)", message)
    assert match, message
    assert 23 * 3600 + 59 * 60 + 50 <= as_seconds(match.group(1).replace(":", "").rjust(8, "0")) <= 23 * 3600 + 59 * 60 + 58
    settle(page)
    page.screenshot(path=screenshots / "popup.png")
    # Centred over a darkened background.
    box = popup.bounding_box()
    assert abs(box["x"] + box["width"] / 2 - 422) < 2 and abs(box["y"] + box["height"] / 2 - 195) < 2
    backdrop = page.evaluate("getComputedStyle(document.querySelector('.offer-backdrop')).backgroundColor")
    red, green, blue, alpha = (float(part) for part in re.fullmatch(r"rgba\((.*)\)", backdrop).group(1).split(","))
    assert max(red, green, blue) < 64 and alpha >= 0.4, f"the background is darkened: {backdrop}"
    assert page.locator(".offer-popup-note").count() == 0, "the first activation is now"
    page.keyboard.press("Escape")
    popup.wait_for(state="hidden")
    # Closed, the screen says the offer is activated.
    assert page.locator(".offer-activate").inner_text() == "OFFER ACTIVATED"
    lines = "() => { const r = document.createRange(); r.selectNodeContents(document.querySelector('.offer-activate')); return r.getClientRects().length; }"
    assert page.evaluate(lines) == 1, "the longer label stays on one line"
    page.click(".offer-activate")
    popup.wait_for(state="visible")
    assert page.locator(".offer-popup-message").inner_text() == message, "a second activation shows the same moment"
    assert page.locator(".offer-popup-note").inner_text() == "Already activated earlier."
    page.click(".offer-popup-close")
    popup.wait_for(state="hidden")
    # Another tab of the run: the same button, the same time, and the same note.
    other = open_offer(browser, server, viewport={"width": 844, "height": 390})
    other.locator(".offer-activate").wait_for(state="visible")
    assert other.locator(".offer-activate").inner_text() == "OFFER ACTIVATED"
    other.click(".offer-activate")
    other.locator(".offer-popup").wait_for(state="visible")
    assert other.locator(".offer-popup-message").inner_text() == message
    assert other.locator(".offer-popup-note").inner_text() == "Already activated earlier."
    settle(other)
    other.screenshot(path=screenshots / "popup-again-other-tab.png")


def test_the_button_gradient_and_the_popup_shadow_are_the_specs(server, browser):
    page = open_offer(browser, server)
    gradient = page.evaluate("getComputedStyle(document.querySelector('.offer-activate')).backgroundImage")
    assert gradient.startswith("linear-gradient(") and BLUE in gradient and PINK in gradient
    assert gradient.index(BLUE) < gradient.index(PINK), "blue → pink, left to right"
    page.click(".offer-activate")
    page.locator(".offer-popup").wait_for(state="visible")
    shadow = page.evaluate("getComputedStyle(document.querySelector('.offer-great')).textShadow")
    assert PINK in shadow, shadow


def test_a_changing_digit_rolls_for_the_roll_duration(server, browser):
    page = open_offer(browser, server)
    page.wait_for_function(
        "() => document.getAnimations().some(a => a.animationName === 'offer-roll')", timeout=15_000)
    durations = page.evaluate(
        "document.getAnimations().filter(a => a.animationName === 'offer-roll')"
        ".map(a => a.effect.getComputedTiming().duration)")
    assert durations and all(duration == 350 for duration in durations), durations


def test_reduced_motion_turns_the_roll_into_a_plain_change(server, browser):
    page = open_offer(browser, server, reduced_motion="reduce")
    wait_for_digits(page, "00235959")
    wait_for_digits(page, "00235958")
    assert page.evaluate("document.getAnimations().filter(a => a.animationName === 'offer-roll').length") == 0
    names = page.evaluate("Array.from(document.querySelectorAll('.offer-box > [data-from]')).map(e => getComputedStyle(e).animationName)")
    assert names and set(names) == {"none"}, names


@pytest.mark.parametrize("width,height", SIZES)
def test_nothing_overlaps_or_is_clipped(server, browser, screenshots, width, height):
    page = open_offer(browser, server, viewport={"width": width, "height": height})
    parts = [".offer-art", ".offer-headline", ".offer-subheadline", ".offer-discount", ".offer-audience",
             ".offer-timer", ".offer-caption", ".offer-activate", ".offer-links"]
    boxes = {selector: page.locator(selector).bounding_box() for selector in parts}
    links = page.locator(".offer-link")
    for index in range(links.count()):
        boxes[f"link {index}"] = links.nth(index).bounding_box()
    del boxes[".offer-links"]
    for name, box in boxes.items():
        assert box is not None and box["width"] > 0, f"{name} is not shown at {width}×{height}"
        assert box["x"] >= 0 and box["y"] >= 0, f"{name} starts outside at {width}×{height}: {box}"
        assert box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5, \
            f"{name} is clipped at {width}×{height}: {box}"
    for (a, box_a), (b, box_b) in itertools.combinations(boxes.items(), 2):
        overlap_x = min(box_a["x"] + box_a["width"], box_b["x"] + box_b["width"]) - max(box_a["x"], box_b["x"])
        overlap_y = min(box_a["y"] + box_a["height"], box_b["y"] + box_b["height"]) - max(box_a["y"], box_b["y"])
        assert overlap_x <= 0.5 or overlap_y <= 0.5, f"{a} overlaps {b} at {width}×{height}"
    close = page.locator(".offer-close").bounding_box()
    art = boxes[".offer-art"]
    assert close["x"] < art["x"] + art["width"] / 2 and close["y"] < art["y"] + art["height"] / 2, "✕ on the art's top-left"
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight && document.scrollingElement.scrollWidth <= innerWidth")
    page.screenshot(path=screenshots / f"{width}x{height}.png")
    page.click(".offer-activate")
    popup = page.locator(".offer-popup")
    popup.wait_for(state="visible")
    box = popup.bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
    settle(page)
    page.screenshot(path=screenshots / f"{width}x{height}-popup.png")


def test_portrait_asks_to_turn_the_device(server, browser, screenshots):
    page = open_offer(browser, server, viewport={"width": 390, "height": 844})
    assert page.locator(".offer-portrait").is_visible()
    assert "landscape" in page.locator(".offer-portrait").inner_text()
    assert not page.locator(".offer-content").is_visible()
    page.screenshot(path=screenshots / "portrait.png")


def test_many_tabs_of_one_browser_all_stay_live(server, browser):
    """A browser opens six connections per host; each shown page holds one for its stream, and a hidden
    page gives its back, so an eighth tab still loads and ticks, and a hidden one catches up when shown."""
    context = browser.new_context()
    pages = []
    # Each page is live once it ticks below what it was served with (a shown page runs the run's countdown; under
    # load a second may pass before the hidden one says so, so the next page may be served a second less).
    for _ in range(8):
        page = context.new_page()
        page.goto(server.page_url("/f/offer-countdown"))
        wait_for_below(page, as_seconds(digits(page)))
        set_visible(page, False)
        pages.append(page)
    last = context.new_page()
    last.goto(server.page_url("/f/offer-countdown"))
    wait_for_below(last, as_seconds(digits(last)))
    set_visible(pages[0], True)
    # The run's countdown went on while `last` was shown, so the shown page catches up, by one second or by
    # several under load, and then ticks on.
    wait_for_below(pages[0], as_seconds(digits(pages[0])))
    wait_for_below(pages[0], as_seconds(digits(pages[0])))
    context.close()


def host_reading(page) -> int:
    """The run's countdown as the host has it now: the seconds a new load of the page is served with (that page,
    never shown, never appears, so it counts nothing)."""
    html = page.evaluate("() => fetch('/f/offer-countdown', { cache: 'no-store' }).then(r => r.text())")
    return as_seconds("".join(digit for _, digit in re.findall(r'id="d(\d)-(\d)"', html)))


def test_a_page_left_behind_by_a_reload_does_not_keep_the_countdown_running(server, serve, browser, screenshots):
    """Issue 34.6: the session a reload leaves behind waits out its grace period without a stream; it is not a
    shown page, so hiding the reloaded one at once pauses the run's countdown."""
    page = open_offer(browser, server)
    wait_for_digits(page, "00235959")
    page.reload()
    page.wait_for_selector(".offer-timer", state="attached")
    set_visible(page, False)
    before = host_reading(page)
    # Real seconds pass, shown by another run's countdown, never slept for.
    witness = open_offer(browser, serve(args=["--only", "offer-countdown"]))
    wait_for_digits(witness, "00235958")
    wait_for_digits(witness, "00235956")
    after = host_reading(page)
    assert after == before, f"{before - after} s counted while the only page was hidden"
    set_visible(page, True)
    wait_for_digits(page, as_digits(after - 1))
    page.screenshot(path=screenshots / "resumed.png")
