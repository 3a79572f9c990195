import FeatureHostCore
import Foundation

/// A transport that answers at once from a script: a list of answers given in order (the last one repeats),
/// or a function of the request. Records every request. For replies the test releases one by one, see
/// `ManualTransport`; for a real socket, `LoopbackHTTPServer`.
public final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    // `script` and `log` are only touched under `lock`.
    private let lock = NSLock()
    private var script: [Result<HTTPResponse, HTTPError>]
    private let answer: (@Sendable (HTTPRequest) throws -> HTTPResponse)?
    private var log: [HTTPRequest] = []

    /// Answers successive requests with `script` in order, repeating the last answer.
    public init(_ script: [Result<HTTPResponse, HTTPError>]) {
        self.script = script
        answer = nil
    }

    /// Answers every request with `answer(request)`; what it throws is what `send` throws.
    public init(answer: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) {
        script = []
        self.answer = answer
    }

    /// The requests sent so far, oldest first.
    public var requests: [HTTPRequest] { lock.withLock { log } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let next: Result<HTTPResponse, HTTPError>? = lock.withLock {
            log.append(request)
            guard answer == nil else { return nil }
            return script.count > 1 ? script.removeFirst() : script.first
        }
        if let answer { return try answer(request) }
        guard let next else { throw HTTPError.failed(request.url, reason: "the script has no answer") }
        return try next.get()
    }
}
