import ChatsFixtures
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import ChatsFeature

/// What a chat list from anywhere may hold, and what it costs (issue 24, points 4 and 5).
@MainActor
@Suite struct HostileInputTests {
    /// Unread counts that add up past Int.max once crashed every surface; the summary now stops at Int.max.
    @Test func unreadCountsThatAddPastIntMaxDoNotTrap() async throws {
        let host = try TestHost(transport: ManualTransport())
        let chats = [
            Fixtures.chat(1, "A", unread: Int.max, at: "2026-03-16T12:00:00Z"),
            Fixtures.chat(2, "B", unread: Int.max, at: "2026-03-16T11:00:00Z"),
            Fixtures.chat(3, "C", unread: 5, at: "2026-03-16T10:00:00Z"),
            Fixtures.chat(4, "D", unread: Int.min, at: "2026-03-16T09:00:00Z"),
        ]
        let store = PresenterTestStore(try Fixtures.presenter(host, source: Fixtures.source(chats)), host: host)
        store.send(.lifecycle(.appear), starts: ["load", "clock"])
        await store.receive(starts: ["clock"]) {
            $0.list = Fixtures.list(chats, summary: "4 chats · 9,223,372,036,854,775,807 unread messages")
        }
        #expect(store.state.list.rows?.count == 4)
        store.send(.lifecycle(.didEnterBackground))
        await store.finish()
    }

    /// A 5 MB message and a 5 MB name are cut where chats come in, whatever the source's form.
    @Test func aFiveMegabyteMessageIsCutWhereChatsComeIn() throws {
        let huge = String(repeating: "m", count: 5_000_000)
        let json =
            #"[{"identifier":1,"fullname":"\#(huge)","avatarURL":"http://example.org/\#(huge)","message":"\#(huge)","#
            + #""unreadMessagesCount":1,"sendingDate":"2026-03-16T10:00:00Z"}]"#
        let chats = try ChatsDecoding.payload.decode(Data(json.utf8), .json)
        let chat = try #require(chats.first)
        #expect(chat.message.count == TextLimit.message.maximumCharacters && chat.message.hasSuffix("…"))
        #expect(chat.fullname.count == TextLimit.name.maximumCharacters && chat.fullname.hasSuffix("…"))
        #expect(chat.avatarURL == "", "a URL too long to use is dropped, not cut into another URL")
        #expect(chat.avatar == nil)
        // Built by hand (a plugin, a test): the same limits.
        #expect(
            Chat(identifier: 1, fullname: huge, avatarURL: "", message: huge, unreadMessagesCount: 0, sendingDate: Date()).message
                .count == TextLimit.message.maximumCharacters)
    }
}
