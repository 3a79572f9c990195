/// One key of a feature's `settings`, declared in its manifest: the type and range the host checks when it
/// validates a config, the default the feature gets when the key is absent, and a line for the docs. The feature
/// reads its settings through the same declaration (`FeatureSettings.number(_:)` and friends), so what
/// `featurehost validate` accepts and what the feature accepts at start cannot disagree.
public struct SettingDeclaration: Sendable, Equatable {
    public var key: String
    public var type: SettingType
    /// What the feature uses when the config does not set the key.
    public var defaultValue: SettingValue
    /// One line: what the setting changes, with its unit.
    public var summary: String

    public init(_ key: String, type: SettingType, default defaultValue: SettingValue, summary: String) {
        self.key = key
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// `nil` when `value` is allowed, else what is wrong with it.
    public func problem(with value: SettingValue) -> SettingProblem? {
        type.problem(with: value)
    }
}

/// The type of a declared setting, with its range where it has one.
public enum SettingType: Sendable, Equatable {
    /// A finite number inside the range (seconds, counts…).
    case number(ClosedRange<Double>)
    case bool
    case string
    /// A string with at least one character that is not white space (a name, a greeting).
    case nonEmptyString
    /// One of these strings, exactly (a style, a mode).
    case choice([String])
    /// An ISO 4217 code such as `USD`; lowercase is accepted.
    case currencyCode
    /// Not checked by the host: a key declared without a type (a plugin built before types were declared).
    case any

    /// What is allowed, for messages: `a number from 1 to 8639999`.
    public var allowed: String {
        switch self {
        case .number(let range):
            return "a number from \(SettingValue.number(range.lowerBound)) to \(SettingValue.number(range.upperBound))"
        case .bool: return "true or false"
        case .string: return "a string"
        case .nonEmptyString: return "a string that is not empty or only spaces"
        case .choice(let choices): return "one of " + choices.map { #""\#($0)""# }.joined(separator: ", ")
        case .currencyCode: return #"an ISO 4217 currency code such as "USD", "EUR" or "JPY""#
        case .any: return "any value"
        }
    }

    /// The JSON type the value must have, for "must be a number" messages.
    public var expectedType: String {
        switch self {
        case .number: return "a number"
        case .bool: return "true or false"
        case .string, .nonEmptyString, .choice, .currencyCode: return "a string"
        case .any: return "any value"
        }
    }

    public func problem(with value: SettingValue) -> SettingProblem? {
        switch (self, value) {
        case (.any, _): return nil
        case (.number(let range), .number(let number)):
            guard number.isFinite else { return .wrongType }
            return range.contains(number) ? nil : .outOfRange(range)
        case (.bool, .bool), (.string, .string): return nil
        case (.nonEmptyString, .string(let text)):
            return text.allSatisfy(\.isWhitespace) ? .invalid : nil
        case (.choice(let choices), .string(let text)):
            return choices.contains(text) ? nil : .invalid
        case (.currencyCode, .string(let code)):
            return CurrencyCodes.isKnown(code.uppercased()) ? nil : .invalid
        default: return .wrongType
        }
    }
}

/// Why a value does not fit its declaration.
public enum SettingProblem: Sendable, Equatable {
    /// Not the JSON type the setting has.
    case wrongType
    /// The right type, outside the range.
    case outOfRange(ClosedRange<Double>)
    /// The right type, not one of the values allowed (an unknown currency code).
    case invalid
}
