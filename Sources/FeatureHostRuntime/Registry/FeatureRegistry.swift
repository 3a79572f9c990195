import FeatureHostCore

/// What a feature *is*, apart from any running instance of it: its manifest (the source kinds and settings it
/// accepts), where it came from, and how to make an instance from a context. Built-ins are described by their type;
/// plugin features by their library (the instance is then a bridge to it).
public struct FeatureDescriptor: Sendable {
    public let manifest: FeatureManifest
    /// Where it came from: `built-in`, or the plugin file.
    public let origin: String
    /// What messages call it: the type's name, or the plugin file's name.
    public let name: String
    public let make: @MainActor @Sendable (FeatureContext) throws -> any FeatureInstance
    /// Which build of its code: empty for a compiled-in feature; a plugin's library file as it was on disk when
    /// loaded, so a reload that finds the library rebuilt makes its features again (`ConfigDiff.Restart.code`).
    public var build = ""

    public init(
        manifest: FeatureManifest, origin: String, name: String,
        make: @escaping @MainActor @Sendable (FeatureContext) throws -> any FeatureInstance
    ) {
        self.manifest = manifest
        self.origin = origin
        self.name = name
        self.make = make
    }

    /// A compiled-in feature type.
    public init(type: any Feature.Type, origin: String = "built-in") {
        let boxed = FeatureRegistry.FeatureType(type: type)
        self.init(manifest: type.manifest, origin: origin, name: "\(type)") { context in try boxed.type.init(context: context) }
    }

    /// `AlphaFeature (built-in)`, `libGreeting.so (/path/libGreeting.so)`.
    public var label: String { "\(name) (\(origin))" }
}

/// The features the host knows, in order: the built-ins listed by the composition root, then any loaded from
/// plugins. Never discovered by scanning conformances at run time.
public struct FeatureRegistry: Sendable {
    /// Feature types are metatypes of a protocol that is not Sendable; they are immutable, so sharing is safe.
    fileprivate struct FeatureType: @unchecked Sendable {
        let type: any Feature.Type
    }

    public private(set) var descriptors: [FeatureDescriptor] = []

    /// Registers built-in features. Duplicate ids are reported by `problems`.
    public init(_ types: [any Feature.Type]) {
        descriptors = types.map { FeatureDescriptor(type: $0) }
    }

    public mutating func add(_ type: any Feature.Type, origin: String) {
        descriptors.append(FeatureDescriptor(type: type, origin: origin))
    }

    public mutating func add(_ descriptor: FeatureDescriptor) {
        descriptors.append(descriptor)
    }

    public var ids: [FeatureID] { descriptors.map(\.manifest.id) }

    public func descriptor(for id: FeatureID) -> FeatureDescriptor? {
        descriptors.first { $0.manifest.id == id }
    }

    /// Duplicate ids, ids that are not kebab-case, and manifests that contradict themselves: a default source
    /// with nothing to read, a setting whose default its own declaration refuses. (With those, a config that
    /// `validate` accepts would still fail at start.)
    public var problems: [String] {
        var seen: [(id: FeatureID, label: String)] = []  // A handful: a list costs less to set up than a dictionary.
        var problems: [String] = []
        for descriptor in descriptors {
            let id = descriptor.manifest.id
            if !id.isKebabCase {
                problems.append("The feature id \"\(id)\" (\(descriptor.name), \(descriptor.origin)) is not kebab-case.")
            }
            let manifest = descriptor.manifest
            if let source = manifest.defaultSource, source.path == nil, !manifest.hasSample(for: source.kind) {
                problems.append(
                    "The feature \"\(id)\" (\(descriptor.label)) defaults to a \(source.kind) source but declares no bundled \(source.kind) sample."
                )
            }
            for setting in manifest.settings where setting.problem(with: setting.defaultValue) != nil {
                problems.append(
                    "The feature \"\(id)\" (\(descriptor.label)) declares the setting \"\(setting.key)\" with the default \(setting.defaultValue), which is not \(setting.type.allowed)."
                )
            }
            if let first = seen.first(where: { $0.id == id })?.label {
                problems.append("The feature id \"\(id)\" is registered twice: by \(first) and by \(descriptor.label).")
            } else {
                seen.append((id, descriptor.label))
            }
        }
        return problems
    }
}
