import FeatureHostCore
import Foundation
import Observation
import WebUI

/// What one session's render can cost the main actor, which every other page waits behind (issue 24, point 4):
/// a page at its budget (1 MiB of text, the most `PageBudget` lets through), one far past it (shown as the panel),
/// and a page of the largest texts a view state carries (20 rows of a `.message`). Each is one page event handled
/// start to end: the scene renders, the budget is counted, the diff is made and the patch written. The anchor is
/// Foundation encoding the same text as one JSON string (a bare copy with escaping).
enum HostileWebBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        let budget = 1 << 20
        let cases: [(name: String, rows: Int, characters: Int)] = [
            ("20 rows of a chat message's limit (4,000 characters each)", 20, TextLimit.message.maximumCharacters),
            ("a page at its budget (16 rows of 64 KiB)", 16, budget / 16 - 64),
            ("a page 20× past its budget (the panel instead)", 20, budget),
        ]
        for (name, rows, characters) in cases {
            let scene = TextRowsScene(rows: rows, characters: characters)
            let launcher = BenchPageLauncher("text", assets: WebAssets([])) {
                PageFeature(title: "Text", scene: scene, lifecycle: { _ in }, close: {})
            }
            let app = WebApp(configuration: WebApp.Configuration(access: WebBenchmarks.access), launcher: launcher, now: { .zero })
            let sink = BenchStreamSink()
            app.handle(WebBenchmarks.request("GET", "/f/text"), sink)
            guard let id = sink.sessionID else { return print("hostile-web: the page did not open a session") }
            app.handle(WebBenchmarks.request("GET", "/s/\(id)/events?v=0"), sink)
            let click = WebBenchmarks.request("POST", "/s/\(id)/event", body: #"{"kind":"click","action":"next"}"#)
            bench.measure("hostile-web: one event, \(name)", iterations: 20) {
                app.handle(click, sink)
            }
            app.closeAll()
        }
        let text = String(repeating: "x", count: budget)
        bench.measure("hostile-web: anchor, JSONEncoder encodes 1 MiB of text", iterations: 20) {
            _ = try? JSONEncoder().encode([text])
        }
    }
}

/// Rows of long text; each click changes the first row, so every event renders, counts and diffs the whole page.
/// Observable, as a scene whose events change its own state must be: the session renders what changed.
@MainActor
@Observable
private final class TextRowsScene: WebScene {
    private var rows: [String]
    private let first: String
    @ObservationIgnored private var turn = 0

    init(rows: Int, characters: Int) {
        let texts = (0..<rows).map { row in String(repeating: "long text \(row) ", count: characters / 14) }
        self.rows = texts
        first = texts[0]
    }

    func render() -> HTML {
        Tag.ul(.class("rows")) {
            for (index, row) in rows.enumerated() { Tag.li(.aria("label", String(row.prefix(80)))) { row }.id("row-\(index)") }
        }
    }

    func handle(_ event: PageEvent) -> WebEventHandling {
        turn += 1
        rows[0] = "turn \(turn) " + first
        return .handled
    }
}
