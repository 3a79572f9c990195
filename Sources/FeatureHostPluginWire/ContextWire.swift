import FeatureHostCore
import Foundation

/// What the host lends a plugin feature, as JSON: the parts of `FeatureContext` that are plain values. The
/// plugin builds the rest (clock, transport, key-value store) from them with its own copy of the core.
public struct ContextWire: Codable, Equatable, Sendable {
    /// `live`: the plugin uses its own continuous clock. `manual`: the host's clock is virtual and moves the
    /// plugin's through `advance`.
    public enum ClockKind: String, Codable, Sendable {
        case live, manual
    }

    public var id: String
    public var settings: [String: SettingValueWire]
    public var locale: String
    public var timeZone: String
    /// `12` or `24`.
    public var hourCycle: String
    public var storageDirectory: String
    public var dataDirectory: String
    /// The preferences file (without `.plist`) the host keeps feature state in (`PlistFileStore`).
    public var preferencesFile: String
    public var payloadCacheFile: String
    public var source: SourceWire?
    public var clock: ClockKind
    /// The wall-clock time when the instance is created, in seconds since 1970; with a manual clock the
    /// plugin's "now" is this plus the clock's offset.
    public var now: Double
    /// The form this host reads `key_hints` in (`KeyHintsWire.objectForm`); nil from an older host, which reads only
    /// the plain array. An older plugin ignores it.
    public var keyHintsForm: Int?

    public init(
        context: FeatureContext, dataDirectory: URL, preferencesFile: URL, clock: ClockKind
    ) {
        id = context.id.rawValue
        settings = context.settings.values.mapValues(SettingValueWire.init)
        locale = context.locale.identifier
        timeZone = context.timeZone.identifier
        hourCycle = context.hourCycle.rawValue
        storageDirectory = context.storageDirectory.path
        self.dataDirectory = dataDirectory.path
        self.preferencesFile = preferencesFile.path
        payloadCacheFile = context.payloadCacheFile.path
        source = context.source.map(SourceWire.init)
        self.clock = clock
        now = context.now().timeIntervalSince1970
        keyHintsForm = KeyHintsWire.objectForm
    }

    public func encoded() -> [UInt8] { JSONWire.encode(self) }

    public static func decode(_ bytes: [UInt8]) throws -> ContextWire { try JSONWire.decode(ContextWire.self, from: bytes) }

    public var featureSettings: FeatureSettings {
        FeatureSettings(settings.mapValues(\.value), owner: "settings of \"\(id)\"")
    }

    public var resolvedHourCycle: HourCycle { HourCycle(rawValue: hourCycle) ?? .twentyFourHour }
    public var resolvedTimeZone: TimeZone { TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current }
}

/// A setting value as JSON: the same shapes the config file allows.
public struct SettingValueWire: Codable, Equatable, Sendable {
    public var value: SettingValue

    public init(_ value: SettingValue) { self.value = value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            value = .number(number)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let array = try? container.decode([SettingValueWire].self) {
            value = .array(array.map(\.value))
        } else {
            value = .object(try container.decode([String: SettingValueWire].self).mapValues(\.value))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .string(let string): try container.encode(string)
        case .number(let number): try container.encode(number)
        case .bool(let bool): try container.encode(bool)
        case .array(let values): try container.encode(values.map(SettingValueWire.init))
        case .object(let values): try container.encode(values.mapValues(SettingValueWire.init))
        case .null: try container.encodeNil()
        }
    }
}
