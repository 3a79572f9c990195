import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// A page session's one render loop: a page event is one render and at most one patch, in the turn that handled
/// it; a change from elsewhere (a timer, a finished request) is one render and one patch on the next turn; an
/// event that changes nothing renders nothing.
@MainActor
struct WebAppRenderTests {
    let launcher = FakeLauncher()
    let now = ManualNow()

    private func send(_ request: HTTPServerRequest?, to app: WebApp) throws -> RecordingSink {
        let sink = RecordingSink()
        app.handle(try #require(request), sink)
        return sink
    }

    /// The counter page, its event stream, and its scene.
    private func openCounter(_ app: WebApp) throws -> (stream: RecordingStream, scene: CounterScene) {
        _ = try send(makeRequest("GET", "/f/counter"), to: app)
        let sink = try send(makeRequest("GET", "/s/session1/events?v=0"), to: app)
        return (try #require(sink.streams.first), try #require(launcher.launches.first?.scene))
    }

    private func patches(_ stream: RecordingStream) -> Int { stream.text.components(separatedBy: "event: patch\n").count - 1 }

    @Test func aClickIsOneRenderAndOnePatchAndTheNextTurnsAddNothing() async throws {
        let app = makeApp(launcher: launcher, now: now)
        let (stream, scene) = try openCounter(app)
        #expect(scene.renders == 1, "the page as served")
        let answer = try #require(try send(postEvent("session1", #"{"kind":"click","action":"add"}"#), to: app).last)
        #expect(answer.status.code == 204)
        #expect(scene.renders == 2)
        #expect(patches(stream) == 1, "the patch went out before the POST's answer")
        await MainActorTurns.run()
        #expect(scene.renders == 2, "the render the change scheduled for the next turn found nothing to do")
        #expect(patches(stream) == 1)
        app.closeAll()
    }

    @Test func aChangeFromElsewhereIsOneRenderAndOnePatchOnTheNextTurn() async throws {
        let app = makeApp(launcher: launcher, now: now)
        let (stream, scene) = try openCounter(app)
        // Two changes in one turn, as a timer's tick and a finished request might make.
        scene.count = 5
        scene.note = "from a timer"
        #expect(scene.renders == 1, "nothing renders inside the turn that changed it")
        await MainActorTurns.run(until: { scene.renders == 2 })
        await MainActorTurns.run()
        #expect(scene.renders == 2)
        #expect(patches(stream) == 1)
        #expect(stream.text.contains("from a timer"))
        app.closeAll()
    }

    @Test func anEventThatChangesNothingRendersNothing() async throws {
        let app = makeApp(launcher: launcher, now: now)
        let (stream, scene) = try openCounter(app)
        _ = try send(postEvent("session1", #"{"kind":"click","action":"nothing"}"#), to: app)
        _ = try send(postEvent("session1", #"{"kind":"visibility","visible":true}"#), to: app)
        await MainActorTurns.run()
        #expect(scene.events.count == 1)
        #expect(scene.renders == 1)
        #expect(patches(stream) == 0)
        app.closeAll()
    }

    @Test func aClosedPageRendersNoMore() async throws {
        let app = makeApp(launcher: launcher, now: now)
        let (_, scene) = try openCounter(app)
        scene.count = 1
        app.closeAll()
        await MainActorTurns.run()
        #expect(scene.renders == 1)
    }
}
