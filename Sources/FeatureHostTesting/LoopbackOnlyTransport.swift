import DataSources
import FeatureHostCore
import Foundation

/// No network but loopback: requests to 127.0.0.1 go to `loopback` (the live transport, so a `LoopbackHTTPServer`
/// answers them; or a `ScriptedTransport` standing in for one), and a request to any other host never leaves
/// the machine. The bundled samples' image URLs, on public servers, get a 404 at once, or fail as with the
/// cable pulled. Nothing but `loopback` records requests.
public struct LoopbackOnlyTransport: HTTPTransport {
    /// What a request to a host other than 127.0.0.1 gets.
    public enum Elsewhere: Sendable, Equatable {
        /// An HTTP 404 with an empty body.
        case notFound
        /// `HTTPError.cannotConnect` with this reason.
        case unreachable(reason: String)
    }

    private let loopback: any HTTPTransport
    private let elsewhere: Elsewhere

    public init(loopback: any HTTPTransport = LiveHTTPTransport(), elsewhere: Elsewhere = .notFound) {
        self.loopback = loopback
        self.elsewhere = elsewhere
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.url.host != "127.0.0.1" else { return try await loopback.send(request) }
        switch elsewhere {
        case .notFound: return HTTPResponse(status: 404)
        case .unreachable(let reason): throw HTTPError.cannotConnect(request.url, reason: reason)
        }
    }
}
