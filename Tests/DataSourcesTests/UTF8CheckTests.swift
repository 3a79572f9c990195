import DataSources
import FeatureHostCore
import Foundation
import Testing

@Suite struct UTF8CheckTests {
    /// The reference: the standard library's decoder, scalar by scalar, and where it first fails.
    private func referenceOffset(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let bytes: [UInt8]
        let expected: Int?
        var testDescription: String { "\(bytes.count) bytes, expected \(expected.map(String.init) ?? "valid")" }
    }

    static let cases: [Case] = [
        Case(bytes: [], expected: nil),
        Case(bytes: Array("plain ascii, longer than one word".utf8), expected: nil),
        Case(bytes: Array("héllo 山田 花子 🎉 ok".utf8), expected: nil),
        Case(bytes: [0x41, 0xC0, 0x80], expected: 1),  // Overlong NUL.
        Case(bytes: [0x41, 0x42, 0xE0, 0x80, 0x80], expected: 2),  // Overlong three-byte form.
        Case(bytes: [0xED, 0xA0, 0x80], expected: 0),  // A surrogate.
        Case(bytes: [0xF4, 0x90, 0x80, 0x80], expected: 0),  // Past U+10FFFF.
        Case(bytes: [0xF5, 0x80, 0x80, 0x80], expected: 0),
        Case(bytes: Array("0123456789abcdef".utf8) + [0xE2, 0x82], expected: 16),  // Cut short at the end.
        Case(bytes: Array("01234567".utf8) + [0x80] + Array("01234567".utf8), expected: 8),  // A lone continuation.
        Case(bytes: Array("0123456".utf8) + [0xC3, 0xA9] + Array("0123456789".utf8) + [0xFF], expected: 19),
    ]

    @Test(arguments: cases)
    func knownCases(_ example: Case) {
        #expect(UTF8Check.firstInvalidOffset(in: Data(example.bytes)) == example.expected)
        #expect(referenceOffset(example.bytes) == example.expected)
    }

    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var random = SplitMix64(seed: 27)
        let alphabet: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xA0, 0x9F, 0x90, 0x8F]
        for _ in 0..<20_000 {
            let length = Int(random.next() % 40)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                // Mostly ASCII runs, so the word-at-a-time path and its hand-over to the decoder are both exercised.
                let pick = random.next()
                bytes.append(pick % 3 == 0 ? alphabet[Int((pick >> 8) % UInt64(alphabet.count))] : UInt8(0x20 + (pick >> 16) % 90))
            }
            let expected = referenceOffset(bytes)
            #expect(UTF8Check.firstInvalidOffset(in: Data(bytes)) == expected, "\(bytes)")
            if #available(macOS 15, iOS 18, *) {
                #expect((String(validating: bytes, as: UTF8.self) == nil) == (expected != nil))  // platform-audit: guarded
            }
        }
    }
}
