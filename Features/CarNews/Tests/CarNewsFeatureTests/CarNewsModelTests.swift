import CarNewsFixtures
import FeatureHostCore
import Foundation
import Testing

@testable import CarNewsFeature

/// `CarNewsModel` on its own: actions in, work out, the view state derived; no host, no effects.
@Suite("The car news model")
struct CarNewsModelTests {
    static var formatter: ArticleFormatter { formatter(locale: Locale(identifier: "en_GB")) }

    static func formatter(locale: Locale) -> ArticleFormatter {
        ArticleFormatter(
            dates: PublishDateFormatter(timeZone: TimeZone(identifier: "UTC") ?? .current, hourCycle: .twentyFourHour),
            now: { Date(timeIntervalSince1970: 1_773_664_440) }, locale: locale)
    }

    /// Position `index` of a list of `total` articles without images, newest first: id `total - index`.
    static func summary(_ index: Int, of total: Int) -> ArticleSummary {
        ArticleSummary(
            id: Int64(total - index), title: "Car \(total - index)", image: "",
            published: Date(timeIntervalSince1970: 1_700_000_000 - TimeInterval(index * 60)))
    }

    /// The window of `size` rows at `offset` of a list of `total`, read around `anchorIndex`.
    static func window(_ total: Int, offset: Int, anchor: Int, size: Int = ArticleWindow.size) -> ArticleWindow {
        ArticleWindow(
            total: total, offset: offset, summaries: (offset..<min(offset + size, total)).map { summary($0, of: total) },
            anchorIndex: anchor)
    }

    /// Appeared with `total` saved articles, their first window shown, the refresh running.
    static func appeared(_ total: Int) -> (CarNewsModel, [CarNewsModel.Work]) {
        var model = CarNewsModel()
        #expect(model.apply(.lifecycle(.appear), at: .zero) == [.readSaved(.index(0))])
        let work = model.apply(.savedRead(SavedArticles(window: window(total, offset: 0, anchor: 0))), at: .zero)
        return (model, work)
    }

    @Test("appearing reads the saved window once, then refreshes around the selection; Updating… from the start")
    func appear() {
        var model = CarNewsModel()
        #expect(model.viewState(formatter: Self.formatter).body == .message(CarNewsCopy.loading))
        #expect(model.apply(.lifecycle(.appear), at: .zero) == [.readSaved(.index(0))])
        #expect(model.apply(.lifecycle(.appear), at: .zero).isEmpty)
        #expect(model.viewState(formatter: Self.formatter).status == "Updating…")
        let work = model.apply(.savedRead(SavedArticles(window: Self.window(3, offset: 0, anchor: 0))), at: .zero)
        #expect(work == [.refresh(.article(id: 3, orIndex: 0))])
        let state = model.viewState(formatter: Self.formatter)
        #expect(state.rows.map(\.id) == [3, 2, 1])
        #expect((state.rowCount, state.selectedIndex, state.count, state.status) == (3, 0, "3 articles", "Updating…"))
    }

    @Test("100,000 saved articles: the view state holds one window of rows, and counts them all")
    func holdsAWindow() {
        let (model, _) = Self.appeared(100_000)
        let state = model.viewState(formatter: Self.formatter)
        #expect(state.rows.count == ArticleWindow.size)
        #expect((state.rowCount, state.firstRowIndex, state.count) == (100_000, 0, "100,000 articles"))
        #expect(state.row(at: ArticleWindow.size) == nil)
    }

    @Test("the count is grouped as the user's locale does: 10,000 in en_GB, 10.000 in de_DE, 10 000 in fr_FR")
    func groupsTheCount() {
        let (model, _) = Self.appeared(10_000)
        #expect(model.viewState(formatter: Self.formatter(locale: Locale(identifier: "en_GB"))).count == "10,000 articles")
        #expect(model.viewState(formatter: Self.formatter(locale: Locale(identifier: "de_DE"))).count == "10.000 articles")
        let french = model.viewState(formatter: Self.formatter(locale: Locale(identifier: "fr_FR"))).count ?? ""
        #expect(french.hasPrefix("10") && french.hasSuffix("000 articles") && french != "10000 articles")
    }

    @Test("moving near the window's edge reads the window around the selection; a far jump shows it when it comes")
    func paging() {
        var (model, _) = Self.appeared(100_000)
        let edge = ArticleWindow.size - ArticleWindow.margin
        #expect(model.apply(.moveSelection(by: edge - 1), at: .zero).isEmpty, "still well inside the window")
        #expect(model.apply(.moveSelection(by: 1), at: .zero) == [.readWindow(.index(edge))])
        #expect(model.apply(.moveSelection(by: 0), at: .zero).isEmpty, "the same window is not asked for twice")
        #expect(model.viewState(formatter: Self.formatter).row(at: edge)?.id == Int64(100_000 - edge))
        let around = Self.window(100_000, offset: ArticleWindow.offset(centredOn: edge, total: 100_000), anchor: edge)
        #expect(model.apply(.windowRead(.index(edge), SavedArticles(window: around)), at: .zero).isEmpty)
        #expect(model.viewState(formatter: Self.formatter).firstRowIndex == edge - ArticleWindow.size / 2)

        #expect(model.apply(.selectLast, at: .zero) == [.readWindow(.index(99_999))])
        var state = model.viewState(formatter: Self.formatter)
        #expect(state.selectedIndex == 99_999)
        #expect(state.row(at: 99_999) == nil, "not read yet")
        // An overtaken read is dropped.
        #expect(model.apply(.windowRead(.index(edge), SavedArticles(window: around)), at: .zero).isEmpty)
        #expect(model.viewState(formatter: Self.formatter).row(at: 99_999) == nil)
        let last = Self.window(100_000, offset: 100_000 - ArticleWindow.size, anchor: 99_999)
        _ = model.apply(.windowRead(.index(99_999), SavedArticles(window: last)), at: .zero)
        state = model.viewState(formatter: Self.formatter)
        #expect(state.row(at: 99_999)?.id == 1)
        #expect(model.apply(.moveSelection(by: -3), at: .zero).isEmpty, "the list's end is not an edge to page from")
        #expect(model.apply(.openSelected, at: .zero) == [.readArticle(id: 4)])
    }

