import FeatureHostCore
import Foundation

/// A page event as JSON, the form it crosses the web entry in: `{"kind": "click", "action": "wave",
/// "fields": {}}`. Plain strings, so the wire needs no surface module; each side maps it to its own `PageEvent`.
public struct PageEventWire: Codable, Equatable, Sendable {
    /// `click`, `input`, `change`, `submit` or `key`.
    public var kind: String
    public var action: String
    public var value: String?
    public var fields: [String: String]?
    public var key: String?

    public init(kind: String, action: String, value: String? = nil, fields: [String: String]? = nil, key: String? = nil) {
        self.kind = kind
        self.action = action
        self.value = value
        self.fields = fields
        self.key = key
    }

    public func encoded() -> [UInt8] { JSONWire.encode(self) }

    public static func decode(_ bytes: [UInt8]) throws -> PageEventWire { try JSONWire.decode(PageEventWire.self, from: bytes) }
}

/// One of a plugin's web files as JSON: its name under `/assets/<feature id>/`, its content type and its
/// bytes in base64.
public struct WebAssetWire: Codable, Equatable, Sendable {
    public var name: String
    public var contentType: String
    public var base64: String

    public init(name: String, contentType: String, bytes: [UInt8]) {
        self.name = name
        self.contentType = contentType
        base64 = Data(bytes).base64EncodedString()
    }

    /// The bytes, or a message naming the file.
    public func bytes() throws -> [UInt8] {
        guard let data = Data(base64Encoded: base64) else { throw FeatureError("the web file \"\(name)\" is not valid base64.") }
        return Array(data)
    }

    public static func decodeList(_ bytes: [UInt8]) throws -> [WebAssetWire] { try JSONWire.decode([WebAssetWire].self, from: bytes) }
}
