/// Why this process could not be recorded as running (`RunningHosts.register`); a sentence naming the file.
public struct RunningHostsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
