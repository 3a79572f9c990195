/// An error a person can act on: what went wrong, where, and what to do.
public struct FeatureError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

extension Error {
    /// The text to show a person: the message of a `FeatureError`, a `CustomStringConvertible` error's
    /// description, or the system's localized description.
    public var userFacingMessage: String {
        if let error = self as? FeatureError { return error.message }
        if let error = (self as Any) as? any CustomStringConvertible { return error.description }
        return String(describing: self)
    }
}
