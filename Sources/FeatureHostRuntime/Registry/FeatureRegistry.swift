import FeatureHostCore

/// The feature types the host knows, in order: the built-ins listed by the composition root, then any
/// loaded from plugins. Never discovered by scanning conformances at run time.
public struct FeatureRegistry: Sendable {
    /// Feature types are metatypes of Sendable-free protocols; they are immutable, so sharing them is safe.
    public struct Registration: @unchecked Sendable {
        public let type: any Feature.Type
        /// Where it came from: `built-in`, or the plugin file.
        public let origin: String

        public init(type: any Feature.Type, origin: String) {
            self.type = type
            self.origin = origin
        }

        public var manifest: FeatureManifest { type.manifest }
    }

    public private(set) var registrations: [Registration] = []

    /// Registers built-in features. Duplicate ids are reported by `problems`.
    public init(_ types: [any Feature.Type]) {
        registrations = types.map { Registration(type: $0, origin: "built-in") }
    }

    public mutating func add(_ type: any Feature.Type, origin: String) {
        registrations.append(Registration(type: type, origin: origin))
    }

    public var ids: [FeatureID] { registrations.map(\.manifest.id) }

    public func registration(for id: FeatureID) -> Registration? {
        registrations.first { $0.manifest.id == id }
    }

    /// Duplicate ids and ids that are not kebab-case.
    public var problems: [String] {
        var seen: [FeatureID: String] = [:]
        var problems: [String] = []
        for registration in registrations {
            let id = registration.manifest.id
            if !id.isKebabCase {
                problems.append("The feature id \"\(id)\" (\(registration.type), \(registration.origin)) is not kebab-case.")
            }
            if let first = seen[id] {
                problems.append(
                    "The feature id \"\(id)\" is registered twice: by \(first) and by \(registration.type) (\(registration.origin)).")
            } else {
                seen[id] = "\(registration.type) (\(registration.origin))"
            }
        }
        return problems
    }
}
