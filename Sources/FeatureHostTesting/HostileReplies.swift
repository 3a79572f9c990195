import Foundation

extension LoopbackHTTPServer {
    /// A body written piece by piece, generated on the fly: a 400 MiB reply costs the test nothing.
    public struct BodyStream: Sendable {
        /// The bytes the stream writes in all.
        public var count: Int
        /// The bytes at `range` (within `0..<count`).
        public var bytes: @Sendable (Range<Int>) -> [UInt8]
        public var pieceSize: Int
        /// Real time between pieces: a slow body.
        public var pause: Double

        public init(count: Int, pieceSize: Int = 64 * 1024, pause: Double = 0, bytes: @escaping @Sendable (Range<Int>) -> [UInt8]) {
            self.count = max(0, count)
            self.pieceSize = max(1, pieceSize)
            self.pause = pause
            self.bytes = bytes
        }

        /// `data` in pieces.
        public static func data(_ data: Data, pieceSize: Int = 64 * 1024, pause: Double = 0) -> BodyStream {
            BodyStream(count: data.count, pieceSize: pieceSize, pause: pause) { range in Array(data[range]) }
        }

        /// `prefix`, then zero bytes up to `count`.
        public static func padded(_ prefix: [UInt8], to count: Int, pieceSize: Int = 64 * 1024, pause: Double = 0) -> BodyStream {
            BodyStream(count: count, pieceSize: pieceSize, pause: pause) { range in
                var bytes = [UInt8](repeating: 0, count: range.count)
                let prefixEnd = min(range.upperBound, prefix.count)
                if range.lowerBound < prefixEnd {
                    for index in range.lowerBound..<prefixEnd { bytes[index - range.lowerBound] = prefix[index] }
                }
                return bytes
            }
        }
    }

    /// How a reply says where its body ends.
    public enum Framing: Sendable, Equatable {
        /// The true length.
        case contentLength
        /// Whatever `Content-Length` a hostile server claims (it may be no number at all).
        case declaredLength(String)
        /// No length: the body ends when the server closes the connection.
        case closeDelimited
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// The body is the whole reply, head included, sent byte for byte: a reply no server library would form.
        case verbatim
    }
}

/// Replies a hostile server sends: every case the host must survive with its memory bounded, each a
/// `LoopbackHTTPServer.Reply`.
public enum HostileReply {
    public typealias Reply = LoopbackHTTPServer.Reply

    /// The 8-byte PNG signature: a body that starts like an image, so only its size can refuse it.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A body that inflates to `inflatedSize` zero bytes, about a thousandth of that on the wire (a 2 GiB bomb is
    /// 2 MiB), with `Content-Encoding: gzip` or `deflate` whether or not the client asked for it.
    public static func compressionBomb(
        inflatedSize: Int, encoding: CompressionBomb.Wrapper = .gzip, contentType: String = "image/png",
        framing: LoopbackHTTPServer.Framing = .contentLength
    ) -> Reply {
        let compressed = CompressionBomb.zeros(count: inflatedSize, wrapper: encoding)
        return Reply(
            headers: ["Content-Type": contentType, "Content-Encoding": encoding.headerValue], stream: .data(compressed),
            framing: framing)
    }

    /// `size` bytes that start like a PNG, announced or not.
    public static func huge(size: Int, contentType: String = "image/png", framing: LoopbackHTTPServer.Framing = .contentLength) -> Reply {
        Reply(headers: ["Content-Type": contentType], stream: .padded(pngSignature, to: size), framing: framing)
    }

    /// `size` bytes at `bytesPerPiece` every `pause` seconds.
    public static func slow(size: Int, bytesPerPiece: Int = 1, pause: Double = 0.1, contentType: String = "image/png") -> Reply {
        Reply(headers: ["Content-Type": contentType], stream: .padded(pngSignature, to: size, pieceSize: bytesPerPiece, pause: pause))
    }

    /// A redirect to `location`, optionally with a body (which a client that follows must not read).
    public static func redirect(to location: String, status: Int = 302, body: LoopbackHTTPServer.BodyStream? = nil) -> Reply {
        Reply(status: status, headers: ["Location": location, "Content-Type": "text/html"], stream: body)
    }
}

/// Deflate streams that inflate to many zero bytes: one dynamic Huffman block where a 258-byte copy of the previous
/// byte costs two bits, so the ratio is about 1:1000, the most deflate allows. Built here, bit by bit, because the
/// test suite has no zlib.
public enum CompressionBomb {
    public enum Wrapper: Sendable {
        /// RFC 1952, `Content-Encoding: gzip`.
        case gzip
        /// RFC 1950 (zlib), `Content-Encoding: deflate`.
        case zlib

        public var headerValue: String { self == .gzip ? "gzip" : "deflate" }
    }

