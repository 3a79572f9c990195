import FeatureHostCore
import Foundation

/// Where a feature's files live under a data directory: the one layout the host, a plugin's process and an app
/// that uses `FeatureContext.standard` all share, so each finds what the others wrote.
///
/// ```
/// <data>/preferences.plist          every feature's small state (PlistFileStore, one prefix per feature)
/// <data>/features/<id>/             each feature's own storage directory
/// <data>/cache/payloads.sqlite      the last good payload of each cached http source
/// <data>/cache/images/              the image cache
/// <data>/cache/plugin-images/<id>/  a plugin's own image cache (it runs in a process of its own)
/// <data>/cache/foundation/          what FoundationNetworking makes for itself on Linux
/// ```
public struct DataLayout: Sendable, Equatable {
    public let directory: URL

    public init(_ directory: URL) { self.directory = directory }

    /// The preferences file without its `.plist` (`PlistFileStore` adds it).
    public var preferencesFile: URL { directory.appendingPathComponent("preferences") }
    public var payloadCacheFile: URL { directory.appendingPathComponent("cache/payloads.sqlite") }
    public var imageCacheDirectory: URL { directory.appendingPathComponent("cache/images", isDirectory: true) }
    public var foundationDirectory: URL { directory.appendingPathComponent("cache/foundation", isDirectory: true) }

    /// What feature `id` may read, relative to `directory`: the preferences, its own folder, the payload cache (with
    /// its write-ahead log) and the picture caches. `snapshot` copies only these (`DataDirectoryCopy`).
    public static func entries(readBy id: FeatureID) -> [String] {
        [
            "preferences.plist", "features/\(id.rawValue)", "cache/payloads.sqlite", "cache/payloads.sqlite-wal", "cache/images",
            "cache/plugin-images/\(id.rawValue)",
        ]
    }

    public func storageDirectory(for id: FeatureID) -> URL {
        directory.appendingPathComponent("features/\(id.rawValue)", isDirectory: true)
    }

    /// A plugin's image cache: its process keeps one of its own, beside the host's, and the web surface serves from
    /// both.
    public func pluginImageCacheDirectory(for id: FeatureID) -> URL {
        directory.appendingPathComponent("cache/plugin-images/\(id.rawValue)", isDirectory: true)
    }

    /// Creates `directory` (and its parents), with a message naming it when that fails.
    public static func prepare(_ directory: URL) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw FeatureError("Cannot create the data directory \(directory.path): \(error.localizedDescription)")
        }
    }
}
