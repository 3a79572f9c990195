/// What a feature declares about itself, readable without constructing it.
public struct FeatureManifest: Sendable {
    public var id: FeatureID
    public var title: String
    /// One line for the home screen.
    public var summary: String
    /// The source kinds the config may choose; empty for a feature with no data source.
    public var acceptedSources: [SourceKind]
    /// Used when the config names no source; `nil` only for a feature with no data source.
    public var defaultSource: SourceConfiguration?
    /// The keys of `settings` the feature reads, each with its type, range, default and a line of docs; other
    /// keys are reported as unknown, and values that do not fit are reported by `validate`.
    public var settings: [SettingDeclaration]
    /// The kinds the feature has a bundled sample for: `plist` and `json-file` without a `path`, and `in-memory`,
    /// serve it. A config that chooses one of those kinds without a sample is an error.
    public var bundledSamples: [SourceKind]
    /// The keys the feature keeps in the host's key-value store: the only ones `store get|set|remove ID KEY` takes
    /// (a mistyped key is refused, never written beside the real one).
    public var storedKeys: [String]

    public init(
        id: FeatureID, title: String, summary: String, acceptedSources: [SourceKind] = [],
        defaultSource: SourceConfiguration? = nil, settings: [SettingDeclaration] = [], bundledSamples: [SourceKind] = [],
        storedKeys: [String] = []
    ) {
        self.id = id
        // A plugin's manifest is data from outside: its texts are cut as a feed's would be.
        self.title = TextLimit.title.apply(title)
        self.summary = TextLimit.message.apply(summary)
        self.acceptedSources = acceptedSources
        self.defaultSource = defaultSource
        self.settings = settings
        self.bundledSamples = bundledSamples
        self.storedKeys = storedKeys.map { TextLimit.title.apply($0) }
    }

    /// The declared keys, in declaration order.
    public var settingsKeys: [String] { settings.map(\.key) }

    public func setting(_ key: String) -> SettingDeclaration? { settings.first { $0.key == key } }

    /// Whether a source of `kind` with no `path` has something to read: a bundled sample, or (`http`) a URL.
    public func hasSample(for kind: SourceKind) -> Bool {
        kind == .http || bundledSamples.contains(kind)
    }
}
