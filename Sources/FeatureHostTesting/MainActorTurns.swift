/// Lets the main actor run what is queued on it, such as the render a change scheduled for the next turn:
/// yields, never a real-time wait, bounded in turns so a broken host fails a test instead of hanging it.
@MainActor
public enum MainActorTurns {
    /// Yields until `condition` holds, at most `limit` times; true when it held.
    @discardableResult
    public static func run(until condition: () -> Bool, limit: Int = 100_000) async -> Bool {
        for _ in 0..<limit where !condition() { await Task.yield() }
        return condition()
    }

    /// Yields `count` times: long enough for anything already scheduled to have run, to show that nothing more
    /// happens (a second render).
    public static func run(_ count: Int = 50) async {
        for _ in 0..<count { await Task.yield() }
    }
}
