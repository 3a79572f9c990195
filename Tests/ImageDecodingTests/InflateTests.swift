import Testing

@testable import ImageDecoding

@Suite("Inflate")
struct InflateTests {
    /// `zlib.compress(b"hello, hello, hello, hello!", 9)` from Python: a fixed-Huffman block with back-references.
    static let hello: [UInt8] = [
        0x78, 0xDA, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0xD7, 0x51, 0xC8, 0xC0, 0xA4, 0x14, 0x01, 0x85, 0x6C, 0x09, 0x56,
    ]
    /// A stored block: `zlib.compressobj(0)` of `b"stored bytes"`.
    static let stored: [UInt8] = [
        0x78, 0x01, 0x01, 0x0C, 0x00, 0xF3, 0xFF, 0x73, 0x74, 0x6F, 0x72, 0x65, 0x64, 0x20, 0x62, 0x79, 0x74, 0x65, 0x73,
        0x1F, 0xCF, 0x04, 0xD9,
    ]

    @Test("fixed Huffman codes with back-references, and a stored block")
    func decodes() throws {
        #expect(try Inflate.zlib(Self.hello, maximumOutput: 100) == Array("hello, hello, hello, hello!".utf8))
        #expect(try Inflate.zlib(Self.stored, maximumOutput: 100) == Array("stored bytes".utf8))
    }

    @Test("more output than allowed is refused, not allocated: a 120-byte stream of 100,000 zeros")
    func bomb() throws {
        let zeros: [UInt8] =
            [0x78, 0xDA, 0xED, 0xC1, 0x31, 0x01, 0x00, 0x00, 0x00, 0xC2, 0xA0, 0xF5, 0x4F, 0x6D, 0x0D, 0x0F, 0xA0]
            + [UInt8](repeating: 0, count: 96) + [0x80, 0x57, 0x03, 0x86, 0xAF, 0x00, 0x01]
        #expect(try Inflate.zlib(zeros, maximumOutput: 100_000).count == 100_000)
        #expect(throws: Inflate.Failure("inflates to more than the 99999 bytes the image needs")) {
            try Inflate.zlib(zeros, maximumOutput: 99_999)
        }
    }

    @Test("a wrong checksum, a cut stream, a bad header, a reserved block type, a reference before the start")
    func refuses() {
        var wrong = Self.hello
        wrong[wrong.count - 1] ^= 1
        #expect(throws: Inflate.Failure("fails its Adler-32 checksum")) { try Inflate.zlib(wrong, maximumOutput: 100) }
        for length in 0..<Self.hello.count {
            #expect(throws: Inflate.Failure.self) { try Inflate.zlib(Array(Self.hello.prefix(length)), maximumOutput: 100) }
        }
        #expect(throws: Inflate.Failure("has a damaged zlib header")) { try Inflate.zlib([0x78, 0x00, 0x03, 0x00], maximumOutput: 10) }
        #expect(throws: Inflate.Failure("has a block of the reserved type 3")) { try Inflate.raw([0x07], maximumOutput: 10) }
        // Fixed codes: a length code (257, 7 bits 0000001) then distance 1 with nothing before it.
        #expect(throws: Inflate.Failure("refers to data before its start")) { try Inflate.raw([0x03, 0x02, 0x00], maximumOutput: 10) }
        var storedLength = Self.stored
        storedLength[5] ^= 1
        #expect(throws: Inflate.Failure("has a stored block with a damaged length")) { try Inflate.zlib(storedLength, maximumOutput: 100) }
    }

    @Test("Adler-32 and CRC-32 known values")
    func checksums() {
        #expect(Checksums.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Checksums.crc32(Array("123456789".utf8)[...]) == 0xCBF4_3926)
        #expect(Checksums.adler32([UInt8](repeating: 0xFF, count: 100_000)) == Self.slowAdler([UInt8](repeating: 0xFF, count: 100_000)))
    }

    static func slowAdler(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
