import FeatureHostCore
import Foundation

/// Where the host keeps caches, databases and small state: `--data-dir DIR`, else `$FEATUREHOST_DATA_DIR`,
/// else `$XDG_DATA_HOME/featurehost`, else `~/.local/share/featurehost`. Created on first use. An app that embeds
/// the host has its own variable and folder (`$MYAPP_DATA_DIR`, `…/myapp`: `AppIdentity`).
public enum DataDirectory {
    /// The variables `resolve` reads for `app`.
    public static func environmentKeys(for app: AppIdentity = .featureHost) -> [String] {
        [app.dataDirectoryEnvironmentKey, "XDG_DATA_HOME", "HOME"]
    }

    public static func resolve(
        explicit: String?, environment: [String: String], currentDirectory: URL, app: AppIdentity = .featureHost
    ) -> URL {
        if let explicit, !explicit.isEmpty { return ConfigLocator.absolute(explicit, in: currentDirectory) }
        if let value = environment[app.dataDirectoryEnvironmentKey], !value.isEmpty {
            return ConfigLocator.absolute(value, in: currentDirectory)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent(app.commandName)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share").appendingPathComponent(app.commandName)
    }
}
