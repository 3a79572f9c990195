import FeatureHostCore
import Foundation

/// Keeps the folders FoundationNetworking makes for itself inside a directory the host chooses.
///
/// On Linux, the first `URLSessionConfiguration` of a process (even `.ephemeral`, even with `urlCache = nil`)
/// touches the shared `URLCache` and the shared `HTTPCookieStorage`, which create
/// `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<process>` and `$XDG_DATA_HOME/<executable's folder>`
/// (`~/.cache/…` and `~/.local/share/…` by default). Nothing is written into them, because our sessions are
/// ephemeral and cache nothing, but a user who gave `--data-dir` expects no folder elsewhere. Foundation reads
/// those two variables when it makes them, so they are pointed inside the data directory first, once per
/// process.
public enum FoundationNetworkingFiles {
    /// The directory chosen by the first call.
    private static let chosen = Locked<URL?>(nil)

    /// Call before the first URLSession is made; later calls keep the first directory.
    public static func keep(under directory: URL) {
        chosen.withLock { chosen in
            guard chosen == nil else { return }
            chosen = directory
            #if !canImport(Darwin)
                // Darwin keeps these under the app's container; only Linux follows XDG. Called before the
                // host starts any work that reads the environment, so no other thread reads it meanwhile.
                setenv("XDG_CACHE_HOME", directory.path, 1)
                setenv("XDG_DATA_HOME", directory.path, 1)
            #endif
        }
    }
}
