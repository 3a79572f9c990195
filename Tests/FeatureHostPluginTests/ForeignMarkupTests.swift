import Testing
import WebUI

/// A plugin's HTML is rebuilt through the builder; anything outside the builder's canonical form is refused.
@Suite struct ForeignMarkupTests {
    func roundTrip(_ html: HTML) throws -> String { try ForeignMarkup.parse(html.render()).render() }

    func refusal(_ markup: String) -> String? {
        do {
            _ = try ForeignMarkup.parse(markup)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theBuildersOwnOutputComesBackByteForByte() throws {
        let html = Tag.section(.class("a b"), .aria("labelledby", "t"), .data("fh-vars", "--x:1s")) {
            Tag.h1 { "Tom & \"Jerry\" <'s>" }.id("t")
            Tag.a(.href("https://example.com/?a=1&b=2")) { "link" }
            Tag.input(.type("text"), .name("q"), .value("ü 界"), .disabled())
            Tag.img(.src("/images/k.png"), .alt("a cat"))
            Tag.svg(.viewBox("0 0 10 10"), .xmlns("http://www.w3.org/2000/svg")) { Tag.path(.d("M0 0L10 10"), .strokeWidth("2")) }
            Tag.button(.type("button"), .data("action", "go"), .hidden()) { "Go" }
        }
        #expect(try roundTrip(html) == html.render())
    }

    @Test func numericReferencesAreRead() throws {
        #expect(try ForeignMarkup.parse("<p>&#x41;&#66;&#39;</p>").render() == "<p>AB&#39;</p>")
    }

    @Test func unsafeURLsAreCheckedAgain() throws {
        #expect(try ForeignMarkup.parse(#"<a href="javascript:alert(1)">x</a>"#).render() == ##"<a href="#">x</a>"##)
        #expect(try ForeignMarkup.parse(#"<img src="data:text/html,x">"#).render() == ##"<img src="#">"##)
    }

    @Test func whatTheBuilderCannotSayIsRefused() {
        #expect(refusal("<script>alert(1)</script>") == "the tag <script> belongs to the page shell (at character 0)")
        #expect(refusal(#"<p onclick="x()">a</p>"#) == "the attribute onclick is not one the host allows (at character 3)")
        #expect(refusal(#"<p style="color:red">a</p>"#)?.hasPrefix("the attribute style is not allowed") == true)
        #expect(refusal("<marquee>a</marquee>") == "the tag <marquee> is not one the host allows (at character 0)")
        #expect(refusal(#"<div id="fh-root"></div>"#) == #"the attribute id "fh-root" uses the page shell's fh- prefix (at character 5)"#)
        #expect(refusal(#"<div data-fh-session="x"></div>"#) == "the attribute data-fh-session belongs to the page shell (at character 5)")
        #expect(refusal("<p>a</div>") == "</div> closes nothing that is open (at character 4)")
        #expect(refusal("<p>a") == "<p> is never closed (at character 4)")
        #expect(refusal("a < b") == "a < that starts no tag (the builder writes &lt;) (at character 2)")
        #expect(refusal("a > b") == "a bare > in text (the builder writes &gt;) (at character 2)")
        #expect(refusal("Tom & Jerry") == "an & that starts no character reference (the builder writes &amp;) (at character 4)")
        #expect(refusal("<p class=x>a</p>") == "the value of class is not in double quotes (at character 8)")
        #expect(refusal("<!-- c -->") == "a < that starts no tag (the builder writes &lt;) (at character 0)")
        #expect(refusal(#"<button disabled="">a</button>"#) == "the attribute disabled is boolean and takes no value (at character 8)")
        #expect(refusal("&#0;") == "&#0; is not a reference the host reads (at character 0)")
    }

    @Test func nestingAndSizeAreBounded() {
        let deep = String(repeating: "<div>", count: 65) + String(repeating: "</div>", count: 65)
        #expect(refusal(deep)?.hasPrefix("elements nest deeper than 64") == true)
        let shallow = String(repeating: "<div>", count: 64) + String(repeating: "</div>", count: 64)
        #expect(refusal(shallow) == nil)
        #expect(refusal(String(repeating: "a", count: ForeignMarkup.maximumBytes + 1))?.hasPrefix("the markup is") == true)
    }
}
