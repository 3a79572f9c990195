import FeatureHostCore
import FeatureHostTesting
import Foundation
import OfferCountdownFeature
import OfferCountdownTerminal
import TerminalUI

/// The offer countdown: how many frames its presenter asks for (goal: one per second plus the roll's two
/// steps, nothing in between), and the CPU time one hour of countdown costs, with and without drawing.
enum OfferCountdownBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        // 60 s of changes (at 1 s … 60 s) and the last one's roll.
        for (roll, goal) in [(0.35, "60 × (1 + 2 roll steps) = 180"), (0.0, "60 × 1 = 60")] {
            guard let run = makeRun(settings: ["rollDuration": .number(roll)]) else { return }
            let before = run.presenter.changeCount
            await advance(run, by: .milliseconds(60_350))
            bench.report(
                "offer-countdown: frames asked for in 60 s, roll \(roll) s",
                value: "\(run.presenter.changeCount - before) (goal \(goal))")
        }

        // The presenter's own share: one wake-up's work (read the clock, rebuild and compare the state), of
        // which an hour has 3 × 3,600.
        var presenterPerHour: Double?
        if let run = makeRun(settings: [:]) {
            let perTick = bench.measure("offer-countdown: one wake-up's state update", iterations: 2_000) {
                run.presenter.send(.tick)
            }
            let perHour = perTick * 10_800 / 1_000
            presenterPerHour = perHour
            bench.report("offer-countdown: presenter work per hour (10,800 wake-ups)", value: String(format: "%.1f ms", perHour))
        }

        for drawing in [false, true] {
            guard let run = makeRun(settings: [:]) else { return }
            let scene = run.feature.makeScene()
            var drawn = 0
            let observation = scene.observe {
                guard drawing else { return }
                drawn += scene.render(size: Size(width: 80, height: 24)).size.width > 0 ? 1 : 0
            }
            let cpu = ProcessCPUTime.now()
            await advance(run, by: .milliseconds(3_600_350))  // 3,600 changes and their rolls
            let milliseconds = (ProcessCPUTime.now() - cpu) * 1_000
            observation.cancel()
            let what = drawing ? "+ an 80×24 frame per request, \(drawn) frames" : "presenter + manual clock"
            bench.report(
                "offer-countdown: CPU per simulated hour\(drawing ? ", drawn" : "")",
                value: String(format: "%.1f ms (%@)", milliseconds, what))
            guard !drawing, let presenterPerHour else { continue }
            bench.report(
                "offer-countdown: that hour ÷ the presenter's work",
                value: String(format: "%.2f× (goal ≤ 3; was 180×)", milliseconds / presenterPerHour))
            bench.report("offer-countdown: main-actor yields in that hour", value: "\(run.host.clock.settleCount) (was ≥ 4 per wake-up)")
        }

        guard let run = makeRun(settings: [:]) else { return }
        let scene = run.feature.makeScene()
        await advance(run, by: .milliseconds(1_175))  // mid-roll: every digit but one moving
        bench.measure("offer-countdown: render one 80×24 frame mid-roll", iterations: 200) {
            _ = scene.render(size: Size(width: 80, height: 24))
        }
        bench.measure("offer-countdown: render one 250×80 frame", iterations: 200) {
            _ = scene.render(size: Size(width: 250, height: 80))
        }
    }

    private struct Run {
        let host: TestHost
        let feature: OfferCountdownFeature
        @MainActor var presenter: OfferCountdownPresenter { feature.presenter }
    }

    @MainActor
    private static func makeRun(settings: [String: SettingValue]) -> Run? {
        do {
            let host = try TestHost()
            let feature = try OfferCountdownFeature(context: host.context(id: "offer-countdown", settings: settings))
            feature.handle(.appear)
            return Run(host: host, feature: feature)
        } catch {
            print("offer-countdown: cannot start the feature: \(error.userFacingMessage)")
            return nil
        }
    }

    /// The manual clock wakes the timer at each deadline in order and waits until it sleeps again, so no
    /// wake-up is merged into a later one and the frame count is the presenter's own.
    @MainActor
    private static func advance(_ run: Run, by duration: Duration) async {
        await run.host.clock.advance(by: duration)
    }
}
