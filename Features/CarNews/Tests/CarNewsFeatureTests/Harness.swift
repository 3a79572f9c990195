import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation

@testable import CarNewsFeature

/// A test host and the shorthands the presenter tests share.
@MainActor
final class Harness {
    let host: TestHost

    init(start: Date = Date(timeIntervalSince1970: 1_773_664_440), transport: any HTTPTransport = URLSessionTransport()) throws {
        host = try TestHost(start: start, transport: transport)
    }

    func feature(
        _ source: SourceConfiguration, locale: Locale = Locale(identifier: "en_GB"),
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, hourCycle: HourCycle = .twentyFourHour
    ) throws -> CarNewsFeature {
        try CarNewsFeature(
            context: try host.context(id: "car-news", source: source, locale: locale, timeZone: timeZone, hourCycle: hourCycle))
    }

    /// Sends `action` and waits until the refresh it may start has been applied.
    func send(_ action: CarNewsPresenter.Action, to presenter: CarNewsPresenter) async {
        presenter.send(action)
        await host.settle()
    }

    var storageDirectory: URL { host.directory.url.appendingPathComponent("features/car-news", isDirectory: true) }

    static let inMemory = SourceConfiguration(kind: .inMemory)

    static func http(_ server: LoopbackHTTPServer, timeout: Double = 5) -> SourceConfiguration {
        .http(server.url("articles"), timeout: timeout)
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
        state.banner = Banner(title: "Offline — last updated \(lastUpdated)", detail: reason, hint: "Press r to retry.")
        return state
    }

    static func failed(_ reason: String) -> CarNewsViewState {
        CarNewsViewState(
            body: .message(
                Message(title: "The articles could not be loaded.", detail: reason, hint: "Press r to retry.", isError: true)))
    }

    func updating() -> CarNewsViewState {
        var state = self
        state.status = "Updating…"
        return state
    }
}

extension Fixtures {
    /// `quirkyReply` as list rows, newest first, for a UTC 24-hour user on 2026-03-16.
    static let quirkyRows = [
        CarNewsViewState.Row(id: 119301, title: "A8 – night vision", date: "16 March, 09:05", imageLabel: "Image: audi_a8.jpg"),
        CarNewsViewState.Row(
            id: 119302, title: "Q7 – Greatness starts, when you don't stop.", date: "25 May 2018, 14:13",
            imageLabel: "Image: audi_q7.jpg"),
    ]
}

/// Answers requests from a script, in order, repeating the last answer.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var script: [Result<HTTPResponse, HTTPError>]
    private var log: [HTTPRequest] = []

    init(_ script: [Result<HTTPResponse, HTTPError>]) { self.script = script }

    var requests: [HTTPRequest] { lock.withLock { log } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let next: Result<HTTPResponse, HTTPError>? = lock.withLock {
            log.append(request)
            return script.count > 1 ? script.removeFirst() : script.first
        }
        guard let next else { throw HTTPError.failed(request.url, reason: "no scripted answer") }
        return try next.get()
    }
}
