/// The page's static files (`/assets/featurehost.js` and `/assets/featurehost.css`) from `featurehost serve` beside
/// nginx with one worker and Debian's settings (`sendfile on`), its anchor (issues 27 and 37): the repository's load
/// script, `Tests/browser/bench/static.py`, run against the `featurehost` built beside this benchmark. It starts both
/// servers on loopback, loads each in turn with `wrk` at 1, 10 and 64 connections, every request with the headers
/// Chromium sends for a subresource (`Connection: keep-alive` among them), and prints requests per second and CPU
/// per request with their ratios to nginx's; its table is printed here as it comes. Skipped when nginx or wrk is
/// missing (`apt-get install -y nginx wrk`): a benchmark installs nothing.
enum StaticFileBenchmarks {
    static func run(_ bench: inout Benchmark) {
        let missing = ["wrk", "nginx"].filter { BenchScript.findExecutable($0) == nil }
        guard missing.isEmpty else {
            bench.report("static", value: "skipped: \(missing.joined(separator: ", ")) not installed (apt-get install -y nginx wrk)")
            return
        }
        BenchScript.run(&bench, suite: "static", script: "Tests/browser/bench/static.py", arguments: ["--seconds", "4", "--rounds", "3"])
    }
}
