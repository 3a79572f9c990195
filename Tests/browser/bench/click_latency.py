"""Click → DOM updated on loopback, read from the page's own performance marks: `fh-event-sent` when the
client posts a click, `fh-patch-received` when the patch it caused reaches the script, `fh-patch-applied` when
it is in the DOM. Opens and closes the offer popup ROUNDS times with real (trusted) clicks.

The anchor, in the same run and the same page: a bare round trip to the same server (`HEAD` of a stylesheet,
not cached), timed by the page after each click. The load average is printed with it.

A second anchor is the floor any page has in this browser: a bare page (one `<div>`, no style, no framework)
whose click handler `fetch`es from a bare threaded Python HTTP server on the same loopback and writes the answer
into the DOM. Click → DOM updated there is the least a click can cost with a network round trip in between.

It runs twice: with Chromium as it ships, and with `--disable-features=DeferRendererTasksAfterInput`. Since
Chromium 1xx the renderer holds back network tasks (the patch on the event stream, the POST's answer) after a
discrete input such as a click until the next frame has been produced, so with the defaults a click waits for
that frame (up to a frame interval) whatever the page and the server do: the bare page waits as long. The second
run shows what the page, the server and the loopback cost by themselves. Run from the package root after a
release build:

    FEATUREHOST_BINARY=.build/release/featurehost python3 Tests/browser/bench/click_latency.py [ROUNDS]

A measurement, not a test."""

import http.server
import os
import pathlib
import shutil
import statistics
import sys
import tempfile
import threading

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from featurehost_server import Server  # noqa: E402

GOAL_MS = 8

LATENCIES = """() => {
  const marks = performance.getEntriesByType('mark');
  const out = [];
  let sent = null;
  let received = null;
  for (const mark of marks) {
    if (mark.name === 'fh-event-sent') {
      sent = mark.startTime;
      received = null;
    } else if (mark.name === 'fh-patch-received' && sent !== null && received === null) {
      received = mark.startTime;
    } else if (mark.name === 'fh-patch-applied' && sent !== null) {
      out.push({ total: mark.startTime - sent, transport: (received ?? mark.startTime) - sent,
                 apply: mark.startTime - (received ?? mark.startTime) });
      sent = null;
    }
  }
  return out;
}"""

ROUND_TRIP = """async () => {
  const start = performance.now();
  await fetch('/assets/featurehost.css', { method: 'HEAD', cache: 'no-store' });
  return performance.now() - start;
}"""


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


def measure_bare(playwright, rounds, flags):
    """Click → DOM updated on the bare page, each click a real (trusted) one, as many as the feature's page gets."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), BareHandler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"] + flags)
    page = browser.new_page(viewport={"width": 844, "height": 390})
    page.goto(f"http://127.0.0.1:{server.server_port}/")
    for index in range(rounds * 2):
        page.click("#target")
        page.wait_for_function(f"window.samples.length > {index}")
    samples = page.evaluate("window.samples")
    browser.close()
    server.shutdown()
    return samples


def summary(samples):
    samples = sorted(samples)
    return statistics.median(samples), samples[max(0, int(len(samples) * 0.95) - 1)], samples[-1]


def measure(playwright, rounds, flags):
    anchors = []
    with tempfile.TemporaryDirectory() as folder:
        server = Server(pathlib.Path(folder) / "data", args=["--only", "offer-countdown"])
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"] + flags)
        page = browser.new_page(viewport={"width": 844, "height": 390})
        page.goto(server.page_url("/f/offer-countdown"))
        page.wait_for_selector(".offer-timer")
        for _ in range(rounds):
            page.click(".offer-activate")
            page.locator(".offer-popup").wait_for(state="visible")
            page.click(".offer-popup-close")
            page.locator(".offer-popup").wait_for(state="hidden")
            anchors.append(page.evaluate(ROUND_TRIP))
        samples = page.evaluate(LATENCIES)
        browser.close()
        server.stop()
    if not samples:
        sys.exit("no click was followed by a patch: are the client's performance marks there?")
    return samples, anchors


def report(title, samples, anchors, bare):
    total = summary([sample["total"] for sample in samples])
    floor = summary(bare)
    transport = summary([sample["transport"] for sample in samples])
    apply = summary([sample["apply"] for sample in samples])
    anchor = summary(anchors)
    print(f"{title}: click → DOM updated over {len(samples)} clicks: median {total[0]:.2f} ms, p95 {total[1]:.2f} ms, "
          f"max {total[2]:.2f} ms (goal: median under {GOAL_MS} ms)")
    print(f"  sent → patch received {transport[0]:.2f} ms median; received → applied {apply[0]:.2f} ms median")
    print(f"  anchor, a bare HEAD round trip from the same page: median {anchor[0]:.2f} ms, p95 {anchor[1]:.2f} ms; "
          f"click ÷ anchor {total[0] / anchor[0]:.2f}×")
    print(f"  anchor, the bare page and server: click → DOM updated median {floor[0]:.2f} ms, p95 {floor[1]:.2f} ms; "
          f"click ÷ bare page {total[0] / floor[0]:.2f}×")


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    load_before = os.getloadavg()[0]
    with sync_playwright() as playwright:
        undeferring = ["--disable-features=DeferRendererTasksAfterInput"]
        shipped = measure(playwright, rounds, []) + (measure_bare(playwright, rounds, []),)
        undeferred = measure(playwright, rounds, undeferring) + (measure_bare(playwright, rounds, undeferring),)
    report("Chromium as shipped", *shipped)
    report("network tasks not deferred after input", *undeferred)
    print(f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