    @Test("a refresh keeps the selection on its article, wherever the new list has it")
    func refreshKeepsSelection() {
        var (model, _) = Self.appeared(1_000)
        _ = model.apply(.moveSelection(by: 10), at: .zero)
        #expect(model.apply(.refresh, at: .zero).isEmpty, "one refresh at a time: the first still runs")
        // The first refresh was started around the first row; this one around article 990.
        _ = model.apply(.refreshFinished(.failed(reason: "down")), at: .zero)
        #expect(model.apply(.refresh, at: .zero) == [.refresh(.article(id: 990, orIndex: 10))])
        // Two new articles came first: article 990 is now at 12.
        let moved = ArticleWindow(
            total: 1_002, offset: 0, summaries: (0..<ArticleWindow.size).map { Self.summary($0, of: 1_002) }, anchorIndex: 12)
        #expect(model.apply(.refreshFinished(.refreshed(RefreshedList(window: moved, refreshedAt: Date()))), at: .zero).isEmpty)
        let state = model.viewState(formatter: Self.formatter)
        #expect(state.selectedIndex == 12)
        #expect(state.row(at: 12)?.id == 990)
        #expect(state.banner == nil)
    }

    @Test("a selection moved while the refresh ran stays on its article: its window is read when the new one lacks it")
    func refreshAfterMove() {
        var (model, _) = Self.appeared(1_000)
        _ = model.apply(.moveSelection(by: 100), at: .zero)  // article 900
        let fresh = Self.window(1_000, offset: 0, anchor: 0)
        let work = model.apply(.refreshFinished(.refreshed(RefreshedList(window: fresh, refreshedAt: Date()))), at: .zero)
        #expect(work == [], "article 900 is in the new window")
        #expect(model.viewState(formatter: Self.formatter).selectedIndex == 100)

        _ = model.apply(.refresh, at: .zero)
        _ = model.apply(.moveSelection(by: 50), at: .zero)  // article 850, then the list changes under it
        let shifted = ArticleWindow(
            total: 2_000, offset: 0, summaries: (0..<ArticleWindow.size).map { Self.summary($0, of: 2_000) }, anchorIndex: 100)
        let after = model.apply(.refreshFinished(.refreshed(RefreshedList(window: shifted, refreshedAt: Date()))), at: .zero)
        #expect(after.contains(.readWindow(.article(id: 850, orIndex: 150))))
    }

    @Test("the foreground refreshes only a minute after the last attempt, and only once appeared")
    func foregroundThrottle() {
        var model = CarNewsModel()
        #expect(model.apply(.lifecycle(.willEnterForeground), at: .seconds(100)).isEmpty)
        _ = model.apply(.lifecycle(.appear), at: .seconds(100))
        _ = model.apply(.savedRead(SavedArticles()), at: .seconds(100))
        _ = model.apply(.refreshFinished(.failed(reason: "down")), at: .seconds(101))
        #expect(model.apply(.lifecycle(.willEnterForeground), at: .seconds(159)).isEmpty)
        #expect(model.apply(.lifecycle(.willEnterForeground), at: .seconds(160)) == [.refresh(.index(0))])
        #expect(model.viewState(formatter: Self.formatter).body == .message(CarNewsCopy.loading))
        _ = model.apply(.refreshFinished(.failed(reason: "down")), at: .seconds(161))
        #expect(
            model.viewState(formatter: Self.formatter).body == .message(CarNewsCopy.loadFailed("down.")), "the reason ends its sentence")
    }

    @Test("an unsaved reply pages from memory, at once; its articles open without a read")
    func unsavedPaging() {
        var (model, _) = Self.appeared(10)
        let articles = (0..<1_000).map { Fixtures.article(Int64($0), "Car \($0)", minutes: $0) }
        let unsaved = UnsavedArticles(articles)
        let list = RefreshedList(
            window: ArticleWindow.around(.index(0), in: unsaved.summaries), refreshedAt: Date(), saveProblem: "disk full",
            unsaved: unsaved)
        _ = model.apply(.refreshFinished(.refreshed(list)), at: .zero)
        #expect(model.apply(.selectLast, at: .zero).isEmpty)
        let state = model.viewState(formatter: Self.formatter)
        #expect(state.row(at: 999)?.id == 0)
        #expect(state.notices == ["disk full."])
        #expect(model.apply(.openSelected, at: .zero).isEmpty)
        #expect(model.viewState(formatter: Self.formatter).detail?.ingress == "Ingress 0.")
    }
}
