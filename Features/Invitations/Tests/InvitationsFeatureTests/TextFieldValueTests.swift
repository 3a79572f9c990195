import Testing

@testable import InvitationsFeature

@Suite("Text field editing")
struct TextFieldValueTests {
    @Test("Typing, Backspace, Delete, arrows, Home and End")
    func editing() {
        var value = TextFieldValue()
        #expect(step(&value) { $0.insert("J") })
        #expect(step(&value) { $0.insert("a") })
        #expect(step(&value) { $0.insert("e") })
        #expect((value.text, value.cursor) == ("Jae", 3))
        #expect(step(&value) { $0.moveCursor(.left) })
        #expect(step(&value) { $0.insert("n") })
        #expect((value.text, value.cursor) == ("Jane", 3))
        #expect(step(&value) { $0.moveCursor(.right) })
        #expect(!step(&value) { $0.moveCursor(.right) })
        #expect(step(&value) { $0.deleteBackward() })
        #expect((value.text, value.cursor) == ("Jan", 3))
        #expect(step(&value) { $0.moveCursor(.start) })
        #expect(!step(&value) { $0.moveCursor(.left) })
        #expect(!step(&value) { $0.deleteBackward() })
        #expect(step(&value) { $0.deleteForward() })
        #expect((value.text, value.cursor) == ("an", 0))
        #expect(step(&value) { $0.moveCursor(.end) })
        #expect(!step(&value) { $0.deleteForward() })
        #expect((value.text, value.cursor) == ("an", 2))
    }

    @Test("A paste arrives as one insert and is kept whole, at the cursor")
    func paste() {
        var value = TextFieldValue("@example.com")
        value.moveCursor(.start)
        value.insert("jane.doe")
        #expect((value.text, value.cursor) == ("jane.doe@example.com", 8))
    }

    @Test("Line breaks and tabs become spaces; other control characters are dropped")
    func sanitizing() {
        var value = TextFieldValue()
        value.insert("Jane\tDoe\r\n\u{1B}[31m")
        #expect(value.text == "Jane Doe [31m")
    }

    @Test("Characters, not scalars: the cursor steps over a whole emoji")
    func graphemes() {
        var value = TextFieldValue("Zoë👩‍👩‍👧")
        #expect(value.cursor == 4)
        value.deleteBackward()
        #expect(value.text == "Zoë")
    }

    @Test("A paste longer than the field's limit is cut at the limit")
    func limit() {
        var value = TextFieldValue(String(repeating: "a", count: 250))
        #expect(step(&value) { $0.insert("bcdefgh") })
        #expect(value.text.count == TextFieldValue.maximumLength)
        #expect(value.text.hasSuffix("bcde"))
        #expect(!step(&value) { $0.insert("x") })
    }
}

/// Runs a mutating edit outside `#expect`, which cannot capture an `inout` value.
private func step(_ value: inout TextFieldValue, _ edit: (inout TextFieldValue) -> Bool) -> Bool { edit(&value) }
