import CarNewsFeature
import FeatureHostCore
import WebUI

extension CarNewsFeature: WebFeature {
    /// The stylesheet, served under `/assets/car-news/`. The pictures come from the host's image cache
    /// (`/images/<key>`), not from here.
    public static let webAssets = WebAssets([WebAsset(resource: "car-news.css", in: .module)])

    /// Makes the scene and starts nothing: the saved list is read and the refresh starts when the host's session
    /// delivers `.appear`.
    @MainActor
    public func makeWebScene() -> any WebScene { CarNewsWebScene(presenter: presenter) }
}
