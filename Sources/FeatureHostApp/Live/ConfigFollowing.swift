import FeatureHostCore
import FeatureHostRuntime
import Foundation

/// Starts following a config file: each settled change calls `reload` on the main actor.
@MainActor
enum ConfigFollowing {
    /// Throws when the file's folder cannot be watched (no inotify, no permission); SIGHUP and `reload` still work.
    static func watch(_ file: URL, reload: @escaping @MainActor () -> Void) throws -> ConfigWatcher {
        try ConfigWatcher(file: file) { Task { @MainActor in reload() } }
    }

    /// What the host says when it cannot watch: the edits then wait for a signal.
    static func unwatchedNotice(_ error: any Error, command: String) -> String {
        "config edits will not apply by themselves (\(error)); run `\(command) reload` or send SIGHUP to apply them."
    }
}
