import Foundation
import Testing
import WebUI

@Suite struct ServerSentEventTests {
    @Test(arguments: [
        ("one line", "data: one line\n\n"),
        ("", "data: \n\n"),
        ("a\nb", "data: a\ndata: b\n\n"),
        ("a\r\nb", "data: a\ndata: b\n\n"),
        ("a\rb", "data: a\ndata: b\n\n"),
        ("a\r\r\nb", "data: a\ndata: \ndata: b\n\n"),
        ("a\n\nb", "data: a\ndata: \ndata: b\n\n"),
        ("trailing\n", "data: trailing\ndata: \n\n"),
        (" leading space", "data:  leading space\n\n"),
        ("x\n\nevent: evil\ndata: injected", "data: x\ndata: \ndata: event: evil\ndata: data: injected\n\n"),
        ("<p class=\"x\">é</p>", "data: <p class=\"x\">é</p>\n\n"),
    ])
    func dataFraming(data: String, encoded: String) {
        #expect(ServerSentEvent(data: data).encoded == encoded)
    }

    @Test func allFields() {
        let event = ServerSentEvent(event: "patch", data: "{}", id: "42", retry: 1500)
        #expect(event.encoded == "event: patch\nid: 42\nretry: 1500\ndata: {}\n\n")
        #expect(event.bytes == bytes(event.encoded))
    }

    @Test(arguments: [
        ("patch\n\ndata: evil", "event: patch  data: evil\n"), ("a\r\nb", "event: a b\n"), ("a\rb", "event: a b\n"),
    ])
    func eventNamesStayOneLine(name: String, line: String) {
        #expect(ServerSentEvent(event: name, data: "x").encoded == line + "data: x\n\n")
    }

    @Test func idsStayOneLineAndLoseNUL() {
        #expect(ServerSentEvent(data: "x", id: "1\n\0retry: 0").encoded == "id: 1 retry: 0\ndata: x\n\n")
    }

    @Test func negativeRetryIsLeftOut() {
        #expect(ServerSentEvent(data: "x", retry: -1).encoded == "data: x\n\n")
    }

    @Test func commentsKeepEachLineAComment() {
        #expect(ServerSentEvent.comment("ping\ndata: evil") == ": ping\n: data: evil\n\n")
    }

    /// Reading the frames back the way a browser does gives the original text, line breaks as LF.
    @Test(arguments: ["a\nb", "a\r\nb\rc", " x \n\n", "plain"])
    func roundTrip(data: String) {
        let encoded = ServerSentEvent(data: data).encoded
        let lines = encoded.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("data:") }
        let decoded = lines.map { $0.dropFirst("data: ".count) }.joined(separator: "\n")
        let normalized = data.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        #expect(decoded == normalized)
    }
}
