import FeatureHostCore
import FeatureHostTesting
import Observation
import Testing

/// A presenter-like model: two observed values and one the render never reads.
@MainActor
@Observable
private final class Model {
    var shown = 0
    var other = 0
    var unread = 0
}

@Suite @MainActor struct RenderLoopTests {
    @Test func aChangeToWhatTheRenderReadIsOneRenderOnTheNextTurn() async {
        let model = Model()
        var seen: [Int] = []
        let renders = RenderLoop { seen.append(model.shown + model.other) }
        renders.renderNow()
        #expect(seen == [0])
        model.shown = 1
        model.other = 10
        model.shown = 2
        #expect(seen == [0], "nothing renders inside the turn that changed it")
        #expect(renders.needsRender)
        await MainActorTurns.run(until: { renders.renderCount == 2 })
        await MainActorTurns.run()
        #expect(seen == [0, 12], "three changes in one turn: one render, of the new values")
        #expect(renders.renderCount == 2)
        renders.stop()
    }

    @Test func aChangeToSomethingTheRenderDidNotReadRendersNothing() async {
        let model = Model()
        let renders = RenderLoop { _ = model.shown }
        renders.renderNow()
        model.unread = 5
        await MainActorTurns.run()
        #expect(renders.renderCount == 1)
        #expect(!renders.needsRender)
        renders.stop()
    }

    @Test func renderIfStaleRendersNowAndTheScheduledRenderThenDoesNothing() async {
        let model = Model()
        var seen: [Int] = []
        let renders = RenderLoop { seen.append(model.shown) }
        renders.renderIfStale()
        #expect(seen.isEmpty, "nothing rendered yet, so nothing is stale")
        renders.renderNow()
        model.shown = 1
        renders.renderIfStale()
        #expect(seen == [0, 1], "the host's input is answered in the turn that handled it")
        await MainActorTurns.run()
        #expect(seen == [0, 1], "the render scheduled by the change found nothing to do")
        renders.renderIfStale()
        #expect(renders.renderCount == 2)
        renders.stop()
    }

    @Test func setNeedsRenderCoalescesWithChanges() async {
        let model = Model()
        let renders = RenderLoop { _ = model.shown }
        renders.renderNow()
        renders.setNeedsRender()
        model.shown = 3
        renders.setNeedsRender()
        await MainActorTurns.run(until: { renders.renderCount == 2 })
        await MainActorTurns.run()
        #expect(renders.renderCount == 2)
        renders.stop()
    }

    @Test func eachRenderTracksAgainSoEveryLaterTurnWithAChangeRendersOnce() async {
        let model = Model()
        let renders = RenderLoop { _ = model.shown }
        renders.renderNow()
        for value in 1...5 {
            model.shown = value
            await MainActorTurns.run(until: { renders.renderCount == value + 1 })
        }
        await MainActorTurns.run()
        #expect(renders.renderCount == 6)
        renders.stop()
    }

    @Test func aStoppedLoopRendersNoMore() async {
        let model = Model()
        let renders = RenderLoop { _ = model.shown }
        renders.renderNow()
        model.shown = 1
        renders.stop()
        await MainActorTurns.run()
        renders.renderNow()
        renders.setNeedsRender()
        await MainActorTurns.run()
        #expect(renders.renderCount == 1, "a render scheduled before the stop is dropped too")
    }

    @Test func aTrackerReportsOncePerRenderAndASupersededTrackingNever() {
        let model = Model()
        let reports = Counter()
        let tracker = RenderTracker { reports.next() }
        tracker.track { _ = model.shown }
        // A render forced before anything changed: the first tracking is superseded.
        tracker.track { _ = model.other }
        model.shown = 1
        #expect(reports.value == 0, "the superseded tracking read `shown`; the current one did not")
        model.other = 1
        model.other = 2
        #expect(reports.value == 1, "once until the next render")
        #expect(tracker.isStale)
        tracker.invalidate()
        #expect(reports.value == 1, "already stale: no second report")
        tracker.track { _ = model.other }
        #expect(!tracker.isStale)
        tracker.invalidate()
        #expect(reports.value == 2)
        tracker.stop()
        tracker.track { _ = model.other }
        model.other = 3
        #expect(reports.value == 2, "a stopped tracker reports nothing")
    }
}
