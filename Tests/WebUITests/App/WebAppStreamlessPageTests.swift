import FeatureHostCore
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// A visible page whose last stream closed (a reload left its session behind, the connection dropped) is not
/// shown any more: its feature goes to the background until a stream is back (issue 34.6), so it cannot keep
/// the run's countdown going through its grace period.
@MainActor
struct WebAppStreamlessPageTests {
    let launcher = FakeLauncher()
    let now = ManualNow()

    private func send(_ request: HTTPServerRequest?, to app: WebApp) throws -> RecordingSink {
        let sink = RecordingSink()
        app.handle(try #require(request), sink)
        return sink
    }

    private func openStream(_ app: WebApp) throws -> RecordingStream {
        try #require(try send(makeRequest("GET", "/s/session1/events?v=0"), to: app).streams.first)
    }

    /// The counter page, its stream, and its hello (visible): it has appeared.
    private func openShownCounter(_ app: WebApp) throws -> RecordingStream {
        _ = try send(makeRequest("GET", "/f/counter"), to: app)
        let stream = try openStream(app)
        _ = try send(postEvent("session1", #"{"kind":"hello","hourCycle":"h23","visible":true}"#), to: app)
        return stream
    }

    private func disconnect(_ stream: RecordingStream, _ app: WebApp) async {
        stream.disconnect()
        for _ in 0..<10_000 where app.streamCount > 0 { await Task.yield() }
    }

    @Test func aVisiblePageWhoseStreamClosedGoesToTheBackgroundUntilAStreamIsBack() async throws {
        let app = makeApp(launcher: launcher, now: now)
        let stream = try openShownCounter(app)
        await disconnect(stream, app)
        #expect(launcher.launches[0].lifecycle == [.willEnterForeground, .appear, .didEnterBackground])
        // Still the visible grace period: a page left behind by a reload goes after 30 s, not 30 minutes.
        now.value = .seconds(31)
        _ = try openStream(app)
        #expect(launcher.launches[0].lifecycle == [.willEnterForeground, .appear, .didEnterBackground, .willEnterForeground])
        now.value = .seconds(100)
        app.tick()
        #expect(app.sessionCount == 1)
    }

    @Test func aPageLeftBehindIsClosedAfterTheVisibleGracePeriod() async throws {
        let app = makeApp(launcher: launcher, now: now)
        await disconnect(try openShownCounter(app), app)
        now.value = .seconds(31)
        app.tick()
        #expect(app.sessionCount == 0)
        #expect(launcher.launches[0].lifecycle == [.willEnterForeground, .appear, .didEnterBackground])
    }

    @Test func hiddenAndShownWithoutAStreamTellTheFeatureOnce() async throws {
        let app = makeApp(launcher: launcher, now: now)
        await disconnect(try openShownCounter(app), app)
        // The hidden message came after the stream closed: the feature is in the background already.
        _ = try send(postEvent("session1", #"{"kind":"visibility","visible":false}"#), to: app)
        #expect(launcher.launches[0].lifecycle == [.willEnterForeground, .appear, .didEnterBackground])
        // Shown again: at once, as before (its stream follows).
        _ = try send(postEvent("session1", #"{"kind":"visibility","visible":true}"#), to: app)
        _ = try openStream(app)
        #expect(launcher.launches[0].lifecycle == [.willEnterForeground, .appear, .didEnterBackground, .willEnterForeground])
    }

    @Test func shownWhileAwayWaitsForItsStream() async throws {
        let app = makeApp(launcher: launcher, now: now)
        await disconnect(try openShownCounter(app), app)
        _ = try send(postEvent("session1", #"{"kind":"visibility","visible":true}"#), to: app)
        #expect(launcher.launches[0].lifecycle == [.willEnterForeground, .appear, .didEnterBackground])
        _ = try openStream(app)
        #expect(launcher.launches[0].lifecycle == [.willEnterForeground, .appear, .didEnterBackground, .willEnterForeground])
    }

    @Test func aHiddenPageThatGivesUpItsStreamHearsNothingMore() async throws {
        let app = makeApp(launcher: launcher, now: now)
        let stream = try openShownCounter(app)
        _ = try send(postEvent("session1", #"{"kind":"visibility","visible":false}"#), to: app)
        await disconnect(stream, app)
        #expect(launcher.launches[0].lifecycle == [.willEnterForeground, .appear, .didEnterBackground])
    }
}
