import CarNewsFixtures
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
        let store = harness.store(try harness.feature(Harness.http(server)).presenter)
        #expect(store.state == .loading)
        await store.appearOnTheQuirkyReply()
        #expect(server.requests.map(\.path) == ["/articles"])

        await store.advance(by: .seconds(5 * 60))
        server.respond(with: .text("Internal error", status: 500))
        store.send(.refresh, starts: ["refresh"]) { $0 = CarNewsViewState.list(Fixtures.quirkyRows).updating() }
        await store.receive {
            $0 = .offline(Fixtures.quirkyRows, lastUpdated: "16 March, 12:34", reason: "The server answered HTTP 500 for \(url).")
        }

        server.respond(with: .text("<html><body>502 Bad Gateway</body></html>"))
        // One colon after "read", no space before it, no colon after a full stop.
        let garbage =
            #"The reply from \#(url) could not be read: The given data was not valid JSON: line 1, column 1: expected a value, found "<"."#
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        await store.receive { $0 = .offline(Fixtures.quirkyRows, lastUpdated: "16 March, 12:34", reason: garbage) }

        server.respond(with: .json(#"{"status":"error","content":[]}"#))
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        await store.receive {
            $0 = .offline(
                Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                reason: #"The reply from \#(url) could not be read at status: the server reported "error" instead of "success"."#)
        }

        server.stop()
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        await store.receive {
            $0 = .offline(
                Fixtures.quirkyRows, lastUpdated: "16 March, 12:34", reason: "Could not connect to 127.0.0.1: the connection was refused.")
        }
        await store.finish()
    }

    @Test("a reopened feature shows the saved rows first, before its refresh answers")
    func savedRowsFirst() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        _ = try await harness.appeared(Harness.http(server))

        server.respond(with: .text("down", status: 503))
        await harness.host.advance(by: .seconds(3600))
        let reopened = harness.store(try harness.feature(Harness.http(server)).presenter)
        await reopened.appearOverTheSavedQuirkyRows {
            $0 = .offline(
                Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                reason: "The server answered HTTP 503 for \(server.url("articles").absoluteString).")
        }
        await reopened.finish()
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
        let elsewhere = harness.store(try harness.feature(other).presenter)
        elsewhere.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await elsewhere.receive(starts: ["refresh"]) {
            $0 = .failed("The server answered HTTP 503 for \(server.url("other").absoluteString).")
        }
        await elsewhere.finish()

        // The first source still has its copy.
        let back = harness.store(try harness.feature(Harness.http(server)).presenter)
        await back.appearOverTheSavedQuirkyRows {
            $0 = .offline(
                Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                reason: "The server answered HTTP 503 for \(server.url("articles").absoluteString).")
        }
        await back.finish()

        // The other source's first good reply replaces the list whole; from then on the copy is its own.
        server.respond(with: .json(#"{"status":"success","content":[{"id":7,"title":"Other","dateTime":"16.03.2026 10:00"}]}"#))
        let replaced = harness.store(try harness.feature(other).presenter)
        replaced.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await replaced.receive(starts: ["refresh"]) {
            $0 = .list([.init(id: 7, title: "Other", date: "16 March, 10:00", imageLabel: "No image")])
        }
        await replaced.finish()
        server.respond(with: .text("down", status: 503))
        let firstAgain = harness.store(try harness.feature(Harness.http(server)).presenter)
        firstAgain.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await firstAgain.receive(starts: ["refresh"]) {
            $0 = .failed("The server answered HTTP 503 for \(server.url("articles").absoluteString).")
        }
        await firstAgain.finish()
    }

    @Test("with nothing saved, a failing server gives the error screen, and r retries")
    func emptyCacheFailingServer() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        server.respond(with: .text("Internal error", status: 500))
        let store = harness.store(try harness.feature(Harness.http(server)).presenter)
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.receive(starts: ["refresh"]) {
            $0 = .failed("The server answered HTTP 500 for \(server.url("articles").absoluteString).")
        }

        server.respond(with: .json(Fixtures.quirkyReply))
        store.send(.refresh, starts: ["refresh"]) { $0 = CarNewsViewState.loading.updating() }
        await store.receive(starts: Harness.quirkyImageLoads) { $0 = .list(Fixtures.quirkyRows.map { $0.with(image: .loading) }) }
        await store.settled { $0 = .list(Fixtures.quirkyRows) }
        await store.finish()
    }

    @Test("with nothing saved and no server at all, the error screen says so")
    func emptyCacheRefused() async throws {
        let harness = try Harness()
        let port = try LoopbackHTTPServer.refusedPort()
        let source = SourceConfiguration.http(try #require(URL(string: "http://127.0.0.1:\(port)/articles")))
        let store = harness.store(try harness.feature(source).presenter)
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.receive(starts: ["refresh"]) { $0 = .failed("Could not connect to 127.0.0.1: the connection was refused.") }
        await store.finish()
    }

    @Test("a server that accepts and stays silent times out, and the saved list stays")
    func timeout() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        let store = harness.store(try harness.feature(Harness.http(server, timeout: 1)).presenter)
        await store.appearOnTheQuirkyReply()
        server.respond(with: .json(Fixtures.quirkyReply, delay: 5))
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        await store.receive {
            $0 = .offline(
                Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                reason: "The request to \(server.url("articles").absoluteString) timed out after 1 s.")
        }
        await store.finish()
    }

    @Test("a reply whose every article is bad is a failed load, not an empty list")
    func everyArticleBad() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        let store = harness.store(try harness.feature(Harness.http(server)).presenter)
        await store.appearOnTheQuirkyReply()
        server.respond(with: .json(#"{"status":"success","content":[{"id":1,"title":"T","dateTime":"yesterday"}]}"#))
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        await store.receive {
            $0 = .offline(
                Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                reason: "The reply from \(server.url("articles").absoluteString) could not be read at content: none of the 1 article "
                    + #"could be read (at content[0].dateTime: "yesterday" is not a date in the form dd.MM.yyyy HH:mm)."#)
        }
        await store.finish()
    }

    @Test("a good reply replaces the list: new rows in, removed rows out, skipped ones counted, selection follows its article")
    func goodReplyReplaces() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        let a = Fixtures.article(1, "A", minutes: 60)
        let b = Fixtures.article(2, "B", minutes: 120)
        let c = Fixtures.article(3, "C", minutes: 180)
        server.respond(with: .json(Fixtures.reply([a, b])))
        let store = harness.store(try harness.feature(Harness.http(server)).presenter)
        let rows: [CarNewsViewState.Row] = [
            .init(id: 2, title: "B", date: "16 March, 02:00", imageLabel: "No image"),
            .init(id: 1, title: "A", date: "16 March, 01:00", imageLabel: "No image"),
        ]
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.receive(starts: ["refresh"]) { $0 = .list(rows) }
        store.send(.moveSelection(by: 1)) { $0.selectedIndex = 1 }  // A

        let withBadOne = Fixtures.reply([a, c]).replacingOccurrences(
            of: #""content":[{"content""#, with: #""content":[{"id":9,"title":null},{"content""#)
        server.respond(with: .json(withBadOne))
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        await store.receive {
            $0 = CarNewsViewState.list(
                [
                    .init(id: 3, title: "C", date: "16 March, 03:00", imageLabel: "No image"),
                    .init(id: 1, title: "A", date: "16 March, 01:00", imageLabel: "No image"),
                ], selected: 1)
            $0.notices = ["1 article from the server could not be read and was skipped."]
        }
        await store.finish()
    }

    @Test("a good reply with no articles keeps the saved list and says so; the next outage still shows it")
    func emptyReplyKeepsTheSavedList() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        let store = harness.store(try harness.feature(Harness.http(server)).presenter)
        await store.appearOnTheQuirkyReply()

        await store.advance(by: .seconds(5 * 60))
        server.respond(with: .json(#"{"status":"success","content":[],"serverTime":1658175403}"#))
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        let noArticles = ["The server sent no articles just now; showing the ones saved 16 March, 12:34."]
        // A good reply: the images that failed are asked for again.
        await store.receive(starts: Harness.quirkyImageLoads) {
            $0 = .list(Fixtures.quirkyRows.map { $0.with(image: .loading) })
            $0.notices = noArticles
        }
        await store.settled {
            $0 = .list(Fixtures.quirkyRows)
            $0.notices = noArticles
        }

        server.respond(with: .text("down", status: 503))
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        await store.receive {
            $0 = .offline(
                Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                reason: "The server answered HTTP 503 for \(server.url("articles").absoluteString).")
            $0.notices = noArticles
        }
        await store.finish()

        // A later session reads the same saved rows from the database, under the offline banner.
        let reopened = harness.store(try harness.feature(Harness.http(server)).presenter)
        await reopened.appearOverTheSavedQuirkyRows {
            $0 = .offline(
                Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                reason: "The server answered HTTP 503 for \(server.url("articles").absoluteString).")
        }
        await reopened.finish()
    }
}
