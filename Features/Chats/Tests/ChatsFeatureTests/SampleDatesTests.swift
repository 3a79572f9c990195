import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import ChatsFeature

/// The bundled sample's recent dates follow the clock, so a new user sees times, `Yesterday` and weekdays
/// whatever the day; older rows and files the config names keep their dates.
@MainActor
@Suite("Sample: dates relative to now")
struct SampleDatesTests {
    /// Sunday 2026-11-22 09:00 UTC, eight months after the sample's anchor.
    static let sunday = Date(timeIntervalSince1970: 1_795_338_000)

    private func dates(_ kind: SourceKind, path: URL? = nil, start: Date = Self.sunday) async throws -> [String] {
        // Avatars answer 404 at once, so `settle()` has nothing left to wait for.
        let host = try TestHost(start: start, transport: ScriptedTransport { _ in HTTPResponse(status: 404, body: Data()) })
        let context = try host.context(
            id: "chats", source: SourceConfiguration(kind: kind, path: path), locale: Locale(identifier: "en_US"),
            timeZone: TimeZone(identifier: "UTC") ?? .gmt, hourCycle: .twentyFourHour)
        let feature = try ChatsFeature(context: context)
        feature.handle(.appear)
        await host.settle()
        await host.advance(by: .seconds(3))
        return try #require(feature.presenter.viewState.list.rows).map(\.date)
    }

    @Test(arguments: [SourceKind.plist, .jsonFile, .inMemory])
    func recentRowsKeepTheirAge(_ kind: SourceKind) async throws {
        #expect(
            try await dates(kind) == [
                "08:56", "08:24", "06:07", "Yesterday", "Yesterday", "Thursday", "Tuesday", "Monday", "Nov 8", "Feb 14", "Jan 1",
                "12/24/2025", "11/3/2025", "11/3/2015",
            ])
    }

    @Test func atTheAnchorTheSampleIsAsWritten() async throws {
        #expect(ChatSamples.relative(ChatSamples.all, to: ChatSamples.anchor) == ChatSamples.all)
        #expect(try await dates(.inMemory, start: ChatSamples.anchor).prefix(4) == ["12:30", "11:58", "09:41", "Yesterday"])
    }

    @Test func aFileTheConfigNamesKeepsItsDates() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("chats.json")
        try Data(
            #"[{"identifier":1,"fullname":"A","avatarURL":"","message":"m","unreadMessagesCount":0,"sendingDate":"2026-03-16T12:30:00Z"}]"#
                .utf8
        ).write(to: file)
        #expect(try await dates(.jsonFile, path: file) == ["Mar 16"])
    }
}
