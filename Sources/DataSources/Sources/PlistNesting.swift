import Foundation

/// How deeply an XML property list nests `<array>` and `<dict>`, found by a scan of its tags before Foundation reads
/// it. Foundation's `PropertyListDecoder` recurses once per level on its own stack and dies with SIGSEGV near 10,000
/// levels (146 KB of text; docs/reliability.md); `PropertyListSerialization` stops sooner on its own, so the bound
/// here is one both readers share, and one message for both.
enum PlistNesting {
    /// 512: what StrictJSON allows a JSON document, and far past any real payload (chats nest 4).
    static let maximumDepth = 512

    /// The byte offset of the tag that opens level `maximumDepth + 1`, or nil when the nesting stays within it.
    static func firstTooDeepOffset(in data: Data) -> Int? {
        data.withUnsafeBytes { firstTooDeepOffset(in: $0) }
    }

    private static func firstTooDeepOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        var depth = 0
        var index = 0
        while let open = nextByte(UInt8(ascii: "<"), in: bytes, from: index) {
            index = open + 1
            // A comment or CDATA section can hold "<array>" as text: skip to its end.
            if matches("!--", in: bytes, at: index) {
                index = end(of: "-->", in: bytes, from: index + 3) ?? count
                continue
            }
            if matches("![CDATA[", in: bytes, at: index) {
                index = end(of: "]]>", in: bytes, from: index + 8) ?? count
                continue
            }
            let closing = index < count && bytes[index] == UInt8(ascii: "/")
            let nameStart = closing ? index + 1 : index
            guard matches("array", in: bytes, at: nameStart) || matches("dict", in: bytes, at: nameStart) else { continue }
            let nameEnd = nameStart + (bytes[nameStart] == UInt8(ascii: "a") ? 5 : 4)
            guard let tagEnd = nextByte(UInt8(ascii: ">"), in: bytes, from: nameEnd) else { return nil }
            // `<arrayX>` is another element; `<array/>` opens and closes at once.
            guard nameEnd == tagEnd || isSpaceOrSlash(bytes[nameEnd]) else { continue }
            index = tagEnd + 1
            if closing {
                depth = max(0, depth - 1)
            } else if bytes[tagEnd - 1] != UInt8(ascii: "/") {
                depth += 1
                if depth > maximumDepth { return open }
            }
        }
        return nil
    }

    private static func nextByte(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        // memchr: a chats file of 50 MB is scanned at memory speed.
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    private static func matches(_ text: StaticString, in bytes: UnsafeRawBufferPointer, at start: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        guard start >= 0, bytes.count - start >= length else { return false }
        return text.withUTF8Buffer { bytes[start..<(start + length)].elementsEqual($0) }
    }

    /// Just past the end of the next `terminator`, or nil when there is none.
    private static func end(of terminator: StaticString, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        let first = terminator.withUTF8Buffer { $0[0] }
        while let candidate = nextByte(first, in: bytes, from: index) {
            if matches(terminator, in: bytes, at: candidate) { return candidate + terminator.utf8CodeUnitCount }
            index = candidate + 1
        }
        return nil
    }

    private static func isSpaceOrSlash(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "/")
    }
}
