import Foundation

/// Offer-countdown pages ticking in `featurehost serve`, 1 to 1,000 at once over raw sockets (issue 37, point 1):
/// the server's CPU per page-second (above an empty `serve`) and memory per page, beside the anchor measured
/// here first, in the same run: the presenter's own work for one countdown second (an hour's 10,800 wake-ups
/// made by hand on the presenter, as the `offer-countdown` suite does, ÷ 3,600). The pages are the repository's
/// script, `Tests/browser/bench/sessions.py`, which prints each count with its ratio to the anchor (goal ≤ 10×).
enum SessionBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        guard let instants = await OfferCountdownBenchmarks.wakeUpInstants(), instants.count == 10_800 else {
            bench.report("sessions", value: "failed: not 10,800 wake-ups in the anchor's hour")
            return
        }
        var hours: [Double] = []
        for _ in 0..<5 {
            guard let milliseconds = OfferCountdownBenchmarks.presenterByHand(instants) else {
                bench.report("sessions", value: "failed: the presenter by hand missed a change")
                return
            }
            hours.append(milliseconds)
        }
        let perSecond = hours.sorted()[hours.count / 2] * 1_000 / 3_600
        bench.report(
            "sessions: anchor, the presenter's work per second",
            value: String(format: "%.2f µs (3 wake-ups by hand, median of 5 hours)", perSecond))
        BenchScript.run(
            &bench, suite: "sessions", script: "Tests/browser/bench/sessions.py",
            arguments: ["--counts", "1,10,100,1000", "--seconds", "10", "--anchor-us", String(format: "%.3f", perSecond)])
    }
}
