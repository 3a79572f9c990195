import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFixtures
import Testing

@testable import InvitationsFeature

@Suite("Confetti timeline")
@MainActor
struct CelebrationTests {
    private func registered() async throws -> Harness {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        h.fillForm(name: "Jane Doe", email: "jane@example.com", confirmation: "jane@example.com")
        h.send(.activate)
        await h.settle()
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations()))
        return h
    }

    @Test("The burst is seeded: the same pieces every time, and different for the two views")
    func deterministic() {
        let a = ConfettiBurst(pattern: .cannons, seed: 0xB20C_C011)
        let b = ConfettiBurst(pattern: .cannons, seed: 0xB20C_C011)
        let shower = ConfettiBurst(pattern: .shower, seed: 0x5EE_0FF)
        for frame in [0, 5, 20, 40, 59] {
            let t = ConfettiBurst.frameInterval * frame
            #expect(a.pieces(at: t) == b.pieces(at: t))
            #expect(a.pieces(at: t) != shower.pieces(at: t) || a.pieces(at: t).isEmpty)
        }
        #expect(a.pieces(at: .milliseconds(500)).count > 20)
        #expect(shower.pieces(at: .milliseconds(1500)).count > 20)
        #expect(a.pieces(at: ConfettiBurst.duration).isEmpty)
        #expect(ConfettiBurst.frameCount == 60)
        let all = (0...60).flatMap { a.pieces(at: ConfettiBurst.frameInterval * $0) }
        #expect(all.allSatisfy { (0...1).contains($0.x) && (0..<1).contains($0.y) })
    }

    /// The registered page with `modal` over it.
    private func registered(_ modal: ViewState.Modal? = nil) -> ViewState {
        Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: modal)
    }

    @Test("Frames follow the clock every 50 ms and stop when the burst ends")
    func framesFollowTheClock() async throws {
        let h = try await registered()
        let store = h.store()
        #expect(h.presenter.isAnimating)
        await store.advance(by: .milliseconds(50)) { $0 = registered(Expected.congratulations(frame: 1)) }
        await store.advance(by: .milliseconds(949))
        for frame in 2...19 {
            await store.receive(at: .milliseconds(50 * frame)) { $0.modal = Expected.congratulations(frame: frame) }
        }
        await store.advance(by: .milliseconds(1)) { $0.modal = Expected.congratulations(frame: 20) }
        await store.advance(by: .seconds(2))
        store.skipReceivedChanges { $0.modal = Expected.congratulations(frame: 60) }
        if case .celebration(let celebration) = store.state.modal { #expect(celebration.confetti.isEmpty) }
        #expect(!h.presenter.isAnimating)
        #expect(h.host.clock.sleeperCount == 0)
        // No frames between animations.
        await store.advance(by: .seconds(60))
        // OK shows the registered page.
        store.send(.activate) { $0 = registered() }
        await store.finish()
    }

    @Test("One frame per tick: 60 frames for the whole burst")
    func frameCount() async throws {
        let h = try await registered()
        let store = h.store()
        await store.advance(by: .seconds(10))
        let frames = store.skipReceivedChanges { $0.modal = Expected.congratulations(frame: 60) }
        #expect((55...60).contains(frames))
        store.send(.dismiss) { $0 = registered() }
        await store.finish()
    }

    @Test("Dismissing mid-burst stops the timeline")
    func dismissMidBurst() async throws {
        let h = try await registered()
        let store = h.store()
        await store.advance(by: .milliseconds(300))
        #expect(store.skipReceivedChanges { $0.modal = Expected.congratulations(frame: 6) } == 6)
        store.send(.dismiss) { $0 = registered() }
        #expect(!h.presenter.isAnimating)
        await store.finish()
    }

    @Test("In the background no frames are made; back in the foreground the burst is where the clock says")
    func background() async throws {
        let h = try await registered()
        let store = h.store()
        await store.advance(by: .milliseconds(100))
        await store.receive(at: .milliseconds(50)) { $0.modal = Expected.congratulations(frame: 1) }
        await store.receive(at: .milliseconds(100)) { $0.modal = Expected.congratulations(frame: 2) }
        store.send(.lifecycle(.didEnterBackground))
        #expect(h.host.clock.sleeperCount == 0)
        await store.advance(by: .seconds(1))
        // The timer starts again and its first deadline is past: the frame the clock says, at once.
        store.send(.lifecycle(.willEnterForeground), starts: ["confetti"])
        await h.host.clock.settle()
        await store.receive(at: .milliseconds(1_100)) { $0.modal = Expected.congratulations(frame: 22) }
        await store.advance(by: .milliseconds(50)) { $0.modal = Expected.congratulations(frame: 23) }
        store.send(.lifecycle(.didEnterBackground))
        await store.finish()
    }

    @Test("The cancelled view has its own burst on the same timeline")
    func cancelledBurst() async throws {
        let h = try await registered()
        let store = h.store()
        store.send(.dismiss) { $0 = registered() }
        store.send(.activate) { $0 = registered(Expected.alert()) }
        store.send(.focusPrevious) { $0.modal = Expected.alert(focus: .cancelInvite) }
        // The alert stays until the device has kept the cancel.
        store.send(.activate, starts: ["save"])
        await store.receive(starts: ["read", "confetti"]) { $0 = Expected.notRegistered(focused: false, modal: Expected.cancelled()) }
        await store.advance(by: .milliseconds(1500))
        store.skipReceivedChanges { $0.modal = Expected.cancelled(frame: 30) }
        await store.advance(by: .seconds(2))
        store.skipReceivedChanges { $0.modal = Expected.cancelled(frame: 60) }
        #expect(h.host.clock.sleeperCount == 0)
        store.send(.activate) { $0 = Expected.notRegistered() }
        await store.finish()
    }

    @Test("The alert opens on Keep invite; Keep and Esc both keep the invite")
    func alertKeeps() async throws {
        let h = try await registered()
        let store = h.store()
        store.send(.activate) { $0 = registered() }
        store.send(.activate) { $0 = registered(Expected.alert()) }
        store.send(.activate) { $0 = registered() }
        store.send(.activate) { $0 = registered(Expected.alert()) }
        store.send(.focusNext) { $0.modal = Expected.alert(focus: .cancelInvite) }
        store.send(.dismiss) { $0 = registered() }
        #expect(h.host.store.data(forKey: "registration") != nil)
        await store.finish()
    }
}
