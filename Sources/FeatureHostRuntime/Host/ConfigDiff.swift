import FeatureHostCore

/// What a reload changes, feature by feature: the running host applies only this (nginx's rule is to validate
/// whole, then apply only what changed). A pure function of the two configs' enabled features, so it is tested
/// without a host.
public struct ConfigDiff: Sendable, Equatable {
    /// Why a running feature is made again: its entry's source or settings, or the code it comes from.
    public enum Restart: Sendable, Equatable {
        case source
        case settings
        /// A plugin library that was rebuilt, or the feature moved to another plugin.
        case code
    }

    /// Enabled in the new config and not in the old, in the new config's order.
    public let added: [FeatureID]
    /// Enabled in the old config and not in the new (turned off, or gone from the file).
    public let removed: [FeatureID]
    /// In both, with another source, other settings or other code.
    public let restarted: [FeatureID: Restart]
    /// The top-level locale or hour cycle changed: every feature formats again.
    public let localeChanged: Bool
    /// The new config's enabled features, in its order: where the surfaces put them.
    public let order: [FeatureID]

    public init(
        from old: [ResolvedFeature], to new: [ResolvedFeature], locale oldLocale: HostConfig.LocaleSettings = .init(),
        _ newLocale: HostConfig.LocaleSettings = .init()
    ) {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Set(new.map(\.id))
        added = new.map(\.id).filter { before[$0] == nil }
        removed = old.map(\.id).filter { !after.contains($0) }
        var restarted: [FeatureID: Restart] = [:]
        for feature in new {
            guard let previous = before[feature.id], let why = Self.restart(from: previous, to: feature) else { continue }
            restarted[feature.id] = why
        }
        self.restarted = restarted
        localeChanged = oldLocale != newLocale
        order = new.map(\.id)
    }

    /// Nothing to apply: every running feature stays as it is.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && restarted.isEmpty && !localeChanged }

    /// Whether `id` keeps its running instance.
    public func keeps(_ id: FeatureID) -> Bool { !added.contains(id) && !removed.contains(id) && restarted[id] == nil }

    /// Sources and settings compare as the feature gets them: the config's source, else the manifest's default; a
    /// setting left out reads as its declared default, so writing the default out changes nothing.
    static func restart(from old: ResolvedFeature, to new: ResolvedFeature) -> Restart? {
        if old.descriptor.origin != new.descriptor.origin || old.descriptor.build != new.descriptor.build {
            return .code
        }
        if old.source != new.source { return .source }
        if effectiveSettings(old) != effectiveSettings(new) { return .settings }
        return nil
    }

    private static func effectiveSettings(_ feature: ResolvedFeature) -> [String: SettingValue] {
        var values = Dictionary(feature.manifest.settings.map { ($0.key, $0.defaultValue) }, uniquingKeysWith: { first, _ in first })
        for (key, value) in feature.entry.settings { values[key] = value }
        return values
    }
}
