import ChatsFeature
import ChatsTerminal
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI

/// Chats: decoding a 100,000-row plist, sorting it, and the first frame of a 100,000-chat list (which must
/// lay out only the rows on screen: the 1,000-chat figure beside it should be about the same).
enum ChatsBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        let chats = makeChats(100_000)
        guard let plist = try? ChatsDecoding.encodePlist(chats) else {
            print("chats: cannot encode the benchmark plist")
            return
        }
        bench.report("chats: 100,000-row plist size", value: "\(plist.count / 1_000_000) MB")
        // Each beside its anchor, measured in the same run: the check against the standard library's validation
        // (which also copies the bytes into a String), the checked decode against a bare PropertyListDecoder.
        let check = bench.measure("chats: UTF-8 check of the 100,000-row plist", iterations: 15) {
            _ = UTF8Check.firstInvalidOffset(in: plist)
        }
        // The standard library's validation, which the issue names; where it is missing (macOS before 15), its
        // decoder, which validates as it goes.
        let anchorName: String
        let validating: Double
        if #available(macOS 15, iOS 18, *) {
            anchorName = "String(validating:as:)"  // platform-audit: guarded
            let name = "chats: anchor: String(validating:as:) of the same bytes"  // platform-audit: guarded
            validating = bench.measure(name, iterations: 15) {
                _ = String(validating: plist, as: UTF8.self)  // platform-audit: guarded
            }
        } else {
            anchorName = "String(decoding:as:)"
            validating = bench.measure("chats: anchor: String(decoding:as:) of the same bytes", iterations: 15) {
                _ = String(decoding: plist, as: UTF8.self)
            }
        }
        bench.report("chats: UTF-8 check ÷ \(anchorName)", value: String(format: "%.2f×", check / validating))
        let decode = bench.measure("chats: decode a 100,000-row plist", iterations: 5) {
            _ = try? ChatsDecoding.payload.decode(plist, .plist)
        }
        let bare = bench.measure("chats: anchor: bare PropertyListDecoder, same plist", iterations: 5) {
            _ = try? PropertyListDecoder().decode([Chat].self, from: plist)
        }
        bench.report("chats: decode ÷ bare PropertyListDecoder", value: String(format: "%.2f×", decode / bare))
        bench.measure("chats: sort 100,000 chats newest first", iterations: 5) {
            _ = chats.sortedForDisplay()
        }
        for count in [1_000, 100_000] {
            guard let scene = await listScene(Array(chats.prefix(count))) else {
                print("chats: the list did not load")
                return
            }
            let label = count.formatted(.number.locale(Locale(identifier: "en_US")))
            for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] {
                bench.measure("chats: first list frame, \(label) chats, \(size)", iterations: 25) {
                    _ = scene.render(size: size)
                }
            }
        }
    }

    /// A scene already on the list: no loading screen and no hand-over, avatars answered at once with 404.
    /// Waits for the presenter's own changes (the load, then the first avatars failing), not in real time.
    @MainActor
    private static func listScene(_ chats: [Chat]) async -> ChatsTerminalScene? {
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent("featurehost-bench-chats-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storage) }
        let start = Date(timeIntervalSince1970: 1_773_664_440)
        guard
            let context = try? FeatureContext.standard(
                id: "chats", dataDirectory: storage, source: SourceConfiguration(kind: .inMemory), locale: Locale(identifier: "en_US"),
                timeZone: TimeZone(identifier: "UTC") ?? .current, hourCycle: .twentyFourHour, clock: ManualClock(), now: { start },
                transport: NotFoundTransport(), keyValueStore: InMemoryKeyValueStore())
        else { return nil }
        let presenter = ChatsFeature.makePresenter(
            context: context, source: AnyDataSource(InMemorySource(chats)),
            timing: ChatsSettings(frameDuration: 0.1, loadingDuration: 0, transitionDuration: 0, launchDuration: 0))
        let scene = ChatsTerminalScene(presenter: presenter)
        presenter.send(.lifecycle(.appear))
        await presenter.until { state in
            // On the list, and no avatar of the first rows (those the presenter fetches) still loading.
            state.screen == .list && (state.list.rows?.prefix(ChatsPresenter.avatarWindow).allSatisfy { $0.avatar != .loading } ?? true)
        }
        return presenter.viewState.screen == .list ? scene : nil
    }

    /// Chats with messages from a few words to a long paragraph, one minute apart.
    static func makeChats(_ count: Int) -> [Chat] {
        let words = "I’ll send the notes — let me know what you think about the plan for Friday and the numbers in it".split(separator: " ")
        let start = Date(timeIntervalSince1970: 1_773_664_440)
        return (0..<count).map { index in
            let length = 3 + (index * 7) % 40
            let message = (0..<length).map { String(words[($0 + index) % words.count]) }.joined(separator: " ")
            return Chat(
                identifier: index, fullname: "Person \(index)", avatarURL: index % 5 == 0 ? "" : "http://img.example/\(index).png",
                message: message, unreadMessagesCount: index % 150, sendingDate: start.addingTimeInterval(Double(-60 * index)))
        }
    }
}

private struct NotFoundTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { HTTPResponse(status: 404) }
}
