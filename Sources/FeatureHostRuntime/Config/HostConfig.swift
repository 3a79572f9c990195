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
    /// The same, with where each runs and its memory limit when the config says.
    public var pluginConfigurations: [PluginConfiguration]
    /// An entry left out because its id is unknown while a plugin failed to load.
    public struct Skipped: Sendable, Equatable {
        public var id: FeatureID
        /// What `validate` reports for it.
        public var issue: ConfigIssue

        public init(id: FeatureID, issue: ConfigIssue) {
            self.id = id
            self.issue = issue
        }
    }

    /// Entries left out because their id is unknown while a plugin failed to load (`validate` reports them).
    public var skipped: [Skipped]

    /// The top-level `locale` and `hourCycle`: the user's choice for this host, above the environment.
    public struct LocaleSettings: Sendable, Equatable {
        /// A locale identifier Foundation knows, as written (`de_DE` or `de-DE`).
        public var locale: String?
        public var hourCycle: HourCycle?

        public init(locale: String? = nil, hourCycle: HourCycle? = nil) {
            self.locale = locale
            self.hourCycle = hourCycle
        }
    }

    public var localeSettings: LocaleSettings

    public init(
        file: URL?, entries: [Entry], plugins: [URL] = [], skipped: [Skipped] = [], localeSettings: LocaleSettings = .init(),
        pluginConfigurations: [PluginConfiguration]? = nil
    ) {
        self.file = file
        self.entries = entries
        self.plugins = plugins
        self.pluginConfigurations = pluginConfigurations ?? plugins.map { PluginConfiguration(file: $0) }
        self.skipped = skipped
        self.localeSettings = localeSettings
    }

    /// What `list` and the errors call this config.
    public var displayName: String { file?.path ?? "built-in default config" }
}
