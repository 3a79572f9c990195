import FeatureHostCore
import Foundation

/// A transport whose requests wait until the test answers each one by hand (`reply`, `fail`), as a manual
/// clock waits for `advance`: a request stays pending, and in flight, for as long as the test looks at it.
/// Records every request and every cancellation; a cancelled request throws `HTTPError.cancelled`.
public final class ManualTransport: HTTPTransport, @unchecked Sendable {
    // `waiting`, `sent` and `cancelledURLs` are only touched under `lock`; continuations resume outside it.
    private let lock = NSLock()
    private var waiting: [(url: URL, continuation: CheckedContinuation<HTTPResponse, any Error>)] = []
    private var sent: [URL] = []
    private var cancelledURLs: [URL] = []

    public init() {}

    /// The URLs requested so far, oldest first.
    public var requests: [URL] { lock.withLock { sent } }
    /// The URLs whose requests were cancelled before an answer.
    public var cancelled: [URL] { lock.withLock { cancelledURLs } }
    /// The URLs waiting for an answer, oldest first.
    public var pending: [URL] { lock.withLock { waiting.map(\.url) } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { sent.append(request.url) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock { waiting.append((request.url, continuation)) }
                // Cancelled before the continuation was parked: `onCancel` found nothing to resume.
                if Task.isCancelled { cancelPending(request.url) }
            }
        } onCancel: {
            cancelPending(request.url)
        }
    }

    /// Answers the oldest pending request for `url`; does nothing when none is pending.
    public func reply(_ url: URL, _ response: HTTPResponse) {
        take(url)?.resume(returning: response)
    }

    /// Fails the oldest pending request for `url` with `error`.
    public func fail(_ url: URL, _ error: any Error) {
        take(url)?.resume(throwing: error)
    }

    private func cancelPending(_ url: URL) {
        let continuation: CheckedContinuation<HTTPResponse, any Error>? = lock.withLock {
            guard let index = waiting.firstIndex(where: { $0.url == url }) else { return nil }
            cancelledURLs.append(url)
            return waiting.remove(at: index).continuation
        }
        continuation?.resume(throwing: HTTPError.cancelled(url))
    }

    private func take(_ url: URL) -> CheckedContinuation<HTTPResponse, any Error>? {
        lock.withLock {
            guard let index = waiting.firstIndex(where: { $0.url == url }) else { return nil }
            return waiting.remove(at: index).continuation
        }
    }
}
