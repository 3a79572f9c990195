import ChatsFeature
import ChatsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import WebUI
import WebUITesting

@testable import ChatsWeb

/// A chats presenter on a test host and its web scene as the page makes it.
@MainActor
struct Harness {
    let host: TestHost
    let scene: ChatsWebScene
    var presenter: ChatsPresenter { scene.presenter }
    var state: ChatsViewState { presenter.viewState }

    /// The feature as the host builds it (the bundled plist unless `source` says otherwise).
    init(locale: String = "en_US", settings: [String: SettingValue] = [:]) throws {
        host = try TestHost()
        let feature = try ChatsFeature(
            context: try host.context(for: ChatsFeature.self, settings: settings, locale: Locale(identifier: locale)))
        scene = try #require(feature.makeWebScene() as? ChatsWebScene)
    }

    /// The presenter over `source`.
    init(source: ChatsSource, locale: String = "en_US") throws {
        host = try TestHost()
        let context = try host.context(id: "chats", locale: Locale(identifier: locale))
        scene = ChatsWebScene(presenter: ChatsFeature.makePresenter(context: context, source: source, timing: .standard))
    }

    /// What the host's session does the first time the page is shown.
    func appear() { presenter.send(.lifecycle(.appear)) }

    /// Shown and run past the hand-over: the list.
    func showList() async {
        appear()
        // The load first: a large source's decode takes real time, and data that arrives after the clock has moved on
        // hands over from then, so the list would still be in its transition when the test reads it.
        await host.settle()
        await host.advance(seconds: 3)
    }

    @discardableResult
    func send(_ event: PageEvent) -> WebEventHandling { scene.handle(event) }

    /// How many times `needle` occurs in the page.
    func count(_ needle: String) -> Int { scene.html().components(separatedBy: needle).count - 1 }
}

enum WebFixtures {
    struct LoadFailure: Error, CustomStringConvertible {
        var description: String { "chats.plist could not be read at [3].sendingDate: expected a date" }
    }

    static func chat(_ id: Int, _ name: String, message: String = "Hi", unread: Int = 0, minutesAgo: Int = 60) -> Chat {
        Fixtures.chat(id, name, message: message, unread: unread, sent: Fixtures.start.addingTimeInterval(Double(-minutesAgo * 60)))
    }

    /// `count` chats, newest first as they will be sorted: row `i` is `Person i`.
    static func many(_ count: Int) -> ChatsSource {
        Fixtures.source((0..<count).map { chat($0, "Person \($0)", message: "Message \($0)", unread: $0 % 4, minutesAgo: $0) })
    }

    static let failing: ChatsSource = AnyDataSource { throw LoadFailure() }
}
