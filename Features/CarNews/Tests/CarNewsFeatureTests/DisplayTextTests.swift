import Testing

@testable import CarNewsFeature

@Suite("Server text on a terminal")
struct DisplayTextTests {
    @Test("one line: controls and escapes never reach the terminal, whitespace collapses, ends are trimmed")
    func line() {
        #expect(DisplayText.line("  Q7\u{1B}[31m red\n\tnext\u{7}  line \u{202E}x ") == "Q7[31m red next line x")
        #expect(DisplayText.line("don't \u{2013} stop ") == "don't \u{2013} stop")
        #expect(DisplayText.line("\n\n") == "")
    }

    @Test("paragraphs keep their breaks and lose trailing spaces")
    func paragraphs() {
        #expect(DisplayText.paragraphs("\r\nFirst. \r\nSecond\u{1B}.\rThird \n\n") == "First.\nSecond.\nThird")
    }

    @Test("the image placeholder names the file")
    func imageLabel() {
        #expect(ImageLabel.text(for: "https://www.apphusetreach.no/sites/default/files/audi_q7.jpg") == "Image: audi_q7.jpg")
        #expect(ImageLabel.text(for: "https://example.com/a%20b.png?x=1") == "Image: a b.png")
        #expect(ImageLabel.text(for: " ") == "No image")
        #expect(ImageLabel.text(for: "https://example.com/") == "Image")
    }
}
