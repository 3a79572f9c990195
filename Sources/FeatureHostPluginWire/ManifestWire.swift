import FeatureHostCore
import Foundation
import StrictJSON

/// A feature manifest as JSON, the form it crosses the plugin boundary in.
public struct ManifestWire: Codable, Equatable, Sendable {
    public var id: String
    public var title: String
    public var summary: String
    public var acceptedSources: [String]?
    public var defaultSource: SourceWire?
    /// The plain keys: all a plugin built before settings had types sends. Still written, so an older host can
    /// read a newer plugin's keys.
    public var settingsKeys: [String]?
    /// The settings with their types, ranges, defaults and summaries; when present, `settingsKeys` is ignored.
    public var settings: [SettingWire]?
    /// The source kinds with a bundled sample; absent from older plugins, which are then trusted for every
    /// kind they accept.
    public var bundledSamples: [String]?
    /// `false` for a feature with no terminal scene (a web-only plugin); absent when it has one, as every plugin
    /// before web-only ones did.
    public var terminal: Bool?
    /// The keys the feature keeps in the host's store; absent from plugins built before they were declared.
    public var storedKeys: [String]?

    /// - Parameter hasTerminalScene: whether the feature is a `TerminalFeature` in the library.
    public init(_ manifest: FeatureManifest, hasTerminalScene: Bool = true) {
        id = manifest.id.rawValue
        title = manifest.title
        summary = manifest.summary
        acceptedSources = manifest.acceptedSources.map(\.rawValue)
        defaultSource = manifest.defaultSource.map(SourceWire.init)
        settingsKeys = manifest.settingsKeys
        settings = manifest.settings.map(SettingWire.init)
        bundledSamples = manifest.bundledSamples.map(\.rawValue)
        terminal = hasTerminalScene ? nil : false
        storedKeys = manifest.storedKeys.isEmpty ? nil : manifest.storedKeys
    }

    /// Whether the plugin draws in the terminal; a web-only plugin's terminal entry says it has no screen there.
    public var hasTerminalScene: Bool { terminal ?? true }

    /// The manifest, or a message naming what is wrong with it.
    public func manifest() throws -> FeatureManifest {
        let kinds = try (acceptedSources ?? []).map(SourceWire.kind)
        let declarations =
            try settings?.map { try $0.declaration() }
            ?? (settingsKeys ?? []).map { SettingDeclaration($0, type: .any, default: .null, summary: "") }
        return FeatureManifest(
            id: FeatureID(id), title: title, summary: summary, acceptedSources: kinds,
            defaultSource: try defaultSource?.configuration(), settings: declarations,
            bundledSamples: try bundledSamples.map { try $0.map(SourceWire.kind) } ?? kinds, storedKeys: storedKeys ?? [])
    }

    public func encoded() -> [UInt8] { JSONWire.encode(self) }

    public static func decode(_ bytes: [UInt8]) throws -> ManifestWire { try JSONWire.decode(ManifestWire.self, from: bytes) }
}

/// A source configuration as JSON.
public struct SourceWire: Codable, Equatable, Sendable {
    public var kind: String
    public var path: String?
    public var url: String?
    public var timeout: Double?
    public var cache: Bool?

    public init(_ configuration: SourceConfiguration) {
        kind = configuration.kind.rawValue
        path = configuration.path?.path
        url = configuration.url?.absoluteString
        timeout = configuration.timeout
        cache = configuration.cache
    }

    public func configuration() throws -> SourceConfiguration {
        var configuration = SourceConfiguration(
            kind: try Self.kind(kind), timeout: timeout ?? SourceConfiguration.defaultTimeout, cache: cache)
        configuration.path = path.map { URL(fileURLWithPath: $0) }
        if let url {
            guard let parsed = URL(string: url) else { throw FeatureError("the source url \"\(url)\" is not a URL.") }
            configuration.url = parsed
        }
        return configuration
    }

    static func kind(_ name: String) throws -> SourceKind {
        guard let kind = SourceKind(rawValue: name) else {
            let allowed = SourceKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw FeatureError("unknown source kind \"\(name)\"; allowed: \(allowed).")
        }
        return kind
    }
}

/// The footer's key hints as JSON.
public struct KeyHintWire: Codable, Equatable, Sendable {
    public var key: String
    public var action: String

    public init(key: String, action: String) {
        self.key = key
        self.action = action
    }
}

/// JSON with sorted keys, so the bytes are stable; errors become messages.
public enum JSONWire {
    public static func encode<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding plain strings, numbers and arrays cannot fail; an empty object is the safe fallback.
        return Array((try? encoder.encode(value)) ?? Data("{}".utf8))
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        // The strict reader first, as for every JSON the host reads from outside: Foundation keeps the last of a
        // repeated key and accepts a trailing comma, so two readers of one message could see two values.
        do {
            try JSONReader.validate(bytes)
        } catch {
            throw FeatureError("not valid \(T.self) JSON: \(error.description)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw FeatureError("not valid \(T.self) JSON: \(describe(error))")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "the key \"\(path(context.codingPath + [key]))\" is missing."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\"\(path(context.codingPath))\" has the wrong type (\(context.debugDescription))."
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the bytes are not JSON." : "\"\(path(context.codingPath))\" is not valid."
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
