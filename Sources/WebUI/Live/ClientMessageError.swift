import FeatureHostCore

/// Why a POSTed client message was refused; the description names the field and what was wrong, and is what
/// the server answers a `400` with.
public struct ClientMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    /// At most 1,000 characters: it is the answer's body and a log line, and a field name may be 16 KiB.
    init(_ description: String) {
        self.description = TextLimit(maximumCharacters: 1_000).apply(description)
    }
}
