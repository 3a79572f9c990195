import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFeature

/// The feature built as the host builds it (test host: manual clock, in-memory store, real transport),
/// shown once, for driving its scene.
@MainActor
struct Harness {
    let host: TestHost
    let presenter: InvitationsPresenter

    init(source: SourceConfiguration, host: TestHost? = nil) throws {
        let host = try host ?? TestHost()
        self.host = host
        let feature = try InvitationsFeature(context: try host.context(id: "invitations", source: source))
        feature.handle(.appear)
        presenter = feature.presenter
    }

    init(url: URL) throws {
        try self.init(source: SourceConfiguration(kind: .http, url: url, timeout: 5))
    }

    var state: InvitationsPresenter.ViewState { presenter.viewState }

    func send(_ actions: InvitationsPresenter.Action...) {
        for action in actions { presenter.send(action) }
    }

    func settle() async { await host.settle() }

    /// Answers like `fakeAuth` (the in-memory backend's rules): 400 with its message for the used address,
    /// 200 `Registered` otherwise.
    nonisolated static func fakeAuth(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
        guard request.bodyText.contains(InMemoryInvitationClient.usedEmail) else { return .text("Registered") }
        return .json(#"{"errorMessage":"\#(InMemoryInvitationClient.usedEmailMessage)"}"#, status: 400)
    }
}
