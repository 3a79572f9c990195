import FeatureHostCore

/// One problem in a config file: the file, the key path, what was found and what is allowed.
public struct ConfigIssue: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// `features[2].source.kind`; empty for the whole file.
    public var path: String
    public var message: String

    /// The path and the message are cut (to `TextLimit.title` and `.message`): both can quote what the file holds,
    /// a key or a value that may be megabytes long.
    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = TextLimit.title.apply(path)
        self.message = TextLimit.message.apply(message)
    }

    public var description: String { path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)" }
}

/// Every problem found in a config, not just the first.
public struct ConfigErrors: Error, Sendable, Equatable, CustomStringConvertible {
    public var issues: [ConfigIssue]

    /// The most issues `description` lists; the rest are counted. A person fixes the first ones and runs
    /// `featurehost validate` again, and a broken generated file cannot print hundreds of megabytes.
    public static let printedIssues = 50

    public init(_ issues: [ConfigIssue]) { self.issues = issues }

    public var description: String { description(command: AppIdentity.featureHost.commandName) }

    /// The issues as `command validate` prints them (an app that embeds the host names its own command).
    public func description(command: String) -> String {
        let shown = issues.prefix(Self.printedIssues).map(\.description)
        let rest = issues.count - shown.count
        guard rest > 0 else { return shown.joined(separator: "\n") }
        let more =
            "… and \(rest) more problem\(rest == 1 ? "" : "s") (\(issues.count) in all); fix these and run `\(command) validate` again."
        return (shown + [more]).joined(separator: "\n")
    }
}
