import Foundation
import Testing

@testable import WebHTML
@testable import WebServer
@testable import WebUI

@Suite struct PatchMessageJSONTests {
    @Test func messageIsCompactWithKeysInContractOrder() {
        let message = PatchMessage(
            from: 41, to: 42,
            ops: [
                .attributes(key: "d-2", set: ["data-n": "1", "class": "digit"], remove: ["hidden", "aria-x"]),
                .replace(key: "d7-4", html: "<span>x</span>"),
                .morph(key: "fh-root", html: ""),
            ])
        #expect(
            message.json == """
                {"from":41,"to":42,"ops":[\
                {"op":"attrs","key":"d-2","set":{"class":"digit","data-n":"1"},"remove":["hidden","aria-x"]},\
                {"op":"replace","key":"d7-4","html":"<span>x<\\/span>"},\
                {"op":"morph","key":"fh-root","html":""}]}
                """)
        #expect(message.jsonBytes == Array(message.json.utf8))
        #expect(PatchMessage(from: -1, to: 0, ops: []).json == #"{"from":-1,"to":0,"ops":[]}"#)
    }

    @Test(arguments: [
        ("quote \" and backslash \\", #""quote \" and backslash \\""#),
        ("tab\tnew\nline\rcr\u{08}\u{0C}", #""tab\tnew\nline\rcr\b\f""#),
        ("nul\u{0}unit\u{1F}del\u{7F}", #""nul\u0000unit\u001fdel\u007f""#),
        ("</script><script>", #""<\/script><script>""#),
        ("a/b </ x", #""a/b <\/ x""#),
        ("line\u{2028}para\u{2029}end", #""line\u2028para\u2029end""#),
        ("emoji 😀 ß ü 中", "\"emoji 😀 ß ü 中\""),
        ("", #""""#),
    ])
    func stringsAreEscaped(_ raw: String, _ expected: String) {
        #expect(JSONWriting.string(raw) == expected)
    }

    /// Whatever a text holds, Foundation's JSON parser reads back exactly that text, and no line break is left raw
    /// (an SSE `data:` line ends at one).
    @Test func escapedStringsRoundTrip() throws {
        var scalars = (0..<0x80).compactMap { Unicode.Scalar($0) }.map(String.init).joined()
        scalars += "\u{2028}\u{2029}\u{85}\u{FEFF}😀</script>"
        let json = PatchMessage(from: 1, to: 2, ops: [.morph(key: "k", html: scalars)]).json
        #expect(!json.contains("\n") && !json.contains("\r") && !json.contains("\u{2028}") && !json.contains("\u{2029}"))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let ops = decoded?["ops"] as? [[String: Any]]
        #expect(ops?.first?["html"] as? String == scalars)
    }
}
