/// A compact byte form of a frame, for handing frames across a C boundary (a dynamic plugin renders, the host
/// draws). Lossless: `decode(encode(frame)) == frame`, wide graphemes and continuation cells included.
///
/// Layout (integers are unsigned LEB128 varints):
/// `"FHF1"`, width, height, style count, the styles, then runs until every cell is filled.
/// A style is a flags byte (bold, dim, italic, underline, reverse, has foreground, has background) and each
/// colour it has: `0` + r, g, b, or `1` + an ANSI index. A run is `count << 1 | repeated`, a style index, then
/// one grapheme (repeated) or `count` graphemes; a grapheme is its UTF-8 length and bytes (0 = continuation).
public enum FrameCodec {
    /// Why bytes are not a frame. Decoding checks every length and index, so bad input never traps.
    public struct DecodingError: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    static let magic: [UInt8] = Array("FHF1".utf8)
    /// Larger frames are refused, so a corrupt size cannot allocate gigabytes.
    public static let maximumCells = 4_000_000
    static let maximumGraphemeBytes = 64

    public static func encode(_ frame: Frame) -> [UInt8] {
        var styles: [Style] = []
        var styleIndex: [Style: Int] = [:]
        var indices: [Int] = []
        indices.reserveCapacity(frame.cells.count)
        for cell in frame.cells {
            if let index = styleIndex[cell.style] {
                indices.append(index)
            } else {
                styleIndex[cell.style] = styles.count
                indices.append(styles.count)
                styles.append(cell.style)
            }
        }
        var writer = ByteWriter()
        writer.bytes += magic
        writer.varint(frame.size.width)
        writer.varint(frame.size.height)
        writer.varint(styles.count)
        for style in styles { writer.style(style) }
        let cells = frame.cells
        var start = 0
        while start < cells.count {
            // A repeated run: the same cell at least twice. Otherwise a literal run that stops before the
            // next repeat or style change.
            var end = start + 1
            while end < cells.count, cells[end] == cells[start] { end += 1 }
            if end - start >= 2 {
                writer.varint((end - start) << 1 | 1)
                writer.varint(indices[start])
                writer.grapheme(cells[start].grapheme)
            } else {
                end = start + 1
                while end < cells.count, indices[end] == indices[start],
                    !(end + 1 < cells.count && cells[end] == cells[end + 1])
                {
                    end += 1
                }
                writer.varint((end - start) << 1)
                writer.varint(indices[start])
                for cell in cells[start..<end] { writer.grapheme(cell.grapheme) }
            }
            start = end
        }
        return writer.bytes
    }

    /// - Parameter maximumCells: the most cells the receiver accepts, checked before any is allocated (a
    ///   plugin's frame is refused when it is larger than the screen it was asked for); at most `maximumCells`.
    public static func decode(_ bytes: [UInt8], maximumCells: Int = FrameCodec.maximumCells) throws(DecodingError) -> Frame {
        let maximumCells = min(max(maximumCells, 0), Self.maximumCells)
        var reader = ByteReader(bytes: bytes)
        guard try reader.take(magic.count) == magic else { throw DecodingError("not a frame: the bytes do not start with FHF1.") }
        let width = try reader.varint()
        let height = try reader.varint()
        guard width <= maximumCells, height <= maximumCells, width * height <= maximumCells else {
            throw DecodingError("the frame size \(width)×\(height) is larger than \(maximumCells) cells.")
        }
        let styleCount = try reader.varint()
        guard styleCount <= width * height else { throw DecodingError("\(styleCount) styles for \(width * height) cells.") }
        var styles: [Style] = []
        for _ in 0..<styleCount { styles.append(try reader.style()) }
        var cells: [Cell] = []
        cells.reserveCapacity(width * height)
        while cells.count < width * height {
            let header = try reader.varint()
            let count = header >> 1
            guard count >= 1, count <= width * height - cells.count else {
                throw DecodingError("a run of \(count) cells does not fit the \(width * height - cells.count) left.")
            }
            let index = try reader.varint()
            guard index < styles.count else { throw DecodingError("style \(index) of \(styles.count).") }
            if header & 1 == 1 {
                let cell = Cell(try reader.grapheme(), style: styles[index])
                cells += repeatElement(cell, count: count)
            } else {
                for _ in 0..<count { cells.append(Cell(try reader.grapheme(), style: styles[index])) }
            }
        }
        guard reader.isAtEnd else { throw DecodingError("\(bytes.count - reader.offset) bytes after the last cell.") }
        return Frame(size: Size(width: width, height: height), cells: cells)
    }
}

