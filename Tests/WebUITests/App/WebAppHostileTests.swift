import FeatureHostCore
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// Long text and invisible controls on the web page (issue 24, points 3 and 4).
@MainActor
struct WebAppHostileTests {
    private func openCounter(_ app: WebApp, _ launcher: FakeLauncher) throws -> (session: String, stream: RecordingStream) {
        let page = RecordingSink()
        app.handle(try #require(makeRequest("GET", "/f/counter")), page)
        let html = try #require(page.last).text
        let session = try #require(html.firstMatch(of: /data-fh-session="([a-z0-9]+)"/)?.1).description
        let streams = RecordingSink()
        app.handle(try #require(makeRequest("GET", "/s/\(session)/events?v=0")), streams)
        return (session, try #require(streams.streams.first))
    }

    /// Text that would make a page larger than 1 MiB shows a panel instead: what the session keeps, diffs and
    /// sends stays bounded (a 10 MB text once made a 10 MB patch, past the 4 MiB a connection may queue, so the
    /// stream closed and the page was never drawn, again on every reconnect).
    @Test func aPageOverItsBudgetShowsAPanelAndStaysSmall() throws {
        let launcher = FakeLauncher()
        let app = makeApp(launcher: launcher, now: ManualNow())
        let (session, stream) = try openCounter(app, launcher)
        launcher.launches[0].scene.note = String(repeating: "x", count: 10_000_000)
        app.handle(try #require(postEvent(session, #"{"kind":"click","action":"none"}"#)), RecordingSink())
        #expect(stream.text.utf8.count < 10_000)
        #expect(stream.text.contains("This page is too large to show"))
        #expect(stream.text.contains("would take 19.1 MB of HTML, and a page may take 1.0 MB"), "text and aria-label")

        // Back under the budget: the page again.
        launcher.launches[0].scene.note = "short"
        app.handle(try #require(postEvent(session, #"{"kind":"click","action":"none"}"#)), RecordingSink())
        #expect(stream.text.hasSuffix("\n\n") && stream.text.contains("short"))

        // A new page of it is bounded too.
        let page = RecordingSink()
        launcher.launches[0].scene.note = String(repeating: "<", count: 300_000)  // 1.2 MB once escaped
        app.handle(try #require(makeRequest("GET", "/f/counter")), page)
        #expect(try #require(page.last).body.count < 10_000)
    }

    @Test func theBudgetCountsWhatRenderingWrites() {
        for seed in UInt64(1)...300 {
            var random = RandomTrees(seed: seed)
            let html = random.tree(depth: 4).html
            #expect(html.renderedByteCount == html.render().utf8.count, "seed \(seed)")
        }
        let odd = Tag.p(.class("a\"b"), .hidden(), .aria("label", "<&'>")) {
            "&<>\"'é😀"
            Tag.input(.value("v"))
        }
        #expect(odd.renderedByteCount == odd.render().utf8.count)
        #expect(PageBudget.bounded(odd) == odd)
        #expect(PageBudget.bounded(odd, limit: 10) != odd)
    }

    /// Server text cannot reorder what the page shows: bidi overrides and other invisible controls are dropped in
    /// the builder, from text and attributes alike, as the terminal drops them.
    @Test func bidiOverridesNeverReachThePage() throws {
        let launcher = FakeLauncher()
        let app = makeApp(launcher: launcher, now: ManualNow())
        let (session, stream) = try openCounter(app, launcher)
        launcher.launches[0].scene.note = "invoice\u{202E}fdp.exe\u{202C} \u{2066}x\u{2069}\u{200F}\u{1B}[31m"
        app.handle(try #require(postEvent(session, #"{"kind":"click","action":"none"}"#)), RecordingSink())
        #expect(stream.text.contains("invoicefdp.exe x[31m"))
        for scalar in ["\u{202E}", "\u{202C}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{1B}", "\\u001b", "\\u202e"] {
            #expect(!stream.text.contains(scalar), "\(scalar.unicodeScalars.first.map { String($0.value, radix: 16) } ?? "")")
        }
        let html = Tag.p(.aria("label", "a\u{202E}b"), .alt("c\u{2067}d")) {
            "e\u{202D}f"
            "👨‍👩‍👧"
        }.render()
        #expect(html == #"<p alt="cd" aria-label="ab">ef👨‍👩‍👧</p>"#)
    }
}
