import FeatureHostCore
import TransactionsFeature
import WebUI

extension TransactionsFeature: WebFeature {
    /// The stylesheet, served under `/assets/transactions/`. The icons and the ring are drawn in the page's SVG.
    public static let webAssets = WebAssets([WebAsset(resource: "transactions.css", in: .module)])

    /// Makes the scene and starts nothing: the first load starts when the host's session delivers `.appear`.
    @MainActor
    public func makeWebScene() -> any WebScene { TransactionsWebScene(presenter: presenter) }
}
