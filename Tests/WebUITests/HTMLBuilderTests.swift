import Testing
import WebUI

@Suite struct HTMLBuilderTests {
    @Test func nesting() {
        let html = Tag.div(.class("countdown")) {
            Tag.span { "01" }
            Tag.span(.class("sep")) { ":" }
            Tag.span { "59" }
        }
        #expect(html.render() == #"<div class="countdown"><span>01</span><span class="sep">:</span><span>59</span></div>"#)
    }

    @Test func voidElementsHaveNoClosingTag() {
        #expect(Tag.input(.type("text"), .name("q")).render() == #"<input name="q" type="text">"#)
        #expect(Tag.meta(.charset("utf-8")).render() == #"<meta charset="utf-8">"#)
        #expect(Tag.link(.rel("stylesheet"), .href("/s.css")).render() == #"<link href="/s.css" rel="stylesheet">"#)
        #expect(Tag.img(.src("/a.png"), .alt("A car")).render() == #"<img alt="A car" src="/a.png">"#)
    }

    @Test func booleanAttributes() {
        #expect(Tag.button(.disabled()) { "Go" }.render() == "<button disabled>Go</button>")
        #expect(Tag.button(.disabled(false)) { "Go" }.render() == "<button>Go</button>")
        #expect(Tag.div(.hidden(), .id("x")).render() == #"<div hidden id="x"></div>"#)
        // The last word on a boolean wins, like any other attribute.
        #expect(Tag.div(.hidden(), .hidden(false)).render() == "<div></div>")
    }

    @Test func attributesRenderInNameOrderWhateverTheWritingOrder() {
        let one = Tag.a(.role("button"), .href("/x"), .id("go"), .data("key", "1"), .aria("label", "Go")) { "Go" }
        let other = Tag.a(.aria("label", "Go"), .data("key", "1"), .id("go"), .href("/x"), .role("button")) { "Go" }
        let expected = #"<a aria-label="Go" data-key="1" href="/x" id="go" role="button">Go</a>"#
        #expect(one.render() == expected)
        #expect(other.render() == expected)
    }

    @Test func classesJoinAndOtherDuplicatesKeepTheLast() {
        #expect(Tag.div(.class("a"), .id("x"), .class("b"), .id("y")).render() == #"<div class="a b" id="y"></div>"#)
    }

    @Test func dataAndAriaSuffixesAreChecked() {
        #expect(
            Tag.div(.data("feature-id", "chats"), .aria("hidden", "true")).render()
                == #"<div aria-hidden="true" data-feature-id="chats"></div>"#)
        for bad in ["", "Key", "a b", "x=y", "-a", "a-", "1a", "a\"", "ü", "on click"] {
            #expect(Tag.div(.data(bad, "v"), .aria(bad, "v")).render() == "<div></div>", "\(bad)")
        }
    }

    @Test func ifElse() {
        func badge(_ count: Int) -> HTML {
            Tag.span {
                if count == 0 {
                    "none"
                } else if count == 1 {
                    "one"
                } else {
                    "\(count)"
                }
            }
        }
        #expect(badge(0).render() == "<span>none</span>")
        #expect(badge(1).render() == "<span>one</span>")
        #expect(badge(7).render() == "<span>7</span>")
    }

    @Test func forLoops() {
        let names = ["Ada", "<Bob>"]
        let html = Tag.ul {
            for name in names {
                Tag.li { name }
            }
        }
        #expect(html.render() == "<ul><li>Ada</li><li>&lt;Bob&gt;</li></ul>")
        #expect(Tag.ul { for name in [String]() { Tag.li { name } } }.render() == "<ul></ul>")
    }

    @Test func optionals() {
        func card(subtitle: String?) -> HTML {
            Tag.section {
                Tag.h2 { "Title" }
                if let subtitle {
                    Tag.p { subtitle }
                }
            }
        }
        #expect(card(subtitle: nil).render() == "<section><h2>Title</h2></section>")
        #expect(card(subtitle: "Sub").render() == "<section><h2>Title</h2><p>Sub</p></section>")
    }

    @Test func switchAndHelpers() {
        enum State { case loading, loaded(String) }
        func body(_ state: State) -> HTML {
            HTML.build {
                switch state {
                case .loading: Tag.p(.aria("busy", "true")) { "Loading" }
                case .loaded(let text): Tag.p { text }
                }
            }
        }
        #expect(body(.loading).render() == #"<p aria-busy="true">Loading</p>"#)
        #expect(body(.loaded("Done")).render() == "<p>Done</p>")
    }

    @Test func aWholePage() {
        let page = Tag.html(.lang("en")) {
            Tag.head {
                Tag.meta(.charset("utf-8"))
                Tag.title { "Cars & more" }
                Tag.link(.rel("stylesheet"), .href("/app.css"))
                Tag.script(src: "/app.js")
            }
            Tag.body {
                Tag.header { Tag.nav { Tag.a(.href("/")) { "Home" } } }
                Tag.main(.id("content")) {
                    Tag.form(.action("/events"), .method("post")) {
                        Tag.label(.for("q")) { "Search" }
                        Tag.input(.id("q"), .name("q"), .autocomplete("off"), .value("a\"b"))
                    }
                }
                Tag.footer { Tag.svg(.viewBox("0 0 10 10"), .aria("hidden", "true")) { Tag.circle(.cx("5"), .cy("5"), .r("4")) } }
            }
        }
        let expected =
            #"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Cars &amp; more</title>"#
            + #"<link href="/app.css" rel="stylesheet"><script src="/app.js"></script></head><body>"#
            + #"<header><nav><a href="/">Home</a></nav></header><main id="content">"#
            + #"<form action="/events" method="post"><label for="q">Search</label>"#
            + #"<input autocomplete="off" id="q" name="q" value="a&quot;b"></form></main>"#
            + #"<footer><svg aria-hidden="true" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"></circle></svg></footer>"#
            + "</body></html>"
        #expect(page.renderDocument() == expected)
    }

    @Test func stableKeys() {
        #expect(Tag.div(.id("timer")).key == "timer")
        #expect(Tag.div {}.id("a").id("b").key == "b")
        #expect(Tag.div {}.id("b").render() == #"<div id="b"></div>"#)
        #expect(Tag.div {}.key == nil)
        #expect(HTML.text("x").id("a").key == nil)
        #expect(HTML.text("x").id("a").render() == "x")
    }
}
