import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFixtures
import Testing

@testable import InvitationsFeature

@Suite("Feature, sources and the in-memory backend")
@MainActor
struct FeatureTests {
    @Test("Manifest: id, accepted sources, the fakeAuth default without the payload cache")
    func manifest() {
        let manifest = InvitationsFeature.manifest
        #expect(manifest.id == "invitations")
        #expect(manifest.acceptedSources == [.http, .inMemory])
        #expect(manifest.defaultSource?.kind == .http)
        #expect(manifest.defaultSource?.url?.absoluteString == "https://us-central1-blinkapp-684c1.cloudfunctions.net/fakeAuth")
        #expect(manifest.defaultSource?.cache == false)
        #expect(manifest.settingsKeys.isEmpty)
    }

    @Test("Without a configured source the feature posts to the fakeAuth default, with the default timeout")
    func defaultSource() async throws {
        // Keeps every request and answers 200 `Registered`, so the default source is tested without the network.
        let transport = ScriptedTransport([.success(HTTPResponse(status: 200, body: Data("Registered".utf8)))])
        let store = try Harness(source: nil, host: try TestHost(transport: transport)).store()
        await store.register(name: "Jane Doe", email: "jane@example.com")
        store.send(.dismiss) { $0 = Expected.registered(name: "Jane Doe", email: "jane@example.com") }
        await store.finish()
        let request = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://us-central1-blinkapp-684c1.cloudfunctions.net/fakeAuth")
        #expect(request.timeout == SourceConfiguration.defaultTimeout)
    }

    @Test("A file kind or an http source without a url fails with a message naming the fix")
    func badSources() throws {
        let host = try TestHost()
        #expect(throws: FeatureError("invitations: the source kind \"plist\" cannot send requests; use \"http\" or \"in-memory\".")) {
            try InvitationsFeature(context: try host.context(id: "invitations", source: SourceConfiguration(kind: .plist)))
        }
        #expect(
            throws: FeatureError(
                "invitations: the http source needs a \"url\", e.g. https://us-central1-blinkapp-684c1.cloudfunctions.net/fakeAuth.")
        ) {
            try InvitationsFeature(context: try host.context(id: "invitations", source: SourceConfiguration(kind: .http)))
        }
    }

    @Test("The in-memory backend has fakeAuth's rules")
    func inMemoryBackend() async throws {
        let backend = InMemoryInvitationClient()
        #expect(try await backend.requestInvitation(Invitation(name: "Jane", email: "jane@example.com")) == .registered)
        #expect(
            try await backend.requestInvitation(Invitation(name: "Used", email: "usedemail@blinq.app"))
                == .rejected(message: "This email address is already in use"))
        #expect(backend.requests.map(\.email) == ["jane@example.com", "usedemail@blinq.app"])
    }

    @Test("Offline flow with the in-memory source: the used address is rejected in the form")
    func inMemoryFlow() async throws {
        let store = try Harness(source: SourceConfiguration(kind: .inMemory)).store()
        store.fillForm(name: "Used Person", email: "usedemail@blinq.app", confirmation: "usedemail@blinq.app")
        let values = ["Used Person", "usedemail@blinq.app", "usedemail@blinq.app"]
        store.send(.activate, starts: ["request"]) { $0.modal = Expected.form(values, focus: .send, sending: true) }
        await store.receive {
            $0.modal = Expected.form(values, focus: .send, status: Expected.error("This email address is already in use"))
        }
        await store.finish()
    }
}
