/// Who asked for an invitation: the trimmed name and email that were sent to the backend, and what is kept
/// in the key-value store while the user is registered.
public struct Invitation: Codable, Equatable, Sendable {
    public var name: String
    public var email: String

    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }
}
