/// One problem in a config file: the file, the key path, what was found and what is allowed.
public struct ConfigIssue: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// `features[2].source.kind`; empty for the whole file.
    public var path: String
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)" }
}

/// Every problem found in a config, not just the first.
public struct ConfigErrors: Error, Sendable, Equatable, CustomStringConvertible {
    public var issues: [ConfigIssue]

    public init(_ issues: [ConfigIssue]) { self.issues = issues }

    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
