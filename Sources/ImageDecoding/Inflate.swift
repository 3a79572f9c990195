/// Deflate decompression (RFC 1951) and its zlib wrapping (RFC 1950), as PNG needs it: the output is capped
/// before any work (a PNG knows exactly how many bytes its rows take), every back-reference and length is
/// checked, and a stream cut short or with a wrong Adler-32 is refused.
public enum Inflate {
    /// Why a stream could not be inflated: a phrase, to follow "its compressed data".
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
        init(_ reason: String) { self.reason = reason }
    }

    /// A zlib stream: the two-byte header, deflate data, then the Adler-32 of what it inflates to.
    /// - Parameters:
    ///   - maximumOutput: more output than this is refused (`Failure`), never allocated.
    ///   - verifyingChecksum: false only for fuzzing (see `ImageDecoder.decode`).
    public static func zlib(_ input: [UInt8], maximumOutput: Int, verifyingChecksum: Bool = true) throws(Failure) -> [UInt8] {
        guard input.count >= 2 else { throw Failure("is cut short before its zlib header") }
        let method = input[0]
        let flags = input[1]
        guard method & 0x0F == 8, method >> 4 <= 7 else { throw Failure("does not use the deflate method") }
        guard (Int(method) << 8 | Int(flags)) % 31 == 0 else { throw Failure("has a damaged zlib header") }
        guard flags & 0x20 == 0 else { throw Failure("needs a preset dictionary") }
        var output: [UInt8] = []
        let end = try inflate(input, from: 2, into: &output, maximumOutput: maximumOutput)
        guard end + 4 <= input.count else { throw Failure("is cut short before its Adler-32 checksum") }
        let stored = UInt32(input[end]) << 24 | UInt32(input[end + 1]) << 16 | UInt32(input[end + 2]) << 8 | UInt32(input[end + 3])
        guard !verifyingChecksum || stored == Checksums.adler32(output) else { throw Failure("fails its Adler-32 checksum") }
        return output
    }

    /// Raw deflate data from `start`: the output, and the index of the byte after the last block.
    public static func raw(_ input: [UInt8], from start: Int = 0, maximumOutput: Int) throws(Failure) -> (output: [UInt8], end: Int) {
        var output: [UInt8] = []
        let end = try inflate(input, from: start, into: &output, maximumOutput: maximumOutput)
        return (output, end)
    }

    // MARK: - Blocks

    private static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    private static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
        8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra: [Int] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order code-length code lengths are sent in (§3.2.7).
    private static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static let fixedCodes: (literals: DeflateHuffman, distances: DeflateHuffman)? = {
        var lengths = [UInt8](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        guard let literals = try? DeflateHuffman(lengths: lengths),
            let distances = try? DeflateHuffman(lengths: [UInt8](repeating: 5, count: 30))
        else { return nil }
        return (literals, distances)
    }()

    private static func inflate(_ input: [UInt8], from start: Int, into output: inout [UInt8], maximumOutput: Int) throws(Failure) -> Int {
        let cap = max(maximumOutput, 0)
        // A deflate stream inflates to at most about 1032 times its size: reserve no more than that can fill.
        let (bound, overflow) = input.count.multipliedReportingOverflow(by: 1032)
        output.reserveCapacity(overflow ? cap : min(cap, bound))
        var bits = DeflateBits(input, from: start)
        var isFinal = false
        while !isFinal {
            isFinal = bits.take(1) == 1
            switch bits.take(2) {
            case 0:
                let begin = bits.alignToByte()
                guard begin + 4 <= input.count else { throw Failure("is cut short in a stored block") }
                let length = Int(input[begin]) | Int(input[begin + 1]) << 8
                let complement = Int(input[begin + 2]) | Int(input[begin + 3]) << 8
                guard length ^ complement == 0xFFFF else { throw Failure("has a stored block with a damaged length") }
                guard begin + 4 + length <= input.count else { throw Failure("is cut short in a stored block") }
                guard output.count + length <= cap else { throw tooLong(cap) }
                output.append(contentsOf: input[(begin + 4)..<(begin + 4 + length)])
                bits.seek(to: begin + 4 + length)
            case 1:
                guard let fixed = fixedCodes else { throw Failure("cannot be read (no fixed codes)") }
                try inflateBlock(&bits, literals: fixed.literals, distances: fixed.distances, into: &output, cap: cap)
            case 2:
                let codes = try dynamicCodes(&bits)
                try inflateBlock(&bits, literals: codes.literals, distances: codes.distances, into: &output, cap: cap)
            default:
                throw Failure("has a block of the reserved type 3")
            }
            guard !bits.overran else { throw Failure("is cut short") }
        }
        return bits.alignToByte()
    }

    private static func tooLong(_ cap: Int) -> Failure {
        Failure("inflates to more than the \(cap) bytes the image needs")
    }

    private static func dynamicCodes(_ bits: inout DeflateBits) throws(Failure) -> (literals: DeflateHuffman, distances: DeflateHuffman) {
        let literalCount = bits.take(5) + 257
        let distanceCount = bits.take(5) + 1
        let codeLengthCount = bits.take(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Failure("has a block with too many codes") }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengthLengths[codeLengthOrder[index]] = UInt8(bits.take(3)) }
        let codeLengthCode: DeflateHuffman
        do { codeLengthCode = try DeflateHuffman(lengths: codeLengthLengths) } catch { throw Failure("has an invalid code-length code") }
        var lengths = [UInt8](repeating: 0, count: literalCount + distanceCount)
        var index = 0
        while index < lengths.count {
            let symbol: Int
            do { symbol = try codeLengthCode.decode(&bits) } catch { throw Failure("has an invalid code length") }
            guard !bits.overran else { throw Failure("is cut short") }
            let value: UInt8
            let repeats: Int
            switch symbol {
            case 0..<16:
                lengths[index] = UInt8(symbol)
                index += 1
                continue
            case 16:
                guard index > 0 else { throw Failure("repeats a code length before the first") }
                value = lengths[index - 1]
                repeats = 3 + bits.take(2)
            case 17:
                value = 0
                repeats = 3 + bits.take(3)
            default:
                value = 0
                repeats = 11 + bits.take(7)
            }
            guard index + repeats <= lengths.count else { throw Failure("repeats code lengths past the last code") }
            for offset in 0..<repeats { lengths[index + offset] = value }
            index += repeats
        }
        guard lengths[256] != 0 else { throw Failure("has no end-of-block code") }
        do {
            let literals = try DeflateHuffman(lengths: lengths[0..<literalCount])
            let distances = try DeflateHuffman(lengths: lengths[literalCount...])
            return (literals, distances)
        } catch {
            throw Failure("has an over-subscribed Huffman code")
        }
    }

    private static func inflateBlock(
        _ bits: inout DeflateBits, literals: DeflateHuffman, distances: DeflateHuffman, into output: inout [UInt8], cap: Int
    ) throws(Failure) {
        while true {
            let symbol: Int
            do { symbol = try literals.decode(&bits) } catch { throw Failure("has an invalid literal or length code") }
            if symbol < 256 {
                guard output.count < cap else { throw tooLong(cap) }
                guard !bits.overran else { throw Failure("is cut short") }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            guard !bits.overran else { throw Failure("is cut short") }
            let lengthIndex = symbol - 257
            guard lengthIndex < lengthBase.count else { throw Failure("has an invalid length code \(symbol)") }
            let length = lengthBase[lengthIndex] + bits.take(lengthExtra[lengthIndex])
            let distanceSymbol: Int
            do { distanceSymbol = try distances.decode(&bits) } catch { throw Failure("has an invalid distance code") }
            guard distanceSymbol < distanceBase.count else { throw Failure("has an invalid distance code \(distanceSymbol)") }
            let distance = distanceBase[distanceSymbol] + bits.take(distanceExtra[distanceSymbol])
            guard distance <= output.count else { throw Failure("refers to data before its start") }
            guard output.count + length <= cap else { throw tooLong(cap) }
            var from = output.count - distance
            for _ in 0..<length {
                output.append(output[from])
                from += 1
            }
        }
    }
}
