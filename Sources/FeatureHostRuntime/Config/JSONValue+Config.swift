import Foundation
import StrictJSON

/// What validation reads off a parsed config value: each accessor is nil for any other kind, so a boolean is
/// never taken for a number (or 1 for true), as it could be through `NSNumber`.
extension JSONValue {
    /// The members by key; the reader refuses a repeated key, so none is lost.
    var members: [String: JSONValue]? {
        guard case .object(let list) = self else { return nil }
        return Dictionary(list.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    var elements: [JSONValue]? {
        if case .array(let items) = self { items } else { nil }
    }

    var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    var numberValue: Double? {
        if case .number(let value) = self { value } else { nil }
    }
}
