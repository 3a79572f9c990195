import FeatureHostCore
import Foundation

/// Keeps the registration in the feature's key-value store (the preferences file when live) under
/// `registration` as `{"name":"…","email":"…"}`; absent when not registered. Saves run off the caller's actor
/// (`@concurrent`).
public struct LiveRegistrationClient: RegistrationClient {
    public static let key = "registration"

    private let store: any KeyValueStore

    public init(_ store: any KeyValueStore) { self.store = store }

    public func load() -> SavedRegistration {
        guard let data = store.data(forKey: Self.key) else {
            // Absent because the file could not be read: the user may have registered, so say what happened.
            return SavedRegistration(problem: store.damageNotice.map { "Your saved invitation could not be read: \($0)" })
        }
        if let invitation = try? JSONDecoder().decode(Invitation.self, from: data) {
            let name = InvitationValidation.trimmed(invitation.name)
            let email = InvitationValidation.trimmed(invitation.email)
            if !name.isEmpty, !email.isEmpty { return SavedRegistration(invitation: Invitation(name: name, email: email)) }
        }
        // Not registered is the safe reading: the user can request again. Removing the value (`needsClearing`)
        // keeps the report to this start instead of every start.
        return SavedRegistration(
            problem: "Your saved invitation could not be read (the stored \"\(Self.key)\" is not a "
                + "{\"name\", \"email\"} object), so it was cleared. If you had requested an invite, please request it again.",
            needsClearing: true)
    }

    public func observeChanges<Owner: AnyObject & Sendable>(
        _ owner: Owner, _ onChange: @escaping @MainActor @Sendable (Owner) -> Void
    ) {
        store.observeChanges(owner) { owner, keys in
            if keys.contains(Self.key) { onChange(owner) }
        }
    }

    @concurrent public func save(_ invitation: Invitation?) async throws {
        guard let invitation else {
            try store.set(nil, forKey: Self.key)
            return
        }
        // Sorted keys: the same bytes every time, for `featurehost store get` and the tests.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try store.set(try encoder.encode(invitation), forKey: Self.key)
    }
}
