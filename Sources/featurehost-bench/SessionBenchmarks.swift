import FeatureHostCore
import Foundation

/// Offer-countdown pages ticking in `featurehost serve`, 1 to 1,000 at once over raw sockets (issue 37, point 1):
/// the server's CPU per page-second (above an empty `serve`) and memory per page, beside the anchor measured
/// here first, in the same run: the presenter's own work for one countdown second (an hour's 10,800 wake-ups
/// made by hand on the presenter, as the `offer-countdown` suite does, ÷ 3,600), and beside it a page's own
/// presenter's (`Motion.animated`: the hour's 3,600 second changes only). The pages are the repository's
/// script, `Tests/browser/bench/sessions.py`, which prints each count with its ratio to the anchor (goal ≤ 10×) and
/// to a floor it measures beside it, `featurehost-bench-floor` (built beside this executable): a bare wake-up a
/// second and a patch-sized send per page, what no server can go below on this machine.
enum SessionBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        guard let instants = await OfferCountdownBenchmarks.wakeUpInstants(), instants.count == 10_800 else {
            bench.report("sessions", value: "failed: not 10,800 wake-ups in the anchor's hour")
            return
        }
        // The wake-ups come in threes (the second's change, the roll's step, its end): a page's presenter
        // (`Motion.animated`) has only the first of each.
        let changes = stride(from: 0, to: instants.count, by: 3).map { instants[$0] }
        var hours: [Double] = []
        var pageHours: [Double] = []
        for _ in 0..<5 {
            guard let milliseconds = OfferCountdownBenchmarks.presenterByHand(instants),
                let page = OfferCountdownBenchmarks.presenterByHand(changes, motion: .animated)
            else {
                bench.report("sessions", value: "failed: the presenter by hand missed a change")
                return
            }
            hours.append(milliseconds)
            pageHours.append(page)
        }
        let perSecond = hours.sorted()[hours.count / 2] * 1_000 / 3_600
        let pagePerSecond = pageHours.sorted()[pageHours.count / 2] * 1_000 / 3_600
        bench.report(
            "sessions: anchor, the presenter's work per second",
            value: String(format: "%.2f µs (3 wake-ups by hand, median of 5 hours)", perSecond))
        bench.report(
            "sessions: a page's presenter's work per second",
            value: String(format: "%.2f µs (1 wake-up by hand: the browser animates the roll)", pagePerSecond))
        BenchScript.run(
            &bench, suite: "sessions", script: "Tests/browser/bench/sessions.py",
            arguments: [
                "--counts", "1,10,100,1000", "--seconds", "10", "--anchor-us", String(format: "%.3f", perSecond), "--page-anchor-us",
                String(format: "%.3f", pagePerSecond),
            ])
    }
}
