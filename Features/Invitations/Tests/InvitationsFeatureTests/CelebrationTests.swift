import FeatureHostCore
import FeatureHostTesting
import Foundation
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

    @Test("Frames follow the clock every 50 ms and stop when the burst ends")
    func framesFollowTheClock() async throws {
        let h = try await registered()
        #expect(h.presenter.isAnimating)
        await h.host.advance(by: .milliseconds(50))
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations(frame: 1)))
        await h.host.advance(by: .milliseconds(949))
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations(frame: 19)))
        await h.host.advance(by: .milliseconds(1))
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations(frame: 20)))
        await h.host.advance(by: .seconds(2))
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations(frame: 60)))
        if case .celebration(let celebration) = h.state.modal { #expect(celebration.confetti.isEmpty) }
        #expect(!h.presenter.isAnimating)
        #expect(h.host.clock.sleeperCount == 0)
        // No frames between animations.
        let frames = h.presenter.changeCount
        await h.host.advance(by: .seconds(60))
        #expect(h.presenter.changeCount == frames)
        // OK shows the registered page.
        h.send(.activate)
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com"))
    }

    @Test("One frame per tick: 60 frames for the whole burst")
    func frameCount() async throws {
        let h = try await registered()
        let before = h.presenter.changeCount
        await h.host.advance(by: .seconds(10))
        #expect(h.presenter.changeCount - before <= 60)
        #expect(h.presenter.changeCount - before >= 55)
    }

    @Test("Dismissing mid-burst stops the timeline")
    func dismissMidBurst() async throws {
        let h = try await registered()
        await h.host.advance(by: .milliseconds(300))
        h.send(.dismiss)
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com"))
        await h.host.clock.settle()
        #expect(!h.presenter.isAnimating)
        #expect(h.host.clock.sleeperCount == 0)
    }

    @Test("In the background no frames are made; back in the foreground the burst is where the clock says")
    func background() async throws {
        let h = try await registered()
        await h.host.advance(by: .milliseconds(100))
        h.send(.lifecycle(.didEnterBackground))
        await h.host.clock.settle()
        #expect(h.host.clock.sleeperCount == 0)
        let frames = h.presenter.changeCount
        await h.host.advance(by: .seconds(1))
        #expect(h.presenter.changeCount == frames)
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations(frame: 2)))
        h.send(.lifecycle(.willEnterForeground))
        await h.host.clock.settle()
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations(frame: 22)))
        await h.host.advance(by: .milliseconds(50))
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations(frame: 23)))
    }

    @Test("The cancelled view has its own burst on the same timeline")
    func cancelledBurst() async throws {
        let h = try await registered()
        h.send(.dismiss, .activate, .focusPrevious, .activate)
        await h.settle()
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.cancelled()))
        await h.host.advance(by: .milliseconds(1500))
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.cancelled(frame: 30)))
        await h.host.advance(by: .seconds(2))
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.cancelled(frame: 60)))
        #expect(h.host.clock.sleeperCount == 0)
        h.send(.activate)
        #expect(h.state == Expected.notRegistered())
    }

    @Test("The alert opens on Keep invite; Keep and Esc both keep the invite")
    func alertKeeps() async throws {
        let h = try await registered()
        h.send(.activate)
        h.send(.activate)
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.alert()))
        h.send(.activate)
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com"))
        h.send(.activate, .focusNext, .dismiss)
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com"))
        #expect(h.host.store.data(forKey: "registration") != nil)
    }
}
