import FeatureHostCore
import FeatureHostTesting
import InvitationsFixtures
import Testing

@testable import InvitationsFeature

/// Screens of one run agree on the registration: an invite requested or cancelled on one (a web page, the shell)
/// shows on every other without a reload; a form or alert that no longer fits closes.
@Suite("A registration changed on another screen")
@MainActor
struct RegistrationElsewhereTests {
    @Test("requested on one screen: the other shows the registered page, and its open form closes")
    func requestedElsewhere() async throws {
        let host = try TestHost()
        let asking = try Harness(source: SourceConfiguration(kind: .inMemory), host: host)
        let watching = try Harness(source: SourceConfiguration(kind: .inMemory), host: host)
        watching.send(.activate)  // its own form open
        #expect(watching.state.modal != nil)
        asking.fillForm(name: "Jane Doe", email: "jane@example.com", confirmation: "jane@example.com")
        asking.send(.activate)
        await host.settle()
        #expect(asking.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations()))
        #expect(watching.state == Expected.registered(name: "Jane Doe", email: "jane@example.com"))
    }

    @Test("cancelled on one screen: the other shows the request page, and its open cancel alert closes")
    func cancelledElsewhere() async throws {
        let host = try TestHost()
        let asking = try Harness(source: SourceConfiguration(kind: .inMemory), host: host)
        asking.fillForm(name: "Jane Doe", email: "jane@example.com", confirmation: "jane@example.com")
        asking.send(.activate)
        await host.settle()
        asking.send(.activate)  // OK: the registered page
        let watching = try Harness(source: SourceConfiguration(kind: .inMemory), host: host)
        watching.send(.activate)  // Cancel invite: its alert
        #expect(watching.state.modal != nil)
        asking.send(.activate, .focusNext, .activate)  // Cancel invite, then confirm
        await host.settle()
        #expect(asking.state == Expected.notRegistered(focused: false, modal: Expected.cancelled()))
        #expect(watching.state == Expected.notRegistered(focused: true))
    }
}
