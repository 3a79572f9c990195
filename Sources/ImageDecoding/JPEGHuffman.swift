/// A JPEG Huffman table (ITU T.81 §C and §F.2.2.3): codes of up to 16 bits, most significant bit first. Codes of
/// 9 bits or fewer decode by one lookup; longer ones by comparing against each length's range of codes.
struct JPEGHuffman {
    private static let fastBits = 9

    /// By the next 9 bits: `length << 8 | value`, or 0 when the code is longer (or no code).
    private var fast = [UInt16](repeating: 0, count: 1 << 9)
    /// For each length 1...16: its first code, one past its last code, and where its values start.
    private var firstCode = [Int](repeating: 0, count: 17)
    private var endCode = [Int](repeating: 0, count: 17)
    private var valueStart = [Int](repeating: 0, count: 17)
    private var values: [UInt8]

    struct Invalid: Error {}

    /// - Parameters:
    ///   - counts: how many codes have each length, 1...16 (16 numbers).
    ///   - values: the symbols in code order.
    init(counts: [Int], values: [UInt8]) throws(Invalid) {
        guard counts.count == 16, counts.reduce(0, +) == values.count, values.count <= 256 else { throw Invalid() }
        self.values = values
        var code = 0
        var index = 0
        for length in 1...16 {
            let count = counts[length - 1]
            firstCode[length] = code
            valueStart[length] = index
            for _ in 0..<count {
                // All codes of a length must fit in that many bits.
                guard code < 1 << length else { throw Invalid() }
                if length <= Self.fastBits {
                    let entry = UInt16(length << 8 | Int(values[index]))
                    let start = code << (Self.fastBits - length)
                    for slot in start..<(start + 1 << (Self.fastBits - length)) { fast[slot] = entry }
                }
                code += 1
                index += 1
            }
            endCode[length] = code
            code <<= 1
        }
    }

    /// The next value; throws when the bits are no code of this table.
    @inline(__always)
    func decode(_ bits: inout JPEGBits) throws(Invalid) -> UInt8 {
        bits.ensure(16)
        let entry = fast[bits.peek(Self.fastBits)]
        if entry != 0 {
            bits.consume(Int(entry >> 8))
            return UInt8(entry & 0xFF)
        }
        for length in (Self.fastBits + 1)...16 {
            let code = bits.peek(length)
            if code < endCode[length] {
                guard code >= firstCode[length] else { break }
                bits.consume(length)
                return values[valueStart[length] + code - firstCode[length]]
            }
        }
        throw Invalid()
    }
}
