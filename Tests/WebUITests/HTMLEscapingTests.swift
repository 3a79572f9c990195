import Testing
import WebUI

@Suite struct HTMLEscapingTests {
    @Test func textEscapesAllFiveCharacters() {
        #expect(HTML.text(#"a & b < c > d " e ' f"#).render() == "a &amp; b &lt; c &gt; d &quot; e &#39; f")
    }

    @Test func aStringInTheDSLIsText() {
        #expect(Tag.p { "<b>bold</b>" }.render() == "<p>&lt;b&gt;bold&lt;/b&gt;</p>")
    }

    @Test func closingScriptInTextCannotCloseAnything() {
        let html = Tag.div { "</script><script>alert(1)</script>" }.render()
        #expect(html == "<div>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</div>")
    }

    @Test func alreadyEscapedTextIsEscapedAgain() {
        // Text is text: an entity in the data shows as written, it is not decoded by the browser.
        #expect(HTML.text("&amp;").render() == "&amp;amp;")
    }

    @Test func nonASCIITextPassesThrough() {
        #expect(Tag.span { "Zürich 🚗 — 12 €" }.render() == "<span>Zürich 🚗 — 12 €</span>")
    }

    /// Every attribute that takes a string, fed a value that tries to break out of its quotes.
    @Test func everyAttributeValueIsEscaped() {
        let constructors: [(String) -> HTMLAttribute] = [
            HTMLAttribute.id,
            HTMLAttribute.`class`,
            HTMLAttribute.role,
            HTMLAttribute.type,
            HTMLAttribute.name,
            HTMLAttribute.value,
            HTMLAttribute.alt,
            HTMLAttribute.autocomplete,
            HTMLAttribute.style,
            HTMLAttribute.`for`,
            HTMLAttribute.rel,
            HTMLAttribute.charset,
            HTMLAttribute.content,
            HTMLAttribute.lang,
            HTMLAttribute.placeholder,
            HTMLAttribute.method,
            HTMLAttribute.viewBox,
            HTMLAttribute.d,
            HTMLAttribute.fill,
            HTMLAttribute.stroke,
            HTMLAttribute.strokeWidth,
            HTMLAttribute.cx,
            HTMLAttribute.cy,
            HTMLAttribute.r,
            HTMLAttribute.width,
            HTMLAttribute.height,
            HTMLAttribute.xmlns,
            HTMLAttribute.href,
            HTMLAttribute.src,
            HTMLAttribute.action,
            { HTMLAttribute.data("key", $0) },
            { HTMLAttribute.aria("label", $0) },
        ]
        let hostile = #"x" onclick='alert(1)' a=<b>&</script>"#
        for constructor in constructors {
            let html = Tag.div(constructor(hostile)).render()
            #expect(html.hasSuffix(#"="x&quot; onclick=&#39;alert(1)&#39; a=&lt;b&gt;&amp;&lt;/script&gt;"></div>"#), "\(html)")
            #expect(!html.contains("'"))
        }
    }

    @Test func theIdModifierEscapes() {
        #expect(Tag.div {}.id(#"a"b"#).render() == #"<div id="a&quot;b"></div>"#)
    }

    @Test func trustedMarkupIsTheOnlyWayToEmitALessThan() {
        #expect(HTML.trustedMarkup("<svg><path d=\"M0 0\"/></svg>").render() == "<svg><path d=\"M0 0\"/></svg>")
        // The same bytes through every other door come out escaped.
        let hostile = "<i>"
        let doors: [HTML] = [
            .text(hostile), Tag.div { hostile }, Tag.div(.class(hostile)), Tag.div(.data("x", hostile)), Tag.div {}.id(hostile),
            .fragment([.text(hostile)]),
            HTML.build {
                hostile
                hostile
            },
        ]
        for door in doors {
            #expect(!door.render().contains("<i>"), "\(door.render())")
        }
    }
}
