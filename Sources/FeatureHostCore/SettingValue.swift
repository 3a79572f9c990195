/// A value from a feature's `settings` object in the config (JSON or plist).
public enum SettingValue: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([SettingValue])
    case object([String: SettingValue])
    case null

    /// The JSON type name used in error messages.
    public var typeName: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .array: return "an array"
        case .object: return "an object"
        case .null: return "null"
        }
    }

    public var description: String {
        switch self {
        case .string(let value): return "\"\(value)\""
        case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .bool(let value): return String(value)
        case .array(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let values):
            return "{" + values.keys.sorted().map { "\"\($0)\": \(values[$0]?.description ?? "")" }.joined(separator: ", ") + "}"
        case .null: return "null"
        }
    }
}
