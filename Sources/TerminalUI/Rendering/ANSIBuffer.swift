/// Bytes of terminal output, appended without building intermediate strings.
struct ANSIBuffer {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// A non-negative number in decimal ASCII.
    mutating func appendDecimal(_ value: Int) {
        if value >= 10 { appendDecimal(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// `ESC [ row ; column H` for a zero-based cell position.
    mutating func moveCursor(x: Int, y: Int) {
        bytes += [0x1B, UInt8(ascii: "[")]
        appendDecimal(y + 1)
        bytes.append(UInt8(ascii: ";"))
        appendDecimal(x + 1)
        bytes.append(UInt8(ascii: "H"))
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
