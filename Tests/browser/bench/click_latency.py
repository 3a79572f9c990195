"""Click → DOM updated on loopback, read from the page's own performance marks: `fh-event-sent` when the
client posts a click, `fh-patch-applied` when the patch it caused is in the DOM. Opens and closes the offer
popup ROUNDS times. Run from the package root after a build:

    FEATUREHOST_BINARY=.build/release/featurehost python3 Tests/browser/bench/click_latency.py [ROUNDS]

A measurement, not a test."""

import pathlib
import shutil
import statistics
import sys
import tempfile

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from featurehost_server import Server  # noqa: E402

LATENCIES = """() => {
  const marks = performance.getEntriesByType('mark');
  const out = [];
  let sent = null;
  for (const mark of marks) {
    if (mark.name === 'fh-event-sent') sent = mark.startTime;
    else if (mark.name === 'fh-patch-applied' && sent !== null) { out.push(mark.startTime - sent); sent = null; }
  }
  return out;
}"""


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = Server(pathlib.Path(folder) / "data", args=["--only", "offer-countdown"])
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 844, "height": 390})
        page.goto(server.page_url("/f/offer-countdown"))
        page.wait_for_selector(".offer-timer")
        for _ in range(rounds):
            page.click(".offer-activate")
            page.locator(".offer-popup").wait_for(state="visible")
            page.click(".offer-popup-close")
            page.locator(".offer-popup").wait_for(state="hidden")
        samples = sorted(page.evaluate(LATENCIES))
        browser.close()
        server.stop()
    if not samples:
        sys.exit("no click was followed by a patch: are the client's performance marks there?")
    p95 = samples[int(len(samples) * 0.95) - 1]
    print(f"click → DOM updated over {len(samples)} clicks: median {statistics.median(samples):.2f} ms, "
          f"p95 {p95:.2f} ms, max {samples[-1]:.2f} ms (goal: median under 16 ms)")


if __name__ == "__main__":
    main()
