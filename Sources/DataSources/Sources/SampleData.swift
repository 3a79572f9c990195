import Foundation

/// A feature's bundled sample data, served when the config names no file, and by the `in-memory` kind.
public struct SampleData<Record: Sendable>: Sendable {
    /// A bundled file for the `plist` kind.
    public var plistFile: URL?
    /// A bundled file for the `json-file` kind.
    public var jsonFile: URL?
    /// The `in-memory` value; built lazily, only when that kind is chosen.
    public var inMemory: (@Sendable () throws -> Record)?

    public init(plistFile: URL? = nil, jsonFile: URL? = nil, inMemory: (@Sendable () throws -> Record)? = nil) {
        self.plistFile = plistFile
        self.jsonFile = jsonFile
        self.inMemory = inMemory
    }
}
