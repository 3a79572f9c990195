import FeatureHostCore
import Foundation

/// A validated config: which features run, in which order, with which source and settings.
public struct HostConfig: Sendable {
    public struct Entry: Sendable {
        public var id: FeatureID
        public var enabled: Bool
        /// The source the config chose, or `nil` to use the feature's default.
        public var source: SourceConfiguration?
        public var settings: [String: SettingValue]

        public init(id: FeatureID, enabled: Bool = true, source: SourceConfiguration? = nil, settings: [String: SettingValue] = [:]) {
            self.id = id
            self.enabled = enabled
            self.source = source
            self.settings = settings
        }
    }

    /// The file it was read from; `nil` for the built-in default.
    public var file: URL?
    public var entries: [Entry]
    /// Dynamic libraries to load features from, resolved against the config's folder.
    public var plugins: [URL]

    public init(file: URL?, entries: [Entry], plugins: [URL] = []) {
        self.file = file
        self.entries = entries
        self.plugins = plugins
    }

    /// What `list` and the errors call this config.
    public var displayName: String { file?.path ?? "built-in default config" }
}
