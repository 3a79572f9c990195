import FeatureHostTesting
import Foundation
import Testing

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// Writes diff cases (old content, new content, ops) to `Tests/browser/fixtures/diff-cases.json` (a golden file
/// outside the target, so SwiftPM has no resource to complain about), which the browser test
/// (`Tests/browser/test_client_script.py`) replays in Chromium: there the real HTML parser builds the old DOM,
/// the client script applies the ops, and the result must equal the parse of the new content. That checks the
/// keyed diff's one assumption about the parser (markup that nests as HTML allows is built as written) and the
/// client's morph against a real browser.
@Suite struct DiffFixtureTests {
    static let handPicked: [(String, HTML, HTML)] = [
        (
            "countdown digit", div { for d in [1, 2, 3] { span { "\(d)" }.id("d\(d)") } }.id("timer"),
            div { for d in [1, 9, 3] { span { "\(d)" }.id(d == 9 ? "d2-9" : "d\(d)") } }.id("timer")
        ),
        (
            "merged texts", .fragment([.text("a"), .text(""), .text("b"), span { "x" }.id("s")]),
            .fragment([.text("ab"), span { "y" }.id("s")])
        ),
        (
            "a text in a keyed element",
            div {
                span { "1" }.id("a")
                span { "2" }.id("b")
            },
            div {
                span { "1" }.id("a")
                span { "5" }.id("b")
            }
        ),
        (
            "an unkeyed change under a keyed element",
            section {
                p { "t" }
                div { span { "x" } }
            }.id("s"),
            section {
                p { "t" }
                div { span { "y" } }
            }.id("s")
        ),
        (
            "attributes of a keyed element", div(.class("a"), .hidden(), .data("n", "1")) { "x" }.id("k"),
            div(.class("b"), .data("n", "1")) { "x" }.id("k")
        ),
        (
            "p holding a div (whole root)",
            section {
                p { div { "x" } }
                span { "1" }
            },
            section {
                p { div { "y" } }
                span { "2" }
            }
        ),
        (
            "p holding a ul deep down (whole root)",
            section {
                p { span { ul { li { "x" } } } }
                span { "1" }
            },
            section {
                p { span { ul { li { "y" } } } }
                span { "2" }
            }
        ),
        (
            "link in link (whole root)",
            div {
                a { span { a { "x" } } }
                span { "1" }
            },
            div {
                a { span { a { "y" } } }
                span { "2" }
            }
        ),
        (
            "button in button (whole root)",
            div {
                button { button { "x" } }
                span { "1" }
            },
            div {
                button { button { "y" } }
                span { "2" }
            }
        ),
        (
            "li in li (whole root)",
            ul {
                li { span { li { "x" } } }
                li { "1" }
            },
            ul {
                li { span { li { "y" } } }
                li { "2" }
            }
        ),
        (
            "heading in heading (whole root)",
            div {
                h1 { h2 { "x" } }
                span { "1" }
            },
            div {
                h1 { h2 { "y" } }
                span { "2" }
            }
        ),
        (
            "span in svg (whole root)",
            div {
                svg { g { span { "x" } } }
                span { "1" }
            },
            div {
                svg { g { span { "y" } } }
                span { "2" }
            }
        ),
        (
            "svg drawing",
            div {
                svg(.viewBox("0 0 2 2")) { circle(.r("1")) }
                span { "1" }
            },
            div {
                svg(.viewBox("0 0 4 4")) { circle(.r("2")) }
                span { "2" }
            }
        ),
        (
            "NUL text (dropped by the builder)",
            div {
                "\u{0}"
                span { "1" }
            },
            div {
                "\u{0}"
                span { "2" }
            }
        ),
        (
            "trusted icon",
            div {
                HTML.trustedMarkup("<svg><path d=\"M0\"></path></svg>")
                span { "1" }
            },
            div {
                HTML.trustedMarkup("<svg><path d=\"M1\"></path></svg>")
                span { "2" }
            }
        ),
        (
            "trusted icon beside a keyed span",
            div {
                HTML.trustedMarkup("<svg><path d=\"M0\"></path></svg>")
                span { "1" }.id("n")
            },
            div {
                HTML.trustedMarkup("<svg><path d=\"M0\"></path></svg>")
                span { "2" }.id("n")
            }
        ),
        ("odd characters", p { "<&>\"' \u{2028}😀\r\n" }.id("odd"), p { "</script>\u{2029}\t" }.id("odd")),
        (
            "bidi controls (dropped by the builder)", p { "a\u{202E}gpj.exe\u{202C} \u{2066}b\u{2069}" },
            p { "a\u{200F}c\u{200D}d 👨\u{200D}👩" }
        ),
        (
            "keyed reorder",
            ul {
                li { "a" }.id("a")
                li { "b" }.id("b")
                li { "c" }.id("c")
            }.id("list"),
            ul {
                li { "c" }.id("c")
                li { "a" }.id("a")
            }.id("list")
        ),
        (
            "svg child replaced",
            div {
                svg {
                    circle(.r("1")).id("c1")
                    circle(.r("2"))
                }
            },
            div {
                svg {
                    circle(.r("1")).id("c9")
                    circle(.r("2"))
                }
            }
        ),
        (
            "svg children morphed", div { svg { circle(.r("1")) }.id("pic") },
            div {
                svg {
                    circle(.r("1"))
                    path(.d("M0"))
                }.id("pic")
            }
        ),
        (
            "boolean attributes", div(.hidden()) { input(.disabled(), .value("x")).id("in") }.id("box"),
            div { input(.value("y")).id("in") }.id("box")
        ),
        (
            "a key repeated (whole root)",
            div {
                span { "1" }.id("x")
                span { "2" }.id("x")
            },
            div {
                span { "1" }.id("x")
                span { "3" }.id("x")
            }
        ),
    ]

    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("browser/fixtures", isDirectory: true)

    @Test func diffCasesForTheBrowser() throws {
        var cases = Self.handPicked.map { (name: $0.0, old: $0.1, new: $0.2) }
        // 300 random pairs that differ (an edit often changes nothing), found from seed 1 on.
        var seed: UInt64 = 0
        while cases.count < Self.handPicked.count + 300 {
            seed += 1
            var random = RandomTrees(seed: seed, nestsAsWritten: true)
            let old = random.tree(depth: 4)
            let new = random.edit(old, depth: 4)
            if old.html.render() != new.html.render() { cases.append((name: "random \(seed)", old: old.html, new: new.html)) }
        }
        let lines = cases.map { item in
            let ops = HTMLDiff.ops(from: item.old, to: item.new).map(\.json).joined(separator: ",")
            return #"{"name":"# + JSONWriting.string(item.name) + #","old":"# + JSONWriting.string(item.old.render())
                + #","new":"# + JSONWriting.string(item.new.render()) + #","ops":["# + ops + "]}"
        }
        try GoldenFile.check("[\n" + lines.joined(separator: ",\n") + "\n]", named: "diff-cases.json", in: Self.fixtures)
    }
}
