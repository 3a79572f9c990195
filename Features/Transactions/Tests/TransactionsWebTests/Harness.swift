import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import TransactionsFeature
import TransactionsFixtures
import WebUI
import WebUITesting

@testable import TransactionsWeb

/// A transactions feature on a test host and its web scene as the page makes it.
@MainActor
struct Harness {
    let host: TestHost
    let feature: TransactionsFeature
    let scene: TransactionsWebScene
    var presenter: TransactionsPresenter { feature.presenter }
    var state: TransactionsPresenter.ViewState { feature.presenter.viewState }

    /// The feature as the host builds it, and its scene; not shown yet.
    init(host: TestHost? = nil, source: SourceConfiguration = SourceConfiguration(kind: .inMemory)) throws {
        let host = try host ?? TestHost()
        try self.init(host: host, feature: try TransactionsFeature.onTestHost(host, source: source))
    }

    /// The page shown for the first time, and the load finished.
    static func loaded(host: TestHost? = nil, source: SourceConfiguration = SourceConfiguration(kind: .inMemory)) async throws
        -> Harness
    {
        let host = try host ?? TestHost()
        return try Harness(host: host, feature: try await TransactionsFeature.loaded(on: host, source: source))
    }

    private init(host: TestHost, feature: TransactionsFeature) throws {
        self.host = host
        self.feature = feature
        scene = try #require(feature.makeWebScene() as? TransactionsWebScene)
    }

    @discardableResult
    func click(_ action: String) -> WebEventHandling { scene.handle(.click(action)) }

    /// The click a row's button sends: its index in the shown filter and its id.
    @discardableResult
    func clickRow(id: Int) -> WebEventHandling {
        guard let index = state.rows.firstIndex(where: { $0.id == id }) else { return .ignored }
        return click("pin-\(index)-\(id)")
    }

    /// The text of the element with `class`'s first occurrence (`tx-sum-amount`), for short checks.
    func text(ofClass name: String) -> String? {
        let html = scene.html()
        guard let start = html.range(of: "class=\"\(name)\"") else { return nil }
        guard let open = html[start.upperBound...].firstIndex(of: ">") else { return nil }
        let rest = html[html.index(after: open)...]
        return String(rest.prefix { $0 != "<" })
    }
}

/// A presenter over generated transactions, loaded, for paging at 10,000 rows.
@MainActor
func generatedPresenter(count: Int) -> TransactionsPresenter {
    let formatting = TransactionFormatting(
        locale: Locale(identifier: "en_US"), currencyCode: "USD", timeZone: TimeZone(identifier: "UTC") ?? .gmt,
        hourCycle: .twelveHour)
    let transactions = (0..<count).map { index in
        Transaction(
            id: index + 1, name: "Transaction \(index + 1)",
            category: TransactionCategory.allCases[index % TransactionCategory.allCases.count],
            amount: Money(major: Int64(index % 100 + 1)), date: Date(timeIntervalSince1970: 1_609_459_200),
            accountName: "Credit Card", provider: "amazon")
    }
    let presenter = TransactionsPresenter(
        source: AnyDataSource(InMemorySource(transactions)), pins: InMemoryPinClient(), formatting: formatting,
        effects: EffectRunner(activity: ActivityTracker()))
    presenter.send(.finishedLoading(.success(Loaded(transactions)), pins: .success([])))
    return presenter
}
