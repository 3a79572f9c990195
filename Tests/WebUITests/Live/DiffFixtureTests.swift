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
            "countdown digit", Tag.div { for d in [1, 2, 3] { Tag.span { "\(d)" }.id("d\(d)") } }.id("timer"),
            Tag.div { for d in [1, 9, 3] { Tag.span { "\(d)" }.id(d == 9 ? "d2-9" : "d\(d)") } }.id("timer")
        ),
        (
            "merged texts", .fragment([.text("a"), .text(""), .text("b"), Tag.span { "x" }.id("s")]),
            .fragment([.text("ab"), Tag.span { "y" }.id("s")])
        ),
        (
            "a text in a keyed element",
            Tag.div {
                Tag.span { "1" }.id("a")
                Tag.span { "2" }.id("b")
            },
            Tag.div {
                Tag.span { "1" }.id("a")
                Tag.span { "5" }.id("b")
            }
        ),
        (
            "an unkeyed change under a keyed element",
            Tag.section {
                Tag.p { "t" }
                Tag.div { Tag.span { "x" } }
            }.id("s"),
            Tag.section {
                Tag.p { "t" }
                Tag.div { Tag.span { "y" } }
            }.id("s")
        ),
        (
            "attributes of a keyed element", Tag.div(.class("a"), .hidden(), .data("n", "1")) { "x" }.id("k"),
            Tag.div(.class("b"), .data("n", "1")) { "x" }.id("k")
        ),
        (
            "p holding a div (whole root)",
            Tag.section {
                Tag.p { Tag.div { "x" } }
                Tag.span { "1" }
            },
            Tag.section {
                Tag.p { Tag.div { "y" } }
                Tag.span { "2" }
            }
        ),
        (
            "p holding a ul deep down (whole root)",
            Tag.section {
                Tag.p { Tag.span { Tag.ul { Tag.li { "x" } } } }
                Tag.span { "1" }
            },
            Tag.section {
                Tag.p { Tag.span { Tag.ul { Tag.li { "y" } } } }
                Tag.span { "2" }
            }
        ),
        (
            "link in link (whole root)",
            Tag.div {
                Tag.a { Tag.span { Tag.a { "x" } } }
                Tag.span { "1" }
            },
            Tag.div {
                Tag.a { Tag.span { Tag.a { "y" } } }
                Tag.span { "2" }
            }
        ),
        (
            "button in button (whole root)",
            Tag.div {
                Tag.button { Tag.button { "x" } }
                Tag.span { "1" }
            },
            Tag.div {
                Tag.button { Tag.button { "y" } }
                Tag.span { "2" }
            }
        ),
        (
            "li in li (whole root)",
            Tag.ul {
                Tag.li { Tag.span { Tag.li { "x" } } }
                Tag.li { "1" }
            },
            Tag.ul {
                Tag.li { Tag.span { Tag.li { "y" } } }
                Tag.li { "2" }
            }
        ),
        (
            "heading in heading (whole root)",
            Tag.div {
                Tag.h1 { Tag.h2 { "x" } }
                Tag.span { "1" }
            },
            Tag.div {
                Tag.h1 { Tag.h2 { "y" } }
                Tag.span { "2" }
            }
        ),
        (
            "span in svg (whole root)",
            Tag.div {
                Tag.svg { Tag.g { Tag.span { "x" } } }
                Tag.span { "1" }
            },
            Tag.div {
                Tag.svg { Tag.g { Tag.span { "y" } } }
                Tag.span { "2" }
            }
        ),
        (
            "svg drawing",
            Tag.div {
                Tag.svg(.viewBox("0 0 2 2")) { Tag.circle(.r("1")) }
                Tag.span { "1" }
            },
            Tag.div {
                Tag.svg(.viewBox("0 0 4 4")) { Tag.circle(.r("2")) }
                Tag.span { "2" }
            }
        ),
        (
            "NUL text (dropped by the builder)",
            Tag.div {
                "\u{0}"
                Tag.span { "1" }
            },
            Tag.div {
                "\u{0}"
                Tag.span { "2" }
            }
        ),
        (
            "trusted icon",
            Tag.div {
                HTML.trustedMarkup("<svg><path d=\"M0\"></path></svg>")
                Tag.span { "1" }
            },
            Tag.div {
                HTML.trustedMarkup("<svg><path d=\"M1\"></path></svg>")
                Tag.span { "2" }
            }
        ),
        (
            "trusted icon beside a keyed span",
            Tag.div {
                HTML.trustedMarkup("<svg><path d=\"M0\"></path></svg>")
                Tag.span { "1" }.id("n")
            },
            Tag.div {
                HTML.trustedMarkup("<svg><path d=\"M0\"></path></svg>")
                Tag.span { "2" }.id("n")
            }
        ),
        ("odd characters", Tag.p { "<&>\"' \u{2028}😀\r\n" }.id("odd"), Tag.p { "</script>\u{2029}\t" }.id("odd")),
        (
            "bidi controls (dropped by the builder)", Tag.p { "a\u{202E}gpj.exe\u{202C} \u{2066}b\u{2069}" },
            Tag.p { "a\u{200F}c\u{200D}d 👨\u{200D}👩" }
        ),
        (
            "keyed reorder",
            Tag.ul {
                Tag.li { "a" }.id("a")
                Tag.li { "b" }.id("b")
                Tag.li { "c" }.id("c")
            }.id("list"),
            Tag.ul {
                Tag.li { "c" }.id("c")
                Tag.li { "a" }.id("a")
            }.id("list")
        ),
        (
            "svg child replaced",
            Tag.div {
                Tag.svg {
                    Tag.circle(.r("1")).id("c1")
                    Tag.circle(.r("2"))
                }
            },
            Tag.div {
                Tag.svg {
                    Tag.circle(.r("1")).id("c9")
                    Tag.circle(.r("2"))
                }
            }
        ),
        (
            "svg children morphed", Tag.div { Tag.svg { Tag.circle(.r("1")) }.id("pic") },
            Tag.div {
                Tag.svg {
                    Tag.circle(.r("1"))
                    Tag.path(.d("M0"))
                }.id("pic")
            }
        ),
        (
            "boolean attributes", Tag.div(.hidden()) { Tag.input(.disabled(), .value("x")).id("in") }.id("box"),
            Tag.div { Tag.input(.value("y")).id("in") }.id("box")
        ),
        (
            "a key repeated (whole root)",
            Tag.div {
                Tag.span { "1" }.id("x")
                Tag.span { "2" }.id("x")
            },
            Tag.div {
                Tag.span { "1" }.id("x")
                Tag.span { "3" }.id("x")
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
