import FeatureHostCore
import WebUI

/// A `ResponseSink` that records what the app answered, so a test drives `WebApp.handle` without sockets: the
/// answers in order, and every event stream opened, as a `RecordingStream`.
public final class RecordingSink: ResponseSink, Sendable {
    private let state = Locked<(responses: [HTTPServerResponse], streams: [RecordingStream])>(([], []))

    public init() {}

    public var responses: [HTTPServerResponse] { state.withLock { $0.responses } }
    public var streams: [RecordingStream] { state.withLock { $0.streams } }
    public var last: HTTPServerResponse? { responses.last }

    public func send(_ response: HTTPServerResponse) { state.withLock { $0.responses.append(response) } }

    public func openStream(status: HTTPStatus, headers: [(String, String)]) -> any EventStreamSink {
        let stream = RecordingStream(status: status, headers: headers)
        state.withLock { $0.streams.append(stream) }
        return stream
    }
}

/// An event stream that keeps what was written to it, and can be closed from the client's side (`disconnect`).
public final class RecordingStream: EventStreamSink, Sendable {
    public let status: HTTPStatus
    public let headers: [(String, String)]
    private struct State {
        var bytes: [UInt8] = []
        var closed = false
        var handlers: [@Sendable () -> Void] = []
    }
    private let state = Locked(State())

    public init(status: HTTPStatus, headers: [(String, String)]) {
        self.status = status
        self.headers = headers
    }

    /// Everything written, as text.
    public var text: String { state.withLock { String(decoding: $0.bytes, as: UTF8.self) } }
    public var isClosed: Bool { state.withLock { $0.closed } }

    @discardableResult public func write(_ chunk: [UInt8]) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.bytes += chunk
            return true
        }
    }

    public func close() {
        let toCall: [@Sendable () -> Void] = state.withLock { state in
            guard !state.closed else { return [] }
            state.closed = true
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in toCall { handler() }
    }

    /// The client went away.
    public func disconnect() { close() }

    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let callNow = state.withLock { state in
            if state.closed { return true }
            state.handlers.append(handler)
            return false
        }
        if callNow { handler() }
    }
}
