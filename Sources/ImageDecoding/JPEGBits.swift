/// The entropy-coded bits of a JPEG scan, most significant first, with stuffed bytes (`FF 00`) undone. At a
/// marker (or the end of the file) it stops and gives zero bits, counting them, so a scan cut short is known.
struct JPEGBits {
    private let data: [UInt8]
    /// The next byte to load.
    private(set) var position: Int
    private var buffer: UInt64 = 0
    private(set) var count = 0
    /// A marker (or the end) was reached: only zero bits follow.
    private var atMarker = false
    /// How many of the buffered bits (the last ones) are zeros from past the data.
    private var padding = 0
    /// True once bits that are not in the data were used: the scan's data ran out.
    private(set) var ranOut = false

    init(_ data: [UInt8], from start: Int) {
        self.data = data
        position = start
    }

    @inline(__always)
    mutating func ensure(_ bits: Int) {
        if count < bits { fill() }
    }

    private mutating func fill() {
        while count <= 56 {
            var byte: UInt8 = 0
            if !atMarker, position < data.count {
                let value = data[position]
                if value != 0xFF {
                    byte = value
                    position += 1
                } else if position + 1 < data.count, data[position + 1] == 0x00 {
                    byte = 0xFF
                    position += 2
                } else {
                    atMarker = true
                    padding += 8
                }
            } else {
                atMarker = true
                padding += 8
            }
            buffer = buffer << 8 | UInt64(byte)
            count += 8
        }
    }

    /// The next `bits` (1...16) bits, not consumed; `ensure` them first.
    @inline(__always)
    func peek(_ bits: Int) -> Int {
        Int((buffer >> UInt64(count - bits)) & ((1 << UInt64(bits)) - 1))
    }

    @inline(__always)
    mutating func consume(_ bits: Int) {
        count -= bits
        if count < padding {
            ranOut = true
            padding = count
        }
    }

    @inline(__always)
    mutating func take(_ bits: Int) -> Int {
        guard bits > 0 else { return 0 }
        ensure(bits)
        let value = peek(bits)
        consume(bits)
        return value
    }

    /// `bits` bits as a signed coefficient (T.81 §F.2.2.1 EXTEND).
    @inline(__always)
    mutating func signed(_ bits: Int) -> Int32 {
        guard bits > 0 else { return 0 }
        let value = Int32(take(bits))
        return value < Int32(1) << Int32(bits - 1) ? value - (Int32(1) << Int32(bits)) + 1 : value
    }

    /// At a restart interval's end: drops the buffered bits and steps over the `RSTn` marker. Only moves forward;
    /// when another marker comes first (or the end), stays there and gives zero bits, so a file without its
    /// restart markers costs one pass over its data, not one per interval.
    mutating func restart() {
        buffer = 0
        count = 0
        padding = 0
        ranOut = false
        atMarker = false
        var index = position
        while index + 1 < data.count {
            if data[index] == 0xFF {
                let marker = data[index + 1]
                if (0xD0...0xD7).contains(marker) {
                    position = index + 2
                    return
                }
                if marker != 0x00 && marker != 0xFF {
                    position = index
                    atMarker = true
                    return
                }
            }
            index += 1
        }
        position = data.count
        atMarker = true
    }
}
