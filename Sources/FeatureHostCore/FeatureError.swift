/// An error a person can act on: what went wrong, where, and what to do. The message is cut to
/// `TextLimit.message`: it often quotes what a server or a file sent, and a panel is no place for megabytes.
public struct FeatureError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = TextLimit.message.apply(message) }

    public var description: String { message }
}

extension Error {
    /// The text to show a person: the message of a `FeatureError`, a `CustomStringConvertible` error's
    /// description, or the system's localized description; at most `TextLimit.message`.
    public var userFacingMessage: String {
        if let error = self as? FeatureError { return error.message }
        if let error = (self as Any) as? any CustomStringConvertible { return TextLimit.message.apply(error.description) }
        return TextLimit.message.apply(String(describing: self))
    }
}
