import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFixtures
import Testing

@testable import InvitationsFeature

/// The registration is saved through the `RegistrationClient` client in effects, off the main actor: "All done!"
/// and "Invite cancelled" come only once the device has kept the change, and a save that fails says so.
@Suite("Saving the registration")
@MainActor
struct InvitationsSavingTests {
    static let reason = "Cannot open the lock file /data/preferences.plist.lock: Read-only file system."

    private func registered(_ host: TestHost) async throws -> Harness {
        try host.store.set(Data(#"{"email":"jane@example.com","name":"Jane Doe"}"#.utf8), forKey: "registration")
        return try Harness(source: SourceConfiguration(kind: .inMemory), host: host)
    }

    @Test("A registration the backend accepted but the device could not keep: no celebration, the notice says so")
    func registrationNotKept() async throws {
        let host = try TestHost()
        host.store.refuseWrites(Self.reason)
        let store = try Harness(source: SourceConfiguration(kind: .inMemory), host: host).store()
        store.fillForm(name: "Jane Doe", email: "jane@example.com", confirmation: "jane@example.com")
        let values = ["Jane Doe", "jane@example.com", "jane@example.com"]
        store.send(.activate, starts: ["request"]) { $0.modal = Expected.form(values, focus: .send, sending: true) }
        await store.receive(starts: ["save"]) {
            $0 = Expected.registered(
                name: "Jane Doe", email: "jane@example.com",
                notice: "The invitation server accepted your request, but this device could not keep it: \(Self.reason) "
                    + "After a restart this page will not know you are registered.")
        }
        #expect(host.store.keys.isEmpty)
        await store.finish()
        // The next start does not know: what the notice said.
        host.store.refuseWrites(nil)
        #expect(try Harness(source: SourceConfiguration(kind: .inMemory), host: host).state == Expected.notRegistered())
    }

    @Test("A cancel the device could not keep: no 'Invite cancelled', still registered, and why")
    func cancelNotKept() async throws {
        let host = try TestHost()
        let store = try await registered(host).store()
        func page(_ modal: ViewState.Modal? = nil, notice: String? = nil) -> ViewState {
            Expected.registered(name: "Jane Doe", email: "jane@example.com", notice: notice, modal: modal)
        }
        host.store.refuseWrites(Self.reason)
        store.send(.activate) { $0 = page(Expected.alert()) }
        store.send(.focusNext) { $0.modal = Expected.alert(focus: .cancelInvite) }
        store.send(.activate, starts: ["save"])
        await store.receive {
            $0 = page(notice: "Your invite was not cancelled: this device could not save the change: \(Self.reason)")
        }
        #expect(host.store.data(forKey: "registration") != nil)
        // The notice goes with the next action; the cancel works once the disk does.
        host.store.refuseWrites(nil)
        store.send(.activate) { $0 = page(Expected.alert()) }
        store.send(.focusNext) { $0.modal = Expected.alert(focus: .cancelInvite) }
        store.send(.activate, starts: ["save"])
        await store.receive(starts: ["read", "confetti"]) { $0 = Expected.notRegistered(focused: false, modal: Expected.cancelled()) }
        store.send(.dismiss) { $0 = Expected.notRegistered() }
        await store.finish()
    }

    @Test("An unreadable value that cannot be removed either says so after the first notice")
    func unreadableNotRemoved() async throws {
        let host = try TestHost()
        try host.store.set(Data("garbage".utf8), forKey: "registration")
        host.store.refuseWrites(Self.reason)
        let h = try Harness(source: SourceConfiguration(kind: .inMemory), host: host)
        let store = h.store()
        #expect(store.state == Expected.notRegistered(notice: PersistenceTests.unreadableNotice))
        // The removal started when the feature appeared.
        await store.receive { $0.notice = PersistenceTests.unreadableNotice + " It could not be removed either: \(Self.reason)" }
        await store.finish()
    }

    /// The save blocks on a file: the presenter must not wait for it. Until it is kept, the form still says it
    /// is sending and takes no edit; the alert stays and takes no choice.
    @Test("The saves run off the main actor, and nothing says done until they finish")
    func savesLeaveTheMainActor() async throws {
        let storage = HeldRegistrationClient()
        let host = try TestHost()
        let presenter = InvitationsPresenter(
            backend: InMemoryInvitationClient(), storage: storage, timeline: try host.context(id: "invitations").makeTimeline(),
            effects: host.makeEffects())
        presenter.send(.lifecycle(.appear))
        for action: InvitationsPresenter.Action in [
            .activate, .insert("Jane Doe"), .activate, .insert("jane@example.com"), .activate, .insert("jane@example.com"),
            .activate, .activate,
        ] {
            presenter.send(action)
        }
        await storage.entered.wait()
        // Held in the middle of the write, on another thread: this runs on the main actor.
        guard case .requestForm(let form) = presenter.viewState.modal else {
            Issue.record("the form closed before the registration was kept: \(presenter.viewState)")
            return
        }
        #expect(form.isSending)
        presenter.send(.dismiss)
        #expect(presenter.viewState.modal == .requestForm(form), "Esc does not close it meanwhile")
        #expect(host.activity.inFlight == 1)
        storage.release.open()
        await host.settle()
        #expect(presenter.viewState.page.kind == .registered)
        guard case .celebration = presenter.viewState.modal else {
            Issue.record("no celebration once kept: \(presenter.viewState)")
            return
        }
        #expect(storage.saved == Invitation(name: "Jane Doe", email: "jane@example.com"))
    }
}

/// The removal of an unreadable value, started when the feature appears, may still run when a registration is
/// to be kept: the registration waits for it, so the removal can never land last and erase it.
extension InvitationsSavingTests {
    @Test("A registration waits for the removal of an unreadable value")
    func registrationWaitsForTheRemoval() async throws {
        let storage = HeldRegistrationClient(loaded: SavedRegistration(problem: "unreadable", needsClearing: true))
        let host = try TestHost()
        let presenter = InvitationsPresenter(
            backend: InMemoryInvitationClient(), storage: storage, timeline: try host.context(id: "invitations").makeTimeline(),
            effects: host.makeEffects())
        presenter.send(.lifecycle(.appear))
        await storage.entered.wait()
        for action: InvitationsPresenter.Action in [
            .activate, .insert("Jane Doe"), .activate, .insert("jane@example.com"), .activate, .insert("jane@example.com"),
            .activate, .activate,
        ] {
            presenter.send(action)
        }
        // The in-memory backend answers at once; once its answer is applied, the registration must wait for
        // the held removal rather than start beside it. (Yields, not time: the answer is one hop away.)
        for _ in 0..<100 { await Task.yield() }
        #expect(storage.entries == 1)
        storage.release.open()
        await host.settle()
        #expect(storage.log == [nil, Invitation(name: "Jane Doe", email: "jane@example.com")])
        #expect(storage.saved == Invitation(name: "Jane Doe", email: "jane@example.com"))
        guard case .celebration = presenter.viewState.modal else {
            Issue.record("no celebration once kept: \(presenter.viewState)")
            return
        }
    }
}

/// A storage whose saves wait for the test: a save held in the middle of its write. It logs what it saved, in
/// order.
private final class HeldRegistrationClient: RegistrationClient, @unchecked Sendable {
    let entered = AsyncGate()
    /// Awaited, not blocked on: a held save must not take a thread the main actor may need.
    let release = AsyncGate()
    private let loaded: SavedRegistration?
    private let kept = InMemoryRegistrationClient()
    private let lock = NSLock()
    private var saves: [Invitation?] = []
    private var started = 0

    init(loaded: SavedRegistration? = nil) { self.loaded = loaded }

    var saved: Invitation? { kept.saved }
    var log: [Invitation?] { lock.withLock { saves } }
    /// Saves that have begun, held or not.
    var entries: Int { lock.withLock { started } }

    func load() -> SavedRegistration { loaded ?? kept.load() }

    /// What the storage it keeps hears: a save of another holder of the same registration.
    func observeChanges<Owner: AnyObject & Sendable>(_ owner: Owner, _ onChange: @escaping @MainActor @Sendable (Owner) -> Void) {
        kept.observeChanges(owner, onChange)
    }

    @concurrent func save(_ invitation: Invitation?) async throws {
        lock.withLock { started += 1 }
        entered.open()
        await release.wait()
        lock.withLock { saves.append(invitation) }
        try await kept.save(invitation)
    }
}
