/// Where the registration is kept between runs (the spec's "User Defaults"): the feature's small client for the
/// one thing it writes. `LiveRegistrationClient` keeps it in the context's key-value store;
/// `InMemoryRegistrationClient` in memory.
///
/// The read is synchronous, made once while the feature is built: the first frame must already know whether the
/// user is registered, and it is one small file. Saves block on a file (a lock, a write, two fsyncs), so the
/// presenter runs them in effects, off the main actor, and shows their failure.
public protocol RegistrationClient: Sendable {
    /// What is saved now.
    func load() -> SavedRegistration
    /// Saves the registration, or with nil removes it. Throws a `FeatureError` naming the file and the reason
    /// when nothing was kept.
    func save(_ invitation: Invitation?) async throws
    /// Calls `onChange` on the main actor, for as long as `owner` lives, when the saved registration was changed by
    /// someone else: another page or the shell of this run at once, another process once the host looks. The
    /// owner then reads it again (`load`, off the main actor). A storage that cannot tell whose save it was reports
    /// them all.
    func observeChanges<Owner: AnyObject & Sendable>(_ owner: Owner, _ onChange: @escaping @MainActor @Sendable (Owner) -> Void)
}

/// What the storage held when the feature was built.
public struct SavedRegistration: Equatable, Sendable {
    public var invitation: Invitation?
    /// Set when a stored value could not be read; say it once.
    public var problem: String?
    /// Whether an unreadable value is stored, to be removed (once the feature appears) so the problem is told once.
    public var needsClearing: Bool

    public init(invitation: Invitation? = nil, problem: String? = nil, needsClearing: Bool = false) {
        self.invitation = invitation
        self.problem = problem
        self.needsClearing = needsClearing
    }
}
