import FeatureHostCore
import Foundation

/// The user's new conventions as JSON, for the reformat entry: `{"locale": "de_DE", "timeZone": "Europe/Berlin",
/// "hourCycle": "24"}`, the same fields and forms as `ContextWire`'s.
public struct ConventionsWire: Codable, Equatable, Sendable {
    /// Three identifiers are a few dozen bytes; more is not conventions. The plugin's side refuses more unread.
    public static let maximumBytes = 4096

    public var locale: String
    public var timeZone: String
    /// `12` or `24`.
    public var hourCycle: String

    public init(_ conventions: FormatConventions) {
        locale = conventions.locale.identifier
        timeZone = conventions.timeZone.identifier
        hourCycle = conventions.hourCycle.rawValue
    }

    public func encoded() -> [UInt8] { JSONWire.encode(self) }

    public static func decode(_ bytes: [UInt8]) throws -> ConventionsWire {
        guard bytes.count <= maximumBytes else {
            throw FeatureError("the conventions are \(bytes.count) bytes, more than the \(maximumBytes) accepted.")
        }
        return try JSONWire.decode(ConventionsWire.self, from: bytes)
    }

    /// What an unknown hour cycle or time zone means, as for `ContextWire`.
    public var conventions: FormatConventions {
        FormatConventions(
            locale: Locale(identifier: locale), timeZone: TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current,
            hourCycle: HourCycle(rawValue: hourCycle) ?? .twentyFourHour)
    }
}
