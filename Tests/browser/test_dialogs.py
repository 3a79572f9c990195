"""Dialogs on the web (issue 26, point 4; docs/web-surface.md, "Dialogs"): focus moves into every dialog (the
offer's popup, the invitation form, the cancel alert, the congratulations), Tab and Shift-Tab stay inside it,
Escape closes it where the spec allows, and focus goes back to the control that opened it. After a refused
Send in a short landscape viewport the first invalid field, its label and the dialog's title are in view and
the field has the focus. Confirm email takes the domain in any letter case. Each wait is for something the
page shows."""

import pytest

from test_invitations import FakeAuth, open_page as open_invitations


def active_id(page) -> str:
    return page.evaluate("() => document.activeElement ? document.activeElement.id : ''")


def wait_active(page, element_id: str):
    page.wait_for_function("(id) => document.activeElement && document.activeElement.id === id", arg=element_id)


def tab_ring(page, steps: int, shift: bool = False) -> list[str]:
    seen = []
    for _ in range(steps):
        page.keyboard.press("Shift+Tab" if shift else "Tab")
        seen.append(active_id(page))
    return seen


@pytest.fixture
def backend():
    fake = FakeAuth()
    yield fake
    fake.stop()


@pytest.fixture
def invitations(serve, backend):
    config = {"features": [{"id": "invitations", "source": {"kind": "http", "url": backend.url, "timeout": 20}}]}
    return serve(config=config, args=["--only", "invitations"])


def test_the_invitation_dialogs_take_keep_and_give_back_the_focus(invitations, backend, browser, screenshots):
    page = open_invitations(browser, invitations, viewport={"width": 844, "height": 600})
    page.focus("#inv-page-button")
    page.keyboard.press("Enter")
    page.wait_for_selector(".inv-request", state="visible")
    wait_active(page, "inv-fullName")
    # Trapped: Tab cycles fields → Send → ✕ → the first field; Shift-Tab the other way; never the page behind.
    ring = ["inv-email", "inv-confirmEmail", "inv-primary", "inv-close", "inv-fullName"]
    assert tab_ring(page, 5) == ring
    assert tab_ring(page, 2, shift=True) == ["inv-close", "inv-primary"]
    # Escape closes the form; the focus is back on the button that opened it.
    page.keyboard.press("Escape")
    page.wait_for_selector("#inv-layer", state="hidden")
    wait_active(page, "inv-page-button")

    # Opened with the mouse, closed by its ✕: the same.
    page.click("#inv-page-button")
    wait_active(page, "inv-fullName")
    page.click("#inv-close")
    page.wait_for_selector("#inv-layer", state="hidden")
    wait_active(page, "inv-page-button")

    # Sent: the congratulations take the focus (OK); closing gives it back to the page's button (now Cancel invite).
    page.keyboard.press("Enter")
    wait_active(page, "inv-fullName")
    page.keyboard.type("Ada Lovelace")
    page.keyboard.press("Tab")
    page.keyboard.type("ada@Example.COM")
    page.keyboard.press("Tab")
    # Confirm email: the domain in any letter case confirms it.
    page.keyboard.type("ada@example.com")
    page.keyboard.press("Enter")
    page.wait_for_selector(".inv-celebration-registered", state="visible")
    wait_active(page, "inv-primary")
    assert tab_ring(page, 2) == ["inv-primary", "inv-primary"], "OK is the dialog's only control"
    page.keyboard.press("Escape")
    page.wait_for_selector("#inv-layer", state="hidden")
    wait_active(page, "inv-page-button")
    assert page.locator("#inv-page-button").inner_text() == "Cancel invite"

    # The alert: focus on Keep invite (the choice that loses nothing); Escape keeps; focus back on the button.
    page.keyboard.press("Enter")
    page.wait_for_selector(".inv-alert", state="visible")
    wait_active(page, "inv-secondary")
    assert tab_ring(page, 2) == ["inv-primary", "inv-secondary"]
    page.keyboard.press("Escape")
    page.wait_for_selector("#inv-layer", state="hidden")
    wait_active(page, "inv-page-button")
    assert len(backend.requests) == 1

    # Cancelled: the "Invite cancelled" celebration takes the focus (OK); closing gives it back to the page's
    # button, which asks for an invite again.
    page.keyboard.press("Enter")
    wait_active(page, "inv-secondary")
    page.keyboard.press("Tab")
    wait_active(page, "inv-primary")
    page.keyboard.press("Enter")
    page.wait_for_selector(".inv-celebration-cancelled", state="visible")
    wait_active(page, "inv-primary")
    assert tab_ring(page, 2) == ["inv-primary", "inv-primary"], "OK is the dialog's only control"
    page.keyboard.press("Enter")
    page.wait_for_selector("#inv-layer", state="hidden")
    wait_active(page, "inv-page-button")
    assert page.locator("#inv-page-button").inner_text() == "Request an invite"


