import ChatsFixtures
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import ChatsFeature

/// One set of expectations, run against every source kind: the presenter and the scene only ever see a
/// `ChatsSource`, so each kind must behave the same way behind it.
@MainActor
@Suite("Source contract: plist, json-file, http, in-memory")
struct SourceContractTests {
    /// Serves a kind's payloads: files in a temporary folder, or the loopback server for `http`.
    @MainActor
    final class Fixture {
        let kind: SourceKind
        let host: TestHost
        let server: LoopbackHTTPServer

        init(_ kind: SourceKind) throws {
            self.kind = kind
            host = try TestHost(transport: LoopbackOnlyTransport())
            server = try LoopbackHTTPServer()
        }

        /// The bundled sample as this kind reads it by default.
        func sampleConfiguration() throws -> SourceConfiguration {
            switch kind {
            case .plist, .jsonFile, .inMemory: return SourceConfiguration(kind: kind)
            case .http:
                let json = try Data(contentsOf: try #require(ChatsSources.samples.jsonFile))
                server.respond(with: .data(json, contentType: "application/json"))
                return .http(server.url("chats.json"), cache: false)
            }
        }

        /// `body` (in this kind's format) at this kind's location; `nil` for in-memory, which reads no payload.
        func configuration(serving body: (PayloadFormat) throws -> Data) throws -> SourceConfiguration? {
            switch kind {
            case .inMemory: return nil
            case .plist, .jsonFile:
                let format = PayloadFormat(kind: kind)
                let file = host.directory.file(format == .plist ? "chats.plist" : "chats.json")
                try body(format).write(to: file)
                return SourceConfiguration(kind: kind, path: file)
            case .http:
                server.respond(with: .data(try body(.json), contentType: "application/json"))
                return .http(server.url("chats"), cache: false)
            }
        }

        func source(_ configuration: SourceConfiguration) throws -> ChatsSource {
            try ChatsSources.make(context: try host.context(id: "chats", source: configuration))
        }

        func feature(_ configuration: SourceConfiguration) throws -> ChatsFeature {
            try ChatsFeature(context: try host.context(id: "chats", source: configuration))
        }
    }

    @Test(arguments: SourceKind.allCases)
    func servesTheBundledSample(_ kind: SourceKind) async throws {
        let fixture = try Fixture(kind)
        let loaded = try await fixture.source(try fixture.sampleConfiguration()).load()
        #expect(loaded == Loaded(ChatSamples.all, origin: .fresh))
    }

