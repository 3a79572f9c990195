/// A step of a `ConfigWatcher`'s thread, reported to tests (internal): a batch of events read, and whether any
/// concerned the config; the thread's end.
enum ConfigWatchTrace: Sendable, Equatable {
    case read(concernsConfig: Bool)
    case ended
}
