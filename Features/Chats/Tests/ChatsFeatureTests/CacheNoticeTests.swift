import ChatsFeature
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@Suite @MainActor struct CacheNoticeTests {
    @Test func aDamagedPayloadCacheIsMovedAsideAndTheListSaysWhere() async throws {
        // No avatars: nothing but the loopback server is asked for anything.
        let chats = ChatSamples.all.map {
            Chat(
                identifier: $0.identifier, fullname: $0.fullname, avatarURL: "", message: $0.message,
                unreadMessagesCount: $0.unreadMessagesCount, sendingDate: $0.sendingDate)
        }
        let server = try LoopbackHTTPServer()
        server.respond(with: .data(try ChatsDecoding.encodeJSON(chats), contentType: "application/json"))
        let host = try TestHost()
        let cacheFile = host.payloadCacheFile
        try FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a database".utf8).write(to: cacheFile)
        let feature = try ChatsFeature(context: try host.context(id: "chats", source: .http(server.url("chats"))))
        feature.handle(.appear)
        await host.settle()
        await host.advance(by: .milliseconds(2_800))
        #expect(feature.presenter.viewState.list.rows?.count == chats.count)
        let notice = try #require(feature.presenter.viewState.list.notice)
        #expect(notice.hasPrefix("The cache \(cacheFile.path) was damaged"))
        #expect(notice.contains("it was moved to \(cacheFile.path).corrupt-"))
    }
}