    /// "The plist can be replaced by a web service": the bundled plist (TestfulApp's data.plist schema) served
    /// over http was refused as "not valid JSON" (issue 34.15). Its Content-Type, or the source's format, says.
    @Test(arguments: [("application/x-plist", nil), ("application/octet-stream", PayloadFormat.plist)])
    func anHTTPSourceReadsThePropertyListItIsServed(_ contentType: String, _ format: PayloadFormat?) async throws {
        let fixture = try Fixture(.http)
        let plist = try Data(contentsOf: try #require(ChatsSources.samples.plistFile))
        fixture.server.respond(with: .data(plist, contentType: contentType))
        let loaded = try await fixture.source(.http(fixture.server.url("data.plist"), cache: false, format: format)).load()
        #expect(loaded == Loaded(ChatSamples.all, origin: .fresh))
    }

    @Test func aPropertyListServedAsJSONSaysWhatItIsAndHowToReadIt() async throws {
        let fixture = try Fixture(.http)
        let plist = try Data(contentsOf: try #require(ChatsSources.samples.plistFile))
        fixture.server.respond(with: .data(plist, contentType: "application/json"))
        let url = fixture.server.url("chats.json")
        await #expect {
            try await fixture.source(.http(url, cache: false)).load()
        } throws: { error in
            error.userFacingMessage.hasPrefix("The reply from \(url.absoluteString) could not be read: it is not valid JSON.")
                && error.userFacingMessage.hasSuffix(
                    #"It is a property list, not JSON: serve it as application/x-plist, or set "format": "plist" in the source."#)
        }
    }

    @Test(arguments: SourceKind.allCases)
    func theListShowsTheSampleNewestFirstAtTwoPointThreeSeconds(_ kind: SourceKind) async throws {
        let fixture = try Fixture(kind)
        let feature = try fixture.feature(try fixture.sampleConfiguration())
        feature.presenter.send(.lifecycle(.appear))
        await fixture.host.settle()
        await fixture.host.advance(by: .milliseconds(2_800))
        let state = feature.presenter.viewState
        #expect(state.screen == .list)
        let sorted = ChatSamples.all.sortedForDisplay()
        // Every row is among the first 20, whose avatars the presenter fetches: the photo service is not there.
        #expect(
            state.list
                == Fixtures.list(
                    sorted, summary: "14 chats · 1,475 unread messages", avatars: Fixtures.avatars(sorted, Fixtures.sampleAvatarNotFound)))
        #expect(state.list.rows?.first?.name == "Noah Fischer")
    }

    @Test(arguments: SourceKind.allCases)
    func edgeCasesSurviveTheRoundTrip(_ kind: SourceKind) async throws {
        let fixture = try Fixture(kind)
        let chats = [
            Fixtures.chat(1, "Jim O’Neil", avatar: "", message: "I’m late — sorry", unread: 0, at: "2015-11-03T10:15:00Z"),
            Fixtures.chat(2, "Zoë", avatar: "http://img.example/z.png", message: "", unread: 100, at: "2015-11-03T11:15:00Z"),
        ]
        guard let configuration = try fixture.configuration(serving: { try Self.encode(chats, $0) }) else {
            // In memory there is no payload to write; the bundled sample covers the same cases (see DecodingTests).
            #expect(ChatSamples.all.contains { $0.avatarURL.isEmpty && $0.unreadMessagesCount == 0 })
            return
        }
        #expect(try await fixture.source(configuration).load() == Loaded(chats, origin: .fresh))
    }

    @Test(arguments: SourceKind.allCases)
    func aBrokenPayloadIsAnErrorNamingThePlace(_ kind: SourceKind) async throws {
        let fixture = try Fixture(kind)
        let broken =
            #"[{"identifier": "one", "fullname": "A", "avatarURL": "", "message": "", "unreadMessagesCount": 0, "sendingDate": "2015-11-03T10:15:00Z"}]"#
        guard
            let configuration = try fixture.configuration(serving: { format in
                format == .json
                    ? Data(broken.utf8) : Data("<plist><array><dict><key>identifier</key><string>one</string></dict></array></plist>".utf8)
            })
        else {
            #expect(try await fixture.source(SourceConfiguration(kind: .inMemory)).load().value.count == ChatSamples.all.count)
            return
        }
        let feature = try fixture.feature(configuration)
        feature.presenter.send(.lifecycle(.appear))
        await fixture.host.settle()
        await fixture.host.advance(by: .milliseconds(2_800))
        guard case .failed(_, let message, _, _) = feature.presenter.viewState.list.content else {
            Issue.record("expected the error state, found \(feature.presenter.viewState.list.content)")
            return
        }
        #expect(message.contains("[0].identifier"), "\(message)")
        let place = kind == .http ? fixture.server.url("chats").absoluteString : configuration.path?.path ?? ""
        #expect(message.contains(place), "\(message)")
    }

    static func encode(_ chats: [Chat], _ format: PayloadFormat) throws -> Data {
        format == .plist ? try ChatsDecoding.encodePlist(chats) : try ChatsDecoding.encodeJSON(chats)
    }
}

/// What only the web kind can do: fail to connect, answer with an error status, serve a saved copy.
@MainActor
@Suite("Web source")
struct WebSourceTests {
    @Test func serverErrorsAndRefusedConnectionsBecomeErrorStates() async throws {
        let server = try LoopbackHTTPServer { _ in .text("oops", status: 500) }
        let host = try TestHost(transport: LoopbackOnlyTransport())
        let url = server.url("chats")
        let feature = try ChatsFeature(context: try host.context(id: "chats", source: .http(url, cache: false)))
        feature.presenter.send(.lifecycle(.appear))
        await host.settle()
        await host.advance(by: .milliseconds(2_800))
        #expect(
            feature.presenter.viewState.list.content
                == .failed(
                    title: "Couldn’t load your chats", message: "The server answered HTTP 500 for \(url.absoluteString).",
                    hint: "Check the source, then try again.", retry: "Try Again"))

        let port = try LoopbackHTTPServer.refusedPort()
        let refused = URL(string: "http://127.0.0.1:\(port)/chats")!
        let other = try ChatsFeature(context: try host.context(id: "chats", source: .http(refused, cache: false)))
        other.presenter.send(.lifecycle(.appear))
        await host.settle()
        await host.advance(by: .milliseconds(2_800))
        guard case .failed(_, let message, _, _) = other.presenter.viewState.list.content else {
            Issue.record("expected an error")
            return
        }
        #expect(message == "Could not connect to 127.0.0.1: the connection was refused.")
    }

    @Test func aSavedCopyIsServedWhenTheServerIsDownAndSaysSo() async throws {
        let json = try ChatsDecoding.encodeJSON(ChatSamples.all)
        let server = try LoopbackHTTPServer()
        server.respond(withSequence: [.data(json, contentType: "application/json"), .text("down", status: 503)])
        let host = try TestHost(transport: LoopbackOnlyTransport())
        let feature = try ChatsFeature(context: try host.context(id: "chats", source: .http(server.url("chats"))))
        feature.presenter.send(.lifecycle(.appear))
        await host.settle()
        await host.advance(by: .milliseconds(2_800))
        #expect(feature.presenter.viewState.list.notice == nil)

        await host.advance(by: .seconds(60))
        feature.presenter.send(.reload)
        #expect(feature.presenter.viewState.list.refreshing == "Loading chats…")
        await host.settle()
        // The reason too: the saved copy alone does not say what to fix.
        #expect(
            feature.presenter.viewState.list.notice
                == "Offline: showing chats saved 12:34. The server answered HTTP 503 for \(server.url("chats").absoluteString).")
        #expect(feature.presenter.viewState.list.refreshing == nil)
        #expect(feature.presenter.viewState.list.rows?.count == ChatSamples.all.count)
    }
}