    /// A complete, valid stream of `count` zero bytes (trailer checksums included).
    public static func zeros(count: Int, wrapper: Wrapper) -> Data {
        var writer = BitWriter()
        switch wrapper {
        case .gzip: writer.bytes = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]
        case .zlib: writer.bytes = [0x78, 0x01]
        }
        deflateZeros(count: max(0, count), into: &writer)
        writer.flush()
        var data = Data(writer.bytes)
        switch wrapper {
        case .gzip:
            let crc = CRC32.ofZeros(count: max(0, count))
            let size = UInt32(truncatingIfNeeded: max(0, count))
            for value in [crc, size] { data.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
        case .zlib:
            // Adler-32 of zeros: the first sum stays 1, the second adds 1 per byte.
            let adler = UInt32(max(0, count) % 65521) << 16 | 1
            data.append(contentsOf: (0..<4).reversed().map { UInt8(truncatingIfNeeded: adler >> (8 * $0)) })
        }
        return data
    }

    /// The raw deflate block (RFC 1951, 3.2.7).
    static func deflateZeros(count: Int, into writer: inout BitWriter) {
        writer.write(1, bits: 1)  // BFINAL
        writer.write(2, bits: 2)  // BTYPE: dynamic Huffman
        writer.write(286 - 257, bits: 5)  // HLIT: literal/length codes 0...285
        writer.write(2 - 1, bits: 5)  // HDIST: distance codes 0 and 1
        writer.write(18 - 4, bits: 4)  // HCLEN: 18 code-length code lengths
        // Code-length alphabet: 18 (a run of zeros) takes 1 bit, 1 and 2 take 2 bits; in the format's odd order.
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
        let lengths: [Int: UInt32] = [18: 1, 1: 2, 2: 2]
        for symbol in order { writer.write(lengths[symbol] ?? 0, bits: 3) }
        // Canonical codes: 18 → 0, 1 → 10, 2 → 11.
        func length1() { writer.huffman(0b10, bits: 2) }
        func length2() { writer.huffman(0b11, bits: 2) }
        func zeros(_ run: UInt32) {
            writer.huffman(0, bits: 1)
            writer.write(run - 11, bits: 7)
        }
        // Literal/length lengths: 0 → 2, 1...255 → none, 256 (end) → 2, 257...284 → none, 285 (length 258) → 1.
        length2()
        zeros(138)
        zeros(117)
        length2()
        zeros(28)
        length1()
        // Distance lengths: 0 and 1 → 1.
        length1()
        length1()
        // Canonical literal/length codes: 285 → 0, 0 → 10, 256 → 11; distance 0 (one back) → 0.
        guard count > 0 else {
            writer.huffman(0b11, bits: 2)
            return
        }
        writer.huffman(0b10, bits: 2)  // one literal zero byte
        let (copies, rest) = (count - 1).quotientAndRemainder(dividingBy: 258)
        writer.zeroBits(2 * copies)  // each copy: length 258 (code 0), distance 1 (code 0)
        for _ in 0..<rest { writer.huffman(0b10, bits: 2) }
        writer.huffman(0b11, bits: 2)  // end of block
    }

    /// Deflate's bit order: fields least significant bit first, Huffman codes most significant bit first.
    struct BitWriter {
        var bytes: [UInt8] = []
        private var current: UInt32 = 0
        private var used = 0

        mutating func write(_ value: UInt32, bits: Int) {
            for bit in 0..<bits { push(value >> UInt32(bit) & 1) }
        }

        mutating func huffman(_ code: UInt32, bits: Int) {
            for bit in stride(from: bits - 1, through: 0, by: -1) { push(code >> UInt32(bit) & 1) }
        }

        /// `count` zero bits, a byte at a time where it can.
        mutating func zeroBits(_ count: Int) {
            var left = count
            while left > 0 && used != 0 {
                push(0)
                left -= 1
            }
            bytes += [UInt8](repeating: 0, count: left / 8)
            for _ in 0..<(left % 8) { push(0) }
        }

        mutating func flush() {
            if used > 0 { bytes.append(UInt8(current)) }
            current = 0
            used = 0
        }

        private mutating func push(_ bit: UInt32) {
            current |= bit << UInt32(used)
            used += 1
            if used == 8 {
                bytes.append(UInt8(current))
                current = 0
                used = 0
            }
        }
    }
}

/// CRC-32 (the gzip trailer's), including of a long run of zeros without walking it.
public enum CRC32 {
    public static func of(_ data: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The CRC of `count` zero bytes: the register's step for one zero bit is a linear map over GF(2), squared
    /// up to the count's bits (zlib's `crc32_combine` method).
    public static func ofZeros(count: Int) -> UInt32 {
        var oneBit = [UInt32](repeating: 0, count: 32)
        oneBit[0] = 0xEDB8_8320
        for bit in 1..<32 { oneBit[bit] = 1 << UInt32(bit - 1) }
        var step = square(square(square(oneBit)))  // one zero byte
        var register: UInt32 = 0xFFFF_FFFF
        var left = count
        while left > 0 {
            if left & 1 == 1 { register = times(step, register) }
            left >>= 1
            if left > 0 { step = square(step) }
        }
        return register ^ 0xFFFF_FFFF
    }

    private static func times(_ matrix: [UInt32], _ vector: UInt32) -> UInt32 {
        var sum: UInt32 = 0
        var vector = vector
        var index = 0
        while vector != 0 {
            if vector & 1 == 1 { sum ^= matrix[index] }
            vector >>= 1
            index += 1
        }
        return sum
    }

    private static func square(_ matrix: [UInt32]) -> [UInt32] { matrix.map { times(matrix, $0) } }
}
