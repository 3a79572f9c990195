"""Click → DOM updated on loopback, clicks 150 ms apart (issue 37, point 3): transactions' pin (`#tx-1-pin`, toggled
CLICKS times per round, at its head) beside the bare page, both clicked the same way in the same run, rounds interleaved.

Every click is a real (trusted) one: CDP's raw mouse events (Playwright's `page.mouse` at the element's centre), not
`page.click`, whose actionability checks and waits made the bare page itself 1.49× slower (the 2026-12-01 audit). Between
clicks the script only sleeps out the 150 ms: nothing polls the page while a click is under way. Each page times
itself with the same injected script: a capturing `click` listener takes the event's own time stamp (when the input
happened, so the wait for a busy renderer counts), and a MutationObserver the first change to the DOM after it
(the patch applied; on the bare page, the answer written in).

The anchor is a bare page (one `<div>`, no style, no framework) whose click handler `fetch`es from a bare threaded
Python HTTP server on the same loopback and writes the answer into the DOM: the least a click can cost with a
network round trip in between. Goal: transactions at most 1.2× it. A control in the same run: the same pin with
`prefers-reduced-motion: reduce` (no animation at all), what motion adds beside it. Run from the package root after a release build:

    FEATUREHOST_BINARY=.build/release/featurehost python3 Tests/browser/bench/click_latency.py [CLICKS] [ROUNDS]

A measurement, not a test."""

import http.server
import os
import pathlib
import shutil
import statistics
import sys
import tempfile
import threading
import time

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from featurehost_server import Server  # noqa: E402

GOAL = 1.2
SPACING = 0.15

# Injected into both pages before their own scripts: the click's time stamp and the first DOM change after it.
TIMING = """
window.fhClicks = [];
addEventListener('click', (event) => { window.fhClicks.push({ start: event.timeStamp, dom: null }); }, true);
new MutationObserver(() => {
  const last = window.fhClicks[window.fhClicks.length - 1];
  if (last && last.dom === null) last.dom = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""

LATENCIES = "() => window.fhClicks.map(c => c.dom === null ? null : c.dom - c.start)"

BARE_PAGE = b"""<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body>
<div id="target" style="width: 240px; height: 96px">click</div><p id="out">0</p>
<script>
  window.samples = [];
  document.getElementById('target').addEventListener('click', () => {
    const start = performance.now();
    fetch('/answer', { method: 'POST', body: 'click' }).then((response) => response.text()).then((text) => {
      document.getElementById('out').textContent = text + window.samples.length;
      window.samples.push(performance.now() - start);
    });
  });
</script></body></html>"""


class BareHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.answer(BARE_PAGE, "text/html; charset=utf-8")

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.answer(b"ok", "text/plain")

    def answer(self, body, kind):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


def centre(page, selector):
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def click_round(page, selector, clicks):
    """CLICKS raw mouse clicks at the element's centre, 150 ms apart; nothing else touches the page meanwhile."""
    x, y = centre(page, selector)
    for _ in range(clicks):
        began = time.monotonic()
        page.mouse.click(x, y)
        time.sleep(max(0.0, SPACING - (time.monotonic() - began)))
    time.sleep(0.5)  # the last click's answer arrives before the page is read


def summary(samples):
    samples = sorted(samples)
    return statistics.median(samples), samples[max(0, int(len(samples) * 0.95) - 1)], samples[-1]


def main():
    clicks = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    load_before = os.getloadavg()[0]
    bare_server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), BareHandler)
    bare_server.daemon_threads = True
    threading.Thread(target=bare_server.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = Server(pathlib.Path(folder) / "data", args=["--only", "transactions"]).drain_output()
        # The control's own server: pins are shared between a server's pages, so one page's clicks would patch the other.
        control = Server(pathlib.Path(folder) / "control", args=["--only", "transactions"]).drain_output()
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        try:
            pages = {}
            transactions = server.page_url("/f/transactions")
            for name, url, ready, motion in [
                    ("bare page", f"http://127.0.0.1:{bare_server.server_port}/", "#target", "no-preference"),
                    ("transactions pin", transactions, ".tx-sum-amount", "no-preference"),
                    ("control: transactions pin, reduced motion", control.page_url("/f/transactions"), ".tx-sum-amount",
                     "reduce")]:
                context = browser.new_context(viewport={"width": 844, "height": 900}, locale="en-US",
                                              reduced_motion=motion)
                context.add_init_script(TIMING)
                page = context.new_page()
                page.goto(url)
                page.wait_for_selector(ready)
                pages[name] = page
            samples = {name: [] for name in pages}
            missing = {name: 0 for name in pages}
            for _ in range(rounds):
                for name, page in pages.items():
                    page.evaluate("() => { window.fhClicks = []; }")
                    # The pin row's head (category and pin): where a pinned and an unpinned row both are.
                    click_round(page, "#target" if name == "bare page" else "#tx-1-pin .tx-row-head", clicks)
                    found = page.evaluate(LATENCIES)
                    missing[name] += sum(1 for sample in found if sample is None) + max(0, clicks - len(found))
                    samples[name] += [sample for sample in found if sample is not None]
        finally:
            browser.close()
            server.stop()
            control.stop()
            bare_server.shutdown()
    bare = summary(samples["bare page"])
    for name, found in samples.items():
        if not found:
            sys.exit(f"{name}: no click changed the DOM")
        median, p95, worst = summary(found)
        line = (f"{name}: click → DOM updated over {len(found)} raw mouse clicks {SPACING * 1000:.0f} ms apart: "
                f"median {median:.2f} ms, p95 {p95:.2f} ms, max {worst:.2f} ms")
        if missing[name]:
            line += f"; {missing[name]} clicks changed nothing"
        if name.startswith("control"):
            line += f"; {median / bare[0]:.2f}× the bare page (no animation at all)"
        elif name != "bare page":
            ratio = median / bare[0]
            line += f"; {ratio:.2f}× the bare page (goal ≤ {GOAL}×{'' if ratio <= GOAL else ', MISSED'})"
        print(line)
    print(f"Chromium as shipped; load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after, "
          f"on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
