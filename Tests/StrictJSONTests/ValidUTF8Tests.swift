import StrictJSON
import Testing

/// `ValidUTF8` stands in for `String(validating:as:)` (macOS 15 / iOS 18): the same answers on the sequences
/// Unicode's table 3-7 rules out, and on valid text that holds U+FFFD itself.
@Suite struct ValidUTF8Tests {
    @Test(
        arguments: [
            ([0x61, 0x62], "ab"),
            ([0xC3, 0xA9], "é"),
            ([0xE2, 0x82, 0xAC], "€"),
            ([0xF0, 0x9F, 0x98, 0x80], "😀"),
            ([0xEF, 0xBF, 0xBD], "\u{FFFD}"),
            ([], ""),
        ] as [([UInt8], String)])
    func validBytesGiveTheirText(bytes: [UInt8], text: String) {
        #expect(ValidUTF8.string(bytes) == text)
    }

    @Test(
        arguments: [
            [0xC0, 0x80],  // an overlong NUL
            [0xED, 0xA0, 0x80],  // a surrogate
            [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
            [0xE2, 0x82],  // cut short
            [0x61, 0xFF, 0x62],  // a byte UTF-8 never uses
            [0x80],  // a continuation byte alone
            [0xEF, 0xBF, 0xBD, 0xC3],  // a real U+FFFD, then a cut sequence
        ] as [[UInt8]])
    func bytesThatAreNotUTF8GiveNil(bytes: [UInt8]) {
        #expect(ValidUTF8.string(bytes) == nil)
        #expect(ValidUTF8.string(bytes[...]) == nil, "a slice reads the same")
    }
}
