/// Why the scaffold refused or stopped, as a sentence a person can act on.
public struct ScaffoldError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
