import ChatsFeature
import FeatureHostCore
import Foundation
import WebUI

extension ChatsFeature: WebFeature {
    /// The stylesheet and the app logo (our own drawing), served under `/assets/chats/`.
    public static let webAssets = WebAssets([
        WebAsset(resource: "chats.css", in: .module),
        WebAsset(resource: "logo.svg", in: .module),
    ])

    /// Makes the scene and starts nothing: the launch screen's clock and the load start when the host's session
    /// delivers `.appear`.
    @MainActor
    public func makeWebScene() -> any WebScene { ChatsWebScene(presenter: presenter) }
}
