import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFeature
import WebUI
import WebUITesting

@testable import InvitationsWeb

/// The feature on a test host with the in-memory backend (same rules as `fakeAuth`, answers at once) and its
/// web scene as the page makes it, shown once.
@MainActor
struct Harness {
    let host: TestHost
    let feature: InvitationsFeature
    let scene: InvitationsWebScene
    /// The page's render loop, as the session keeps it: a change to what its last render read is a render due.
    let renders: RenderLoop
    var presenter: InvitationsPresenter { feature.presenter }
    var state: InvitationsPresenter.ViewState { feature.presenter.viewState }

    init(host: TestHost? = nil) throws {
        let host = try host ?? TestHost()
        self.host = host
        feature = try InvitationsFeature(context: try host.context(id: "invitations", source: SourceConfiguration(kind: .inMemory)))
        let scene = InvitationsWebScene(presenter: feature.presenter)
        self.scene = scene
        renders = RenderLoop { _ = scene.render() }
        feature.handle(.appear)
        renders.renderNow()
    }

    /// Sends page events in order; answers how each was handled.
    @discardableResult
    func send(_ events: PageEvent...) -> [WebEventHandling] {
        events.map { scene.handle($0) }
    }

    /// Opens the form and types the three fields as the page would: an input event, then a change on leaving.
    func fill(name: String, email: String, confirmation: String) {
        send(.click("activate"))
        for (field, text) in [("fullName", name), ("email", email), ("confirmEmail", confirmation)] {
            send(.input(field, text), PageEvent(kind: .change, action: field, value: text))
        }
    }

    func settle() async { await host.settle() }

}
