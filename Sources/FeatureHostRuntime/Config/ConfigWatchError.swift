/// Why the config file cannot be followed; a sentence that names the directory.
public struct ConfigWatchError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
