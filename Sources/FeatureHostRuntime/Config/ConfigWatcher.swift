import Foundation

/// Follows the config file while the host runs: `onChange` is called, on the watcher's own thread, once a
/// burst of changes to the file has settled (`ChangeCoalescer`: `settle` of quiet, at most four times that
/// after the burst began). It watches the file's directory rather than the file, so an editor that saves by
/// writing a new file and renaming it over the old one is followed, and, when the path is a symbolic link,
/// the directories of the link's targets too, re-read after each change (a swapped link and an edit of the
/// target both count). It calls `onChange` for anything that may have changed the file, including a delete:
/// the caller reads the file and decides.
///
/// Linux only (inotify); elsewhere `init` throws.
public final class ConfigWatcher: Sendable {
    #if os(Linux)
        private let loop: ConfigWatchLoop
    #endif

    /// Starts following `file`. Throws when its directory cannot be watched (gone, not a directory, no
    /// permission), with a message that names the directory.
    public convenience init(file: URL, settle: Duration = .milliseconds(50), onChange: @escaping @Sendable () -> Void) throws {
        try self.init(file: file, settle: settle, trace: nil, onChange: onChange)
    }

    /// `trace` sees each step of the thread (tests only).
    init(
        file: URL, settle: Duration, trace: (@Sendable (ConfigWatchTrace) -> Void)?, onChange: @escaping @Sendable () -> Void
    ) throws {
        #if os(Linux)
            loop = try ConfigWatchLoop(path: file.standardizedFileURL.path, settle: settle, trace: trace, onChange: onChange)
            loop.start()
        #else
            throw ConfigWatchError("cannot follow \(file.path): following a file needs Linux inotify")
        #endif
    }

    /// Stops following: once this returns no `onChange` is running or will start, so it waits for a call in
    /// flight; `onChange` must therefore not wait for the thread that calls `stop` (hand the work to a task). It
    /// may be called more than once, and from `onChange` itself.
    public func stop() {
        #if os(Linux)
            loop.stop()
        #endif
    }

    deinit { stop() }
}
