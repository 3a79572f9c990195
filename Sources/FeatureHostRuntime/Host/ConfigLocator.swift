import Foundation

/// Finds the config: `--config FILE`, then `$FEATUREHOST_CONFIG`, then `./featurehost.json`, then the
/// built-in default. An app that embeds the host reads its own variable (`$MYAPP_CONFIG`) and may name another
/// file (`AppIdentity`).
public enum ConfigLocator {
    public enum Choice: Equatable, Sendable {
        case file(URL, reason: String)
        case builtInDefault
    }

    public static let environmentKey = "FEATUREHOST_CONFIG"
    public static let defaultFileName = "featurehost.json"

    public static func locate(
        explicit: String?, environment: [String: String], currentDirectory: URL, app: AppIdentity = .featureHost
    ) -> Choice {
        if let explicit, !explicit.isEmpty {
            return .file(absolute(explicit, in: currentDirectory), reason: "--config")
        }
        let key = app.configEnvironmentKey
        if let fromEnvironment = environment[key], !fromEnvironment.isEmpty {
            return .file(absolute(fromEnvironment, in: currentDirectory), reason: "$\(key)")
        }
        let local = currentDirectory.appendingPathComponent(app.configFileName)
        if FileManager.default.fileExists(atPath: local.path) {
            return .file(local, reason: "./\(app.configFileName)")
        }
        return .builtInDefault
    }

    static func absolute(_ path: String, in directory: URL) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded).standardizedFileURL }
        return directory.appendingPathComponent(expanded).standardizedFileURL
    }
}
