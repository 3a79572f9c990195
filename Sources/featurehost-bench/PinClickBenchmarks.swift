import Foundation

/// Server CPU per pin click on the real path (issue 37, point 2): `Tests/browser/bench/pin_clicks.py` runs
/// `featurehost serve` with its real data directory, opens a page's event stream over a raw socket and posts pin
/// toggles over HTTP 150 ms apart; the server's CPU per click is printed beside the anchor measured here first, in
/// the same run: the same event's own work in process (handled, rendered, diffed; an in-memory store, no HTTP), back
/// to back and with the toggles 150 ms apart as on the real path. Goal: at most 1.3× the spaced one, like for like.
enum PinClickBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        guard let anchor = await PageEventBenchmarks.pinClickOwnWork() else {
            bench.report("pin-clicks", value: "failed: the transactions page did not open in process")
            return
        }
        print(String(format: "pin-clicks: the event's own work in process: %.0f µs CPU per pin toggle (median of 200)", anchor))
        guard let spaced = await PageEventBenchmarks.pinClickOwnWork(spacing: .milliseconds(150), rounds: 60) else {
            bench.report("pin-clicks", value: "failed: the transactions page did not open in process")
            return
        }
        print(String(format: "pin-clicks: the same, toggles 150 ms apart as on the real path: %.0f µs (median of 60)", spaced))
        BenchScript.run(
            &bench, suite: "pin-clicks", script: "Tests/browser/bench/pin_clicks.py",
            arguments: [
                "--clicks", "120", "--rounds", "3", "--anchor-us", String(format: "%.1f", anchor),
                "--spaced-anchor-us", String(format: "%.1f", spaced),
            ])
    }
}
