import FeatureHostCore
import Foundation
import InvitationsFeature
import WebUI

extension InvitationsFeature: WebFeature {
    /// The stylesheet (confetti included: CSS animations, no images), served under `/assets/invitations/`.
    public static let webAssets = WebAssets([WebAsset(resource: "invitations.css", in: .module)])

    /// Makes the scene and starts nothing: the presenter already exists, and the page only waits for the user.
    @MainActor
    public func makeWebScene() -> any WebScene { InvitationsWebScene(presenter: presenter) }
}
