import FeatureHostCore

/// Wraps a transport so every request counts as work in flight on the host's activity tracker.
public struct TrackedTransport: HTTPTransport {
    public let base: any HTTPTransport
    public let activity: ActivityTracker

    public init(_ base: any HTTPTransport, activity: ActivityTracker) {
        self.base = base
        self.activity = activity
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await activity.track { try await base.send(request) }
    }
}
