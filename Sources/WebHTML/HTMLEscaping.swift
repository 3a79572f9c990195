/// Escaping shared by text and attribute values. All five characters are escaped in both places, so the same
/// string is safe between tags, in a double- or a single-quoted attribute, and `</script>` can never close
/// anything.
package enum HTMLEscaping {
    package static func escape(_ string: String, into output: inout String) {
        // The five characters are ASCII, so the text between two of them is whole scalars: it is copied as it is,
        // a run at a time (a page of long text costs a copy, not a scalar-by-scalar append).
        let utf8 = string.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let replacement: String? =
                switch utf8[index] {
                case UInt8(ascii: "&"): "&amp;"
                case UInt8(ascii: "<"): "&lt;"
                case UInt8(ascii: ">"): "&gt;"
                case UInt8(ascii: "\""): "&quot;"
                case UInt8(ascii: "'"): "&#39;"
                default: nil
                }
            let next = utf8.index(after: index)
            if let replacement {
                output.append(contentsOf: Substring(string.unicodeScalars[runStart..<index]))
                output += replacement
                runStart = next
            }
            index = next
        }
        output.append(contentsOf: Substring(string.unicodeScalars[runStart...]))
    }

    /// The same escaping, appended to UTF-8 bytes: the live tree's render (`RenderedTree`).
    package static func escape(_ string: String, into output: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let replacement: [UInt8]
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = ampersand
                case UInt8(ascii: "<"): replacement = lessThan
                case UInt8(ascii: ">"): replacement = greaterThan
                case UInt8(ascii: "\""): replacement = quote
                case UInt8(ascii: "'"): replacement = apostrophe
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                output.append(contentsOf: replacement)
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    private static let ampersand = Array("&amp;".utf8)
    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let quote = Array("&quot;".utf8)
    private static let apostrophe = Array("&#39;".utf8)

    /// The length in bytes of `escape`'s output, without writing it.
    package static func escapedByteCount(_ string: String) -> Int {
        var count = 0
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "'"): count += 5  // &amp; &#39;
            case UInt8(ascii: "<"), UInt8(ascii: ">"): count += 4  // &lt; &gt;
            case UInt8(ascii: "\""): count += 6  // &quot;
            default: count += 1
            }
        }
        return count
    }

    package static func escaped(_ string: String) -> String {
        var output = ""
        escape(string, into: &output)
        return output
    }
}
