import FeatureHostCore
import Foundation
import Testing

/// A transport that answers at once from a script: a list of answers given in order (the last one repeats),
/// or a function of the request. Records every request. For replies the test releases one by one, see
/// `ManualTransport`; for a real socket, `LoopbackHTTPServer`.
public final class ScriptedTransport: HTTPTransport, Sendable {
    private struct State {
        var script: [Result<HTTPResponse, HTTPError>]
        var log: [HTTPRequest] = []
    }
    private let state: Locked<State>
    private let answer: (@Sendable (HTTPRequest) throws -> HTTPResponse)?

    /// Answers successive requests with `script` in order, repeating the last answer.
    public init(_ script: [Result<HTTPResponse, HTTPError>]) {
        state = Locked(State(script: script))
        answer = nil
    }

    /// Answers every request with `answer(request)`; what it throws is what `send` throws.
    public init(answer: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) {
        state = Locked(State(script: []))
        self.answer = answer
    }

    /// The requests sent so far, oldest first.
    public var requests: [HTTPRequest] { state.withLock { $0.log } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let next: Result<HTTPResponse, HTTPError>? = state.withLock { state in
            state.log.append(request)
            guard answer == nil else { return nil }
            return state.script.count > 1 ? state.script.removeFirst() : state.script.first
        }
        if let answer { return try answer(request) }
        guard let next else {
            // An empty script is a test that did not say what the network answers: it fails, not just the request.
            Issue.record("ScriptedTransport has no answer for \(request.method) \(request.url)")
            throw HTTPError.failed(request.url, reason: "the script has no answer")
        }
        return try next.get()
    }
}
