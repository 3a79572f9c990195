import Testing
import WebUI

@Suite struct HTMLBuilderTests {
    @Test func nesting() {
        let html = div(.class("countdown")) {
            span { "01" }
            span(.class("sep")) { ":" }
            span { "59" }
        }
        #expect(html.render() == #"<div class="countdown"><span>01</span><span class="sep">:</span><span>59</span></div>"#)
    }

    @Test func voidElementsHaveNoClosingTag() {
        #expect(input(.type("text"), .name("q")).render() == #"<input name="q" type="text">"#)
        #expect(meta(.charset("utf-8")).render() == #"<meta charset="utf-8">"#)
        #expect(link(.rel("stylesheet"), .href("/s.css")).render() == #"<link href="/s.css" rel="stylesheet">"#)
        #expect(img(.src("/a.png"), .alt("A car")).render() == #"<img alt="A car" src="/a.png">"#)
    }

    @Test func booleanAttributes() {
        #expect(button(.disabled()) { "Go" }.render() == "<button disabled>Go</button>")
        #expect(button(.disabled(false)) { "Go" }.render() == "<button>Go</button>")
        #expect(div(.hidden(), .id("x")).render() == #"<div hidden id="x"></div>"#)
        // The last word on a boolean wins, like any other attribute.
        #expect(div(.hidden(), .hidden(false)).render() == "<div></div>")
    }

    @Test func attributesRenderInNameOrderWhateverTheWritingOrder() {
        let one = a(.role("button"), .href("/x"), .id("go"), .data("key", "1"), .aria("label", "Go")) { "Go" }
        let other = a(.aria("label", "Go"), .data("key", "1"), .id("go"), .href("/x"), .role("button")) { "Go" }
        let expected = #"<a aria-label="Go" data-key="1" href="/x" id="go" role="button">Go</a>"#
        #expect(one.render() == expected)
        #expect(other.render() == expected)
    }

    @Test func classesJoinAndOtherDuplicatesKeepTheLast() {
        #expect(div(.class("a"), .id("x"), .class("b"), .id("y")).render() == #"<div class="a b" id="y"></div>"#)
    }

    @Test func dataAndAriaSuffixesAreChecked() {
        #expect(
            div(.data("feature-id", "chats"), .aria("hidden", "true")).render()
                == #"<div aria-hidden="true" data-feature-id="chats"></div>"#)
        for bad in ["", "Key", "a b", "x=y", "-a", "a-", "1a", "a\"", "ü", "on click"] {
            #expect(div(.data(bad, "v"), .aria(bad, "v")).render() == "<div></div>", "\(bad)")
        }
    }

    @Test func ifElse() {
        func badge(_ count: Int) -> HTML {
            span {
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
        let html = ul {
            for name in names {
                li { name }
            }
        }
        #expect(html.render() == "<ul><li>Ada</li><li>&lt;Bob&gt;</li></ul>")
        #expect(ul { for name in [String]() { li { name } } }.render() == "<ul></ul>")
    }

    @Test func optionals() {
        func card(subtitle: String?) -> HTML {
            section {
                h2 { "Title" }
                if let subtitle {
                    p { subtitle }
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
                case .loading: p(.aria("busy", "true")) { "Loading" }
                case .loaded(let text): p { text }
                }
            }
        }
        #expect(body(.loading).render() == #"<p aria-busy="true">Loading</p>"#)
        #expect(body(.loaded("Done")).render() == "<p>Done</p>")
    }

    @Test func aWholePage() {
        let page = html(.lang("en")) {
            head {
                meta(.charset("utf-8"))
                title { "Cars & more" }
                link(.rel("stylesheet"), .href("/app.css"))
                script(src: "/app.js")
            }
            body {
                header { nav { a(.href("/")) { "Home" } } }
                main(.id("content")) {
                    form(.action("/events"), .method("post")) {
                        label(.for("q")) { "Search" }
                        input(.id("q"), .name("q"), .autocomplete("off"), .value("a\"b"))
                    }
                }
                footer { svg(.viewBox("0 0 10 10"), .aria("hidden", "true")) { circle(.cx("5"), .cy("5"), .r("4")) } }
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
        #expect(div(.id("timer")).key == "timer")
        #expect(div {}.id("a").id("b").key == "b")
        #expect(div {}.id("b").render() == #"<div id="b"></div>"#)
        #expect(div {}.key == nil)
        #expect(HTML.text("x").id("a").key == nil)
        #expect(HTML.text("x").id("a").render() == "x")
    }
}
