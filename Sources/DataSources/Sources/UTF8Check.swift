import Foundation

/// Finds the first byte sequence that is not UTF-8, at memory speed: eight ASCII bytes are checked as one word,
/// and only a byte with its high bit set is decoded, by the well-formed sequences of Unicode's table 3-7
/// (no overlong forms, no surrogates, nothing past U+10FFFF). A 56 MB plist is checked in a few milliseconds,
/// where decoding scalar by scalar took half a second (docs/architecture.md, "What the live path costs").
public enum UTF8Check {
    /// The offset of the first byte of the first sequence that is not UTF-8, or nil when every byte is.
    public static func firstInvalidOffset(in data: Data) -> Int? {
        data.withUnsafeBytes { firstInvalidOffset(in: $0) }
    }

    public static func firstInvalidOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index < count {
            if count - index >= 8 {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let high = word & highBits
                if high == 0 {
                    index += 8
                    continue
                }
                index += high.trailingZeroBitCount / 8  // The first byte with its high bit set.
            } else if base.load(fromByteOffset: index, as: UInt8.self) < 0x80 {
                index += 1
                continue
            }
            guard let length = sequenceLength(base, at: index, count: count) else { return index }
            index += length
        }
        return nil
    }

    /// The length of the well-formed sequence whose lead byte (not ASCII) is at `index`, or nil.
    private static func sequenceLength(_ base: UnsafeRawPointer, at index: Int, count: Int) -> Int? {
        func byte(_ offset: Int) -> UInt8? {
            index + offset < count ? base.load(fromByteOffset: index + offset, as: UInt8.self) : nil
        }
        func isContinuation(_ offset: Int) -> Bool {
            guard let value = byte(offset) else { return false }
            return value & 0xC0 == 0x80
        }
        guard let lead = byte(0) else { return nil }
        // The second byte's range depends on the lead byte; the others are plain continuation bytes.
        let second: ClosedRange<UInt8>
        let length: Int
        switch lead {
        case 0xC2...0xDF:
            second = 0x80...0xBF
            length = 2
        case 0xE0:
            second = 0xA0...0xBF
            length = 3
        case 0xE1...0xEC, 0xEE...0xEF:
            second = 0x80...0xBF
            length = 3
        case 0xED:
            second = 0x80...0x9F
            length = 3
        case 0xF0:
            second = 0x90...0xBF
            length = 4
        case 0xF1...0xF3:
            second = 0x80...0xBF
            length = 4
        case 0xF4:
            second = 0x80...0x8F
            length = 4
        default: return nil
        }
        guard let value = byte(1), second.contains(value) else { return nil }
        for offset in 2..<length where !isContinuation(offset) { return nil }
        return length
    }
}
