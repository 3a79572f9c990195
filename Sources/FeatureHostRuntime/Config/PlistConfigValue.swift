import Foundation
import StrictJSON

/// A config written as an XML property list, as the JSON reader would have given it, so one validation reads
/// both: dictionaries (members sorted by key: a plist keeps no order), arrays, strings, numbers, booleans. A date
/// becomes its ISO 8601 string; data, which no key accepts, becomes null.
enum PlistConfigValue {
    static func value(_ object: Any) -> JSONValue {
        // The exact type first: a failing cast between a Swift value and a Foundation class looks for a bridge,
        // and the first such lookup scans every conformance in the process.
        if type(of: object) == Bool.self, let bool = object as? Bool { return .bool(bool) }
        if type(of: object) == String.self, let string = object as? String { return .string(string) }
        if type(of: object) == Int.self, let int = object as? Int { return .number(Double(int)) }
        if type(of: object) == Double.self, let double = object as? Double { return .number(double) }
        if let number = object as? NSNumber {
            // Booleans are the NSNumbers of Objective-C type `c` on both Darwin and Linux.
            return String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        }
        if let string = object as? String { return .string(string) }
        if let array = object as? [Any] { return .array(array.map(value)) }
        if let dictionary = object as? [String: Any] {
            return .object(dictionary.keys.sorted().compactMap { key in dictionary[key].map { (key: key, value: value($0)) } })
        }
        if let date = object as? Date { return .string(ISO8601DateFormatter().string(from: date)) }
        return .null
    }
}
