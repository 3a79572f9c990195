/// Why a POSTed client message was refused; the description names the field and what was wrong, and is what
/// the server answers a `400` with.
public struct ClientMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
