import CarNewsFeature
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

/// A test host and the shorthands the car-news tests share.
@MainActor
package final class Harness {
    package let host: TestHost

    /// - Parameter loopback: answers the requests to 127.0.0.1 (the live transport for a `LoopbackHTTPServer`, or a
    ///   `ScriptedTransport`); every other host is unreachable, so the images on the real server fail at once.
    package init(start: Date = Date(timeIntervalSince1970: 1_773_664_440), loopback: any HTTPTransport = LiveHTTPTransport()) throws {
        host = try TestHost(
            start: start, transport: LoopbackOnlyTransport(loopback: loopback, elsewhere: .unreachable(reason: Self.noNetwork)))
    }

    package func feature(
        _ source: SourceConfiguration, locale: Locale = Locale(identifier: "en_GB"),
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, hourCycle: HourCycle = .twentyFourHour
    ) throws -> CarNewsFeature {
        try CarNewsFeature(
            context: try host.context(id: "car-news", source: source, locale: locale, timeZone: timeZone, hourCycle: hourCycle))
    }

    /// Sends `action` and waits until the work it may start (reads, the refresh, images) has been applied.
    package func send(_ action: CarNewsPresenter.Action, to presenter: CarNewsPresenter, sourceLocation: SourceLocation = #_sourceLocation)
        async
    {
        presenter.send(action)
        // Said, not silent: what the test reads next would otherwise be a half-done state.
        #expect(
            await host.settle(), "the work \(action) started did not finish within \(Int(TestHost.idleTimeout)) s",
            sourceLocation: sourceLocation)
    }

    /// A `PresenterTestStore` on `presenter` (made from this host's context): every change asserted.
    package func store(_ presenter: CarNewsPresenter, sourceLocation: SourceLocation = #_sourceLocation) -> PresenterTestStore<
        CarNewsPresenter
    > {
        PresenterTestStore(presenter, host: host, sourceLocation: sourceLocation)
    }

    /// The feature's presenter, appeared and settled.
    package func appeared(_ source: SourceConfiguration) async throws -> CarNewsPresenter {
        let presenter = try feature(source).presenter
        await send(.lifecycle(.appear), to: presenter)
        return presenter
    }

    package var storageDirectory: URL { host.directory.url.appendingPathComponent("features/car-news", isDirectory: true) }

    package static let inMemory = SourceConfiguration(kind: .inMemory)

    package static func http(_ server: LoopbackHTTPServer, timeout: Double = 5) -> SourceConfiguration {
        .http(server.url("articles"), timeout: timeout)
    }

    /// Why an image on the real server fails here: the tests reach loopback only.
    nonisolated package static let noNetwork = "the tests reach 127.0.0.1 only"

    /// The image effects a list starts: one per row with a picture, by the picture's file on the real server.
    nonisolated package static func imageLoads(_ files: [String]) -> [String] {
        files.map { "image https://www.apphusetreach.no/sites/default/files/\($0)" }
    }

    /// The image effects a list of `Fixtures.quirkyRows` starts.
    nonisolated package static let quirkyImageLoads = imageLoads(["audi_a8.jpg", "audi_q7.jpg"])

    /// The state of an image on the real server (the bundled sample's and the fixtures'), as the tests see it.
    nonisolated package static func offlineImage(_ file: String) -> ImageState {
        .failed("The image \(file) could not be loaded: Could not connect to www.apphusetreach.no: \(noNetwork).")
    }
}
