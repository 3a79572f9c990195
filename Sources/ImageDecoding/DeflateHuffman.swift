/// A canonical Huffman code of deflate (RFC 1951 §3.2.2), from its code lengths. Short codes decode through one
/// table lookup of the next 9 bits; longer ones (and bits that are no code) go the slow way, bit by bit.
struct DeflateHuffman {
    static let fastBits = 9
    private static let fastMask: UInt64 = (1 << 9) - 1

    /// By the next 9 bits: `length << 9 | symbol`, or 0 where no code of 9 bits or fewer matches.
    private var fast = [UInt16](repeating: 0, count: 1 << 9)
    /// How many codes have each length, 0...15.
    private var counts = [Int](repeating: 0, count: 16)
    /// The symbols in code order (by length, then by symbol).
    private var symbols: [Int]

    struct Invalid: Error {}

    /// Throws when the lengths describe more codes than fit (an over-subscribed code). An incomplete code is
    /// allowed (a distance code with one symbol is one); reading a missing code then fails.
    init<Lengths: Collection>(lengths: Lengths) throws(Invalid) where Lengths.Element == UInt8 {
        for length in lengths where length > 0 {
            guard length < 16 else { throw Invalid() }
            counts[Int(length)] += 1
        }
        var left = 1
        for length in 1..<16 {
            left = left << 1 - counts[length]
            guard left >= 0 else { throw Invalid() }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            symbols[offsets[Int(length)]] = symbol
            offsets[Int(length)] += 1
        }
        var code = 0
        var index = 0
        for length in 1...Self.fastBits {
            for _ in 0..<counts[length] {
                // Deflate sends codes most significant bit first into a least-significant-first stream.
                var reversed = 0
                for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
                let entry = UInt16(length << 9 | symbols[index])
                var slot = reversed
                while slot < fast.count {
                    fast[slot] = entry
                    slot += 1 << length
                }
                code += 1
                index += 1
            }
            code <<= 1
        }
    }

    /// The next symbol; throws when the bits are no code.
    @inline(__always)
    func decode(_ bits: inout DeflateBits) throws(Invalid) -> Int {
        if bits.count < 15 { bits.refill() }
        let entry = fast[Int(bits.buffer & Self.fastMask)]
        if entry != 0 {
            bits.consume(Int(entry >> 9))
            return Int(entry & 0x1FF)
        }
        return try decodeSlowly(&bits)
    }

    private func decodeSlowly(_ bits: inout DeflateBits) throws(Invalid) -> Int {
        var code = 0
        var first = 0
        var index = 0
        let buffer = bits.buffer
        for length in 1..<16 {
            code |= Int((buffer >> UInt64(length - 1)) & 1)
            let count = counts[length]
            if code - first < count {
                bits.consume(length)
                return symbols[index + code - first]
            }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw Invalid()
    }
}
