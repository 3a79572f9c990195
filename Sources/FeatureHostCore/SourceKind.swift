/// Where a feature's records come from. The config names the kind; the feature names only the record type.
public enum SourceKind: String, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case plist
    case jsonFile = "json-file"
    case http
    case inMemory = "in-memory"

    public var description: String { rawValue }

    /// Kinds that read a file from `path`.
    public var readsFile: Bool { self == .plist || self == .jsonFile }
}
