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

        // One wake-up's state update in a loop, at an unchanged instant (so nothing is published).
        if let run = makeRun(settings: [:]) {
            bench.measure("offer-countdown: one wake-up's state update, unchanged", iterations: 2_000) {
                run.presenter.send(.tick)
            }
        }

        await hour(&bench)

        if let run = makeRun(settings: [:]) {
            // As the live shell draws: each wake-up is a turn of its own, and the shell's render loop draws once
            // after each turn that changed what its last frame read.
            let scene = run.feature.makeScene()
            let renders = RenderLoop { _ = scene.render(size: Size(width: 80, height: 24)) }
            renders.renderNow()
            let clock = run.host.clock
            let end = clock.now.advanced(by: .milliseconds(3_600_350))  // 3,600 changes and their rolls
            let cpu = ProcessCPUTime.now()
            while let next = clock.nextDeadline, next <= end {
                await clock.advance(to: next)
                renders.renderIfStale()
            }
            let milliseconds = (ProcessCPUTime.now() - cpu) * 1_000
            renders.stop()
            bench.report(
                "offer-countdown: CPU per simulated hour, drawn",
                value: String(format: "%.1f ms (+ an 80×24 frame per changed turn, %d frames)", milliseconds, renders.renderCount - 1))
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

    struct Run {
        let host: TestHost
        let feature: OfferCountdownFeature
        @MainActor var presenter: OfferCountdownPresenter { feature.presenter }
    }

    @MainActor
    static func makeRun(settings: [String: SettingValue]) -> Run? {
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
    static func advance(_ run: Run, by duration: Duration) async {
        await run.host.clock.advance(by: duration)
    }
}
