import FeatureHostCore
import Foundation

/// Whether the user is registered, kept in the feature's key-value store (the preferences file when live) under
/// `registration` as `{"name":"…","email":"…"}`; absent when not registered.
public struct RegistrationStore: Sendable {
    public static let key = "registration"

    /// What was found at start-up.
    public struct Loaded: Equatable, Sendable {
        public var invitation: Invitation?
        /// Set when a stored value could not be read; it has then been removed, so it is reported once.
        public var problem: String?
    }

    private let store: any KeyValueStore

    public init(_ store: any KeyValueStore) { self.store = store }

    public func load() -> Loaded {
        guard let data = store.data(forKey: Self.key) else {
            // Absent because the file could not be read: the user may have registered, so say what happened.
            return Loaded(problem: store.damageNotice.map { "Your saved invitation could not be read: \($0)" })
        }
        if let invitation = try? JSONDecoder().decode(Invitation.self, from: data) {
            let name = InvitationValidation.trimmed(invitation.name)
            let email = InvitationValidation.trimmed(invitation.email)
            if !name.isEmpty, !email.isEmpty { return Loaded(invitation: Invitation(name: name, email: email)) }
        }
        // Not registered is the safe reading: the user can request again. Removing the value keeps the
        // report to this start instead of every start.
        store.set(nil, forKey: Self.key)
        return Loaded(
            problem: "Your saved invitation could not be read (the stored \"\(Self.key)\" is not a "
                + "{\"name\", \"email\"} object), so it was cleared. If you had requested an invite, please request it again.")
    }

    public func save(_ invitation: Invitation?) {
        guard let invitation else {
            store.set(nil, forKey: Self.key)
            return
        }
        // Sorted keys: the same bytes every time, for `featurehost store get` and the tests.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding two strings cannot fail.
        store.set(try? encoder.encode(invitation), forKey: Self.key)
    }
}
