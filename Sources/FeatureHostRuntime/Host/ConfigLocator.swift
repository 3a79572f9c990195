import Foundation

/// Finds the config: `--config FILE`, then `$FEATUREHOST_CONFIG`, then `./featurehost.json`, then the
/// built-in default.
public enum ConfigLocator {
    public enum Choice: Equatable, Sendable {
        case file(URL, reason: String)
        case builtInDefault
    }

    public static let environmentKey = "FEATUREHOST_CONFIG"
    public static let defaultFileName = "featurehost.json"

    public static func locate(explicit: String?, environment: [String: String], currentDirectory: URL) -> Choice {
        if let explicit, !explicit.isEmpty {
            return .file(absolute(explicit, in: currentDirectory), reason: "--config")
        }
        if let fromEnvironment = environment[environmentKey], !fromEnvironment.isEmpty {
            return .file(absolute(fromEnvironment, in: currentDirectory), reason: "$\(environmentKey)")
        }
        let local = currentDirectory.appendingPathComponent(defaultFileName)
        if FileManager.default.fileExists(atPath: local.path) {
            return .file(local, reason: "./\(defaultFileName)")
        }
        return .builtInDefault
    }

    static func absolute(_ path: String, in directory: URL) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded).standardizedFileURL }
        return directory.appendingPathComponent(expanded).standardizedFileURL
    }
}
