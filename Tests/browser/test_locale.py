"""A page's conventions come from the browser unless the config or the flags fix them: the language from
Accept-Language, the 12/24-hour setting and time zone from the page's hello, remembered in cookies."""


def open_offer(browser, server, **context):
    page = browser.new_context(**context).new_page()
    page.goto(server.page_url("/f/offer-countdown"))
    page.wait_for_selector(".offer-timer", state="attached")
    return page


def wait_for_cookie(page, name: str) -> str:
    """The host's own cookie `name` (its name carries the run's tag; HttpOnly, so read from the browser's jar), once
    the page's hello has set it."""
    for _ in range(200):
        for cookie in page.context.cookies():
            if cookie["name"].startswith(name + "-"):
                return cookie["value"]
        page.wait_for_timeout(50)  # a bounded wait for the hello's answer, which sets it
    raise AssertionError(f"no cookie {name}-<tag> after 10 s")


def test_the_browser_language_and_clock_are_used(serve, browser):
    server = serve(args=["--only", "offer-countdown"])
    german = open_offer(browser, server, locale="de-DE", timezone_id="Europe/Berlin")
    assert german.evaluate("document.documentElement.lang") == "de-DE"
    assert wait_for_cookie(german, "featurehost-hour-cycle") == "h23"
    assert wait_for_cookie(german, "featurehost-time-zone") == "Europe/Berlin"
    american = open_offer(browser, server, locale="en-US", timezone_id="America/New_York")
    assert american.evaluate("document.documentElement.lang") == "en-US"
    assert wait_for_cookie(american, "featurehost-hour-cycle") == "h12"
    # The next page of that browser is built with the remembered clock from the start.
    american.goto(f"{server.origin}/f/offer-countdown")
    assert american.evaluate("document.body.dataset.fhHourCycle") == "h12"


def test_flags_fix_what_the_browser_says(serve, browser):
    server = serve(args=["--only", "offer-countdown", "--locale", "nb_NO", "--hour-cycle", "12"])
    page = open_offer(browser, server, locale="de-DE")
    assert page.evaluate("document.documentElement.lang") == "nb-NO"
    assert page.evaluate("document.body.dataset.fhHourCycle") == "h12"
    assert page.evaluate("document.body.dataset.fhFixed") == "hour-cycle"
