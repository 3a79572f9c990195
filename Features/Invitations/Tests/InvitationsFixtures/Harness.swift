import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFeature
import Testing

/// A presenter built through the feature's own initialiser, on a test host (manual clock, in-memory store,
/// real transport unless the host says otherwise), and shown once.
@MainActor
package struct Harness {
    package let host: TestHost
    package let presenter: InvitationsPresenter

    package init(source: SourceConfiguration?, host: TestHost? = nil) throws {
        let host = try host ?? TestHost()
        self.host = host
        let feature = try InvitationsFeature(context: try host.context(id: "invitations", source: source))
        // As the host does when a surface first shows the feature.
        feature.handle(.appear)
        presenter = feature.presenter
    }

    /// An `http` source at `url`. The timeout is a real-time deadline on the request: generous by default, so
    /// a loaded machine never turns a held reply into a timeout; the timeout test passes its own short one.
    package init(url: URL, timeout: Double = 60, host: TestHost? = nil) throws {
        try self.init(source: SourceConfiguration(kind: .http, url: url, timeout: timeout), host: host)
    }

    package var state: InvitationsPresenter.ViewState { presenter.viewState }

    package func send(_ actions: InvitationsPresenter.Action...) {
        for action in actions { presenter.send(action) }
    }

    /// Opens the form and fills the three fields, Enter moving from one to the next; focus ends on Send.
    package func fillForm(name: String, email: String, confirmation: String) {
        send(.activate, .insert(name), .activate, .insert(email), .activate, .insert(confirmation), .activate)
    }

    package func settle() async { await host.settle() }

    /// The presenter in a `PresenterTestStore`, from the state it shows now: each change from here on is asserted.
    package func store(sourceLocation: SourceLocation = #_sourceLocation) -> PresenterTestStore<InvitationsPresenter> {
        PresenterTestStore(presenter, host: host, sourceLocation: sourceLocation)
    }

    /// Answers like `fakeAuth`: 400 for the hard-coded used address, 200 `Registered` otherwise.
    nonisolated package static func fakeAuth(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
        if request.bodyText.contains("usedemail@blinq.app") {
            return .json(#"{"errorMessage":"This email address is already in use"}"#, status: 400)
        }
        return .text("Registered")
    }
}
