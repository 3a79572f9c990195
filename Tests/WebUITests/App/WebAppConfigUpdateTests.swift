import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// What a config reload does to open feature pages: a turned-off feature's page closes it and says so, a restarted
/// one gets a new instance, and a page of a feature the update does not name is not touched.
@MainActor
struct WebAppConfigUpdateTests {
    let launcher = ReloadingLauncher()
    let now = ManualNow()

    private func send(_ request: HTTPServerRequest?, to app: WebApp) throws -> RecordingSink {
        let sink = RecordingSink()
        app.handle(try #require(request), sink)
        return sink
    }

    /// Opens `id`'s page (session `n`), its stream, and says hello as a visible page.
    private func open(_ id: FeatureID, session n: Int, in app: WebApp, visible: Bool = true) throws -> RecordingStream {
        #expect(try send(makeRequest("GET", "/f/\(id.rawValue)"), to: app).last?.status.code == 200)
        let stream = try #require(try send(makeRequest("GET", "/s/session\(n)/events?v=0"), to: app).streams.first)
        _ = try send(postEvent("session\(n)", #"{"kind":"hello","hourCycle":"h23","timeZone":"UTC","visible":\#(visible)}"#), to: app)
        return stream
    }

    private func click(_ n: Int, in app: WebApp) throws -> HTTPServerResponse? {
        try send(postEvent("session\(n)", #"{"kind":"click","action":"add"}"#), to: app).last
    }

    @Test func aTurnedOffFeaturesPageClosesItAndShowsThePanelAsAPatch() async throws {
        let app = makeApp(launcher: launcher, now: now)
        let stream = try open("counter", session: 1, in: app)
        let instance = try #require(launcher.instances.first)
        launcher.running["counter"] = nil
        app.apply(ConfigUpdate(turnedOff: ["counter": "Counter"], homeChanged: true))
        #expect(instance.closed)
        #expect(instance.lifecycle == [.willEnterForeground, .appear], "closing is not a lifecycle event")
        #expect(instance.scene == nil, "the page let the presenter go")
        #expect(stream.count(of: "patch") == 1)
        #expect(stream.text.contains("Counter was turned off in the config."))
        #expect(stream.text.contains(#"href=\"/\""#), "the panel links home")
        #expect(!stream.isClosed, "the page stays open, with its heartbeat and banner")
        #expect(app.sessionCount == 1)
        // Later events to the page go nowhere and change nothing.
        #expect(try click(1, in: app)?.status.code == 204)
        _ = try send(postEvent("session1", #"{"kind":"visibility","visible":false}"#), to: app)
        await MainActorTurns.run()
        #expect(stream.count(of: "patch") == 1)
        #expect(instance.lifecycle == [.willEnterForeground, .appear])
        // A reconnect that missed the patch gets the panel as the whole root.
        let late = try #require(try send(makeRequest("GET", "/s/session1/events?v=0"), to: app).streams.first)
        #expect(late.text.contains("Counter was turned off in the config."))
        // A second update naming it again changes nothing.
        app.apply(ConfigUpdate(turnedOff: ["counter": "Counter"], restarted: ["counter"]))
        #expect(stream.count(of: "patch") == 1)
        #expect(launcher.instances.count == 1)
    }

    @Test func aRestartedFeaturesPageGetsANewInstanceThatAppearsAtOnce() async throws {
        let app = makeApp(launcher: launcher, now: now)
        let stream = try open("counter", session: 1, in: app)
        _ = try click(1, in: app)
        let old = try #require(launcher.instances.first)
        #expect(old.scene?.count == 1)
        app.apply(ConfigUpdate(restarted: ["counter"]))
        let new = try #require(launcher.instances(of: "counter").last)
        #expect(launcher.instances.count == 2)
        #expect(old.closed)
        #expect(old.scene == nil)
        #expect(!new.closed)
        #expect(new.preferences == old.preferences, "built with the page's own preferences")
        #expect(new.lifecycle == [.willEnterForeground, .appear])
        // The new instance's content as a patch from what the page showed (count 1 → 0).
        #expect(stream.count(of: "patch") == 2)
        let last = try #require(stream.text.components(separatedBy: "event: patch\n").last)
        #expect(last.contains(#""from":1,"to":2"#))
        #expect(last.contains(#""html":"0""#))
        // Its events reach the new scene.
        _ = try click(1, in: app)
        #expect(new.scene?.count == 1)
        await MainActorTurns.run()
    }

    @Test func aRestartedHiddenPageAppearsWhenItIsShown() throws {
        let app = makeApp(launcher: launcher, now: now)
        _ = try open("counter", session: 1, in: app)
        _ = try send(postEvent("session1", #"{"kind":"visibility","visible":false}"#), to: app)
        app.apply(ConfigUpdate(restarted: ["counter"]))
        let new = try #require(launcher.instances.last)
        #expect(new.lifecycle.isEmpty, "a hidden page does not start the new instance")
        _ = try send(postEvent("session1", #"{"kind":"visibility","visible":true}"#), to: app)
        #expect(new.lifecycle == [.willEnterForeground, .appear])
    }

    @Test func aPageThatNeverAppearedGetsTheNewInstanceWithoutAppearing() throws {
        let app = makeApp(launcher: launcher, now: now)
        _ = try send(makeRequest("GET", "/f/counter"), to: app)
        app.apply(ConfigUpdate(restarted: ["counter"]))
        let new = try #require(launcher.instances.last)
        #expect(launcher.instances.count == 2)
        #expect(new.lifecycle.isEmpty)
        _ = try send(postEvent("session1", #"{"kind":"hello","hourCycle":"h23","timeZone":"UTC","visible":true}"#), to: app)
        #expect(new.lifecycle == [.willEnterForeground, .appear])
    }

    @Test func aRestartTheNewConfigCannotStartEndsThePageWithWhy() throws {
        let app = makeApp(launcher: launcher, now: now)
        let stream = try open("counter", session: 1, in: app)
        launcher.failing["counter"] = "Counter could not start: its file is gone."
        app.apply(ConfigUpdate(restarted: ["counter"]))
        #expect(launcher.instances[0].closed)
        #expect(stream.text.contains("Counter could not restart with the new config."))
        #expect(stream.text.contains("Counter could not start: its file is gone."))
    }

    @Test func aPageOfAFeatureTheUpdateDoesNotNameIsUntouched() async throws {
        let app = makeApp(launcher: launcher, now: now)
        let counterStream = try open("counter", session: 1, in: app)
        _ = try open("clock", session: 2, in: app)
        _ = try click(1, in: app)
        let counter = try #require(launcher.instances(of: "counter").first)
        let scene = try #require(counter.scene)
        let session = try #require(app.sessions["session1"])
        let renders = session.renderCount
        let bytes = counterStream.text
        app.apply(ConfigUpdate(restarted: ["clock"]))
        app.apply(ConfigUpdate(turnedOff: ["clock": "Clock"], homeChanged: true))
        await MainActorTurns.run()
        #expect(launcher.instances(of: "counter").count == 1, "no new instance")
        #expect(counter.scene === scene, "the same presenter")
        #expect(!counter.closed)
        #expect(counter.lifecycle == [.willEnterForeground, .appear], "no lifecycle call")
        #expect(session.renderCount == renders, "no render")
        #expect(counterStream.text == bytes, "nothing sent")
        #expect(scene.count == 1)
        #expect(launcher.instances(of: "clock").count == 2)
    }
}