extension Frame {
    /// A frame from decoded cells in row-major order; `cells.count` is `width × height`. Writing left to right
    /// into a blank frame never disturbs a neighbour, so the cells come out exactly as given.
    init(size: Size, cells: [Cell]) {
        self.init(size: size)
        for (index, cell) in cells.enumerated() where size.width > 0 {
            self[index % size.width, index / size.width] = cell
        }
    }
}

private struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: Int) {
        var rest = UInt(max(value, 0))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func grapheme(_ text: String) {
        let utf8 = Array(text.utf8)
        varint(utf8.count)
        bytes += utf8
    }

    mutating func style(_ style: Style) {
        var flags: UInt8 = 0
        for (bit, on) in [style.bold, style.dim, style.italic, style.underline, style.reverse].enumerated() where on {
            flags |= 1 << UInt8(bit)
        }
        if style.foreground != nil { flags |= 1 << 5 }
        if style.background != nil { flags |= 1 << 6 }
        bytes.append(flags)
        for color in [style.foreground, style.background].compactMap({ $0 }) {
            switch color {
            case .rgb(let red, let green, let blue): bytes += [0, red, green, blue]
            case .ansi(let ansi): bytes += [1, ansi.rawValue]
            }
        }
    }
}

private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(FrameCodec.DecodingError) -> UInt8 {
        guard offset < bytes.count else { throw FrameCodec.DecodingError("the frame ends early, at byte \(offset).") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func take(_ count: Int) throws(FrameCodec.DecodingError) -> [UInt8] {
        guard count <= bytes.count - offset else { throw FrameCodec.DecodingError("the frame ends early, at byte \(offset).") }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func varint() throws(FrameCodec.DecodingError) -> Int {
        var value = 0
        var shift = 0
        while true {
            let byte = try byte()
            value |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
            // Five groups cover every size the decoder accepts; more is corruption, not a number.
            guard shift < 35 else { throw FrameCodec.DecodingError("a number at byte \(offset) is too long.") }
        }
    }

    mutating func grapheme() throws(FrameCodec.DecodingError) -> String {
        let count = try varint()
        guard count <= FrameCodec.maximumGraphemeBytes else {
            throw FrameCodec.DecodingError("a grapheme of \(count) bytes is longer than \(FrameCodec.maximumGraphemeBytes).")
        }
        let utf8 = try take(count)
        // Decoding repairs bad UTF-8 with U+FFFD, so a repaired text no longer matches its bytes.
        let text = String(decoding: utf8, as: UTF8.self)
        guard Array(text.utf8) == utf8 else {
            throw FrameCodec.DecodingError("a grapheme at byte \(offset - count) is not UTF-8.")
        }
        return text
    }

    mutating func style() throws(FrameCodec.DecodingError) -> Style {
        let flags = try byte()
        guard flags < 1 << 7 else { throw FrameCodec.DecodingError("unknown style flags \(flags).") }
        func flag(_ bit: UInt8) -> Bool { flags & (1 << bit) != 0 }
        var style = Style(bold: flag(0), dim: flag(1), italic: flag(2), underline: flag(3), reverse: flag(4))
        if flag(5) { style.foreground = try color() }
        if flag(6) { style.background = try color() }
        return style
    }

    mutating func color() throws(FrameCodec.DecodingError) -> Color {
        switch try byte() {
        case 0:
            let rgb = try take(3)
            return .rgb(rgb[0], rgb[1], rgb[2])
        case 1:
            let raw = try byte()
            guard let ansi = ANSIColor(rawValue: raw) else { throw FrameCodec.DecodingError("unknown ANSI colour \(raw).") }
            return .ansi(ansi)
        case let tag:
            throw FrameCodec.DecodingError("unknown colour tag \(tag).")
        }
    }
}
