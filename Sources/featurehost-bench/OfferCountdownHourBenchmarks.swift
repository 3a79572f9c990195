import FeatureHostCore
import FeatureHostTesting
import Foundation
import OfferCountdownFeature
import OfferCountdownTerminal
import TerminalUI

extension OfferCountdownBenchmarks {
    /// One simulated hour (10,800 wake-ups: each second's change and its roll's two steps) on the manual clock,
    /// against the same wake-ups made by hand on the presenter with no clock at all (its own work: read the
    /// time, rebuild, compare and publish the state), and against the clock alone (a timer with empty
    /// callbacks at the same instants). Medians of 5.
    @MainActor
    static func hour(_ bench: inout Benchmark) async {
        guard let instants = await wakeUpInstants(), instants.count == 10_800 else {
            bench.report("offer-countdown: an hour", value: "failed: not 10,800 wake-ups")
            return
        }
        var hours: [Double] = []
        var yields = 0
        var byHand: [Double] = []
        var clockAlone: [Double] = []
        for _ in 0..<5 {
            guard let run = makeRun(settings: [:]) else { return }
            let cpu = ProcessCPUTime.now()
            await advance(run, by: .milliseconds(3_600_350))
            hours.append((ProcessCPUTime.now() - cpu) * 1_000)
            yields = run.host.clock.settleCount
            guard let presenter = presenterByHand(instants) else { return }
            byHand.append(presenter)
            clockAlone.append(await emptyTimer(instants))
        }
        let hour = median(hours)
        let own = median(byHand)
        bench.report("offer-countdown: CPU per simulated hour", value: String(format: "%.1f ms (presenter + manual clock)", hour))
        bench.report("offer-countdown: the presenter's own work in it", value: String(format: "%.1f ms (the wake-ups by hand)", own))
        bench.report("offer-countdown: the manual clock alone", value: String(format: "%.1f ms (empty callbacks)", median(clockAlone)))
        bench.report("offer-countdown: that hour ÷ the presenter's work", value: String(format: "%.2f× (goal ≤ 3; was 180×)", hour / own))
        bench.report("offer-countdown: main-actor yields in that hour", value: "\(yields) (was ≥ 4 per wake-up)")
    }

    /// The timeline offsets of an hour's wake-ups, as the manual clock makes them, deadline by deadline: each
    /// one changes the state.
    @MainActor
    static func wakeUpInstants() async -> [Duration]? {
        guard let run = makeRun(settings: [:]) else { return nil }
        let clock = run.host.clock
        let end = clock.now.advanced(by: .milliseconds(3_600_350))
        var instants: [Duration] = []
        var changes = run.presenter.changeCount
        while let next = clock.nextDeadline, next <= end {
            await clock.advance(to: next)
            guard run.presenter.changeCount != changes else { continue }
            changes = run.presenter.changeCount
            instants.append(clock.now.offset)
        }
        return instants
    }

    /// CPU milliseconds for the presenter to handle `instants` with its clock set by hand, its timer asleep.
    /// - Parameter motion: `.animated` for a web page's presenter, which wakes only for each second's change.
    @MainActor
    static func presenterByHand(_ instants: [Duration], motion: Motion = .stepped) -> Double? {
        let clock = HandClock()
        guard let host = try? TestHost(), var context = try? host.context(id: "offer-countdown") else { return nil }
        context.clock = clock
        context.motion = motion
        guard let feature = try? OfferCountdownFeature(context: context) else { return nil }
        feature.handle(.appear)
        let presenter = feature.presenter
        let before = presenter.changeCount
        let cpu = ProcessCPUTime.now()
        for instant in instants {
            clock.offset = instant
            presenter.send(.tick)
        }
        let milliseconds = (ProcessCPUTime.now() - cpu) * 1_000
        return presenter.changeCount - before == instants.count ? milliseconds : nil
    }

    /// CPU milliseconds for the manual clock to wake a timer with empty callbacks at `instants`.
    @MainActor
    private static func emptyTimer(_ instants: [Duration]) async -> Double {
        let clock = ManualClock()
        let timeline = MonotonicTimeline(clock: clock)
        let effects = EffectRunner(activity: ActivityTracker())
        var next = 0
        effects.timer("empty", on: timeline, nextDeadline: { next < instants.count ? instants[next] : nil }, fire: { next += 1 })
        let cpu = ProcessCPUTime.now()
        await clock.advance(by: .milliseconds(3_600_350))
        return (ProcessCPUTime.now() - cpu) * 1_000
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}

/// A clock moved by hand whose sleeps last a year: the presenter's timer waits on it, and the benchmark makes
/// the wake-ups itself.
private final class HandClock: Clock, Sendable {
    private let current = Locked(Duration.zero)

    var offset: Duration {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    var now: ManualClock.Instant { ManualClock.Instant(offset: offset) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: ManualClock.Instant, tolerance: Duration?) async throws {
        try await Task.sleep(for: .seconds(365 * 86_400))
    }
}
