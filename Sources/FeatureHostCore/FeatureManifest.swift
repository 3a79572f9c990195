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
    /// The keys of `settings` the feature reads; others are reported as unknown.
    public var settingsKeys: [String]

    public init(
        id: FeatureID, title: String, summary: String, acceptedSources: [SourceKind] = [],
        defaultSource: SourceConfiguration? = nil, settingsKeys: [String] = []
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.acceptedSources = acceptedSources
        self.defaultSource = defaultSource
        self.settingsKeys = settingsKeys
    }
}
