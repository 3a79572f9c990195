import Testing

@testable import WebHTML
@testable import WebServer
@testable import WebUI

@Suite struct ClientMessageTests {
    private func decode(_ text: String) throws -> ClientMessage {
        try ClientMessage.decode(Array(text.utf8))
    }

    @Test func eachKindDecodes() throws {
        #expect(try decode(#"{"kind":"click","action":"activate"}"#) == .event(.click("activate")))
        #expect(try decode(#"{"kind":"input","action":"email","value":"a@b.c"}"#) == .event(.input("email", "a@b.c")))
        #expect(
            try decode(#"{"kind":"change","action":"agree","value":"true"}"#)
                == .event(PageEvent(kind: .change, action: "agree", value: "true")))
        #expect(
            try decode(#"{"kind":"submit","action":"send","fields":{"name":"Ada","email":"a@b.c"}}"#)
                == .event(.submit("send", ["name": "Ada", "email": "a@b.c"])))
        #expect(try decode(#"{"kind":"key","action":"","key":"Escape"}"#) == .event(.key("Escape")))
        #expect(
            try decode(#"{"kind":"hello","hourCycle":"h12","timeZone":"Europe/Berlin","visible":true}"#)
                == .hello(ClientHello(hourCycle: "h12", timeZone: "Europe/Berlin", visible: true)))
        #expect(
            try decode(#"{"kind":"hello","hourCycle":null,"visible":false}"#)
                == .hello(ClientHello(hourCycle: nil, timeZone: nil, visible: false)))
        #expect(try decode(#"{"kind":"visibility","visible":false}"#) == .visibility(visible: false))
    }

    @Test func whitespaceEscapesAndUnicodeAreRead() throws {
        let body = " {\n\t\"value\" : \"a\\\"b\\\\c\\/d\\n\\u00e9\\ud83d\\ude00 ü\", \"action\":\"x\",\"kind\":\"input\"} \r\n"
        #expect(try decode(body) == .event(.input("x", "a\"b\\c/d\né😀 ü")))
    }

    @Test(arguments: [
        ("not JSON", "hello", #"body is not valid JSON: expected a value, found "h". (at byte 0)"#),
        ("empty", "", "body is not valid JSON: there is no value, only the end of the text. (at byte 0)"),
        ("not an object", #"["click"]"#, "body is an array, not a JSON object"),
        ("a bare string", #""click""#, "body is a string, not a JSON object"),
        (
            "trailing garbage", #"{"kind":"click","action":"a"} x"#,
            #"body is not valid JSON: unexpected "x" after the end of the JSON value. (at byte 30)"#
        ),
        ("unclosed object", #"{"kind":"click""#, #"body is not valid JSON: it ends inside an object; a "}" is missing. (at byte 15)"#),
        ("unclosed string", #"{"kind":"cli"#, #"body is not valid JSON: the string is not closed; a "\"" is missing. (at byte 8)"#),
        ("trailing comma", #"{"kind":"click",}"#, #"body is not valid JSON: a trailing comma before "}"; remove it. (at byte 15)"#),
        (
            "raw control character", "{\"kind\":\"cl\u{1}ick\"}",
            #"body is not valid JSON: a control character (the control character 0x1) inside a string; write it as an escape such as \n or \t. (at byte 11)"#
        ),
        (
            "bad escape", #"{"kind":"\x"}"#,
            #"body is not valid JSON: \x is not an escape JSON knows; allowed: \" \\ \/ \b \f \n \r \t \uXXXX. (at byte 9)"#
        ),
        (
            "lone surrogate", #"{"kind":"\ud800"}"#,
            #"body is not valid JSON: \ud800 is half of a surrogate pair without its other half. (at byte 9)"#
        ),
        ("leading zero", #"{"kind":01}"#, "body is not valid JSON: a number cannot start with 0 followed by digits. (at byte 8)"),
        ("missing kind", #"{"action":"a"}"#, "field 'kind' is missing"),
        ("kind not a string", #"{"kind":3}"#, "field 'kind': expected a string, found a number"),
        (
            "unknown kind", #"{"kind":"scroll"}"#,
            #"field 'kind': "scroll" is not one of click, input, change, submit, key, hello, visibility"#
        ),
        ("missing action", #"{"kind":"click"}"#, "field 'action' is missing"),
        ("action not a string", #"{"kind":"click","action":null}"#, "field 'action': expected a string, found null"),
        ("missing value", #"{"kind":"input","action":"a"}"#, "field 'value' is missing"),
        ("fields not an object", #"{"kind":"submit","action":"s","fields":["a"]}"#, "field 'fields': expected an object, found an array"),
        (
            "a field value not a string", #"{"kind":"submit","action":"s","fields":{"age":3}}"#,
            "field 'fields.age': expected a string, found a number"
        ),
        ("empty key", #"{"kind":"key","action":"","key":""}"#, "field 'key' is empty"),
        ("visible not a boolean", #"{"kind":"visibility","visible":"yes"}"#, "field 'visible': expected true or false, found a string"),
        ("bad hour cycle", #"{"kind":"hello","hourCycle":"h11","visible":true}"#, #"field 'hourCycle': "h11" is neither "h12" nor "h23""#),
        ("unexpected field", #"{"kind":"click","action":"a","extra":1}"#, "field 'extra' is not expected in a click message"),
        (
            "duplicate field", #"{"kind":"click","kind":"click"}"#,
            #"body is not valid JSON: the key "kind" appears twice in one object; keep one. (at byte 16)"#
        ),
        ("too deep", #"{"kind":"click","action":"a","x":[[[[[[[[["#, "field 'x[0][0][0][0][0][0][0]': nested deeper than 8 levels."),
    ])
    func malformedBodiesAreRefusedWithTheirFault(_ name: String, _ body: String, _ message: String) {
        #expect(throws: ClientMessageError(message), "\(name)") { try decode(body) }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: ClientMessageError("body is not valid UTF-8")) {
            try ClientMessage.decode(Array(#"{"kind":"click","action":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8))
        }
    }

    @Test func overLongStringsAreRefused() throws {
        let longest = String(repeating: "é", count: 8 * 1024)  // 16 KiB of UTF-8
        #expect(try decode(#"{"kind":"input","action":"a","value":"\#(longest)"}"#) == .event(.input("a", longest)))
        #expect(throws: ClientMessageError("field 'value': a string longer than 16384 bytes.")) {
            try decode(#"{"kind":"input","action":"a","value":"\#(longest)x"}"#)
        }
        let escaped = String(repeating: #"\n"#, count: 8 * 1024 + 1)  // 16 KiB + 2 bytes of escapes
        #expect(throws: ClientMessageError("field 'value': a string longer than 16384 bytes.")) {
            try decode(#"{"kind":"input","action":"a","value":"\#(escaped)"}"#)
        }
    }

    @Test func tooManyFieldsAreRefused() throws {
        let fields = (0..<64).map { #""f\#($0)":"v""# }.joined(separator: ",")
        let message = try decode(#"{"kind":"submit","action":"s","fields":{\#(fields)}}"#)
        guard case .event(let event) = message else { throw ClientMessageError("not an event") }
        #expect(event.fields.count == 64)
        #expect(throws: ClientMessageError("field 'fields': more than 64 fields.")) {
            try decode(#"{"kind":"submit","action":"s","fields":{\#(fields),"one":"more"}}"#)
        }
    }

    @Test func errorsDescribeThemselves() {
        #expect(ClientMessageError("field 'kind' is missing").description == "field 'kind' is missing")
    }
}
