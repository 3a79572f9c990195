/// The bits of a deflate stream, least significant first. Reading past the end gives zero bits and is counted,
/// so one check after each symbol tells a stream cut short from a whole one.
struct DeflateBits {
    private let input: [UInt8]
    /// The next byte to load into `buffer`.
    private var position: Int
    private(set) var buffer: UInt64 = 0
    private(set) var count = 0

    init(_ input: [UInt8], from start: Int) {
        self.input = input
        position = start
    }

    /// Loads bytes until at least 57 bits are buffered.
    @inline(__always)
    mutating func refill() {
        while count <= 56 {
            let byte: UInt8 = position < input.count ? input[position] : 0
            position += 1
            buffer |= UInt64(byte) << UInt64(count)
            count += 8
        }
    }

    @inline(__always)
    mutating func consume(_ bits: Int) {
        buffer >>= UInt64(bits)
        count -= bits
    }

    /// The next `bits` (0...32) bits as a number.
    @inline(__always)
    mutating func take(_ bits: Int) -> Int {
        if count < bits { refill() }
        let value = Int(buffer & ((1 << UInt64(bits)) - 1))
        consume(bits)
        return value
    }

    /// True once more bits were used than the input has.
    var overran: Bool { (position &* 8) &- count > input.count &* 8 }

    /// Drops the bits up to the next byte boundary and returns the index of that byte in the input; the buffer
    /// is emptied, so reading goes on from there.
    mutating func alignToByte() -> Int {
        consume(count % 8)
        let next = position - count / 8
        buffer = 0
        count = 0
        position = next
        return next
    }

    /// Moves the read position to byte `index` (after copying a stored block by hand).
    mutating func seek(to index: Int) {
        buffer = 0
        count = 0
        position = index
    }
}
