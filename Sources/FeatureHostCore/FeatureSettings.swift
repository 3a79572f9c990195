/// A feature's `settings` from the config, with typed reads that fail with a message naming the key.
public struct FeatureSettings: Sendable, Equatable {
    public var values: [String: SettingValue]
    /// Prefixes messages, e.g. `settings of "offer-countdown"`.
    public var owner: String

    public init(_ values: [String: SettingValue] = [:], owner: String = "settings") {
        self.values = values
        self.owner = owner
    }

    public subscript(key: String) -> SettingValue? { values[key] }

    /// A number of seconds (or any number) that must be finite and inside `range`.
    public func number(_ key: String, default defaultValue: Double, in range: ClosedRange<Double>? = nil) throws -> Double {
        guard let value = values[key] else { return defaultValue }
        guard case .number(let number) = value, number.isFinite else {
            throw FeatureError("\(owner): \"\(key)\" must be a number, found \(value.typeName) \(value).")
        }
        if let range, !range.contains(number) {
            throw FeatureError(
                "\(owner): \"\(key)\" must be between \(SettingValue.number(range.lowerBound)) and \(SettingValue.number(range.upperBound)), found \(value)."
            )
        }
        return number
    }

    public func string(_ key: String, default defaultValue: String) throws -> String {
        guard let value = values[key] else { return defaultValue }
        guard case .string(let string) = value else {
            throw FeatureError("\(owner): \"\(key)\" must be a string, found \(value.typeName) \(value).")
        }
        return string
    }

    public func bool(_ key: String, default defaultValue: Bool) throws -> Bool {
        guard let value = values[key] else { return defaultValue }
        guard case .bool(let bool) = value else {
            throw FeatureError("\(owner): \"\(key)\" must be true or false, found \(value.typeName) \(value).")
        }
        return bool
    }
}
