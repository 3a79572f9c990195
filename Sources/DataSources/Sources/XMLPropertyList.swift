import Foundation

/// Reads property lists from outside the program (a config, a payload) in their XML form only.
///
/// Foundation on Linux traps on some property lists, found by the fuzzers (docs/reliability.md): a set object in
/// a binary plist crashes while it is bridged to Swift (`NSSet` to `Set<AnyHashable>`, `FuzzConfig`), and bytes
/// that are not UTF-8 inside an XML element hit a fatal error in its decoder (`FuzzChats`). XML has no set, every
/// bundled and documented plist is XML, and `plutil -convert xml1` turns the others into it, so a binary or
/// OpenStep plist is refused with that advice, and XML that is not UTF-8 is refused, before Foundation sees it.
/// So is nesting past `PlistNesting.maximumDepth`, where the decoder overflows its stack.
public enum XMLPropertyList {
    public struct FormatError: LocalizedError, Sendable, Equatable, CustomStringConvertible {
        public let description: String
        public var errorDescription: String? { description }
    }

    /// Whether the bytes start (after a byte-order mark and white space) like a property list, XML or binary.
    public static func looksLikePropertyList(_ data: Data) -> Bool {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        bytes = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return ["bplist", "<?xml", "<!DOCTYPE", "<plist"].contains { bytes.starts(with: Array($0.utf8)) }
    }

    /// Throws unless the bytes start (after a byte-order mark and white space) like an XML property list, are UTF-8
    /// and nest within `PlistNesting.maximumDepth`.
    public static func check(_ data: Data) throws(FormatError) {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        bytes = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if bytes.starts(with: Array("bplist".utf8)) {
            throw FormatError(
                description: "it is a binary property list; only XML property lists are read (convert it with `plutil -convert xml1 FILE`)")
        }
        guard ["<?xml", "<!DOCTYPE", "<plist"].contains(where: { bytes.starts(with: Array($0.utf8)) }) else {
            throw FormatError(description: "it does not start like an XML property list (<?xml, <!DOCTYPE plist or <plist)")
        }
        if let offset = UTF8Check.firstInvalidOffset(in: data) {
            throw FormatError(description: "it is not valid UTF-8 (at byte \(offset))")
        }
        if let offset = PlistNesting.firstTooDeepOffset(in: data) {
            throw FormatError(
                description:
                    "it nests arrays and dictionaries more than \(PlistNesting.maximumDepth) levels deep (at byte \(offset))")
        }
    }

    /// The plist's root object, as `PropertyListSerialization` gives it.
    public static func object(from data: Data) throws -> Any {
        try check(data)
        return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try check(data)
        return try PropertyListDecoder().decode(T.self, from: data)
    }
}
