import FeatureHostCore
import Foundation
import WebUI

/// What a page's benchmark hands `WebApp` as its responder: counts the bytes written down the event stream
/// and remembers the session id the page announced.
final class BenchStreamSink: ResponseSink, EventStreamSink, Sendable {
    private let state = Locked<(bytes: Int, pageSession: String?)>((0, nil))

    var streamBytes: Int { state.withLock { $0.bytes } }
    var sessionID: String? { state.withLock { $0.pageSession } }

    func send(_ response: HTTPServerResponse) {
        let text = String(decoding: response.body, as: UTF8.self)
        guard let range = text.range(of: #"data-fh-session=""#) else { return }
        let id = text[range.upperBound...].prefix { $0 != "\"" }
        state.withLock { $0.pageSession = String(id) }
    }

    func openStream(status: HTTPStatus, headers: [(String, String)]) -> any EventStreamSink { self }

    @discardableResult func write(_ chunk: [UInt8]) -> Bool {
        state.withLock { $0.bytes += chunk.count }
        return true
    }

    func close() {}
    var isClosed: Bool { false }
    func onClose(_ handler: @escaping @Sendable () -> Void) {}
}

/// One feature's page per launch, for `WebApp`: fixed conventions, no home, no images.
@MainActor
final class BenchPageLauncher: PageLauncher {
    let assets: [FeatureID: WebAssets]
    private let locale: Locale
    private let make: @MainActor () -> PageFeature?

    init(_ id: FeatureID, assets: WebAssets, locale: String = "en_US", make: @escaping @MainActor () -> PageFeature?) {
        self.assets = [id: assets]
        self.locale = Locale(identifier: locale)
        self.make = make
    }

    var homeEntries: [HomeEntry] { [] }
    var fixesHourCycle: Bool { true }

    func cachedImage(forKey key: String) -> CachedImage? { nil }

    func preferences(for browser: BrowserPreferences) -> PagePreferences {
        PagePreferences(locale: locale, hourCycle: .twentyFourHour, timeZone: TimeZone(identifier: "UTC") ?? .gmt)
    }

    func launch(_ id: FeatureID, preferences: PagePreferences) -> LaunchedPage? { make().map { .running($0) } }
}
