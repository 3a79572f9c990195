import FeatureHostCore
import Foundation

extension DecodingError {
    /// `at [3].sendingDate: expected a date, found a string`, instead of Foundation's nested dump.
    public var readableDescription: String {
        switch self {
        case .typeMismatch(let type, let context):
            return "at \(Self.path(context.codingPath)): expected \(Self.name(of: type)); \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "at \(Self.path(context.codingPath)): expected \(Self.name(of: type)), found null"
        case .keyNotFound(let key, let context):
            return "at \(Self.path(context.codingPath + [key])): the key \"\(key.stringValue)\" is missing"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.localizedDescription
            let parts = [context.debugDescription, underlying].compactMap { $0 }.filter { !$0.isEmpty }
            // A sentence that ends in a full stop is followed by the next one, not by a colon (`JSON.: The…`).
            let detail = parts.dropFirst().reduce(parts.first ?? "") { $0 + ($0.hasSuffix(".") ? " " : ": ") + $1 }
            return context.codingPath.isEmpty ? detail : "at \(Self.path(context.codingPath)): \(detail)"
        @unknown default:
            return String(describing: self)
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        guard !keys.isEmpty else { return "the top level" }
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Int64.Type, is Double.Type, is Decimal.Type: return "a number"
        case is Bool.Type: return "a boolean"
        case is Date.Type: return "a date"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return name
        }
    }
}

/// A payload that could not be decoded: names the source and the place inside it.
public struct PayloadDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var source: String
    public var detail: String

    public init(source: String, error: any Error) {
        self.source = source
        // Cut: a coding path and a debug description can quote what the payload sent.
        if let decoding = error as? DecodingError {
            detail = TextLimit.message.apply(decoding.readableDescription)
        } else {
            detail = TextLimit.message.apply((error as NSError).localizedDescription)
        }
    }

    /// `… could not be read at [3].sendingDate: …`, or `… could not be read: The given data was not valid JSON.`
    public var description: String { "\(source) could not be read" + (detail.hasPrefix("at ") ? " " : ": ") + detail }
}
