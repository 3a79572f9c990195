import FeatureHostCore

/// A config entry joined with its registered type: the source and settings the feature will get.
public struct ResolvedFeature: Sendable {
    public let descriptor: FeatureDescriptor
    public let entry: HostConfig.Entry

    public init(descriptor: FeatureDescriptor, entry: HostConfig.Entry) {
        self.descriptor = descriptor
        self.entry = entry
    }

    public var manifest: FeatureManifest { descriptor.manifest }
    public var id: FeatureID { manifest.id }
    /// The config's source, else the feature's default.
    public var source: SourceConfiguration? { entry.source ?? manifest.defaultSource }
    public var settings: FeatureSettings { FeatureSettings(entry.settings, owner: "settings of \"\(manifest.id)\"") }

    /// The enabled entries of `config`, in config order.
    public static func enabled(in config: HostConfig, registry: FeatureRegistry) -> [ResolvedFeature] {
        all(in: config, registry: registry).filter(\.entry.enabled)
    }

    public static func all(in config: HostConfig, registry: FeatureRegistry) -> [ResolvedFeature] {
        config.entries.compactMap { entry in
            registry.descriptor(for: entry.id).map { ResolvedFeature(descriptor: $0, entry: entry) }
        }
    }
}
