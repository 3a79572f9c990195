/// Escaping shared by text and attribute values. All five characters are escaped in both places, so the same
/// string is safe between tags, in a double- or a single-quoted attribute, and `</script>` can never close
/// anything.
enum HTMLEscaping {
    static func escape(_ string: String, into output: inout String) {
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }

    /// The length in bytes of `escape`'s output, without writing it.
    static func escapedByteCount(_ string: String) -> Int {
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

    static func escaped(_ string: String) -> String {
        var output = ""
        escape(string, into: &output)
        return output
    }
}
