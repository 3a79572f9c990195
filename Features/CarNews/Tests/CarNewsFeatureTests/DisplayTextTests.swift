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

    @Test("a reason ends its sentence, after a closing quote or bracket too, and is not ended twice")
    func sentence() {
        #expect(
            DisplayText.sentence(#"the server reported "error" instead of "success""#)
                == #"the server reported "error" instead of "success"."#)
        #expect(
            DisplayText.sentence(#"(at content[0].title: the key "title" is missing)"#)
                == #"(at content[0].title: the key "title" is missing)."#)
        #expect(
            DisplayText.sentence("The server answered HTTP 500 for http://127.0.0.1/a.")
                == "The server answered HTTP 500 for http://127.0.0.1/a.")
        #expect(DisplayText.sentence("Is it down? ") == "Is it down?")
        #expect(DisplayText.sentence(#"He said "stop.""#) == #"He said "stop.""#)
        #expect(DisplayText.sentence("") == "")
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
