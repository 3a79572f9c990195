import Testing
import WebUI

@Suite struct HTMLURLPolicyTests {
    @Test(arguments: [
        "https://example.com/a?b=c", "http://example.com", "HTTPS://EXAMPLE.COM", "/cars/42", "cars/42", "../up",
        "?page=2", "#pins", "//cdn.example.com/x.js", "a/b:c",
    ])
    func allowedLinksAreKept(url: String) {
        #expect(Tag.a(.href(url)) { "x" }.render() == ##"<a href="\##(url)">x</a>"##)
    }

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
        "vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>", "data:image/png;base64,AAAA",
        "mailto:a@example.com", "file:///etc/passwd",
    ])
    func otherSchemesInHrefRenderAsHash(url: String) {
        #expect(Tag.a(.href(url)) { "x" }.render() == ##"<a href="#">x</a>"##)
        #expect(Tag.form(.action(url)).render() == ##"<form action="#"></form>"##)
    }

    @Test func imageDataIsAllowedInSrcOnly() {
        let png = "data:image/png;base64,iVBORw0KGgo="
        #expect(Tag.img(.src(png), .alt("")).render() == ##"<img alt="" src="\##(png)">"##)
        #expect(Tag.img(.src("data:text/html,hi")).render() == ##"<img src="#">"##)
        #expect(Tag.img(.src("javascript:alert(1)")).render() == ##"<img src="#">"##)
    }

    @Test func scriptTakesACheckedSourceAndNoContent() {
        #expect(Tag.script(src: "/app.js", .type("module")).render() == ##"<script src="/app.js" type="module"></script>"##)
        #expect(Tag.script(src: "javascript:alert(1)").render() == ##"<script src="#"></script>"##)
    }
}
