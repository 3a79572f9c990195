import FeatureHostCore
import Foundation

/// A transport whose requests wait until the test answers each one by hand (`reply`, `fail`), as a manual
/// clock waits for `advance`: a request stays pending, and in flight, for as long as the test looks at it.
/// Records every request and every cancellation; a cancelled request throws `HTTPError.cancelled`. A test can
/// wait, without polling, until a number of requests has arrived (`waitForRequests`).
public final class ManualTransport: HTTPTransport, Sendable {
    private struct State {
        var waiting: [(url: URL, continuation: CheckedContinuation<HTTPResponse, any Error>)] = []
        var sent: [URL] = []
        var cancelledURLs: [URL] = []
        /// How many requests have been parked as pending so far (some may be answered or cancelled since).
        var parked = 0
        var arrivals: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }
    // Continuations are resumed outside the lock.
    private let state = Locked(State())

    public init() {}

    /// The URLs requested so far, oldest first.
    public var requests: [URL] { state.withLock { $0.sent } }
    /// The URLs whose requests were cancelled before an answer.
    public var cancelled: [URL] { state.withLock { $0.cancelledURLs } }
    /// The URLs waiting for an answer, oldest first.
    public var pending: [URL] { state.withLock { $0.waiting.map(\.url) } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        state.withLock { $0.sent.append(request.url) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let arrived: [CheckedContinuation<Void, Never>] = state.withLock { state in
                    state.waiting.append((request.url, continuation))
                    state.parked += 1
                    let count = state.parked
                    defer { state.arrivals.removeAll { $0.count <= count } }
                    return state.arrivals.filter { $0.count <= count }.map(\.continuation)
                }
                for waiter in arrived { waiter.resume() }
                // Cancelled before the continuation was parked: `onCancel` found nothing to resume.
                if Task.isCancelled { cancelPending(request.url) }
            }
        } onCancel: {
            cancelPending(request.url)
        }
    }

    /// Returns once `count` requests have arrived in all, each of them pending until answered (or cancelled);
    /// at once when they have already.
    public func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let arrived: Bool = state.withLock { state in
                if state.parked >= count { return true }
                state.arrivals.append((count, continuation))
                return false
            }
            if arrived { continuation.resume() }
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
        let continuation: CheckedContinuation<HTTPResponse, any Error>? = state.withLock { state in
            guard let index = state.waiting.firstIndex(where: { $0.url == url }) else { return nil }
            state.cancelledURLs.append(url)
            return state.waiting.remove(at: index).continuation
        }
        continuation?.resume(throwing: HTTPError.cancelled(url))
    }

    private func take(_ url: URL) -> CheckedContinuation<HTTPResponse, any Error>? {
        state.withLock { state in
            guard let index = state.waiting.firstIndex(where: { $0.url == url }) else { return nil }
            return state.waiting.remove(at: index).continuation
        }
    }
}
