import CFeatureHostCallGuard

/// Marks a call the host makes into a plugin on the main actor, so a callback the plugin makes within it, on
/// the same thread, knows it is on the main actor without asking the executor (`FrameRequestRelay`): the
/// common case, and the cheap one.
enum HostCall {
    @MainActor
    static func run<Result>(_ body: () -> Result) -> Result {
        featurehost_enter_host_call()
        defer { featurehost_leave_host_call() }
        return body()
    }

    /// Whether the calling thread is inside a `run`.
    static var isCurrent: Bool { featurehost_in_host_call() != 0 }
}
