import FeatureHostCore

/// A setting declaration as JSON: `{"key": "name", "type": "string", "default": "world", "summary": "…"}`;
/// numbers add `minimum` and `maximum`, choices their `choices`.
public struct SettingWire: Codable, Equatable, Sendable {
    public var key: String
    /// `number`, `bool`, `string`, `non-empty-string`, `choice`, `currency-code` or `any`.
    public var type: String
    public var minimum: Double?
    public var maximum: Double?
    /// The strings a `choice` allows.
    public var choices: [String]?
    public var `default`: SettingValueWire?
    public var summary: String?

    static let types = ["number", "bool", "string", "non-empty-string", "choice", "currency-code", "any"]
    /// A choice lists a few words, not a dictionary: more is a broken plugin.
    public static let maximumChoices = 256

    public init(_ declaration: SettingDeclaration) {
        key = declaration.key
        switch declaration.type {
        case .number(let range):
            type = "number"
            minimum = range.lowerBound
            maximum = range.upperBound
        case .bool: type = "bool"
        case .string: type = "string"
        case .nonEmptyString: type = "non-empty-string"
        case .choice(let allowed):
            type = "choice"
            choices = allowed
        case .currencyCode: type = "currency-code"
        case .any: type = "any"
        }
        `default` = SettingValueWire(declaration.defaultValue)
        summary = declaration.summary
    }

    public func declaration() throws -> SettingDeclaration {
        let settingType: SettingType
        switch type {
        case "number":
            let low = minimum ?? -Double.greatestFiniteMagnitude
            let high = maximum ?? Double.greatestFiniteMagnitude
            guard low.isFinite, high.isFinite, low <= high else {
                throw FeatureError("the setting \"\(key)\" has the range \(low)…\(high); its minimum must not exceed its maximum.")
            }
            settingType = .number(low...high)
        case "bool": settingType = .bool
        case "string": settingType = .string
        case "non-empty-string": settingType = .nonEmptyString
        case "choice":
            guard let choices, !choices.isEmpty else { throw FeatureError("the setting \"\(key)\" is a choice with no choices.") }
            guard choices.count <= Self.maximumChoices else {
                throw FeatureError("the setting \"\(key)\" has \(choices.count) choices; at most \(Self.maximumChoices) are allowed.")
            }
            settingType = .choice(choices)
        case "currency-code": settingType = .currencyCode
        case "any": settingType = .any
        default:
            throw FeatureError("the setting \"\(key)\" has the unknown type \"\(type)\"; allowed: \(Self.types.joined(separator: ", ")).")
        }
        let declaration = SettingDeclaration(key, type: settingType, default: `default`?.value ?? .null, summary: summary ?? "")
        if declaration.problem(with: declaration.defaultValue) != nil, settingType != .any {
            throw FeatureError("the setting \"\(key)\" has the default \(declaration.defaultValue), which is not \(settingType.allowed).")
        }
        return declaration
    }
}
