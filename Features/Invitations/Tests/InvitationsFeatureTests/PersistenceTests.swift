import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFixtures
import Testing

@testable import InvitationsFeature

@Suite("Registration persists in the key-value store")
@MainActor
struct PersistenceTests {
    @Test("Registering, then a new presenter opens on the registered page; cancelling, then it opens on the request page")
    func acrossPresenters() async throws {
        let host = try TestHost()
        let first = try Harness(source: SourceConfiguration(kind: .inMemory), host: host).store()
        await first.register(name: "Jane Doe", email: "jane@example.com")
        let stored = try #require(host.store.data(forKey: "registration"))
        #expect(String(decoding: stored, as: UTF8.self) == #"{"email":"jane@example.com","name":"Jane Doe"}"#)
        // Quit during the congratulations (as the app does: it goes to the background first): the next start knows.
        first.send(.lifecycle(.didEnterBackground))
        await first.finish()

        let second = try Harness(source: SourceConfiguration(kind: .inMemory), host: host).store()
        #expect(second.state == Expected.registered(name: "Jane Doe", email: "jane@example.com"))
        second.send(.activate) {
            $0.modal = Expected.alert()
            $0.page.isButtonFocused = false
        }
        second.send(.focusNext) { $0.modal = Expected.alert(focus: .cancelInvite) }
        second.send(.activate, starts: ["save"])
        await second.receive(starts: ["read", "read", "confetti"]) {
            $0 = Expected.notRegistered(focused: false, modal: Expected.cancelled())
        }
        second.send(.dismiss) { $0 = Expected.notRegistered() }
        await second.finish()

        let third = try Harness(source: SourceConfiguration(kind: .inMemory), host: host)
        #expect(third.state == Expected.notRegistered())
        #expect(host.store.keys.isEmpty)
    }

    @Test("A value written by hand (featurehost store set) is read")
    func handWritten() throws {
        let host = try TestHost()
        try host.store.set(Data(#"{"email":"a@b.co","name":"Ann"}"#.utf8), forKey: "registration")
        let h = try Harness(source: SourceConfiguration(kind: .inMemory), host: host)
        #expect(h.state == Expected.registered(name: "Ann", email: "a@b.co"))
    }

    static let unreadableNotice =
        "Your saved invitation could not be read (the stored \"registration\" is not a {\"name\", \"email\"} object), so it was cleared. If you had requested an invite, please request it again."

    @Test(
        "An unreadable stored value is treated as not registered, reported once, and cleared",
        arguments: [#"not json"#, #"true"#, #"{"name":"Ann"}"#, #"{"name":" ","email":"a@b.co"}"#, #"{"name":1,"email":"a@b.co"}"#])
    func unreadable(_ raw: String) async throws {
        let host = try TestHost()
        try host.store.set(Data(raw.utf8), forKey: "registration")
        let store = try Harness(source: SourceConfiguration(kind: .inMemory), host: host).store()
        #expect(store.state == Expected.notRegistered(notice: Self.unreadableNotice))
        // Removed once the feature appears, in an effect: the page does not change.
        await store.settle(starts: ["read"])
        await store.finish()
        #expect(host.store.data(forKey: "registration") == nil)
        // The notice goes once the user acts on the page.
        let later = PresenterTestStore(store.presenter, host: host)
        later.send(.activate) { $0 = Expected.notRegistered(focused: false, modal: Expected.form()) }
        await later.finish()
        // And the next start does not report it again.
        let again = try Harness(source: SourceConfiguration(kind: .inMemory), host: host)
        #expect(again.state == Expected.notRegistered())
    }
}

@Suite("A damaged preferences file")
struct DamagedPreferencesTests {
    @Test("is reported as an invitation that could not be read, never as 'not registered' without a word")
    func reported() throws {
        let directory = try TemporaryDirectory()
        try directory.write("<?xml version=\"1.0\"?><plist><dict><key>invitations.registration</key><da", to: "preferences.plist")
        let store = LiveRegistrationClient(try PlistFileStore(suiteFile: directory.file("preferences"), prefix: "invitations."))
        let loaded = store.load()
        #expect(loaded.invitation == nil)
        #expect(loaded.problem?.hasPrefix("Your saved invitation could not be read: The saved settings in ") == true)
        #expect(FileManager.default.fileExists(atPath: directory.file("preferences.plist").path), "reading keeps the file")
    }
}