def test_a_refused_send_brings_the_first_invalid_field_into_view(invitations, backend, browser, screenshots):
    for width, height in [(568, 320), (844, 390)]:
        page = open_invitations(browser, invitations, viewport={"width": width, "height": height})
        page.click("#inv-page-button")
        wait_active(page, "inv-fullName")
        page.fill("#inv-fullName", "Al")
        page.fill("#inv-email", "al@example.com")
        page.fill("#inv-confirmEmail", "AL@example.com")
        # Send with the mouse, the dialog scrolled to its end (as it must be to reach Send here).
        page.locator("#inv-primary").scroll_into_view_if_needed()
        page.click("#inv-primary")
        page.wait_for_function("() => document.querySelectorAll('.inv-invalid').length === 2")
        wait_active(page, "inv-fullName")
        page.wait_for_function("""() => { const d = document.getElementById('inv-dialog').getBoundingClientRect();
            const inside = (id) => { const r = document.getElementById(id).getBoundingClientRect();
                                     return r.top >= d.top - 1 && r.bottom <= d.bottom + 1; };
            return inside('inv-dialog-title') && inside('inv-fullName') && inside('inv-fullName-error'); }""")
        assert page.locator("#inv-fullName-error").inner_text() == "Your full name needs at least 3 characters."
        assert page.locator("#inv-confirmEmail-error").inner_text() == "This does not match the email above."
        page.screenshot(path=screenshots / f"refused-{width}x{height}.png")
        # Fix the name, leave the confirmation wrong, Send from the keyboard on Send: now the confirmation.
        page.fill("#inv-fullName", "Alan Turing")
        page.focus("#inv-primary")
        page.keyboard.press("Enter")
        wait_active(page, "inv-confirmEmail")
        page.wait_for_function("""() => { const d = document.getElementById('inv-dialog').getBoundingClientRect();
            const r = document.getElementById('inv-confirmEmail').getBoundingClientRect();
            return r.top >= d.top - 1 && r.bottom <= d.bottom + 1; }""")
        # The same refusal again (nothing changed on the page) still brings the field back into view.
        page.focus("#inv-primary")
        page.keyboard.press("Enter")
        wait_active(page, "inv-confirmEmail")
        page.context.close()
    assert backend.requests == []


@pytest.fixture
def offer(serve):
    return serve(args=["--only", "offer-countdown"])


def test_the_offer_popup_takes_and_gives_back_the_focus(offer, browser, screenshots):
    page = browser.new_context(viewport={"width": 844, "height": 390}).new_page()
    page.goto(offer.page_url("/f/offer-countdown"))
    page.wait_for_selector(".offer-timer", state="attached")
    page.focus("#offer-activate")
    page.keyboard.press("Enter")
    page.wait_for_selector("#offer-modal:not([hidden])")
    wait_active(page, "offer-popup-close")
    # Its ✕ is the popup's only control: Tab stays on it, never reaches the page or the home link.
    assert tab_ring(page, 2) == ["offer-popup-close", "offer-popup-close"]
    assert tab_ring(page, 1, shift=True) == ["offer-popup-close"]
    page.screenshot(path=screenshots / "popup-focused.png")
    page.keyboard.press("Escape")
    page.wait_for_selector("#offer-modal[hidden]", state="attached")
    wait_active(page, "offer-activate")
    # By mouse, closed by a click beside it.
    page.click("#offer-activate")
    wait_active(page, "offer-popup-close")
    page.mouse.click(5, 5)
    page.wait_for_selector("#offer-modal[hidden]", state="attached")
    wait_active(page, "offer-activate")
    page.context.close()
