import StrictJSON
import Testing

/// The one JSON reader the config and the page events share (issue 24, point 6).
@Suite struct JSONReaderTests {
    private func parse(_ text: String, _ limits: JSONReader.Limits = JSONReader.Limits()) throws(JSONReadError) -> JSONValue {
        try JSONReader.parse(Array(text.utf8), limits: limits)
    }

    private func fault(_ text: String, _ limits: JSONReader.Limits = JSONReader.Limits()) -> JSONReadError? {
        do {
            _ = try parse(text, limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryKindOfValueAndKeepsTheOrderOfMembers() throws {
        let value = try parse(#" {"b": [1, -2.5e3, true, false, null], "a": "x\u00e9\ud83d\ude00\n\"", "": {}} "#)
        #expect(
            value
                == .object([
                    ("b", .array([.number(1), .number(-2500), .bool(true), .bool(false), .null])),
                    ("a", .string("xé😀\n\"")), ("", .object([])),
                ]))
        #expect(try parse("[]") == .array([]))
        #expect(try parse(#""s""#) == .string("s"))
        #expect(try parse("0") == .number(0))
    }

    @Test func aByteOrderMarkIsSkippedOnlyWhenAllowed() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{}".utf8)
        #expect(try JSONReader.parse(bytes, allowingByteOrderMark: true) == .object([]))
        #expect(throws: JSONReadError.self) { try JSONReader.parse(bytes) }
    }

    @Test(arguments: [
        ("", 1, 1, "there is no value, only the end of the text."),
        ("[1,]", 1, 3, #"a trailing comma before "]"; remove it."#),
        ("{\"a\":1,\n }", 1, 7, #"a trailing comma before "}"; remove it."#),
        (#"{"a":1,"\u0061":2}"#, 1, 8, #"the key "a" appears twice in one object; keep one."#),
        ("[1] [2]", 1, 5, #"unexpected "[" after the end of the JSON value."#),
        ("[01]", 1, 2, "a number cannot start with 0 followed by digits."),
        ("[1e999]", 1, 2, "the number 1e999 is too large for a number here."),
        ("[tru]", 1, 2, "expected true, or a value such as a string in double quotes."),
        ("\n\n  [\"\\ud800\"]", 3, 5, #"\ud800 is half of a surrogate pair without its other half."#),
        ("[\"a\tb\"]", 1, 4, "a control character (a tab) inside a string; write it as an escape such as \\n or \\t."),
        ("{\"a\" 1}", 1, 6, #"expected ":" after the key "a", found "1"."#),
        ("[\"é", 1, 2, #"the string is not closed; a "\"" is missing."#),
    ])
    func syntaxFaultsSayWhatAndWhere(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        let error = fault(text)
        #expect(error?.kind == .syntax)
        #expect(error?.message == message, "\(text)")
        #expect(error.map { [$0.line, $0.column] } == [line, column], "\(text)")
    }

    @Test func limitsNameTheMemberTheyWerePassedIn() {
        let limits = JSONReader.Limits(maximumStringBytes: 4, maximumMembers: 2, maximumDepth: 3)
        let long = fault(#"{"a":{"b":["ok","longer"]}}"#, limits)
        #expect(long?.kind == .limit)
        #expect(long?.path == "a.b[1]")
        #expect(long?.message == "a string longer than 4 bytes.")
        #expect(fault(#"{"a":1,"b":2,"c":3}"#, limits).map { [$0.path, $0.message] } == ["", "more than 2 fields."])
        #expect(fault(#"{"a":[1,2,3]}"#, limits).map { [$0.path, $0.message] } == ["a", "more than 2 items."])
        #expect(fault(#"[[[[1]]]]"#, limits).map { [$0.path, $0.message] } == ["[0][0][0]", "nested deeper than 3 levels."])
        #expect(fault(#"{"abcd":"wxyz"}"#, limits) == nil, "exactly at each limit")
    }

    /// Deep nesting, long strings and many members cost what their limits allow: the reader stops at them.
    @Test func hostileShapesStopAtTheLimits() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(fault(deep)?.message == "nested deeper than 512 levels.")
        let huge = "\"" + String(repeating: "a", count: 1_000_000) + "\""
        #expect(fault(huge, JSONReader.Limits(maximumStringBytes: 16 * 1024))?.message == "a string longer than 16384 bytes.")
        let members = "[" + Array(repeating: "0", count: 100_000).joined(separator: ",") + "]"
        #expect(fault(members, JSONReader.Limits(maximumMembers: 64))?.message == "more than 64 items.")
    }

    @Test func bytesThatAreNotUTF8AreRefusedAtTheFirstBadByte() {
        let error: JSONReadError?
        do {
            _ = try JSONReader.parse(Array(#"["ok","ab"#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8))
            error = nil
        } catch let caught {
            error = caught
        }
        #expect(error?.offset == 9)
        #expect(error?.message == "a string holds bytes that are not UTF-8; save the file as UTF-8.")
    }

    @Test func aHugeKeyIsQuotedByItsStartOnly() {
        let key = String(repeating: "k", count: 10_000)
        let error = fault(#"{"\#(key)":1,"\#(key)":2}"#)
        #expect((error?.message.count ?? .max) < 200)
    }

    /// RFC 8259 (8.3) compares names code unit by code unit: U+00E9 and e + U+0301 are two keys, though `String`
    /// calls them equal (JSONTestSuite's `object_key_nfc_nfd`).
    @Test func canonicallyEquivalentKeysAreTwoKeys() throws {
        let value = try parse("{\"\u{E9}\":\"NFC\",\"e\u{301}\":\"NFD\"}")
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members.map { Array($0.key.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"]])
        #expect(fault("{\"e\u{301}\":1,\"e\u{301}\":2}")?.message == #"the key "e\#u{301}" appears twice in one object; keep one."#)
    }

    /// `validate` is `parse` without the values: it refuses what `parse` refuses, with the same fault.
    @Test(arguments: [
        "[1,]", "{\"a\":-01}", "[1.e5]", "[\"\u{1}\"]", "{\"a\":1,\"a\":2}", "[\"\\x\"]", "[1] 2", String(repeating: "[", count: 600),
    ])
    func validateRefusesWhatParseRefuses(_ text: String) {
        let parsed = fault(text)
        var validated: JSONReadError?
        do {
            try JSONReader.validate(Array(text.utf8))
        } catch {
            validated = error
        }
        #expect(parsed != nil)
        #expect(validated == parsed, "\(text)")
    }

    @Test func validateAcceptsWhatParseAccepts() throws {
        try JSONReader.validate(Array(#" {"b": [1, -2.5e3, true, false, null], "a": "x\u00e9", "": {}} "#.utf8))
        // Valid JSON that `parse` cannot hold in a `Double`: the decoder that reads the field decides.
        try JSONReader.validate(Array("[1e400, -1e400]".utf8))
        let limits = JSONReader.Limits(maximumMembers: 2)
        #expect(throws: JSONReadError.self) { try JSONReader.validate(Array("[1,2,3]".utf8), limits: limits) }
    }
}
