import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import CarNewsFeature

/// A test host and the shorthands the presenter tests share.
@MainActor
final class Harness {
    let host: TestHost

    /// - Parameter loopback: answers the requests to 127.0.0.1 (the live transport for a `LoopbackHTTPServer`, or a
    ///   `ScriptedTransport`); every other host is unreachable, so the images on the real server fail at once.
    init(start: Date = Date(timeIntervalSince1970: 1_773_664_440), loopback: any HTTPTransport = LiveHTTPTransport()) throws {
        host = try TestHost(
            start: start, transport: LoopbackOnlyTransport(loopback: loopback, elsewhere: .unreachable(reason: Self.noNetwork)))
    }

    func feature(
        _ source: SourceConfiguration, locale: Locale = Locale(identifier: "en_GB"),
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, hourCycle: HourCycle = .twentyFourHour
    ) throws -> CarNewsFeature {
        try CarNewsFeature(
            context: try host.context(id: "car-news", source: source, locale: locale, timeZone: timeZone, hourCycle: hourCycle))
    }

    /// Sends `action` and waits until the work it may start (reads, the refresh, images) has been applied.
    func send(_ action: CarNewsPresenter.Action, to presenter: CarNewsPresenter, sourceLocation: SourceLocation = #_sourceLocation) async {
        presenter.send(action)
        // Said, not silent: what the test reads next would otherwise be a half-done state.
        #expect(
            await host.settle(), "the work \(action) started did not finish within \(Int(TestHost.idleTimeout)) s",
            sourceLocation: sourceLocation)
    }

    /// A `PresenterTestStore` on `presenter` (made from this host's context): every change asserted.
    func store(_ presenter: CarNewsPresenter, sourceLocation: SourceLocation = #_sourceLocation) -> PresenterTestStore<CarNewsPresenter> {
        PresenterTestStore(presenter, host: host, sourceLocation: sourceLocation)
    }

    /// The feature's presenter, appeared and settled.
    func appeared(_ source: SourceConfiguration) async throws -> CarNewsPresenter {
        let presenter = try feature(source).presenter
        await send(.lifecycle(.appear), to: presenter)
        return presenter
    }

    var storageDirectory: URL { host.directory.url.appendingPathComponent("features/car-news", isDirectory: true) }

    static let inMemory = SourceConfiguration(kind: .inMemory)

    static func http(_ server: LoopbackHTTPServer, timeout: Double = 5) -> SourceConfiguration {
        .http(server.url("articles"), timeout: timeout)
    }

    /// Why an image on the real server fails here: the tests reach loopback only.
    nonisolated static let noNetwork = "the tests reach 127.0.0.1 only"

    /// The image effects a list starts: one per row with a picture, by the picture's file on the real server.
    nonisolated static func imageLoads(_ files: [String]) -> [String] {
        files.map { "image https://www.apphusetreach.no/sites/default/files/\($0)" }
    }

    /// The image effects a list of `Fixtures.quirkyRows` starts.
    nonisolated static let quirkyImageLoads = imageLoads(["audi_a8.jpg", "audi_q7.jpg"])

    /// The state of an image on the real server (the bundled sample's and the fixtures'), as the tests see it.
    nonisolated static func offlineImage(_ file: String) -> ImageState {
        .failed("The image \(file) could not be loaded: Could not connect to www.apphusetreach.no: \(noNetwork).")
    }
}

extension CarNewsViewState {
    /// The list of `rows` with the first selected, as it looks once loaded with nothing else going on.
    static func list(_ rows: [Row], selected: Int? = 0) -> CarNewsViewState {
        CarNewsViewState(
            body: .list, rows: rows, selectedIndex: rows.isEmpty ? nil : selected,
            count: rows.count == 1 ? "1 article" : "\(rows.count) articles")
    }

    static let loading = CarNewsViewState(body: .message(CarNewsViewState.Message(title: "Loading articles…")))

    static func offline(_ rows: [Row], lastUpdated: String, reason: String, selected: Int = 0) -> CarNewsViewState {
        var state = list(rows, selected: selected)
        state.banner = Banner(title: "Offline — last updated \(lastUpdated)", detail: reason, canRetry: true)
        return state
    }

    static func failed(_ reason: String) -> CarNewsViewState {
        CarNewsViewState(
            body: .message(Message(title: "The articles could not be loaded.", detail: reason, isError: true, canRetry: true)))
    }

    func updating() -> CarNewsViewState {
        var state = self
        state.status = "Updating…"
        return state
    }
}

extension CarNewsViewState.Row {
    func with(image: ImageState?) -> CarNewsViewState.Row {
        var row = self
        row.image = image
        return row
    }
}

extension Fixtures {
    /// `quirkyReply` as list rows, newest first, for a UTC 24-hour user on 2026-03-16.
    static let quirkyRows = [
        CarNewsViewState.Row(
            id: 119301, title: "A8 – night vision", date: "16 March, 09:05", imageLabel: "Image: audi_a8.jpg",
            image: Harness.offlineImage("audi_a8.jpg")),
        CarNewsViewState.Row(
            id: 119302, title: "Q7 – Greatness starts, when you don't stop.", date: "25 May 2018, 14:13",
            imageLabel: "Image: audi_q7.jpg", image: Harness.offlineImage("audi_q7.jpg")),
    ]
}

extension PresenterTestStore where P == CarNewsPresenter {
    /// Waits for the work in flight and asserts where its changes ended: the images fail in any order, each a
    /// change of its own that other tests assert (`observation`).
    func settled(
        starts: [String] = [], sourceLocation: SourceLocation = #_sourceLocation, to update: @escaping (inout CarNewsViewState) -> Void
    ) async {
        await advance(by: .zero, starts: starts, sourceLocation: sourceLocation)
        skipReceivedChanges(sourceLocation: sourceLocation, to: update)
    }

    /// The first appearance on a source that answers `Fixtures.quirkyReply`, over an empty database: loading,
    /// the reply's rows with their images loading, then each image's failure.
    func appearOnTheQuirkyReply(sourceLocation: SourceLocation = #_sourceLocation) async {
        send(.lifecycle(.appear), starts: ["saved list"], sourceLocation: sourceLocation) { $0 = CarNewsViewState.loading.updating() }
        await receive(starts: ["refresh"] + Harness.quirkyImageLoads, sourceLocation: sourceLocation) {
            $0 = .list(Fixtures.quirkyRows.map { $0.with(image: .loading) })
        }
        await settled(sourceLocation: sourceLocation) { $0 = .list(Fixtures.quirkyRows) }
    }

    /// A later appearance over the saved `Fixtures.quirkyRows`: loading, the saved rows with their images loading,
    /// then `update`: where the refresh and the images' failures end.
    func appearOverTheSavedQuirkyRows(
        sourceLocation: SourceLocation = #_sourceLocation, to update: @escaping (inout CarNewsViewState) -> Void
    ) async {
        send(.lifecycle(.appear), starts: ["saved list"], sourceLocation: sourceLocation) { $0 = CarNewsViewState.loading.updating() }
        await receive(starts: ["refresh"] + Harness.quirkyImageLoads, sourceLocation: sourceLocation) {
            $0 = CarNewsViewState.list(Fixtures.quirkyRows.map { $0.with(image: .loading) }).updating()
        }
        await settled(sourceLocation: sourceLocation, to: update)
    }
}
