import FeatureHostCore
import FeatureHostRuntime
import Foundation

/// Follows the files a running host depends on, the config and the plugin libraries it names: each settled change
/// of any calls `reload` on the main actor. The set follows the config (a plugin added to `"plugins"` is watched
/// from the reload that loaded it).
@MainActor
final class ConfigFollower {
    private var watchers: [URL: ConfigWatcher] = [:]
    private let reload: @MainActor () -> Void
    private let command: String

    init(command: String, reload: @escaping @MainActor () -> Void) {
        self.command = command
        self.reload = reload
    }

    /// Watches exactly `files`; returns what to tell the user about those that cannot be watched (no inotify, a
    /// folder that cannot be read): their edits then wait for `reload` or SIGHUP.
    @discardableResult
    func follow(_ files: [URL]) -> [String] {
        let wanted = Set(files.map(\.standardizedFileURL))
        for (file, watcher) in watchers where !wanted.contains(file) {
            watcher.stop()
            watchers[file] = nil
        }
        var notices: [String] = []
        for file in wanted.sorted(by: { $0.path < $1.path }) where watchers[file] == nil {
            do {
                watchers[file] = try ConfigWatcher(file: file) { [reload] in Task { @MainActor in reload() } }
            } catch {
                notices.append("edits of \(file.path) will not apply by themselves (\(error)); run `\(command) reload` or send SIGHUP.")
            }
        }
        return notices
    }

    func stop() {
        for watcher in watchers.values { watcher.stop() }
        watchers.removeAll()
    }
}
