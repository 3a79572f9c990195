import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import CarNewsFeature

/// Refreshing against a real HTTP server on 127.0.0.1.
@MainActor
@Suite("Refresh against the loopback server")
struct RefreshTests {
    @Test("fresh, then 500, then garbage, then connection refused: the saved list stays, under the offline banner")
    func failuresKeepTheSavedList() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        let url = server.url("articles").absoluteString
        let presenter = try harness.feature(Harness.http(server)).presenter
        #expect(presenter.viewState == .loading)

        presenter.send(.lifecycle(.appear))
        #expect(presenter.viewState == CarNewsViewState.loading.updating())
        await harness.host.settle()
        #expect(presenter.viewState == .list(Fixtures.quirkyRows))
        #expect(server.requests.map(\.path) == ["/articles"])

        await harness.host.advance(by: .seconds(5 * 60))
        server.respond(with: .text("Internal error", status: 500))
        presenter.send(.refresh)
        #expect(presenter.viewState == CarNewsViewState.list(Fixtures.quirkyRows).updating())
        await harness.host.settle()
        #expect(
            presenter.viewState
                == .offline(
                    Fixtures.quirkyRows, lastUpdated: "16 March, 12:34", reason: "The server answered HTTP 500 for \(url)."))

        server.respond(with: .text("<html><body>502 Bad Gateway</body></html>"))
        await harness.send(.refresh, to: presenter)
        let garbage = try #require(presenter.viewState.banner?.detail)
        // One colon after "read", no space before it, no colon after a full stop.
        #expect(
            garbage
                == #"The reply from \#(url) could not be read: The given data was not valid JSON: line 1, column 1: expected a value, found "<"."#
        )
        #expect(
            presenter.viewState == .offline(Fixtures.quirkyRows, lastUpdated: "16 March, 12:34", reason: garbage))

        server.respond(with: .json(#"{"status":"error","content":[]}"#))
        await harness.send(.refresh, to: presenter)
        #expect(
            presenter.viewState
                == .offline(
                    Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                    reason:
                        #"The reply from \#(url) could not be read at status: the server reported "error" instead of "success"."#))

        server.stop()
        await harness.send(.refresh, to: presenter)
        #expect(
            presenter.viewState
                == .offline(
                    Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                    reason: "Could not connect to 127.0.0.1: the connection was refused."))
    }

    @Test("a reopened feature shows the saved rows first, before its refresh answers")
    func savedRowsFirst() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        _ = try await harness.appeared(Harness.http(server))

        server.respond(with: .text("down", status: 503))
        await harness.host.advance(by: .seconds(3600))
        let reopened = try harness.feature(Harness.http(server)).presenter
        let recorder = ViewStateRecorder(reopened)
        await harness.send(.lifecycle(.appear), to: reopened)
        let saved = CarNewsViewState.list(Fixtures.quirkyRows.map { $0.with(image: .loading) }).updating()
        #expect(recorder.states.prefix(2) == [CarNewsViewState.loading.updating(), saved])
        #expect(
            reopened.viewState
                == .offline(
                    Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                    reason: "The server answered HTTP 503 for \(server.url("articles").absoluteString)."))
    }

    @Test(
        "the saved list belongs to the source it came from: another URL's failure is not offline with it, and that URL's first good reply replaces it"
    )
    func savedListBelongsToItsSource() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        _ = try await harness.appeared(Harness.http(server))

        server.respond(with: .text("down", status: 503))
        let other = SourceConfiguration.http(server.url("other"), timeout: 5)
        let elsewhere = try await harness.appeared(other)
        #expect(elsewhere.viewState == .failed("The server answered HTTP 503 for \(server.url("other").absoluteString)."))

        // The first source still has its copy.
        let back = try await harness.appeared(Harness.http(server))
        #expect(back.viewState.rows.map(\.id) == Fixtures.quirkyRows.map(\.id))
        #expect(back.viewState.banner?.title == "Offline — last updated 16 March, 12:34")

        // The other source's first good reply replaces the list whole; from then on the copy is its own.
        server.respond(with: .json(#"{"status":"success","content":[{"id":7,"title":"Other","dateTime":"16.03.2026 10:00"}]}"#))
        let replaced = try await harness.appeared(other)
        #expect(replaced.viewState.rows.map(\.id) == [7])
        server.respond(with: .text("down", status: 503))
        let firstAgain = try await harness.appeared(Harness.http(server))
        #expect(
            firstAgain.viewState.body
                == .message(CarNewsCopy.loadFailed("The server answered HTTP 503 for \(server.url("articles").absoluteString).")))
    }

    @Test("with nothing saved, a failing server gives the error screen, and r retries")
    func emptyCacheFailingServer() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        server.respond(with: .text("Internal error", status: 500))
        let presenter = try harness.feature(Harness.http(server)).presenter
        await harness.send(.lifecycle(.appear), to: presenter)
        #expect(presenter.viewState == .failed("The server answered HTTP 500 for \(server.url("articles").absoluteString)."))

        server.respond(with: .json(Fixtures.quirkyReply))
        presenter.send(.refresh)
        #expect(presenter.viewState == CarNewsViewState.loading.updating())
        await harness.host.settle()
        #expect(presenter.viewState == .list(Fixtures.quirkyRows))
    }

    @Test("with nothing saved and no server at all, the error screen says so")
    func emptyCacheRefused() async throws {
        let harness = try Harness()
        let port = try LoopbackHTTPServer.refusedPort()
        let source = SourceConfiguration.http(try #require(URL(string: "http://127.0.0.1:\(port)/articles")))
        let presenter = try harness.feature(source).presenter
        await harness.send(.lifecycle(.appear), to: presenter)
        #expect(presenter.viewState == .failed("Could not connect to 127.0.0.1: the connection was refused."))
    }

    @Test("a server that accepts and stays silent times out, and the saved list stays")
    func timeout() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        let presenter = try harness.feature(Harness.http(server, timeout: 1)).presenter
        await harness.send(.lifecycle(.appear), to: presenter)
        server.respond(with: .json(Fixtures.quirkyReply, delay: 5))
        await harness.send(.refresh, to: presenter)
        #expect(
            presenter.viewState
                == .offline(
                    Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                    reason: "The request to \(server.url("articles").absoluteString) timed out after 1 s."))
    }

    @Test("a reply whose every article is bad is a failed load, not an empty list")
    func everyArticleBad() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        let presenter = try harness.feature(Harness.http(server)).presenter
        await harness.send(.lifecycle(.appear), to: presenter)
        server.respond(with: .json(#"{"status":"success","content":[{"id":1,"title":"T","dateTime":"yesterday"}]}"#))
        await harness.send(.refresh, to: presenter)
        #expect(presenter.viewState.rows == Fixtures.quirkyRows)
        #expect(
            presenter.viewState.banner?.detail
                == "The reply from \(server.url("articles").absoluteString) could not be read at content: none of the 1 article could be read "
                + #"(at content[0].dateTime: "yesterday" is not a date in the form dd.MM.yyyy HH:mm)."#)
    }

    @Test("a good reply replaces the list: new rows in, removed rows out, skipped ones counted, selection follows its article")
    func goodReplyReplaces() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        let a = Fixtures.article(1, "A", minutes: 60)
        let b = Fixtures.article(2, "B", minutes: 120)
        let c = Fixtures.article(3, "C", minutes: 180)
        server.respond(with: .json(Fixtures.reply([a, b])))
        let presenter = try harness.feature(Harness.http(server)).presenter
        await harness.send(.lifecycle(.appear), to: presenter)
        presenter.send(.moveSelection(by: 1))
        #expect(presenter.viewState.selectedIndex == 1)  // A

        let withBadOne = Fixtures.reply([a, c]).replacingOccurrences(
            of: #""content":[{"content""#, with: #""content":[{"id":9,"title":null},{"content""#)
        server.respond(with: .json(withBadOne))
        await harness.send(.refresh, to: presenter)
        var expected = CarNewsViewState.list(
            [
                .init(id: 3, title: "C", date: "16 March, 03:00", imageLabel: "No image"),
                .init(id: 1, title: "A", date: "16 March, 01:00", imageLabel: "No image"),
            ], selected: 1)
        expected.notices = ["1 article from the server could not be read and was skipped."]
        #expect(presenter.viewState == expected)
    }

    @Test("a good reply with no articles keeps the saved list and says so; the next outage still shows it")
    func emptyReplyKeepsTheSavedList() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        let presenter = try await harness.appeared(Harness.http(server))
        #expect(presenter.viewState == .list(Fixtures.quirkyRows))

        await harness.host.advance(by: .seconds(5 * 60))
        server.respond(with: .json(#"{"status":"success","content":[],"serverTime":1658175403}"#))
        await harness.send(.refresh, to: presenter)
        var kept = CarNewsViewState.list(Fixtures.quirkyRows)
        kept.notices = ["The server sent no articles just now; showing the ones saved 16 March, 12:34."]
        #expect(presenter.viewState == kept)

        server.respond(with: .text("down", status: 503))
        await harness.send(.refresh, to: presenter)
        #expect(presenter.viewState.rows == Fixtures.quirkyRows)
        #expect(presenter.viewState.banner?.title == "Offline — last updated 16 March, 12:34")

        // A later session reads the same saved rows from the database, under the offline banner.
        let reopened = try await harness.appeared(Harness.http(server))
        #expect(
            reopened.viewState
                == .offline(
                    Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                    reason: "The server answered HTTP 503 for \(server.url("articles").absoluteString)."))
    }
}
