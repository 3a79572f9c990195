import FeatureHostCore
import WebUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `ServerClock` that moves only when a test says so; each move wakes the server to check its deadlines.
public final class ManualServerClock: Sendable {
    private let start = ContinuousClock.now
    private let elapsed = Locked<Duration>(.zero)

    public init() {}

    /// For `HTTPServer.Configuration.clock`.
    public var clock: ServerClock {
        ServerClock { [start, elapsed] in start + elapsed.withLock { $0 } }
    }

    public func advance(by duration: Duration, waking server: HTTPServer) {
        elapsed.withLock { $0 += duration }
        server.checkDeadlines()
    }
}

/// Returns once the server has `count` connections open (taken from its backlog, so their silence counts from
/// then): before a test moves its clock past a new connection's deadline. A hang bound, not a wait for time.
public func waitUntilOpen(_ count: Int, on server: HTTPServer) throws {
    let bound = ContinuousClock.now + .seconds(60)
    while server.connectionCount < count {
        guard ContinuousClock.now < bound else { throw ClientError(description: "the server never had \(count) connections open") }
        sched_yield()
    }
}
