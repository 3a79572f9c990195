import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation

@testable import ChatsFeature

/// Shared builders for the chats tests.
enum Fixtures {
    /// 2026-03-16 12:34:00 UTC, `TestHost`'s default start.
    static let start = Date(timeIntervalSince1970: 1_773_664_440)

    static func date(_ iso: String) -> Date {
        guard let date = ChatsDecoding.parseISO8601(iso) else { preconditionFailure("bad fixture date \(iso)") }
        return date
    }

    static func chat(
        _ id: Int, _ name: String, avatar: String = "", message: String = "Hi", unread: Int = 0,
        at iso: String = "2026-03-16T10:00:00Z"
    ) -> Chat {
        Chat(identifier: id, fullname: name, avatarURL: avatar, message: message, unreadMessagesCount: unread, sendingDate: date(iso))
    }

    /// A source that serves `chats` and counts as work in flight, so `host.settle()` waits for it.
    static func source(_ chats: [Chat], activity: ActivityTracker, origin: DataOrigin = .fresh) -> ChatsSource {
        AnyDataSource { await activity.track { Loaded(chats, origin: origin) } }
    }

    static func failingSource(_ message: String, activity: ActivityTracker) -> ChatsSource {
        AnyDataSource { try await activity.track { throw FeatureError(message) } }
    }

    static func formatter(locale: String = "en_US", timeZone: String = "UTC", hourCycle: HourCycle = .twentyFourHour)
        -> ChatRowFormatter
    {
        let locale = Locale(identifier: locale)
        return ChatRowFormatter(
            locale: locale, timeZone: TimeZone(identifier: timeZone) ?? .current, hourCycle: hourCycle,
            strings: ChatsStrings(locale: locale))
    }

    static let strings = ChatsStrings(locale: Locale(identifier: "en_US"))

    /// The list state of the loading screen (nothing loaded yet).
    static var loadingList: ChatListState {
        ChatListState(title: "Chats", content: .loading("Loading chats…"))
    }

    static let listHints = [
        ChatsKeyHint(key: "↑↓/PgUp/PgDn", label: "Move"), ChatsKeyHint(key: "Home/End", label: "First/last"),
        ChatsKeyHint(key: "r", label: "Refresh"),
    ]

    /// The list state for `chats` (already in display order) with `avatars` and the default selection.
    static func list(
        _ chats: [Chat], summary: String, avatars: [URL: AvatarState] = [:], now: Date = start, selected: Int = 0,
        scrollTop: Int = 0, notice: String? = nil, refreshing: String? = nil
    ) -> ChatListState {
        ChatListState(
            title: "Chats", summary: summary, notice: notice,
            content: .rows(ChatRows(chats: chats, avatars: avatars, now: now, formatter: formatter())),
            selectedIndex: selected, scrollTop: scrollTop, refreshing: refreshing, keyHints: listHints)
    }
}

/// A transport whose replies the test releases one by one; records requests and cancellations.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [(url: URL, continuation: CheckedContinuation<HTTPResponse, Error>)] = []
    private var sent: [URL] = []
    private var cancelledURLs: [URL] = []

    var requests: [URL] { lock.withLock { sent } }
    var cancelled: [URL] { lock.withLock { cancelledURLs } }
    var pending: [URL] { lock.withLock { waiting.map(\.url) } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { sent.append(request.url) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock { waiting.append((request.url, continuation)) }
                // Cancelled before the continuation was parked: onCancel found nothing to resume.
                if Task.isCancelled { cancelPending(request.url) }
            }
        } onCancel: {
            cancelPending(request.url)
        }
    }

    private func cancelPending(_ url: URL) {
        let entry: CheckedContinuation<HTTPResponse, Error>? = lock.withLock {
            guard let index = waiting.firstIndex(where: { $0.url == url }) else { return nil }
            cancelledURLs.append(url)
            return waiting.remove(at: index).continuation
        }
        entry?.resume(throwing: HTTPError.cancelled(url))
    }

    /// Answers the oldest pending request for `url`.
    func reply(_ url: URL, _ response: HTTPResponse) {
        let entry: CheckedContinuation<HTTPResponse, Error>? = lock.withLock {
            guard let index = waiting.firstIndex(where: { $0.url == url }) else { return nil }
            return waiting.remove(at: index).continuation
        }
        entry?.resume(returning: response)
    }

    func fail(_ url: URL, _ error: Error) {
        let entry: CheckedContinuation<HTTPResponse, Error>? = lock.withLock {
            guard let index = waiting.firstIndex(where: { $0.url == url }) else { return nil }
            return waiting.remove(at: index).continuation
        }
        entry?.resume(throwing: error)
    }

    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
}
