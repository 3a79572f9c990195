"""Click → DOM updated on loopback, read from the page's own performance marks: `fh-event-sent` when the
client posts a click, `fh-patch-received` when the patch it caused reaches the script, `fh-patch-applied` when
it is in the DOM. Opens and closes the offer popup ROUNDS times with real (trusted) clicks.

The anchor, in the same run and the same page: a bare round trip to the same server (`HEAD` of a stylesheet,
not cached), timed by the page after each click. The load average is printed with it.

It runs twice: with Chromium as it ships, and with `--disable-features=DeferRendererTasksAfterInput`. Since
Chromium 1xx the renderer holds back network tasks (the patch on the event stream, the POST's answer) after a
discrete input such as a click until the next frame has been produced, so with the defaults a click waits for
that frame (up to a frame interval) whatever the page and the server do. The second run shows what the page,
the server and the loopback cost by themselves. Run from the package root after a release build:

    FEATUREHOST_BINARY=.build/release/featurehost python3 Tests/browser/bench/click_latency.py [ROUNDS]

A measurement, not a test."""

import os
import pathlib
import shutil
import statistics
import sys
import tempfile

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


def report(title, samples, anchors):
    total = summary([sample["total"] for sample in samples])
    transport = summary([sample["transport"] for sample in samples])
    apply = summary([sample["apply"] for sample in samples])
    anchor = summary(anchors)
    print(f"{title}: click → DOM updated over {len(samples)} clicks: median {total[0]:.2f} ms, p95 {total[1]:.2f} ms, "
          f"max {total[2]:.2f} ms (goal: median under {GOAL_MS} ms)")
    print(f"  sent → patch received {transport[0]:.2f} ms median; received → applied {apply[0]:.2f} ms median")
    print(f"  anchor, a bare HEAD round trip from the same page: median {anchor[0]:.2f} ms, p95 {anchor[1]:.2f} ms; "
          f"click ÷ anchor {total[0] / anchor[0]:.2f}×")


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    load_before = os.getloadavg()[0]
    with sync_playwright() as playwright:
        shipped = measure(playwright, rounds, [])
        undeferred = measure(playwright, rounds, ["--disable-features=DeferRendererTasksAfterInput"])
    report("Chromium as shipped", *shipped)
    report("network tasks not deferred after input", *undeferred)
    print(f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
