/// Click → DOM on loopback, raw mouse clicks 150 ms apart (issue 37, point 3): `Tests/browser/bench/click_latency.py`
/// clicks transactions' pin in Chromium beside its anchor, a bare page clicked the same way in the same run (rounds
/// interleaved), and prints each median with its ratio to the bare page's (goal ≤ 1.2×), with reduced motion as a
/// control. Skipped when Chromium or Playwright is missing: a benchmark installs nothing.
enum ClickLatencyBenchmarks {
    static func run(_ bench: inout Benchmark) {
        guard BenchScript.findExecutable("chromium") != nil else {
            bench.report("click-latency", value: "skipped: chromium not installed (apt-get install -y chromium)")
            return
        }
        BenchScript.run(&bench, suite: "click-latency", script: "Tests/browser/bench/click_latency.py", arguments: ["40", "3"])
    }
}
