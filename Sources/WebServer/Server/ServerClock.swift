/// The time the server's deadlines are counted in (the request deadline, the idle timeout, the last answer's
/// bounds, how long a connection has waited at the cap): the continuous clock, or a test's that moves only when
/// told, so a deadline test need not wait for it in real time. The loop sleeps in `poll` until its own idea of
/// the nearest deadline, so whoever moves a test clock calls `HTTPServer.checkDeadlines()` after.
///
/// Two bounds stay on the continuous clock, since they bound real waiting whatever the test's time: the pause in
/// accepting after the process ran out of descriptors, and the flush of a stopping server's last answers.
public struct ServerClock: Sendable {
    public let now: @Sendable () -> ContinuousClock.Instant

    public init(now: @escaping @Sendable () -> ContinuousClock.Instant) { self.now = now }

    public static let continuous = ServerClock { ContinuousClock.now }
}
